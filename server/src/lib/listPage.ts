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
 * The most items one upstream read returns: Glance's `api_limit_max` and Cinder's
 * `osapi_max_limit` default to 1000, and a larger limit is cut there without a word.
 */
export const UPSTREAM_MAX_LIMIT = 1000;

/**
 * One page after `marker` or before `prev_marker`, in one upstream call (two for a page of the
 * upstream maximum, whose look-ahead needs a read of its own). A service pages forward only, so
 * the page before an item is read after it with the sort direction flipped, then turned back.
 * Glance and Cinder add created_at and id after the sort key in the sort's direction, which
 * makes the order total, so the flipped order is exactly the reverse. The sort key is then named
 * explicitly (`defaults.key`, the service's own default): Cinder ignores a direction given
 * without a key.
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
  const sort =
    before === undefined
      ? { sortKey, sortDir }
      : { sortKey: sortKey ?? defaults.key, sortDir: flipped(sortDir ?? defaults.dir) };
  // One more than asked says whether another page exists.
  const items = [
    ...(await read({
      limit: Math.min(size + 1, UPSTREAM_MAX_LIMIT),
      marker: before ?? marker,
      ...sort,
    })),
  ];
  const last = items[items.length - 1];
  if (items.length === size && size + 1 > UPSTREAM_MAX_LIMIT && last) {
    items.push(...(await read({ limit: 1, marker: last.id, ...sort })));
  }
  return before === undefined ? pageOf(items, size, marker, map) : pageBeforeOf(items, size, map);
};

/** How a filtered page is read: growing upstream pages, up to a bound on reads. */
export interface FilteredReadBounds {
  /** The first read's size; each next one is four times larger, up to `maxChunk`. */
  firstChunk: number;
  maxChunk: number;
  /** Upstream reads one page may take; then the page ends where the reading stopped. */
  maxReads: number;
}

const FILTERED_READ_BOUNDS: FilteredReadBounds = {
  firstChunk: 100,
  maxChunk: UPSTREAM_MAX_LIMIT,
  maxReads: 20,
};

/**
 * One page of the items that `keep` accepts (a filter the service cannot apply), after `marker`
 * or before `prev_marker`, reading the service's pages from the marker on (forwards, or
 * backwards as readPage does) only until the page is full: a first page costs one read, not the
 * whole list. When the bound on reads stops it first, the page says there is more, and its
 * marker on that side is the last item read, whether kept or not, so the next page goes on
 * from there.
 */
export const readFilteredPage = async <T extends { id: string }, U, K extends string>(
  query: PagingQuery & { sort_key?: K; sort_dir?: SortDir },
  size: number,
  defaults: { key: K; dir: SortDir },
  read: (page: PageRead<K>) => Promise<readonly T[]>,
  keep: (item: T) => boolean,
  map: (item: T) => U,
  bounds: FilteredReadBounds = FILTERED_READ_BOUNDS,
): Promise<List<U>> => {
  checkPaging(query);
  const backward = query.prev_marker !== undefined;
  const sortKey = backward ? (query.sort_key ?? defaults.key) : query.sort_key;
  const sortDir = backward ? flipped(query.sort_dir ?? defaults.dir) : query.sort_dir;
  let marker = backward ? query.prev_marker : query.marker;
  let chunk = Math.min(bounds.maxChunk, Math.max(bounds.firstChunk, size + 1));
  const found: T[] = [];
  let lastRead: string | undefined;
  let exhausted = false;
  for (let reads = 0; reads < bounds.maxReads && found.length <= size; reads += 1) {
    const items = await read({ limit: chunk, marker, sortKey, sortDir });
    for (const item of items) {
      lastRead = item.id;
      if (keep(item)) found.push(item);
      if (found.length > size) break;
    }
    const last = items[items.length - 1];
    if (items.length < chunk || !last) {
      exhausted = true;
      break;
    }
    marker = last.id;
    chunk = Math.min(bounds.maxChunk, chunk * 4);
  }
  const full = found.length > size;
  const page = found.slice(0, size);
  const cut = !full && !exhausted;
  if (backward) {
    const out = withMarkers(page.reverse(), true, full || cut, map);
    if (cut && lastRead !== undefined) out.prev_marker = lastRead;
    return out;
  }
  const out = withMarkers(page, full || cut, query.marker !== undefined, map);
  if (cut && lastRead !== undefined) out.next_marker = lastRead;
  return out;
};
