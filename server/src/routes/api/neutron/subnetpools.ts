import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api, type SubnetPool } from '@skydeck/contract';
import type { NeutronSubnetPool } from '@skydeck/openstack-client';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** Neutron answers prefix lengths as text; a pool's bounds are numbers to the web. */
export const toSubnetPool = (p: NeutronSubnetPool): SubnetPool => ({
  id: p.id,
  name: p.name,
  ip_version: p.ip_version,
  prefixes: p.prefixes,
  min_prefixlen: Number(p.min_prefixlen),
  max_prefixlen: Number(p.max_prefixlen),
  default_prefixlen: Number(p.default_prefixlen),
  shared: p.shared,
  is_default: p.is_default,
});

/** /api/neutron/subnetpools/ — the pools the caller may allocate from (own and shared). */
export const subnetPoolRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.subnetpools.list'], async (request) => {
    const { items, truncated } = await request.openstack.neutron.subnetPools.listAll();
    return { items: items.map(toSubnetPool), has_more_data: truncated, has_prev_data: false };
  });
};
