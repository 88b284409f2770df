import { badRequest } from './faults';

/** Nova's `[api] max_limit`: a page never holds more than this. */
export const MAX_LIMIT = 1000;

/** One query parameter as a single string (the last one wins when repeated, as webob's `GET` does). */
export const queryValue = (query: unknown, name: string): string | undefined => {
  if (typeof query !== 'object' || query === null) return undefined;
  const value = (query as Record<string, unknown>)[name];
  if (Array.isArray(value)) {
    const last: unknown = value[value.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return typeof value === 'string' ? value : undefined;
};

/** Nova's `limit` rules: an integer ≥ 0, capped at MAX_LIMIT. */
export const parseLimit = (raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest('limit param must be an integer');
  const limit = Number(raw);
  if (limit < 0) throw badRequest('limit param must be positive');
  return Math.min(limit, MAX_LIMIT);
};

export const parseOffset = (raw: string | undefined): number => {
  if (raw === undefined) return 0;
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest('offset param must be an integer');
  const offset = Number(raw);
  if (offset < 0) throw badRequest('offset param must be positive');
  return offset;
};

export interface Page<T> {
  readonly items: T[];
  /** True when a next link should be offered: the page is full (upstream does not look ahead). */
  readonly full: boolean;
}

/** Marker paging: items after the one whose key is `marker`; `missingMarker` builds the upstream fault. */
export const pageAfterMarker = <T>(
  items: readonly T[],
  options: {
    readonly limit: number | undefined;
    readonly marker: string | undefined;
    readonly key: (item: T) => string;
    readonly missingMarker: (marker: string) => Error;
  },
): Page<T> => {
  let start = 0;
  if (options.marker !== undefined) {
    const index = items.findIndex((item) => options.key(item) === options.marker);
    if (index < 0) throw options.missingMarker(options.marker);
    start = index + 1;
  }
  const limit = options.limit ?? MAX_LIMIT;
  const page = items.slice(start, start + limit);
  return { items: page, full: options.limit !== undefined && page.length === limit && limit > 0 };
};

export const pageByOffset = <T>(
  items: readonly T[],
  limit: number | undefined,
  offset: number,
): T[] => items.slice(offset, offset + (limit ?? MAX_LIMIT));
