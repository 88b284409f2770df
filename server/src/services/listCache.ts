/**
 * How long a whole collection read for one table is reused. Keystone has no paging of its own,
 * so every page, sort and filter of the Users and Projects tables would otherwise re-read every
 * user (10,000 of them take Keystone and the server half a second); a user paging through the
 * table or typing in its filter asks again within seconds. Volumes name their attachments'
 * servers from one such read of Nova's brief server list.
 */
export const LIST_CACHE_TTL_MS = 15_000;

/** Sessions × collections held at once; a read is a few MB at the sizes the bench uses. */
const MAX_ENTRIES = 128;

export interface CachedListOptions {
  now?: () => number;
  /** A read older than this is made again (default LIST_CACHE_TTL_MS). */
  maxAgeMs?: number;
}

interface Entry {
  at: number;
  items: Promise<readonly unknown[]>;
}

/** Insertion-ordered: the oldest read is dropped first when full. */
const cache = new Map<string, Entry>();

/**
 * The collection `kind` as this session last read it with these filters, or a fresh read.
 * Keyed by the session, so one user's view (policy decides what Keystone lists) never serves
 * another; a concurrent second read shares the first one's request.
 */
export function cachedList<T>(
  sessionId: string,
  kind: string,
  filters: object,
  read: () => Promise<readonly T[]>,
  { now = Date.now, maxAgeMs = LIST_CACHE_TTL_MS }: CachedListOptions = {},
): Promise<readonly T[]> {
  const key = `${sessionId}\n${kind}\n${JSON.stringify(filters)}`;
  const hit = cache.get(key);
  if (hit && now() - hit.at < Math.min(maxAgeMs, LIST_CACHE_TTL_MS)) {
    return hit.items as Promise<readonly T[]>;
  }
  const items = read();
  cache.delete(key);
  cache.set(key, { at: now(), items });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  // A failed read is not kept: the next request tries again.
  items.catch(() => {
    if (cache.get(key)?.items === items) cache.delete(key);
  });
  return items;
}

/** After a change of `kind` made through this server: every session's copy is dropped. */
export function forgetLists(kind: string): void {
  for (const key of [...cache.keys()]) {
    if (key.split('\n')[1] === kind) cache.delete(key);
  }
}
