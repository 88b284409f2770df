import type { Column, ListPage } from '../../registry/types';
import { defaultSort, sortItems, type SortState } from './sortItems';

/** Rows are virtualised past this many (issue 14 §4): a page of 500 or a long unpaged list. */
export const VIRTUALIZE_AT = 300;
/**
 * Row actions are decided for a band of rows around the visible ones, in steps, so scrolling
 * asks no new policy checks until it leaves the band.
 */
export const DECIDE_STEP = 50;

/** The rows whose actions are decided: the band around the visible window. */
export interface RowWindow {
  start: number;
  end: number;
}

/** The band a virtualised table decides before it has measured its window: the top rows. */
export const FIRST_BAND: RowWindow = { start: 0, end: DECIDE_STEP };

/*
 * The table's derivations, step by step, shared by the table (useTableState, ResourceTable) and
 * by the route loader that asks the first rows' checks before the table renders
 * (firstDecidedRows): the two must agree on which rows come first, or the loader asks for rows
 * the table does not show and the table asks again.
 */

/** A list in the table's order: a server page as the server sorted it, else sorted here. */
export function orderRows<T>(
  items: readonly T[],
  columns: readonly Column<T>[],
  sort: SortState | undefined,
  serverSorted: boolean,
): T[] {
  return serverSorted ? [...items] : sortItems(items, columns, sort);
}

/** The rows of one page (1-based) of a client-paged table; a server page is all its rows. */
export function pageOf<T>(rows: T[], page: number, perPage: number, clientPaging: boolean): T[] {
  return clientPaging ? rows.slice((page - 1) * perPage, page * perPage) : rows;
}

/** Which of a page's rows are decided: all of them, or past VIRTUALIZE_AT only the band. */
export function decidedWindow(rowCount: number, band: RowWindow): RowWindow {
  return rowCount > VIRTUALIZE_AT ? band : { start: 0, end: rowCount };
}

/**
 * The rows a table opened on a list decides first (their row actions and per-row cells), as
 * its state derives them with no filter typed yet: the first page in the default order, and
 * past VIRTUALIZE_AT its first band. A route loader asks these rows' policy checks before the
 * table renders (routePrefetch.ts).
 */
export function firstDecidedRows<T>(
  items: readonly T[],
  columns: readonly Column<T>[],
  perPage: number,
  serverPaged: boolean,
): readonly T[] {
  const ordered = orderRows(items, columns, defaultSort(columns), serverPaged);
  const page = pageOf(ordered, 1, perPage, !serverPaged);
  const { start, end } = decidedWindow(page.length, FIRST_BAND);
  return page.slice(start, end);
}

/** The rows of a cached list, a whole list or a server page. */
export const rowsOf = <T>(data: T[] | ListPage<T> | undefined): T[] | undefined =>
  data === undefined ? undefined : Array.isArray(data) ? data : data.items;
