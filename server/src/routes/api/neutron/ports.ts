import type { FastifyPluginAsync } from 'fastify';
import {
  checkPort,
  PORT_ISSUE_MESSAGES,
  routeTable as api,
  type PortCreateBody,
  type PortUpdateBody,
} from '@skydeck/contract';
import type { PortCreate, PortUpdate } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { toPort } from './views';

class PortRequestError extends Error {
  readonly statusCode = 400;
}

/** The address rules of portRules.ts as one 400 (Neutron's own refusals name no field). */
const enforce = (body: PortUpdateBody): void => {
  const issues = checkPort(body);
  if (issues.length === 0) return;
  const texts = [...new Set(issues.map((i) => PORT_ISSUE_MESSAGES[i.code]))];
  throw new PortRequestError(texts.join(' '));
};

/** Our field names as Neutron's (`vnic_type` → `binding:vnic_type`); absent stays absent. */
export const portChangesOf = (body: PortUpdateBody): PortUpdate => {
  enforce(body);
  const { vnic_type, fixed_ips, allowed_address_pairs, ...rest } = body;
  const out: PortUpdate = { ...rest };
  if (vnic_type !== undefined) out['binding:vnic_type'] = vnic_type;
  if (fixed_ips !== undefined) {
    // An empty address means "any address of the subnet": Neutron wants the key left out.
    out.fixed_ips = fixed_ips.map((ip) => {
      const address = ip.ip_address?.trim();
      return {
        ...(ip.subnet_id !== undefined && { subnet_id: ip.subnet_id }),
        ...(address && { ip_address: address }),
      };
    });
  }
  if (allowed_address_pairs !== undefined) {
    out.allowed_address_pairs = allowed_address_pairs.map((pair) => ({
      ip_address: pair.ip_address.trim(),
      ...(pair.mac_address && { mac_address: pair.mac_address }),
    }));
  }
  return out;
};

export const portCreateOf = (body: PortCreateBody): PortCreate => {
  const { network_id, project_id, ...rest } = body;
  return { network_id, ...(project_id && { project_id }), ...portChangesOf(rest) };
};

/** /api/neutron/ports/ — by network or device; create, show, edit, delete. */
export const portRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.ports.list'], async (request) => {
    const { items, truncated } = await request.openstack.neutron.ports.listAll({
      filters: { ...request.query },
    });
    return { items: items.map(toPort), has_more_data: truncated, has_prev_data: false };
  });

  serve(app, api['neutron.ports.create'], async (request, reply) => {
    const created = await request.openstack.neutron.ports.create(portCreateOf(request.body));
    return reply.code(201).send(toPort(created));
  });

  serve(app, api['neutron.ports.get'], async (request) =>
    toPort(await request.openstack.neutron.ports.get(request.params.id)),
  );

  serve(app, api['neutron.ports.update'], async (request) =>
    toPort(
      await request.openstack.neutron.ports.update(request.params.id, portChangesOf(request.body)),
    ),
  );

  serveNoContent(app, api['neutron.ports.delete'], (request) =>
    request.openstack.neutron.ports.delete(request.params.id),
  );
};
