import type { FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import { parseBool, pyInt } from './attributes';
import type { AttrMap } from './attributes';
import { badRequest, badRequestOf, isObject, networkApiUrl, neutronError, pyRepr } from './http';
import type { Json } from './http';

/** Query parameters as webob's dict_of_lists: repeated keys keep every value. */
export const queryLists = (request: FastifyRequest): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  const query = request.query;
  if (!isObject(query)) return out;
  for (const [key, value] of Object.entries(query)) {
    const list = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string',
    );
    out.set(key, list);
  }
  return out;
};

const RESERVED = ['fields', 'sort_key', 'sort_dir', 'limit', 'marker', 'page_reverse'];

/** The `fields=` selection of a list or show request (empty: every field). */
export const requestedFields = (request: FastifyRequest): string[] =>
  (queryLists(request).get('fields') ?? []).filter((f) => f !== '');

/** Keeps only the requested fields, as neutron's `_fields` does. */
export const selectFields = (item: Json, fields: readonly string[]): Json => {
  if (fields.length === 0) return item;
  const out: Json = {};
  // Keys, not entries: a list pays this per row, and entries allocates a pair per key.
  for (const k of Object.keys(item)) if (fields.includes(k)) out[k] = item[k];
  return out;
};

/** A filter the generic equality match cannot express (list members, sub-keys, ...). */
export type SpecialFilter = (item: Json, values: readonly string[]) => boolean;

const matches = (actual: unknown, values: readonly string[]): boolean => {
  if (actual === undefined) return false;
  return values.some((v) => {
    if (typeof actual === 'boolean') return parseBool(v) === actual;
    if (typeof actual === 'number') return pyInt(v) === actual;
    if (actual === null) return false;
    if (Array.isArray(actual)) return actual.includes(v);
    return String(actual) === v;
  });
};

const compare = (a: unknown, b: unknown): number => {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = typeof a === 'string' ? a : JSON.stringify(a);
  const sb = typeof b === 'string' ? b : JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
};

const tagFilters: Record<string, SpecialFilter> = {
  tags: (item, values) => {
    const tags = (item['tags'] as string[] | undefined) ?? [];
    return values.flatMap((v) => v.split(',')).every((t) => tags.includes(t));
  },
  'tags-any': (item, values) => {
    const tags = (item['tags'] as string[] | undefined) ?? [];
    return values.flatMap((v) => v.split(',')).some((t) => tags.includes(t));
  },
  'not-tags': (item, values) => {
    const tags = (item['tags'] as string[] | undefined) ?? [];
    return !values.flatMap((v) => v.split(',')).every((t) => tags.includes(t));
  },
  'not-tags-any': (item, values) => {
    const tags = (item['tags'] as string[] | undefined) ?? [];
    return !values.flatMap((v) => v.split(',')).some((t) => tags.includes(t));
  },
};

export interface ListOptions {
  /** `networks`: the answer's key and the path under /v2.0. */
  readonly collection: string;
  readonly attrs: AttrMap;
  /**
   * Visible items (policy already applied), as full views before field selection; a function
   * when `scan` may spare building them all.
   */
  readonly items: readonly Json[] | (() => readonly Json[]);
  /** The view of the marker when the caller may see it; undefined answers `markerNotFound`. */
  readonly findMarker?: (id: string) => Json | undefined;
  readonly markerNotFound?: (id: string) => Error;
  readonly special?: Readonly<Record<string, SpecialFilter>>;
  /** The path for pagination links, when it differs from `/<collection>`. */
  readonly path?: string;
  /** Whether the resource has pagination and sorting (extensions like agents do not). */
  readonly paged?: boolean;
  /** Turns a full view into the answer (attribute policy); applied after filtering and paging. */
  readonly present?: (item: Json) => Json;
  /**
   * The visible items (as `items`) in id order, read lazily from after `afterId`: a forward
   * page in the default order then costs its rows, not the collection's (the keyset query a
   * real Neutron runs). `where` is an equality the read may narrow by (a single value of a
   * filter); the filters still decide every row.
   */
  readonly scan?: (
    afterId: string | undefined,
    where: ReadonlyMap<string, string>,
  ) => Iterable<Json>;
}

/**
 * Neutron's list handling: filters (with filter validation), sort_key/sort_dir, native
 * pagination by id with next/previous links, and `fields=` selection.
 */
export const listAnswer = (
  ctx: CloudContext,
  request: FastifyRequest,
  options: ListOptions,
): Json => {
  const query = queryLists(request);
  const special = { ...tagFilters, ...options.special };
  const invalid: string[] = [];
  const filters: Array<[string, string[]]> = [];
  for (const [key, rawValues] of query) {
    if (RESERVED.includes(key)) continue;
    const spec = options.attrs[key];
    if (!spec?.filter && !(key in special)) {
      invalid.push(key);
      continue;
    }
    if (rawValues.length > 0) filters.push([key, rawValues]);
  }
  if (invalid.length > 0) {
    throw badRequest(`${pyRepr(invalid)} is invalid attribute for filtering`);
  }
  if (query.has('tenant_id') && query.has('project_id')) {
    throw neutronError(
      400,
      'TenantIdProjectIdFilterConflict',
      'Both tenant_id and project_id passed as filters.',
    );
  }
  const passes = (item: Json): boolean =>
    filters.every(([key, values]) => {
      const fn = special[key];
      return fn ? fn(item, values) : matches(item[key], values);
    });

  const paged = options.paged ?? true;
  const sortKeys = (query.get('sort_key') ?? []).filter((v) => v !== '');
  const sortDirs = (query.get('sort_dir') ?? []).filter((v) => v !== '');
  const sorts: Array<[string, boolean]> = [];
  if (paged) {
    if (sortKeys.length !== sortDirs.length) {
      throw badRequest('The number of sort_keys and sort_dirs must be same');
    }
    const absent = sortKeys.filter((k) => !options.attrs[k]?.sort);
    if (absent.length > 0) throw badRequest(`${pyRepr(absent)} is invalid attribute for sort_keys`);
    const invalidDirs = sortDirs.filter((d) => d !== 'asc' && d !== 'desc');
    if (invalidDirs.length > 0) {
      throw badRequest(
        `${pyRepr(invalidDirs)} is invalid value for sort_dirs, valid value is 'asc' and 'desc'`,
      );
    }
    sortKeys.forEach((k, i) => sorts.push([k, sortDirs[i] === 'asc']));
    if (!sorts.some(([k]) => k === 'id')) sorts.push(['id', true]);
  }
  const cmp = (a: Json, b: Json): number => {
    for (const [key, asc] of sorts) {
      const c = compare(a[key], b[key]);
      if (c !== 0) return asc ? c : -c;
    }
    return 0;
  };

  let limit = 0;
  const marker = query.get('marker')?.at(-1);
  const reverse = (query.get('page_reverse')?.at(-1) ?? 'False').toLowerCase() === 'true';
  if (paged) {
    const rawLimit = query.get('limit')?.at(-1);
    if (rawLimit !== undefined) {
      const n = /^\s*[-+]?\d+\s*$/.test(rawLimit) ? Number(rawLimit) : NaN;
      if (!Number.isInteger(n) || n < 0) {
        throw badRequestOf('limit', `Limit must be an integer 0 or greater and not '${rawLimit}'`);
      }
      limit = n;
    }
  }
  // A forward page in id order (the default) reads rows after the marker until the page is
  // full; every other request sorts the whole visible list, as before.
  const keyset = options.scan !== undefined && limit > 0 && !reverse && sortKeys.length === 0;
  let items: Json[];
  if (keyset) {
    let after: string | undefined;
    if (marker !== undefined && marker !== '') {
      if (!options.findMarker?.(marker)) {
        throw options.markerNotFound?.(marker) ?? badRequestOf('marker', 'Marker not found');
      }
      after = marker;
    }
    const where = new Map<string, string>();
    for (const [key, values] of filters) {
      if (values.length === 1 && !(key in special) && values[0] !== undefined) {
        where.set(key, values[0]);
      }
    }
    items = [];
    for (const item of options.scan?.(after, where) ?? []) {
      if (!passes(item)) continue;
      items.push(item);
      if (items.length >= limit) break;
    }
  } else {
    const all = typeof options.items === 'function' ? options.items() : options.items;
    items = all.filter(passes);
    if (sorts.length > 0) items.sort(cmp);
  }

  let links: Json[] | undefined;
  if (paged) {
    if (limit > 0) {
      let page: Json[];
      if (keyset) {
        page = items;
      } else if (marker !== undefined && marker !== '') {
        const markerItem = options.findMarker?.(marker);
        if (!markerItem) {
          throw options.markerNotFound?.(marker) ?? badRequestOf('marker', 'Marker not found');
        }
        page = reverse
          ? items.filter((i) => cmp(i, markerItem) < 0).slice(-limit)
          : items.filter((i) => cmp(i, markerItem) > 0).slice(0, limit);
      } else {
        page = reverse ? items.slice(-limit) : items.slice(0, limit);
      }
      items = page;
      links = [];
      const base = networkApiUrl(ctx, request, options.path ?? `/${options.collection}`);
      const link = (markerId: string | undefined, previous: boolean): string => {
        const params = new URLSearchParams();
        for (const [key, values] of query) {
          if (key === 'marker' || key === 'page_reverse') continue;
          for (const v of values) params.append(key, v);
        }
        if (markerId !== undefined) params.append('marker', markerId);
        if (previous) params.append('page_reverse', 'True');
        return `${base}?${params.toString()}`;
      };
      if (!(items.length < limit && !reverse)) {
        links.push({ rel: 'next', href: link(items.at(-1)?.['id'] as string | undefined, false) });
      }
      if (!(items.length < limit && reverse)) {
        links.push({ rel: 'previous', href: link(items[0]?.['id'] as string | undefined, true) });
      }
    }
  }
  const fields = requestedFields(request);
  const present = options.present ?? ((i: Json) => i);
  const out: Json = {
    [options.collection]: items.map((item) => selectFields(present(item), fields)),
  };
  if (links) out[`${options.collection}_links`] = links;
  return out;
};
