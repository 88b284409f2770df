import type { IdentitySortKey, List } from '@skydeck/contract';
import { checkPaging, type SortDir } from '../../lib/listPage';
import { cachedList } from '../listCache';

/** A table's page when the query names none: API_RESULT_PAGE_SIZE's default. */
const DEFAULT_PAGE = 20;

/** What an identity table asks for: Keystone's collections have no paging or sort of their own. */
export interface IdentityPageQuery {
  limit?: number;
  marker?: string;
  prev_marker?: string;
  sort_key?: IdentitySortKey;
  sort_dir?: SortDir;
  name__icontains?: string;
}

interface Row {
  id: string;
  name: string;
  enabled?: boolean;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const compareBy =
  (key: IdentitySortKey) =>
  (a: Row, b: Row): number => {
    if (key === 'enabled') {
      const d = Number(a.enabled ?? false) - Number(b.enabled ?? false);
      if (d !== 0) return d;
    } else if (key === 'name') {
      const d = collator.compare(a.name, b.name);
      if (d !== 0) return d;
    }
    // Ties broken by id, so the order is total and a marker names one place in it.
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

/** Whether the query asks for one page rather than the whole collection. */
export const wantsIdentityPage = (q: IdentityPageQuery): boolean =>
  q.limit !== undefined || q.marker !== undefined || q.prev_marker !== undefined;

/**
 * Filters, sorts and cuts a whole Keystone collection into the page asked for, with the markers
 * of its neighbours. A marker that is no longer in the list (deleted meanwhile, or filtered
 * out) starts over at the first page rather than failing.
 */
export const identityPage = <T extends Row, U>(
  all: readonly T[],
  q: IdentityPageQuery,
  defaultLimit: number,
  map: (item: T) => U,
): List<U> => {
  checkPaging(q);
  const needle = q.name__icontains?.toLocaleLowerCase();
  const filtered = needle
    ? all.filter((i) => i.name.toLocaleLowerCase().includes(needle))
    : [...all];
  const compare = compareBy(q.sort_key ?? 'name');
  filtered.sort(q.sort_dir === 'desc' ? (a, b) => compare(b, a) : compare);
  const size = q.limit ?? defaultLimit;
  let start = 0;
  if (q.marker !== undefined) {
    const at = filtered.findIndex((i) => i.id === q.marker);
    start = at < 0 ? 0 : at + 1;
  } else if (q.prev_marker !== undefined) {
    const at = filtered.findIndex((i) => i.id === q.prev_marker);
    start = at < 0 ? 0 : Math.max(0, at - size);
  }
  const page = filtered.slice(start, start + size);
  const out: List<U> = {
    items: page.map(map),
    has_more_data: start + size < filtered.length,
    has_prev_data: start > 0,
  };
  const first = page[0];
  const last = page[page.length - 1];
  if (out.has_more_data && last) out.next_marker = last.id;
  if (out.has_prev_data && first) out.prev_marker = first.id;
  return out;
};

/**
 * A Keystone collection as its route answers it: the whole list when the query asks for no page
 * and no name filter (pickers, owner columns), else the page a table asks for, cut from one read
 * that the session's next pages and filters reuse for a few seconds (`kind` and `filters` key
 * that read; forgetLists(kind) drops it after a change).
 */
export async function identityList<T extends Row, U>(
  sessionId: string,
  kind: string,
  filters: object,
  read: () => Promise<readonly T[]>,
  q: IdentityPageQuery,
  map: (item: T) => U,
): Promise<List<U>> {
  if (!wantsIdentityPage(q) && q.name__icontains === undefined) {
    return { items: (await read()).map(map) };
  }
  const all = await cachedList(sessionId, kind, filters, read);
  return identityPage(all, q, wantsIdentityPage(q) ? DEFAULT_PAGE : all.length || 1, map);
}
