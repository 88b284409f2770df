import type { FastifyPluginAsync } from 'fastify';
import {
  type List,
  type NetworkCreateBody,
  type NetworkList as NetworkListShape,
  type NetworkListQuery,
  type NetworkUpdateBody,
  routeTable as api,
} from '@skydeck/contract';
import {
  OpenStackHttpError,
  type NetworkCalls,
  type NetworkCreate,
  type NetworkUpdate,
  type NeutronFilters,
  type NeutronNetwork,
} from '@skydeck/openstack-client';
import { checkPaging, readPage, wantsPage, wholeList } from '../../../lib/listPage';
import type { PagingQuery } from '../../../lib/listPage';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { subnetRefsOf, toNetwork } from './views';

/** Neutron's order with a limit and no sort key: by id. */
const NEUTRON_DEFAULT_SORT = { key: 'id', dir: 'asc' } as const;

class NetworkConflictError extends Error {
  readonly statusCode = 409;
}

/** The contract's filters as Neutron's attributes. */
export const networkFilters = (query: NetworkListQuery): NeutronFilters => ({
  name: query.name,
  status: query.status,
  shared: query.shared,
  'router:external': query.external,
  admin_state_up: query.admin_state_up,
  project_id: query.project_id,
});

const byName = (a: NeutronNetwork, b: NeutronNetwork): number =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Body fields that are written the same on create and update. */
const common = (body: NetworkUpdateBody): NetworkUpdate => {
  const out: NetworkUpdate = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.description !== undefined) out.description = body.description;
  if (body.admin_state_up !== undefined) out.admin_state_up = body.admin_state_up;
  if (body.shared !== undefined) out.shared = body.shared;
  if (body.external !== undefined) out['router:external'] = body.external;
  if (body.port_security_enabled !== undefined) {
    out.port_security_enabled = body.port_security_enabled;
  }
  if (body.mtu !== undefined) out.mtu = body.mtu;
  if (body.qos_policy_id !== undefined) out.qos_policy_id = body.qos_policy_id;
  return out;
};

export const networkCreateOf = (body: NetworkCreateBody): NetworkCreate => {
  const out: NetworkCreate = common(body);
  if (body.availability_zone_hints !== undefined) {
    out.availability_zone_hints = body.availability_zone_hints;
  }
  if (body.project_id) out.project_id = body.project_id;
  if (body.provider_network_type !== undefined) {
    out['provider:network_type'] = body.provider_network_type;
  }
  if (body.provider_physical_network !== undefined) {
    out['provider:physical_network'] = body.provider_physical_network;
  }
  if (body.provider_segmentation_id !== undefined) {
    out['provider:segmentation_id'] = body.provider_segmentation_id;
  }
  return out;
};

/**
 * One page after `marker`, or before `prev_marker`. The page before is Neutron's own
 * page_reverse: its id tie-break stays ascending whatever sort_dir says, so reading after the
 * item in the flipped direction (as for Glance and Cinder) would skip or repeat equal names.
 */
export const readNetworkPage = async (
  networks: NetworkCalls,
  filters: NeutronFilters,
  query: NetworkListQuery,
  size: number,
): Promise<List<NeutronNetwork>> => {
  const sort = { sortKey: query.sort_key ?? NEUTRON_DEFAULT_SORT.key, sortDir: query.sort_dir };
  const before = query.prev_marker;
  if (before === undefined) {
    return readPage(
      { marker: query.marker, sort_key: query.sort_key, sort_dir: query.sort_dir },
      size,
      NEUTRON_DEFAULT_SORT,
      (r) =>
        networks.list({
          filters,
          limit: r.limit,
          marker: r.marker,
          sortKey: r.sortKey,
          sortDir: r.sortDir,
        }),
      (n) => n,
    );
  }
  // One more than asked says whether more lies before; it is the first of the answer.
  const read = await networks.list({
    filters,
    limit: size + 1,
    marker: before,
    ...sort,
    pageReverse: true,
  });
  const more = read.length > size;
  const items = more ? read.slice(read.length - size) : read;
  const out: List<NeutronNetwork> = { items, has_more_data: true, has_prev_data: more };
  const first = items[0];
  const last = items[items.length - 1];
  if (last) out.next_marker = last.id;
  if (more && first) out.prev_marker = first.id;
  return out;
};

/**
 * /api/neutron/networks/ — list (the project's usable networks, or Neutron's list paged by
 * marker), create, show, edit and delete; each network with its subnets' names and CIDRs.
 */
export const networkRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const pageSize = deps.config.settings.API_RESULT_PAGE_SIZE;

  serve(app, api['neutron.networks.list'], async (request): Promise<NetworkListShape> => {
    const { query } = request;
    const networks = request.openstack.neutron.networks;
    const filters = networkFilters(query);
    const paging: PagingQuery = {
      paginate: query.paginate,
      limit: query.limit,
      marker: query.marker,
      prev_marker: query.prev_marker,
    };
    checkPaging(paging);
    if (query.mine === true) {
      // Neutron shows an admin every project's networks: the project's view is asked for as
      // the three lists Horizon's users know (own, shared, external), merged.
      const { project } = sessionOf(request).session;
      const reads = await Promise.all([
        networks.listAll({ filters: { ...filters, project_id: project.id } }),
        networks.listAll({ filters: { ...filters, shared: true } }),
        networks.listAll({ filters: { ...filters, 'router:external': true } }),
      ]);
      const seen = new Map<string, NeutronNetwork>();
      for (const read of reads) for (const n of read.items) seen.set(n.id, n);
      // Policy may hide router:external from a member (Zed's new defaults show it to the
      // owner only), but the external read found these: they are external.
      for (const n of reads[2].items) seen.set(n.id, { ...n, 'router:external': true });
      const items = [...seen.values()].sort(byName);
      const refs = await subnetRefsOf(request.openstack, items);
      return wholeList(
        items,
        reads.some((r) => r.truncated),
        (n) => toNetwork(n, refs),
      );
    }
    if (!wantsPage(paging)) {
      const all = await networks.listAll({
        filters,
        sortKey: query.sort_key ?? 'name',
        sortDir: query.sort_dir,
      });
      const refs = await subnetRefsOf(request.openstack, all.items);
      return wholeList(all.items, all.truncated, (n) => toNetwork(n, refs));
    }
    // The page is read first, then its subnets: two reads whatever the page's size.
    const page = await readNetworkPage(networks, filters, query, paging.limit ?? pageSize);
    const refs = await subnetRefsOf(request.openstack, page.items);
    return { ...page, items: page.items.map((n) => toNetwork(n, refs)) };
  });

  serve(app, api['neutron.networks.create'], async (request, reply) => {
    const created = await request.openstack.neutron.networks.create(networkCreateOf(request.body));
    return reply.code(201).send(toNetwork(created, new Map()));
  });

  serve(app, api['neutron.networks.get'], async (request) => {
    const network = await request.openstack.neutron.networks.get(request.params.id);
    return toNetwork(network, await subnetRefsOf(request.openstack, [network]));
  });

  serve(app, api['neutron.networks.update'], async (request) => {
    const network = await request.openstack.neutron.networks.update(
      request.params.id,
      common(request.body),
    );
    return toNetwork(network, await subnetRefsOf(request.openstack, [network]));
  });

  serveNoContent(app, api['neutron.networks.delete'], async (request) => {
    try {
      await request.openstack.neutron.networks.delete(request.params.id);
    } catch (error) {
      // Neutron's NetworkInUse lists port ids; the user needs to know what to do instead.
      if (error instanceof OpenStackHttpError && error.status === 409) {
        throw new NetworkConflictError(
          'The network still has ports in use (instances, routers or other devices). ' +
            'Detach or delete them, then delete the network.',
        );
      }
      throw error;
    }
  });
};
