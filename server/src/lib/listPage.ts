import type { List } from '@skydeck/contract';

/** The paging part of a list query (spec 2 §7). */
export interface PagingQuery {
  paginate?: boolean;
  limit?: number;
  marker?: string;
  /** The page that ends just before this item. */
  prev_marker?: string;
}

export type SortDir = 'asc' | 'desc';

/** A bad paging request: a 400 with a message for the user. */
export class PagingRequestError extends Error {
  readonly statusCode = 400;
}

/**
 * Whether a list request asks for one page rather than the whole list: paginate=true, or a
 * limit or marker without paginate=false.
 */
export const wantsPage = ({ paginate, limit, marker, prev_marker }: PagingQuery): boolean =>
  paginate !== false &&
  (paginate === true || limit !== undefined || marker !== undefined || prev_marker !== undefined);

/** A page is read from one end: both markers would ask for two different pages. */
export const checkPaging = ({ marker, prev_marker }: PagingQuery): void => {
  if (marker !== undefined && prev_marker !== undefined) {
    throw new PagingRequestError('Give marker or prev_marker, not both');
  }
};

/** A whole list as read (up to a bound: `truncated` says the bound cut it). */
export const wholeList = <T, U>(
  items: readonly T[],
  truncated: boolean,
  map: (item: T) => U,
): List<U> => ({ items: items.map(map), has_more_data: truncated, has_prev_data: false });

/** A page with the markers of its neighbours, as the contract's List carries them. */
const withMarkers = <T extends { id: string }, U>(
  items: readonly T[],
  more: boolean,
  prev: boolean,
  map: (item: T) => U,
): List<U> => {
  const out: List<U> = { items: items.map(map), has_more_data: more, has_prev_data: prev };
  const last = items[items.length - 1];
  const first = items[0];
  if (more && last) out.next_marker = last.id;
  if (prev && first) out.prev_marker = first.id;
  return out;
};

/**
 * One page from a read of `size + 1` items after `marker`: the extra item only says that
 * another page exists (a service's own "next" link may just mean "this page is full").
 */
export const pageOf = <T extends { id: string }, U>(
  items: readonly T[],
  size: number,
  marker: string | undefined,
  map: (item: T) => U,
): List<U> => withMarkers(items.slice(0, size), items.length > size, marker !== undefined, map);

/**
 * The page before an item from a read of `size + 1` items after it in the flipped order
 * (nearest first): turned back into the list's order, the extra item only says that more lies
 * before. The item itself follows the page, so has_more_data is true.
 */
export const pageBeforeOf = <T extends { id: string }, U>(
  readBackwards: readonly T[],
  size: number,
  map: (item: T) => U,
): List<U> =>
  withMarkers(readBackwards.slice(0, size).reverse(), true, readBackwards.length > size, map);

/** The other direction. */
export const flipped = (dir: SortDir): SortDir => (dir === 'asc' ? 'desc' : 'asc');

/** What one upstream read of a page takes: size, marker and the sort to read in. */
export interface PageRead<K extends string> {
  limit: number;
  marker: string | undefined;
  sortKey: K | undefined;
  sortDir: SortDir | undefined;
}

/**
 * One page after `marker` or before `prev_marker` with one upstream call. A service pages
 * forward only, so the page before an item is read after it with the sort direction flipped,
 * then turned back. Glance and Cinder add created_at and id after the sort key in the sort's
 * direction, which makes the order total, so the flipped order is exactly the reverse. The sort
 * key is then named explicitly (`defaultKey`, the service's own default): Cinder ignores a
 * direction given without a key.
 */
export const readPage = async <T extends { id: string }, U, K extends string>(
  query: PagingQuery & { sort_key?: K; sort_dir?: SortDir },
  size: number,
  defaults: { key: K; dir: SortDir },
  read: (page: PageRead<K>) => Promise<readonly T[]>,
  map: (item: T) => U,
): Promise<List<U>> => {
  checkPaging(query);
  const { marker, prev_marker: before, sort_key: sortKey, sort_dir: sortDir } = query;
  if (before === undefined) {
    // One more than asked says whether another page exists.
    const items = await read({ limit: size + 1, marker, sortKey, sortDir });
    return pageOf(items, size, marker, map);
  }
  const items = await read({
    limit: size + 1,
    marker: before,
    sortKey: sortKey ?? defaults.key,
    sortDir: flipped(sortDir ?? defaults.dir),
  });
  return pageBeforeOf(items, size, map);
};

/**
 * A page cut from a list already read whole (and filtered here), by marker either way, as the
 * service would cut it. Undefined when the marker is not in the list (a 400, as the service).
 */
export const pageFromList = <T extends { id: string }, U>(
  items: readonly T[],
  query: PagingQuery,
  size: number,
  map: (item: T) => U,
): List<U> | undefined => {
  checkPaging(query);
  const { marker, prev_marker: before } = query;
  if (before !== undefined) {
    const at = items.findIndex((item) => item.id === before);
    if (at < 0) return undefined;
    const start = Math.max(0, at - size);
    return withMarkers(items.slice(start, at), true, start > 0, map);
  }
  let start = 0;
  if (marker !== undefined) {
    const at = items.findIndex((item) => item.id === marker);
    if (at < 0) return undefined;
    start = at + 1;
  }
  return withMarkers(
    items.slice(start, start + size),
    items.length > start + size,
    marker !== undefined,
    map,
  );
};
