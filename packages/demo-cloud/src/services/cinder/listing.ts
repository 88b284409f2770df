import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import type { Fault } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import { atLeast, boolParam, collectionLinks, invalidInput, isAdmin } from './http';
import type { Json } from './http';
import { DB_MAX_INT } from './validation';

/**
 * Cinder's list handling, shared by every collection: paging and sort parameters, the filters a
 * list accepts, sorting and paging the rows, and the answer with its next link and count.
 */

/** cinder's [DEFAULT] osapi_max_limit. */
export const MAX_LIMIT = 1000;

/** The last value of a query parameter (webob's params.get). */
export const queryParam = (query: Json, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value)) {
    const last: unknown = value[value.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return typeof value === 'string' ? value : undefined;
};

export interface Pagination {
  readonly limit: number;
  readonly marker: string | undefined;
  readonly offset: number;
  readonly sortKeys: string[];
  readonly sortDirs: string[];
}

/** cinder.api.common.get_pagination_params and get_sort_params, with cinder's errors. */
export const pagination = (query: Json): Pagination => {
  const rawLimit = queryParam(query, 'limit');
  let limit = MAX_LIMIT;
  if (rawLimit !== undefined) {
    if (!/^\s*[-+]?\d+\s*$/.test(rawLimit)) throw badRequest('limit param must be an integer');
    limit = Number(rawLimit);
    if (limit < 0) throw badRequest('limit param must be positive');
    limit = Math.min(limit, MAX_LIMIT);
  }
  const rawOffset = queryParam(query, 'offset');
  let offset = 0;
  if (rawOffset !== undefined) {
    if (!/^\s*[-+]?\d+\s*$/.test(rawOffset)) throw badRequest('offset must be an integer');
    offset = Number(rawOffset);
    if (offset < 0) throw badRequest('offset must be >= 0');
    if (offset > DB_MAX_INT) throw badRequest(`offset must be <= ${DB_MAX_INT}`);
  }
  const sort = queryParam(query, 'sort');
  const sortKey = queryParam(query, 'sort_key');
  const sortDir = queryParam(query, 'sort_dir');
  if (sort !== undefined && (sortKey !== undefined || sortDir !== undefined)) {
    throw badRequest(
      "The 'sort_key' and 'sort_dir' parameters are deprecated and cannot be used with the 'sort' parameter.",
    );
  }
  const sortKeys: string[] = [];
  const sortDirs: string[] = [];
  if (sort !== undefined) {
    for (const part of sort.trim().split(',')) {
      const [key = '', dir] = part.split(':', 2);
      sortKeys.push(key.trim());
      sortDirs.push((dir ?? 'desc').trim() || 'desc');
    }
  } else {
    sortKeys.push((sortKey ?? 'created_at').trim());
    sortDirs.push((sortDir ?? 'desc').trim());
  }
  return { limit, marker: queryParam(query, 'marker'), offset, sortKeys, sortDirs };
};

/** Query keys that are paging or sorting, not filters. */
export const PAGING_KEYS = ['limit', 'marker', 'offset', 'sort', 'sort_key', 'sort_dir'];

export type SortValue = string | number | boolean | null;

/** The columns a list sorts by (an unknown sort key is cinder's 400), by key. */
export type SortFields<T> = Readonly<Record<string, (item: T) => SortValue>>;

type ColumnKey<T> = { [K in keyof T]: T[K] extends SortValue ? K : never }[keyof T] & string;

/** Sort fields that are the row's own fields of the same name. */
export const columns = <T>(...keys: ReadonlyArray<ColumnKey<T>>): SortFields<T> =>
  Object.fromEntries(keys.map((key) => [key, (item: T): SortValue => item[key] as SortValue]));

/** with_count (3.45): whether the answer carries the count of all matching rows. */
export const withCount = (request: FastifyRequest, query: Json): boolean =>
  atLeast(request, '3.45') && query['with_count'] !== undefined
    ? boolParam(query, 'with_count')
    : false;

/**
 * A `name` sort key is the model's display_name; before the microversion that made it sortable
 * it is an unknown column.
 */
export const nameSortKey = (request: FastifyRequest, page: Pagination, since: string): void => {
  const index = page.sortKeys.indexOf('name');
  if (index < 0) return;
  if (!atLeast(request, since)) throw badRequest('Invalid input received: Invalid sort key');
  page.sortKeys[index] = 'display_name';
};

/** Filters by equality of a query parameter with a field, by parameter; absent ones match all. */
export const exactFilters = <T>(
  query: Json,
  fields: Readonly<Record<string, (item: T) => unknown>>,
): ((item: T) => boolean) => {
  const wanted = Object.entries(fields).flatMap(([key, field]) => {
    const value = queryParam(query, key);
    return value === undefined ? [] : [[field, value] as const];
  });
  return (item) => wanted.every(([field, value]) => field(item) === value);
};

/**
 * reject_invalid_filters from 3.31: a non-admin may filter only by what resource_filters.json
 * allows (all_tenants is silently ignored); before it, or for an admin, a key that is no column
 * matches nothing (null).
 */
export const filtersOf = <T>(
  request: FastifyRequest,
  query: Json,
  allowed: readonly string[],
  columns: Readonly<Record<string, (item: T) => unknown>>,
): Array<(item: T) => boolean> | null => {
  const keys = Object.keys(query).filter((k) => !PAGING_KEYS.includes(k) && k !== 'all_tenants');
  if (atLeast(request, '3.31') && !isAdmin(request)) {
    const invalid = keys.filter((k) => !allowed.includes(k));
    if (invalid.length > 0) {
      throw badRequest(`Invalid filters ${invalid.join(',')} are found in query options.`);
    }
  }
  const filters: Array<(item: T) => boolean> = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) return null;
    const wanted = queryParam(query, key);
    filters.push((item) => String(column(item)) === wanted);
  }
  return filters;
};

/**
 * Sorts like cinder's DB layer (created_at and id appended as tie-breakers in the first
 * direction), then applies marker and offset and the limit. An unknown marker is the
 * resource's 404.
 */
export const sortAndPage = <T extends { id: string }>(
  items: readonly T[],
  page: Pagination,
  fields: SortFields<T>,
  missingMarker: (marker: string) => Fault,
): T[] => {
  const keys = [...page.sortKeys];
  const dirs = [...page.sortDirs];
  for (const dir of dirs) {
    if (dir !== 'asc' && dir !== 'desc') {
      throw invalidInput("Unknown sort direction, must be 'desc' or 'asc'.");
    }
  }
  const defaultDir = dirs[0] ?? 'desc';
  for (const key of ['created_at', 'id']) {
    if (!keys.includes(key)) {
      keys.push(key);
      dirs.push(defaultDir);
    }
  }
  const getters = keys.map((key) => {
    const getter = fields[key];
    if (!getter) throw invalidInput('Invalid sort key');
    return getter;
  });
  const compare = (a: T, b: T): number => {
    for (const [i, getter] of getters.entries()) {
      const va = getter(a);
      const vb = getter(b);
      if (va === vb) continue;
      // NULLs sort first ascending, as in SQLite.
      let c: number;
      if (va === null) c = -1;
      else if (vb === null) c = 1;
      else c = va < vb ? -1 : 1;
      return dirs[i] === 'desc' ? -c : c;
    }
    return 0;
  };
  const sorted = [...items].sort(compare);
  let start = 0;
  if (page.marker !== undefined) {
    const index = sorted.findIndex((item) => item.id === page.marker);
    if (index < 0) throw missingMarker(page.marker);
    start = index + 1;
  }
  start += page.offset;
  return sorted.slice(start, start + page.limit);
};

/** How a collection's list answers are named (cinder's view builders differ). */
export interface ListNames {
  /** The body's key for the views (`volume_types`). */
  readonly key: string;
  /** The key of the next link (`volume_type_links`). */
  readonly links: string;
  /** The collection path the next link points at (`types`). */
  readonly path: string;
}

export interface ListPage {
  /** The rows of the page: the next link continues after the last. */
  readonly items: ReadonlyArray<{ id: string }>;
  readonly views: unknown[];
  readonly limit: number;
  /** The detail list, whose next link points at `<path>/detail`. */
  readonly detail?: boolean;
  /** with_count's total: in the body as `count`, and the next link is decided on it. */
  readonly count?: number | undefined;
  /** A total the next link is decided on without showing it. */
  readonly total?: number | undefined;
}

/** A list answer: the views, then the next link when the page is full, then the count. */
export const listBody = (
  ctx: CloudContext,
  request: FastifyRequest,
  names: ListNames,
  page: ListPage,
): Json => {
  const body: Json = { [names.key]: page.views };
  const path = page.detail === true ? `${names.path}/detail` : names.path;
  const total = page.count ?? page.total;
  const links = collectionLinks(ctx, request, path, page.items, page.limit, total);
  if (links) body[names.links] = links;
  if (page.count !== undefined) body['count'] = page.count;
  return body;
};

/** A collection's summary list at `path` and its detail list at `<path>/detail`. */
export const listRoutes = (
  app: FastifyInstance,
  path: string,
  list: (request: FastifyRequest, detail: boolean) => Json,
): void => {
  app.get(path, async (request) => list(request, false));
  app.get(`${path}/detail`, async (request) => list(request, true));
};

/** Python's ast.literal_eval of a filter value, for the forms filters use (dicts, numbers, bools). */
export const literalEval = (text: string): unknown => {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'True') return true;
  if (trimmed === 'False') return false;
  if (trimmed === 'None') return null;
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || /^['"]/.test(trimmed)) {
    // Python literals of strings, dicts and lists map onto JSON once quotes are normalised.
    const json = trimmed
      .replace(/'((?:[^'\\]|\\.)*)'/g, (_m, inner: string) => JSON.stringify(inner))
      .replace(/\bTrue\b/g, 'true')
      .replace(/\bFalse\b/g, 'false')
      .replace(/\bNone\b/g, 'null');
    try {
      return JSON.parse(json) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};
