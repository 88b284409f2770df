import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { ServiceHttp } from '../http/serviceHttp';
import type { QueryScalar } from '../http/url';

/** Neutron's filters: attribute equality, a repeated key (array) matching any of its values. */
export type NeutronFilters = Readonly<
  Record<string, QueryScalar | readonly QueryScalar[] | undefined>
>;

export interface NeutronListOptions extends CallOptions {
  filters?: NeutronFilters;
  limit?: number;
  marker?: string;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
  /**
   * The page that ends just before `marker`, in the list's own order: Neutron flips every sort
   * key (its id tie-break included) and reverses the answer back.
   */
  pageReverse?: boolean;
  /** Only these fields in the answer (`fields=`). */
  fields?: readonly string[];
}

/** The most items one listAll reads: pages of 1000 (a bound, not a product limit). */
const ALL_PAGE_SIZE = 1000;
const ALL_MAX_PAGES = 50;

export interface ReadCalls<T> {
  /** One read of the collection: one page when `limit` is set, else what Neutron answers. */
  list(options?: NeutronListOptions): Promise<T[]>;
  /** Every page by marker, up to 50 pages of 1000 (`truncated` says more remained). */
  listAll(
    options?: Omit<NeutronListOptions, 'marker' | 'limit'>,
  ): Promise<{ items: T[]; truncated: boolean }>;
  get(id: string, options?: CallOptions): Promise<T>;
}

export interface WriteCalls<T, C, U> {
  create(body: C, options?: CallOptions): Promise<T>;
  update(id: string, changes: U, options?: CallOptions): Promise<T>;
  delete(id: string, options?: CallOptions): Promise<void>;
}

/**
 * The calls of one Neutron collection (`networks`, `security-groups`): `singular` is the
 * body's key (`network`, `security_group`), `plural` the list answer's.
 */
export function readCalls<T extends { id: string }>(
  http: ServiceHttp,
  path: string,
  singular: string,
  plural: string,
): ReadCalls<T> {
  const list = async (options: NeutronListOptions = {}): Promise<T[]> => {
    const { filters, limit, marker, sortKey, sortDir, pageReverse, fields, ...call } = options;
    const answer = await http.json<Record<string, T[] | undefined>>({
      ...call,
      path,
      query: {
        ...filters,
        limit,
        marker,
        // Neutron takes sort_key and sort_dir in pairs; a direction alone would be a 400.
        sort_key: sortKey,
        sort_dir: sortKey === undefined ? undefined : (sortDir ?? 'asc'),
        page_reverse: pageReverse === true ? 'True' : undefined,
        fields: fields === undefined || fields.length === 0 ? undefined : fields,
      },
    });
    return answer[plural] ?? [];
  };
  return {
    list,
    async listAll(options = {}) {
      const items: T[] = [];
      let marker: string | undefined;
      for (let page = 0; page < ALL_MAX_PAGES; page += 1) {
        const got = await list({ ...options, limit: ALL_PAGE_SIZE, marker });
        items.push(...got);
        const last = got[got.length - 1];
        if (got.length < ALL_PAGE_SIZE || !last) return { items, truncated: false };
        marker = last.id;
      }
      return { items, truncated: true };
    },
    async get(id, call = {}) {
      const answer = await http.json<Record<string, T>>({
        ...call,
        path: `${path}/${urlPath`${id}`}`,
      });
      const item = answer[singular];
      if (item === undefined) throw new TypeError(`Neutron answered no ${singular}`);
      return item;
    },
  };
}

export function writeCalls<T, C, U>(
  http: ServiceHttp,
  path: string,
  singular: string,
): WriteCalls<T, C, U> {
  const one = async (answer: Promise<Record<string, T>>): Promise<T> => {
    const item = (await answer)[singular];
    if (item === undefined) throw new TypeError(`Neutron answered no ${singular}`);
    return item;
  };
  return {
    create: (body, call = {}) =>
      one(http.json({ ...call, method: 'POST', path, json: { [singular]: body } })),
    update: (id, changes, call = {}) =>
      one(
        http.json({
          ...call,
          method: 'PUT',
          path: `${path}/${urlPath`${id}`}`,
          json: { [singular]: changes },
        }),
      ),
    async delete(id, call = {}) {
      await http.json<unknown>({ ...call, method: 'DELETE', path: `${path}/${urlPath`${id}`}` });
    },
  };
}
