import { badRequest } from '../../core/faults';
import type { Fault } from '../../core/faults';
import { invalidInput } from './http';
import type { Json } from './http';
import { DB_MAX_INT } from './validation';

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

/**
 * Sorts like cinder's DB layer (created_at and id appended as tie-breakers in the first
 * direction), then applies marker and offset and the limit. An unknown marker is the
 * resource's 404.
 */
export const sortAndPage = <T extends { id: string }>(
  items: readonly T[],
  page: Pagination,
  fields: Readonly<Record<string, (item: T) => SortValue>>,
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
