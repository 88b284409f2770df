import type { OpenStackClient } from '@skydeck/openstack-client';

/**
 * How long one session's id → name map of Nova servers is reused. A table pages, sorts, filters
 * and polls within seconds; re-reading every server name for each of those would cost Nova a
 * listing per request.
 */
const SERVER_NAMES_TTL_MS = 15_000;

/**
 * A map younger than this is trusted even when it lacks an id (a server gone since, or one the
 * caller cannot see); an older one is read again once, so a server made a moment ago gets its
 * name on the next poll rather than after the whole TTL.
 */
const MISS_REREAD_AFTER_MS = 2_000;

/** Nova's max_limit: the size of one page of the brief list. */
const PAGE = 1000;

/**
 * At most this many pages (servers) are read for names: past it the rest show by id. Bounds
 * the cost of a huge cloud while keeping a request at a fixed number of upstream calls.
 */
const MAX_PAGES = 10;

/** Sessions × scopes held at once; an entry is ids and names only. */
const MAX_ENTRIES = 128;

interface Entry {
  at: number;
  names: Promise<ReadonlyMap<string, string>>;
}

const cache = new Map<string, Entry>();

/**
 * Every server's id and name the caller sees: Nova's brief list, paged by marker. Nova reads
 * only the last of repeated `uuid` filters (and only for admins), so there is no asking for a
 * page's servers by id in one call: the list is read whole (up to the cap) and kept briefly.
 */
const readNames = async (
  openstack: OpenStackClient,
  allTenants: boolean,
): Promise<ReadonlyMap<string, string>> => {
  const names = new Map<string, string>();
  let marker: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const servers = await openstack.nova.servers.names({
      allTenants,
      limit: PAGE,
      ...(marker !== undefined && { marker }),
    });
    for (const s of servers) names.set(s.id, s.name);
    const last = servers[servers.length - 1];
    if (servers.length < PAGE || !last) break;
    marker = last.id;
  }
  return names;
};

const remember = (key: string, entry: Entry): void => {
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  // A failed read is not kept: the next request tries again.
  entry.names.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
};

/**
 * The names of the servers `ids` as this session sees them (every project's with
 * `allTenants`, which Nova allows admins only), from at most one listing per TTL. An id Nova
 * does not list (another project's server for a member, a deleted one) has no entry. Nova
 * refusing or failing leaves every name out rather than failing the caller's request.
 */
export async function serverNames(
  openstack: OpenStackClient,
  sessionId: string,
  ids: readonly string[],
  options: { allTenants: boolean; now?: () => number },
): Promise<ReadonlyMap<string, string>> {
  if (ids.length === 0) return new Map();
  const now = options.now ?? Date.now;
  const key = `${sessionId}\n${options.allTenants ? 'all' : 'own'}`;
  const fresh = (): Entry => {
    const entry = { at: now(), names: readNames(openstack, options.allTenants) };
    remember(key, entry);
    return entry;
  };
  let entry = cache.get(key);
  if (!entry || now() - entry.at >= SERVER_NAMES_TTL_MS) entry = fresh();
  try {
    let names = await entry.names;
    if (ids.some((id) => !names.has(id)) && now() - entry.at >= MISS_REREAD_AFTER_MS) {
      names = await fresh().names;
    }
    return names;
  } catch {
    return new Map();
  }
}

/** Tests: start from an empty cache. */
export const forgetServerNames = (): void => {
  cache.clear();
};
