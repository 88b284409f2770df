import { compareNames, configTrue, SwiftError } from './http';
import type { ListingRow, RangeQuery } from './model';

/** container_listing_limit and account_listing_limit (swift's defaults). */
export const LISTING_LIMIT = 10_000;

export interface ListingParams {
  readonly limit: number;
  readonly marker: string | undefined;
  readonly endMarker: string | undefined;
  readonly prefix: string | undefined;
  readonly delimiter: string | undefined;
  /** Containers only: `path=a/b` lists the direct children of `a/b/`. */
  readonly path: string | undefined;
  readonly reverse: boolean;
}

/** The listing parameters of a GET, with swift's limit rules (digits only; above the maximum is 412). */
export const parseListingParams = (query: URLSearchParams, allowPath: boolean): ListingParams => {
  const given = query.get('limit');
  let limit = LISTING_LIMIT;
  if (given && /^[0-9]+$/.test(given)) {
    limit = Number(given);
    if (limit > LISTING_LIMIT) throw new SwiftError(412, `Maximum limit is ${LISTING_LIMIT}`);
  }
  const value = (name: string): string | undefined => query.get(name) ?? undefined;
  return {
    limit,
    marker: value('marker'),
    endMarker: value('end_marker'),
    prefix: value('prefix'),
    delimiter: value('delimiter'),
    path: allowPath ? value('path') : undefined,
    reverse: configTrue(query.get('reverse')),
  };
};

/** The string right after every string starting with `text` (its last code point plus one). */
const bumpLast = (text: string): string => {
  const points = Array.from(text);
  const last = points.pop() ?? '';
  return points.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
};

/**
 * Swift's listing loop (list_objects_iter / list_containers_iter): ordered range queries that
 * skip a whole pseudo-directory at once, so `delimiter` listings cost one query per entry shown,
 * never a scan of what the directories hold.
 */
export const listRange = <T>(
  params: ListingParams,
  fetch: (range: RangeQuery) => Iterable<T>,
  nameOf: (row: T) => string,
): Array<ListingRow<T>> => {
  const { limit, reverse } = params;
  let marker: string | undefined = params.marker ?? '';
  let endMarker: string | undefined = params.endMarker;
  if (reverse) [marker, endMarker] = [endMarker, marker];
  let { prefix, delimiter } = params;
  let path = params.path;
  if (path !== undefined) {
    if (path) path = `${path.replace(/\/+$/, '')}/`;
    prefix = path;
    delimiter = '/';
  } else if (delimiter && !prefix) {
    prefix = '';
  }
  const endPrefix = prefix ? bumpLast(prefix) : undefined;
  const origMarker = marker;
  const results: Array<ListingRow<T>> = [];
  let delimForceGte = false;

  while (results.length < limit) {
    let below: string | undefined;
    if (endMarker && (!prefix || compareNames(endMarker, endPrefix ?? '') < 0)) below = endMarker;
    else if (prefix) below = endPrefix;
    let after: string | undefined;
    let inclusive = false;
    if (delimForceGte) {
      after = marker;
      inclusive = true;
      delimForceGte = false;
    } else if (marker && (!prefix || compareNames(marker, prefix) >= 0)) {
      after = marker;
    } else if (prefix) {
      after = prefix;
      inclusive = true;
    }
    const rows = fetch({ below, after, inclusive, reverse, limit: limit - results.length });
    if (prefix === undefined || !delimiter) return Array.from(rows, (row) => ({ row }));

    let rowCount = 0;
    // Leaving this loop early closes the query: only the rows looked at are read.
    for (const row of rows) {
      rowCount++;
      const name = nameOf(row);
      if (reverse) endMarker = name;
      else marker = name;
      if (results.length >= limit) return results;
      const end = name.indexOf(delimiter, prefix.length);
      if (path !== undefined) {
        if (name === path) continue;
        if (end >= 0 && name.length > end + delimiter.length) {
          if (reverse) endMarker = name.slice(0, end + delimiter.length);
          else marker = name.slice(0, end) + bumpLast(delimiter);
          break;
        }
      } else if (end >= 0) {
        if (reverse) {
          endMarker = name.slice(0, end + delimiter.length);
        } else {
          marker = name.slice(0, end) + bumpLast(delimiter);
          delimForceGte = true;
        }
        const dirName = name.slice(0, end + delimiter.length);
        if (dirName !== origMarker) results.push({ subdir: dirName });
        break;
      }
      results.push({ row });
    }
    if (rowCount === 0) break;
  }
  return results;
};
