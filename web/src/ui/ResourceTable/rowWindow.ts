import type { Column, ListPage } from '../../registry/types';
import { defaultSort, sortItems } from './sortItems';

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

/**
 * The rows a table opened on a list decides first (their row actions and per-row cells), as
 * its state derives them with no filter typed yet: a server page as it came, else the first
 * client page in the default order; past VIRTUALIZE_AT only the first band. A route loader asks
 * these rows' policy checks before the table renders (routePrefetch.ts).
 */
export function firstDecidedRows<T>(
  items: readonly T[],
  columns: readonly Column<T>[],
  perPage: number,
  serverPaged: boolean,
): readonly T[] {
  const page = serverPaged
    ? items
    : sortItems(items, columns, defaultSort(columns)).slice(0, perPage);
  return page.length > VIRTUALIZE_AT ? page.slice(0, DECIDE_STEP) : page;
}

/** The rows of a cached list, a whole list or a server page. */
export const rowsOf = <T>(data: T[] | ListPage<T> | undefined): T[] | undefined =>
  data === undefined ? undefined : Array.isArray(data) ? data : data.items;
