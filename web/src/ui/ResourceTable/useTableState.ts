import { useCallback, useMemo, useState } from 'react';
import type { Column, Facet } from '../../registry/types';
import { filterItems, searchTexts } from '../FacetToolbar/filterItems';
import type { FacetChip } from '../FacetToolbar/useFacetParams';
import { rememberPageSize } from './pageParams';
import { orderRows, pageOf } from './rowWindow';
import { defaultSort, type SortState } from './sortItems';

export interface TableStateInput<T> {
  /** The rows the server gave (a whole list, or one server page). */
  items: readonly T[] | undefined;
  keyOf: (item: T) => string;
  /** Every declared column (sorting may use one the window hides). */
  columns: readonly Column<T>[];
  /** The shown columns: what free-text search looks in. */
  shown: readonly Column<T>[];
  facets: readonly Facet<T>[];
  chips: readonly FacetChip[];
  q: string;
  /** Page in the browser; false when the server already gave one page. */
  clientPaging: boolean;
  /** A server page's order, kept by the server (the page's rows are not sorted again). */
  serverSort?: { sort: SortState | undefined; setSort: (sort: SortState) => void };
  defaultPerPage: number;
}

export interface TableState<T> {
  /** Filtered and sorted: what the footer counts and a selection is drawn from. */
  rows: T[];
  /** The rows rendered: the current page of `rows`, or all of them on a server page. */
  pageRows: T[];
  sort: SortState | undefined;
  setSort: (sort: SortState) => void;
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  setPerPage: (size: number) => void;
  selectedKeys: ReadonlySet<string>;
  /** The selected rows still shown, in the order shown (hidden ones are not acted upon). */
  selected: T[];
  select: (key: string, on: boolean) => void;
  /** The header checkbox: every row of the page, on or off. */
  selectPage: (on: boolean) => void;
  /** true: the whole page; false: none of it; null: some (the indeterminate state). */
  pageSelection: boolean | null;
  clearSelection: () => void;
  expanded: ReadonlySet<string>;
  expand: (key: string, on: boolean) => void;
}

const toggle = (set: ReadonlySet<string>, key: string, on: boolean): Set<string> => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

/**
 * What a table derives from its rows (STYLE §2): client facets, free text, sort and paging by
 * derivation (never copied into state, so 10,000 rows stay responsive), plus selection and
 * expanded rows, kept by key so they survive a refetch.
 */
export function useTableState<T>(input: TableStateInput<T>): TableState<T> {
  const { items, keyOf, columns, shown, facets, chips, q, clientPaging, defaultPerPage } = input;
  const [clientSort, setClientSort] = useState<SortState | undefined>(() => defaultSort(columns));
  const { serverSort } = input;
  const sort = serverSort ? serverSort.sort : clientSort;
  const setSort = serverSort ? serverSort.setSort : setClientSort;
  // A server page was filtered by the server; free text only searches a whole list.
  const search = clientPaging ? q : '';
  // Sorted once per list and order, then filtered (which keeps the order): a keystroke in the
  // search box filters, it does not sort 10,000 rows again.
  const sorted = useMemo(
    () => (!items ? [] : orderRows(items, columns, sort, !!serverSort)),
    [items, serverSort, columns, sort],
  );
  // The rows' search texts are made when a search starts and kept while it is typed.
  const searching = search !== '';
  const texts = useMemo(
    () => (searching ? searchTexts(sorted, shown) : undefined),
    [searching, sorted, shown],
  );
  const rows = useMemo(
    () => filterItems(sorted, facets, chips, search, shown, texts),
    [sorted, facets, chips, search, shown, texts],
  );

  // --- client paging --------------------------------------------------------------------------
  const [perPageChoice, setPerPageChoice] = useState<number>();
  const perPage = perPageChoice ?? defaultPerPage;
  const rowsSignature = JSON.stringify([chips, search]);
  const [paging, setPaging] = useState({ page: 1, signature: rowsSignature });
  const pageCount = clientPaging ? Math.max(1, Math.ceil(rows.length / perPage)) : 1;
  // A new filter starts at page 1; a shrinking list keeps the last page in range.
  const page = Math.min(paging.signature === rowsSignature ? paging.page : 1, pageCount);
  const setPage = useCallback(
    (next: number) => setPaging({ page: next, signature: rowsSignature }),
    [rowsSignature],
  );
  const setPerPage = useCallback(
    (size: number) => {
      rememberPageSize(size);
      setPerPageChoice(size);
      setPaging({ page: 1, signature: rowsSignature });
    },
    [rowsSignature],
  );
  const pageRows = useMemo(
    () => pageOf(rows, page, perPage, clientPaging),
    [clientPaging, rows, page, perPage],
  );

  // --- selection and expansion ----------------------------------------------------------------
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(
    () => rows.filter((item) => selectedKeys.has(keyOf(item))),
    [rows, selectedKeys, keyOf],
  );
  const select = useCallback(
    (key: string, on: boolean) => setSelectedKeys((s) => toggle(s, key, on)),
    [],
  );
  const selectPage = useCallback(
    (on: boolean) =>
      setSelectedKeys((s) => {
        const next = new Set(s);
        for (const item of pageRows) {
          if (on) next.add(keyOf(item));
          else next.delete(keyOf(item));
        }
        return next;
      }),
    [pageRows, keyOf],
  );
  const onPage = pageRows.filter((item) => selectedKeys.has(keyOf(item))).length;
  const pageSelection = onPage === 0 ? false : onPage === pageRows.length ? true : null;
  const clearSelection = useCallback(() => setSelectedKeys(new Set()), []);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const expand = useCallback(
    (key: string, on: boolean) => setExpanded((s) => toggle(s, key, on)),
    [],
  );

  return {
    rows,
    pageRows,
    sort,
    setSort,
    page,
    setPage,
    perPage,
    setPerPage,
    selectedKeys,
    selected,
    select,
    selectPage,
    pageSelection,
    clearSelection,
    expanded,
    expand,
  };
}
