import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api, type RouterCreateBody } from '@skydeck/contract';
import type { GatewayRequest, NeutronRouter, RouterCreate } from '@skydeck/openstack-client';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import {
  addRouterInterface,
  networkNamesOf,
  routerInterfacesOf,
} from '../../../services/neutron/l3';
import type { OpenStackClient } from '@skydeck/openstack-client';
import { toRouter } from './l3views';

const gatewayNetworks = (routers: readonly NeutronRouter[]): string[] =>
  routers.flatMap((r) => (r.external_gateway_info ? [r.external_gateway_info.network_id] : []));

const routerOut = async (openstack: OpenStackClient, r: NeutronRouter) =>
  toRouter(r, await networkNamesOf(openstack, gatewayNetworks([r])));

export const routerCreateOf = (body: RouterCreateBody): RouterCreate => {
  const out: RouterCreate = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.description !== undefined) out.description = body.description;
  if (body.admin_state_up !== undefined) out.admin_state_up = body.admin_state_up;
  if (body.external_network_id !== undefined) {
    const gw: GatewayRequest = { network_id: body.external_network_id };
    if (body.enable_snat !== undefined) gw.enable_snat = body.enable_snat;
    out.external_gateway_info = gw;
  } else if (body.enable_snat !== undefined) {
    throw Object.assign(new Error('SNAT needs an external network.'), { statusCode: 400 });
  }
  if (body.ha !== undefined) out.ha = body.ha;
  if (body.distributed !== undefined) out.distributed = body.distributed;
  if (body.project_id) out.project_id = body.project_id;
  return out;
};

/**
 * /api/neutron/routers/ (issue 10): list, create, show, edit, delete; the gateway set and
 * cleared; interfaces listed, added (on the gateway IP or a given one) and removed; static
 * routes added and removed.
 */
export const routerRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.routers.list'], async (request) => {
    const { name, status, project_id, all_projects } = request.query;
    // Neutron shows an admin every project's routers; the project panel wants its own.
    const own = all_projects === true ? undefined : sessionOf(request).session.project.id;
    const { items, truncated } = await request.openstack.neutron.routers.listAll({
      filters: { name, status, project_id: project_id ?? own },
    });
    const names = await networkNamesOf(request.openstack, gatewayNetworks(items));
    items.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return {
      items: items.map((r) => toRouter(r, names)),
      has_more_data: truncated,
      has_prev_data: false,
    };
  });

  serve(app, api['neutron.routers.create'], async (request, reply) => {
    const created = await request.openstack.neutron.routers.create(routerCreateOf(request.body));
    return reply.code(201).send(await routerOut(request.openstack, created));
  });

  serve(app, api['neutron.routers.get'], async (request) =>
    routerOut(request.openstack, await request.openstack.neutron.routers.get(request.params.id)),
  );

  serve(app, api['neutron.routers.update'], async (request) => {
    const updated = await request.openstack.neutron.routers.update(request.params.id, request.body);
    return routerOut(request.openstack, updated);
  });

  serveNoContent(app, api['neutron.routers.delete'], (request) =>
    request.openstack.neutron.routers.delete(request.params.id),
  );

  serve(app, api['neutron.routers.setGateway'], async (request) => {
    const { network_id, enable_snat } = request.body;
    const gw: GatewayRequest = { network_id };
    if (enable_snat !== undefined) gw.enable_snat = enable_snat;
    const updated = await request.openstack.neutron.routers.update(request.params.id, {
      external_gateway_info: gw,
    });
    return routerOut(request.openstack, updated);
  });

  serve(app, api['neutron.routers.clearGateway'], async (request) => {
    const updated = await request.openstack.neutron.routers.update(request.params.id, {
      external_gateway_info: null,
    });
    return routerOut(request.openstack, updated);
  });

  serve(app, api['neutron.routers.interfaces'], async (request) => ({
    items: await routerInterfacesOf(request.openstack, request.params.id),
  }));

  serve(app, api['neutron.routers.addInterface'], async (request, reply) => {
    const added = await addRouterInterface(request.openstack, request.params.id, request.body);
    return reply.code(201).send(added);
  });

  serveNoContent(app, api['neutron.routers.removeInterface'], async (request) => {
    await request.openstack.neutron.routers.removeInterface(request.params.id, {
      port_id: request.params.port_id,
    });
  });

  serve(app, api['neutron.routers.updateRoutes'], async (request) => {
    const { routers } = request.openstack.neutron;
    const { id } = request.params;
    const { add = [], remove = [] } = request.body;
    // extraroute-atomic: each change is Neutron's own, so two editors never undo each other.
    let router = remove.length > 0 ? await routers.removeExtraRoutes(id, remove) : undefined;
    if (add.length > 0) router = await routers.addExtraRoutes(id, add);
    return routerOut(request.openstack, router ?? (await routers.get(id)));
  });

  serve(app, api['neutron.extensions.list'], async (request) => {
    const items = await request.openstack.neutron.extensions();
    return { items: items.map((e) => ({ alias: e.alias, name: e.name })) };
  });
};
