import type { FastifyPluginAsync } from 'fastify';
import {
  checkSubnet,
  routeTable as api,
  subnetIssueMessage,
  type SubnetAddressing,
  type SubnetCreateBody,
  type SubnetUpdateBody,
} from '@skydeck/contract';
import type { SubnetCreate, SubnetUpdate } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { toSubnet } from './views';

class SubnetRequestError extends Error {
  readonly statusCode = 400;
}

/** The rules of subnetRules.ts, as one 400 naming every problem. */
const enforce = (addressing: SubnetAddressing): void => {
  const issues = checkSubnet(addressing);
  if (issues.length > 0) throw new SubnetRequestError(issues.map(subnetIssueMessage).join(' '));
};

/** An empty gateway field means Neutron's default (absent); null means no gateway. */
const gatewayOf = (gateway: string | null | undefined): string | null | undefined =>
  gateway === '' ? undefined : gateway;

export const subnetCreateOf = (body: SubnetCreateBody): SubnetCreate => {
  if (body.cidr === undefined && body.subnetpool_id === undefined) {
    throw new SubnetRequestError('Give a network address (CIDR) or a subnet pool.');
  }
  if (body.cidr !== undefined && body.prefixlen !== undefined) {
    throw new SubnetRequestError('A prefix length goes with a subnet pool, not with a CIDR.');
  }
  enforce({ ...body, gateway_ip: gatewayOf(body.gateway_ip) });
  const out: SubnetCreate = { network_id: body.network_id, ip_version: body.ip_version };
  const { network_id: _n, ip_version: _v, gateway_ip, ...rest } = body;
  Object.assign(out, rest);
  const gateway = gatewayOf(gateway_ip);
  if (gateway !== undefined) out.gateway_ip = gateway;
  return out;
};

export const subnetUpdateOf = (body: SubnetUpdateBody): SubnetUpdate => {
  const { gateway_ip, ...rest } = body;
  const out: SubnetUpdate = { ...rest };
  const gateway = gatewayOf(gateway_ip);
  if (gateway !== undefined) out.gateway_ip = gateway;
  return out;
};

/** /api/neutron/subnets/ — list (by network), create, show, edit, delete. */
export const subnetRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.subnets.list'], async (request) => {
    const { items, truncated } = await request.openstack.neutron.subnets.listAll({
      filters: { ...request.query },
    });
    return { items: items.map(toSubnet), has_more_data: truncated, has_prev_data: false };
  });

  serve(app, api['neutron.subnets.create'], async (request, reply) => {
    const created = await request.openstack.neutron.subnets.create(subnetCreateOf(request.body));
    return reply.code(201).send(toSubnet(created));
  });

  serve(app, api['neutron.subnets.get'], async (request) =>
    toSubnet(await request.openstack.neutron.subnets.get(request.params.id)),
  );

  serve(app, api['neutron.subnets.update'], async (request) => {
    const subnets = request.openstack.neutron.subnets;
    const changes = subnetUpdateOf(request.body);
    // The gateway and pools are checked against the subnet's own CIDR and version.
    const current = await subnets.get(request.params.id);
    enforce({
      ip_version: current.ip_version,
      existingCidr: current.cidr,
      gateway_ip: changes.gateway_ip,
      allocation_pools: changes.allocation_pools ?? current.allocation_pools,
      dns_nameservers: changes.dns_nameservers,
      host_routes: changes.host_routes,
    });
    return toSubnet(await subnets.update(request.params.id, changes));
  });

  serveNoContent(app, api['neutron.subnets.delete'], (request) =>
    request.openstack.neutron.subnets.delete(request.params.id),
  );
};
