import type { InstanceListQuery, InstanceSortKey } from '@skydeck/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, resourceKey, routeKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';
import { markerQuery, sortKeyIn } from '../paging';
import type { PageRequest } from '../../registry/types';

const LIST_FAILED = msg('Unable to retrieve instances.');

/** Most ids one `ids=` list takes (the contract's LIST_IDS_MAX); more rows re-list instead. */
export const INSTANCE_IDS_MAX = 100;

/** Spec 1 §9: the console log's default tail. */
export const DEFAULT_LOG_LENGTH = 35;

/** The facets the list route filters by; the rest (none today) would be dropped. */
export const INSTANCE_FILTERS = [
  'name',
  'status',
  'image',
  'flavor',
  'ip',
  'availability_zone',
  'host',
  'project_id',
] as const;

/** What the admin panel may filter by besides the project panel's. */
export const INSTANCE_ADMIN_FILTERS: ReadonlySet<string> = new Set(['host', 'project_id']);

/**
 * The facet values as the list route's query (spec 2 §9 server-side facets). The admin panel
 * lists every project's instances; the project panel never sends an admin's filters.
 */
export function instanceListQuery(
  filters: Record<string, string>,
  admin: boolean,
): InstanceListQuery {
  const query: Record<string, string | boolean> = {};
  for (const key of INSTANCE_FILTERS) {
    const value = filters[key]?.trim();
    if (!value || (!admin && INSTANCE_ADMIN_FILTERS.has(key))) continue;
    query[key] = value;
  }
  if (admin) query['all_projects'] = true;
  // The facets are the list query's own fields; the server validates them again.
  return query as InstanceListQuery;
}

/** What Nova sorts by (the list route's sort_key values). */
const SORT_KEYS: readonly InstanceSortKey[] = [
  'name',
  'created',
  'updated',
  'status',
  'task_state',
  'power_state',
  'availability_zone',
  'key_name',
  'host',
];

/** Instances (/api/nova/servers/, spec 2 §7 Compute). */
export const instanceQueries = {
  all: () => resourceKey('nova.servers'),
  /** Nova's largest page (1000), newest first: the list when a panel does not page. */
  list: (filters: Record<string, string>, admin: boolean) =>
    routeQuery(
      'nova.servers.list',
      { query: { ...instanceListQuery(filters, admin), paginate: false } },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** One page, with the markers of its neighbours; Nova's order (newest first) by default. */
  page: (filters: Record<string, string>, admin: boolean, page: PageRequest) =>
    routeQuery(
      'nova.servers.list',
      {
        query: {
          ...instanceListQuery(filters, admin),
          // Nova's own order (newest first) unless a column it sorts by is chosen.
          ...markerQuery(page, sortKeyIn(SORT_KEYS, page.sort_key)),
        },
      },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  /**
   * Only these instances: what polling re-reads while they change (BUILD, REBOOT, a task…), so
   * a page is not re-listed every few seconds. Undefined past the limit.
   */
  byIds: (ids: readonly string[]) =>
    ids.length === 0 || ids.length > INSTANCE_IDS_MAX
      ? undefined
      : routeQuery(
          'nova.servers.list',
          { query: { ids: [...ids].sort().join(',') } },
          { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
        ),
  detail: (id: string) =>
    routeQuery(
      'nova.servers.get',
      { params: { id } },
      {
        meta: { errorMessage: msg('Unable to retrieve instance details.'), silentStatuses: [404] },
      },
    ),
  /** The action log (os-instance-actions), newest first. */
  actionLog: (id: string) =>
    routeQuery(
      'nova.servers.actionLog',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve instance action list.') },
      },
    ),
  /** The attached volumes, named from Cinder. */
  volumes: (id: string) =>
    routeQuery(
      'nova.servers.volumes',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve volume information.') },
      },
    ),
  /** The security groups, shown on the Overview. */
  securityGroups: (id: string) =>
    routeQuery(
      'nova.servers.securityGroups',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve security groups of the instance.') },
      },
    ),
  /**
   * The console log's last `length` lines. A POST upstream that changes nothing, so it is read
   * as a query; failures are shown by the Log tab itself (spec 1 §8), not as a toast.
   */
  consoleLog: (id: string, length: number) =>
    queryOptions({
      queryKey: [...routeKey('nova.servers.consoleOutput', { params: { id } }), { length }],
      queryFn: ({ signal }) =>
        api('nova.servers.consoleOutput', { params: { id }, body: { length }, signal }).then(
          (r) => r.output,
        ),
      // The tab says so itself (spec 1 §8); 401 and 403 still go to the shell's handling.
      meta: { silentStatuses: [400, 404, 409, 500, 502, 503, 504] },
      retry: false,
    }),
  /**
   * A console URL with a fresh token (AUTO: the first kind the cloud offers). Read when the
   * Console tab shows, never cached: each token works once and expires.
   */
  consoleInfo: (id: string) =>
    queryOptions({
      queryKey: routeKey('nova.servers.consoleInfo', { params: { id } }),
      queryFn: ({ signal }) =>
        api('nova.servers.consoleInfo', { params: { id }, body: {}, signal }),
      gcTime: 0,
      staleTime: 0,
      retry: false,
      // The tab says why there is no console itself.
      meta: { silentStatuses: [400, 404, 409, 500, 502, 503, 504] },
    }),
  /** The admin password as Nova keeps it: RSA-encrypted, for the browser to decrypt. */
  encryptedPassword: (id: string) =>
    routeQuery(
      'nova.servers.password',
      { params: { id } },
      {
        map: (r) => r.encrypted_password,
        meta: { errorMessage: msg('Unable to retrieve the instance password.') },
      },
    ),
  /** The instance's ports (Nova's os-interface), for Detach Interface. */
  interfaces: (id: string) =>
    routeQuery(
      'nova.servers.interfaces',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve the instance interfaces.') },
      },
    ),
};
