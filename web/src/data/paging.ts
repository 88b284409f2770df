import type { PageRequest } from '../registry/types';

/**
 * The table's sort key if the list route knows it (a column's serverSort key), else `fallback`:
 * the order pages follow must be one the API sorts by, or the markers do not line up.
 */
export function sortKeyIn<K extends string>(
  keys: readonly K[],
  key: string | undefined,
): K | undefined;
export function sortKeyIn<K extends string>(
  keys: readonly K[],
  key: string | undefined,
  fallback: K,
): K;
export function sortKeyIn<K extends string>(
  keys: readonly K[],
  key: string | undefined,
  fallback?: K,
): K | undefined {
  return keys.find((k) => k === key) ?? fallback;
}

/**
 * A page request as the marker-paging part of a list route's query (spec 2 §7): its size, its
 * order (left to the API when `sortKey` is undefined) and the marker it starts after or before.
 */
export const markerQuery = <K extends string>(page: PageRequest, sortKey: K | undefined) => ({
  limit: page.limit,
  ...(sortKey !== undefined && { sort_key: sortKey, sort_dir: page.sort_dir ?? ('asc' as const) }),
  ...(page.marker !== undefined && { marker: page.marker }),
  ...(page.prev_marker !== undefined && { prev_marker: page.prev_marker }),
});
