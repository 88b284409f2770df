import type { OpenStackClient } from '@skydeck/openstack-client';
import { cachedList, forgetLists } from '../listCache';

/**
 * A read younger than this is trusted even when it lacks an id (a server gone since, or one the
 * caller cannot see); an older one is read again once, so a server made a moment ago gets its
 * name on the next poll rather than after the whole cache lifetime.
 */
const MISS_REREAD_AFTER_MS = 2_000;

/** The list cache's kind for these reads. */
const KIND = 'nova.serverNames';

/** Nova's max_limit: the size of one page of the brief list. */
const PAGE = 1000;

/**
 * At most this many pages (servers) are read for names: past it the rest show by id. Bounds
 * the cost of a huge cloud while keeping a request at a fixed number of upstream calls.
 */
const MAX_PAGES = 10;

/**
 * Every server's id and name the caller sees: Nova's brief list, paged by marker. Nova reads
 * only the last of repeated `uuid` filters (and only for admins), so there is no asking for a
 * page's servers by id in one call: the list is read whole (up to the cap) and kept briefly.
 */
const readNames = async (
  openstack: OpenStackClient,
  allTenants: boolean,
): Promise<readonly { id: string; name: string }[]> => {
  const names: { id: string; name: string }[] = [];
  let marker: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const servers = await openstack.nova.servers.names({
      allTenants,
      limit: PAGE,
      ...(marker !== undefined && { marker }),
    });
    for (const s of servers) names.push({ id: s.id, name: s.name });
    const last = servers[servers.length - 1];
    if (servers.length < PAGE || !last) break;
    marker = last.id;
  }
  return names;
};

/**
 * The names of the servers `ids` as this session sees them (every project's with
 * `allTenants`, which Nova allows admins only), from one listing kept by the list cache
 * (services/listCache). An id Nova does not list (another project's server for a member, a
 * deleted one) has no entry. Nova refusing or failing leaves every name out rather than
 * failing the caller's request.
 */
export async function serverNames(
  openstack: OpenStackClient,
  sessionId: string,
  ids: readonly string[],
  options: { allTenants: boolean; now?: () => number },
): Promise<ReadonlyMap<string, string>> {
  if (ids.length === 0) return new Map();
  const { allTenants, now } = options;
  const read = () => readNames(openstack, allTenants);
  const wanted = new Set(ids);
  const found = (servers: readonly { id: string }[]): number =>
    servers.reduce((n, s) => n + (wanted.has(s.id) ? 1 : 0), 0);
  try {
    let servers = await cachedList(sessionId, KIND, { allTenants }, read, { now });
    if (found(servers) < wanted.size) {
      servers = await cachedList(sessionId, KIND, { allTenants }, read, {
        now,
        maxAgeMs: MISS_REREAD_AFTER_MS,
      });
    }
    return new Map(servers.filter((s) => wanted.has(s.id)).map((s) => [s.id, s.name]));
  } catch {
    return new Map();
  }
}

/** Tests: start from an empty cache. */
export const forgetServerNames = (): void => {
  forgetLists(KIND);
};
