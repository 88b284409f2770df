import type { List } from '@skydeck/contract';

/** The paging part of a list query (spec 2 §7). */
export interface PagingQuery {
  paginate?: boolean;
  limit?: number;
  marker?: string;
}

/**
 * Whether a list request asks for one page rather than the whole list: paginate=true, or a
 * limit or marker without paginate=false.
 */
export const wantsPage = ({ paginate, limit, marker }: PagingQuery): boolean =>
  paginate !== false && (paginate === true || limit !== undefined || marker !== undefined);

/** A whole list as read (up to a bound: `truncated` says the bound cut it). */
export const wholeList = <T, U>(
  items: readonly T[],
  truncated: boolean,
  map: (item: T) => U,
): List<U> => ({ items: items.map(map), has_more_data: truncated, has_prev_data: false });

/**
 * One page from a read of `size + 1` items after `marker`: the extra item only says that
 * another page exists (a service's own "next" link may just mean "this page is full").
 */
export const pageOf = <T, U>(
  items: readonly T[],
  size: number,
  marker: string | undefined,
  map: (item: T) => U,
): List<U> => ({
  items: items.slice(0, size).map(map),
  has_more_data: items.length > size,
  has_prev_data: marker !== undefined,
});
