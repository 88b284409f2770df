import { PREFETCHED_FRESH_MS } from '../../api/queryClient';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  keepPreviousData,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { shellQueries } from '../../data/shell';
import type {
  ListPage,
  ListQueryOptions,
  PageRequest,
  PanelScope,
  ResourceType,
} from '../../registry/types';
import { serverFilters, type FacetChip } from '../FacetToolbar/useFacetParams';
import {
  LIMIT_PARAM,
  MARKER_PARAM,
  PREV_MARKER_PARAM,
  SORT_DIR_PARAM,
  SORT_PARAM,
  defaultPageSize,
  rememberPageSize,
  serverSortOf,
  tableQuery,
} from './pageParams';
import { rowPollDelay } from './rowPollDelay';
import { rowsOf } from './rowWindow';
import type { SortState } from './sortItems';

/** Spec 2 §9 default; the AJAX_POLL_INTERVAL setting overrides it. */
export const DEFAULT_POLL_INTERVAL = 2500;

/** Prev/Next of a server-paged list: what the server said about its neighbours. */
export interface ServerPager {
  request: PageRequest;
  hasPrev: boolean;
  hasNext: boolean;
  prev: () => void;
  next: () => void;
  /** Back to the first page: also the way out of a page whose marker is gone (deleted). */
  first: () => void;
  /** Not on the first page. */
  paged: boolean;
  /** The order the server pages in (the URL's column, else the default one). */
  sort: SortState | undefined;
  /** Sorts on the server: the first page in the new order. */
  setSort: (sort: SortState) => void;
  /** Rows per page: the URL's, else the cookie's or the setting's. */
  perPage: number;
  defaultPerPage: number;
  setPerPage: (size: number) => void;
}

export interface ResourceList<T> {
  /** The rows the server gave: the whole list, or the current page. */
  items: T[] | undefined;
  isPending: boolean;
  /** A page change is on its way; the previous page stays on screen meanwhile. */
  isFetchingPage: boolean;
  /** FILTER_DATA_FIRST: nothing is listed until a server-side facet is set. */
  waiting: boolean;
  /** Set when the list pages on the server (issue 14 §4). */
  pager: ServerPager | undefined;
  /** The page size a client-paged table starts with (cookie, setting, 20). */
  defaultPerPage: number;
  /** Takes rows out of the cached list at once (deleted ones), before the refetch confirms. */
  dropItems: (keys: readonly string[]) => void;
}

type ListData<T> = T[] | ListPage<T>;
type Cached<T> = ListData<T> | undefined;

/** Applies a change to the rows of a cached list, whether it is a whole list or a page. */
function mapRows<T>(cached: Cached<T>, change: (rows: T[]) => T[]): Cached<T> {
  if (!cached) return cached;
  if (Array.isArray(cached)) return change(cached);
  return { ...cached, items: change(cached.items) };
}

/** changingKeys' answers by list: the poll's interval is asked on every render of the table. */
const changingCache = new WeakMap<readonly unknown[], { test: unknown; keys: string[] }>();

/** The keys of the rows in transition, sorted (they make a query key). */
function changingKeys<T>(
  rows: readonly T[] | undefined,
  transitional: ((item: T) => boolean) | undefined,
  keyOf: (item: T) => string,
): string[] {
  if (!transitional || !rows) return [];
  // A list is immutable once cached (a change makes a new array): 10,000 rows are tested once.
  const hit = changingCache.get(rows);
  if (hit?.test === transitional) return hit.keys;
  const keys = rows.filter(transitional).map(keyOf).sort();
  changingCache.set(rows, { test: transitional, keys });
  return keys;
}

/**
 * Puts fresh copies of the rows asked for into a list: a row asked for but not answered is gone
 * (deleted, or no longer matching the filters), as a re-list would show.
 */
export function mergeRows<T>(
  rows: readonly T[],
  fresh: readonly T[],
  asked: ReadonlySet<string>,
  keyOf: (item: T) => string,
): T[] {
  const byKey = new Map(fresh.map((item) => [keyOf(item), item]));
  const out: T[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    if (!asked.has(key)) out.push(row);
    else {
      const update = byKey.get(key);
      if (update) out.push(update);
    }
  }
  return out;
}

/**
 * A table's rows from the server (spec 2 §4, §9; issue 14 §4): the declaration's list query or
 * the page the URL names, FILTER_DATA_FIRST, and polling while a row is in transition — only
 * those rows when the declaration can fetch them alone, else the whole list.
 */
export function useResourceList<T>(
  resource: ResourceType<T>,
  scope: PanelScope,
  chips: readonly FacetChip[],
): ResourceList<T> {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const facets = useMemo(() => resource.facets ?? [], [resource.facets]);
  const filterSignature = JSON.stringify(serverFilters(facets, chips));
  const filters = useMemo(
    () => JSON.parse(filterSignature) as Record<string, string>,
    [filterSignature],
  );
  const settings = useQuery(shellQueries.settings());
  const waiting =
    !!resource.filterFirst?.(scope, settings.data) && Object.keys(filters).length === 0;
  const pollInterval = settings.data?.AJAX_POLL_INTERVAL ?? DEFAULT_POLL_INTERVAL;
  const defaultPerPage = defaultPageSize(settings.data);
  const query = tableQuery(resource, scope, filters, search, settings.data);
  const { options } = query;
  const listKey: QueryKey = options.queryKey;
  const { transitional, key: keyOf } = resource;

  // One timer for the table, running only while a row is in transition (spec 2 §4): it
  // re-reads only those rows when the declaration can fetch them alone, else the whole list.
  const refreshFor = (keys: string[]): ListQueryOptions<T> | undefined =>
    keys.length > 0 ? resource.refresh?.(keys, filters) : undefined;
  // Both shapes are one query to the table; rowsOf() tells them apart.
  const base = options as unknown as UseQueryOptions<ListData<T>, Error, ListData<T>, QueryKey>;
  const list = useQuery({
    ...base,
    // The panel's route asked for this list a moment before the table mounted
    // (app/routePrefetch.ts): an answer that fresh is shown, not asked for again.
    staleTime: base.staleTime ?? PREFETCHED_FRESH_MS,
    ...(waiting && { enabled: false }),
    // Prev and Next keep the page on screen until the next one is there.
    ...(query.paged && { placeholderData: keepPreviousData }),
    refetchInterval: (q) => {
      const keys = changingKeys(rowsOf(q.state.data), transitional, keyOf);
      return keys.length > 0 && !refreshFor(keys) ? pollInterval : false;
    },
  });
  const items = rowsOf(list.data);

  // --- polling only the changing rows ---------------------------------------------------------
  const changing = useMemo(
    () => changingKeys(items, transitional, keyOf),
    [items, transitional, keyOf],
  );
  const refreshOptions = refreshFor(changing);
  const refresh = useQuery<T[], Error, T[], QueryKey>(
    refreshOptions
      ? {
          ...(refreshOptions as unknown as UseQueryOptions<T[], Error, T[], QueryKey>),
          // The list was just read: the first re-read waits one interval.
          initialData: () => items?.filter((item) => changing.includes(keyOf(item))),
          initialDataUpdatedAt: list.dataUpdatedAt,
          staleTime: pollInterval,
          // Spec 1 §9: each re-read of the same rows waits an interval longer, up to 30 s.
          refetchInterval: (q) => rowPollDelay(pollInterval, q.state.dataUpdateCount),
        }
      : { queryKey: [...listKey, 'no-refresh'], queryFn: skipToken },
  );
  const fresh = refreshOptions ? refresh.data : undefined;
  const freshAt = refresh.dataUpdatedAt;
  const listAt = list.dataUpdatedAt;
  useEffect(() => {
    // Only an answer newer than the list goes in (merging updates the list, which ends the loop).
    if (!fresh || freshAt <= listAt) return;
    const asked = new Set(changing);
    queryClient.setQueryData<Cached<T>>(listKey, (old) =>
      mapRows(old, (rows) => mergeRows(rows, fresh, asked, keyOf)),
    );
  }, [fresh, freshAt, listAt, changing, keyOf, listKey, queryClient]);

  // --- server paging --------------------------------------------------------------------------
  const page = query.paged && !Array.isArray(list.data) ? list.data : undefined;
  const go = useCallback(
    (change: (next: URLSearchParams) => void, push: boolean) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: !push },
      ),
    [setSearch],
  );
  const request = query.paged ? query.request : undefined;
  const pager: ServerPager | undefined = request && {
    request,
    hasPrev: !!page?.has_prev_data && !!page.prev_marker,
    hasNext: !!page?.has_more_data && !!page.next_marker,
    perPage: request.limit,
    defaultPerPage,
    // Paging adds history entries, so Back returns to the page before.
    prev: () => {
      const marker = page?.prev_marker;
      if (!marker) return;
      go((next) => {
        next.delete(MARKER_PARAM);
        next.set(PREV_MARKER_PARAM, marker);
        next.set(LIMIT_PARAM, String(request.limit));
      }, true);
    },
    next: () => {
      const marker = page?.next_marker;
      if (!marker) return;
      go((next) => {
        next.delete(PREV_MARKER_PARAM);
        next.set(MARKER_PARAM, marker);
        next.set(LIMIT_PARAM, String(request.limit));
      }, true);
    },
    paged: request.marker !== undefined || request.prev_marker !== undefined,
    sort: serverSortOf(search, resource.columns),
    setSort: (sort) =>
      go((next) => {
        next.delete(MARKER_PARAM);
        next.delete(PREV_MARKER_PARAM);
        next.set(SORT_PARAM, sort.column);
        next.set(SORT_DIR_PARAM, sort.direction);
      }, true),
    first: () =>
      go((next) => {
        next.delete(MARKER_PARAM);
        next.delete(PREV_MARKER_PARAM);
      }, true),
    setPerPage: (size) => {
      rememberPageSize(size);
      go((next) => {
        next.delete(MARKER_PARAM);
        next.delete(PREV_MARKER_PARAM);
        next.set(LIMIT_PARAM, String(size));
      }, false);
    },
  };

  const dropItems = useCallback(
    (keys: readonly string[]) => {
      const gone = new Set(keys);
      queryClient.setQueryData<Cached<T>>(listKey, (old) =>
        mapRows(old, (rows) => rows.filter((item) => !gone.has(keyOf(item)))),
      );
    },
    [queryClient, listKey, keyOf],
  );

  return {
    items,
    isPending: !waiting && list.isPending,
    isFetchingPage: list.isPlaceholderData,
    waiting,
    pager,
    defaultPerPage,
    dropItems,
  };
}
