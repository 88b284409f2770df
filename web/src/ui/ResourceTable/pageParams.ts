import type { Settings } from '@skydeck/contract';
import { readCookie, webRoot } from '../../api/http';
import type {
  Column,
  ListQueryOptions,
  PageQueryOptions,
  PageRequest,
  PanelScope,
  ResourceType,
} from '../../registry/types';
import { defaultSort, type SortState } from './sortItems';

/** Spec 1 §9 generic table page size, used when neither cookie nor setting says otherwise. */
export const DEFAULT_PAGE_SIZE = 20;
/** Spec 2 §2: the page size a user chose, shared with every table (and Horizon's name for it). */
export const PAGE_SIZE_COOKIE = 'API_RESULT_PAGE_SIZE';
/** The largest page the list routes serve (their `limit` maximum). */
export const MAX_PAGE_SIZE = 1000;

/**
 * A server-paged table's place in the URL, so a page can be reloaded and linked: the page after
 * `marker`, or the one before `prev_marker` (the direction), of `limit` rows. None: the first.
 */
export const MARKER_PARAM = 'marker';
export const PREV_MARKER_PARAM = 'prev_marker';
export const LIMIT_PARAM = 'limit';
/** The order of a server-paged table: a column id and asc or desc. */
export const SORT_PARAM = 'sort';
export const SORT_DIR_PARAM = 'dir';
/** What a new filter drops: it starts again at the first page (the page size stays). */
export const MARKER_PARAMS = [MARKER_PARAM, PREV_MARKER_PARAM] as const;

function pageSize(text: string | null | undefined): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

export function cookiePageSize(): number | undefined {
  return pageSize(readCookie(PAGE_SIZE_COOKIE));
}

/** The cookie, else the API_RESULT_PAGE_SIZE setting, else 20 (spec 2 §2). */
export function defaultPageSize(settings: Settings | undefined): number {
  return cookiePageSize() ?? settings?.API_RESULT_PAGE_SIZE ?? DEFAULT_PAGE_SIZE;
}

/** Remembers a chosen page size for every table, as the cookie the defaults read. */
export function rememberPageSize(size: number): void {
  document.cookie = `${PAGE_SIZE_COOKIE}=${size}; path=${webRoot()}; max-age=31536000; SameSite=Lax`;
}

/**
 * The order a server-paged table's URL names: a column the server can sort by, else the
 * declaration's default column when the server can sort by that, else the server's own order.
 */
export function serverSortOf<T>(
  search: URLSearchParams,
  columns: readonly Column<T>[],
): SortState | undefined {
  const named = columns.find((c) => c.id === search.get(SORT_PARAM) && c.serverSort);
  if (named) {
    return { column: named.id, direction: search.get(SORT_DIR_PARAM) === 'desc' ? 'desc' : 'asc' };
  }
  const fallback = defaultSort(columns);
  return fallback && columns.find((c) => c.id === fallback.column)?.serverSort
    ? fallback
    : undefined;
}

/** The page a URL names; a limit beyond what the routes serve is cut to their maximum. */
export function pageRequestOf<T>(
  search: URLSearchParams,
  fallbackLimit: number,
  columns: readonly Column<T>[] = [],
): PageRequest {
  const limit = Math.min(pageSize(search.get(LIMIT_PARAM)) ?? fallbackLimit, MAX_PAGE_SIZE);
  const sort = serverSortOf(search, columns);
  const key = sort && columns.find((c) => c.id === sort.column)?.serverSort;
  const order = key ? { sort_key: key, sort_dir: sort.direction } : {};
  const marker = search.get(MARKER_PARAM);
  if (marker) return { limit, marker, ...order };
  const prev = search.get(PREV_MARKER_PARAM);
  if (prev) return { limit, prev_marker: prev, ...order };
  return { limit, ...order };
}

/** A table's list query: the whole list, or the page its URL names (issue 14 §4). */
export type TableQuery<T> =
  | { paged: false; options: ListQueryOptions<T> }
  | { paged: true; request: PageRequest; options: PageQueryOptions<T> };

/**
 * The query a table asks for a URL: the table and the route's prefetch both call this, so they
 * agree on the key and the prefetched answer is the one shown.
 */
export function tableQuery<T>(
  resource: ResourceType<T>,
  scope: PanelScope,
  filters: Record<string, string>,
  search: URLSearchParams,
  settings: Settings | undefined,
): TableQuery<T> {
  const { paging } = resource;
  if (paging?.when(scope)) {
    const request = pageRequestOf(search, defaultPageSize(settings), resource.columns);
    return { paged: true, request, options: paging.page(scope, filters, request) };
  }
  return { paged: false, options: resource.list(scope, filters) };
}
