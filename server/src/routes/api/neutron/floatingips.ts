import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import type {
  FloatingIpCreate,
  NeutronFloatingIp,
  OpenStackClient,
} from '@skydeck/openstack-client';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { floatingIpTargets, instanceNamesOf, networkNamesOf } from '../../../services/neutron/l3';
import { toFloatingIp } from './l3views';

const describe = async (openstack: OpenStackClient, items: readonly NeutronFloatingIp[]) => {
  const [networks, instances] = await Promise.all([
    networkNamesOf(
      openstack,
      items.map((f) => f.floating_network_id),
    ),
    // Names are needed only for floating IPs on an instance's port.
    items.some((f) => f.port_details?.device_owner.startsWith('compute:') === true)
      ? instanceNamesOf(openstack)
      : Promise.resolve(new Map<string, string>()),
  ]);
  return items.map((f) => toFloatingIp(f, networks, instances));
};

const one = async (openstack: OpenStackClient, f: NeutronFloatingIp) => {
  const [out] = await describe(openstack, [f]);
  if (!out) throw new TypeError('no floating IP');
  return out;
};

/**
 * /api/network/floatingip(s)/ (spec 2 §7 "Network"): list, pools, allocate (pool_id),
 * associate or disassociate (address_id, port_id), release; and the ports an association can
 * go to.
 */
export const floatingIpRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['network.floatingips.list'], async (request) => {
    const { all_projects, port_id, floating_ip_address } = request.query;
    const own = all_projects === true ? undefined : sessionOf(request).session.project.id;
    const { items, truncated } = await request.openstack.neutron.floatingIps.listAll({
      filters: { project_id: own, port_id, floating_ip_address },
    });
    items.sort((a, b) => a.floating_ip_address.localeCompare(b.floating_ip_address));
    return {
      items: await describe(request.openstack, items),
      has_more_data: truncated,
      has_prev_data: false,
    };
  });

  serve(app, api['network.floatingips.get'], async (request) =>
    one(request.openstack, await request.openstack.neutron.floatingIps.get(request.params.id)),
  );

  serve(app, api['network.floatingips.pools'], async (request) => {
    const { items } = await request.openstack.neutron.networks.listAll({
      filters: { 'router:external': true },
      fields: ['id', 'name'],
    });
    items.sort((a, b) => a.name.localeCompare(b.name));
    return { items: items.map((n) => ({ id: n.id, name: n.name })) };
  });

  serve(app, api['network.floatingips.targets'], async (request) => ({
    items: await floatingIpTargets(
      request.openstack,
      sessionOf(request).session.project.id,
      request.query,
    ),
  }));

  serve(app, api['network.floatingips.allocate'], async (request, reply) => {
    const { pool_id, ...rest } = request.body;
    const body: FloatingIpCreate = { floating_network_id: pool_id };
    if (rest.description !== undefined) body.description = rest.description;
    if (rest.dns_name) body.dns_name = rest.dns_name;
    if (rest.dns_domain) body.dns_domain = rest.dns_domain;
    if (rest.floating_ip_address) body.floating_ip_address = rest.floating_ip_address;
    if (rest.project_id) body.project_id = rest.project_id;
    const created = await request.openstack.neutron.floatingIps.create(body);
    return reply.code(201).send(await one(request.openstack, created));
  });

  serve(app, api['network.floatingips.associate'], async (request) => {
    const { address_id, port_id, fixed_ip_address } = request.body;
    // No port: disassociate (spec 2 §7). A fixed IP without a port means nothing.
    const updated = await request.openstack.neutron.floatingIps.update(
      address_id,
      port_id === undefined
        ? { port_id: null }
        : { port_id, ...(fixed_ip_address !== undefined && { fixed_ip_address }) },
    );
    return one(request.openstack, updated);
  });

  serveNoContent(app, api['network.floatingips.release'], (request) =>
    request.openstack.neutron.floatingIps.delete(request.params.id),
  );
};
