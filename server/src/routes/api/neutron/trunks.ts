import type { FastifyPluginAsync } from 'fastify';
import {
  routeTable as api,
  type Trunk,
  type TrunkEditSide,
  type TrunkSubportRequest,
} from '@skydeck/contract';
import type { NeutronSubport, NeutronTrunk, TrunkUpdate } from '@skydeck/openstack-client';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { identityFieldsOf, withTimestamps } from './standardAttrs';

export const toTrunk = (t: NeutronTrunk): Trunk => {
  const out: Trunk = {
    ...identityFieldsOf(t),
    name_or_id: t.name || t.id,
    port_id: t.port_id,
    status: t.status,
    admin_state_up: t.admin_state_up,
    admin_state: t.admin_state_up ? 'UP' : 'DOWN',
    sub_ports: t.sub_ports.map((s) => ({
      port_id: s.port_id,
      segmentation_type: s.segmentation_type,
      // Neutron answers an inherit subport with the network's segment id (or none).
      segmentation_id: s.segmentation_id ?? 0,
    })),
    subport_count: t.sub_ports.length,
  };
  if (t.revision_number !== undefined) out.revision_number = t.revision_number;
  return withTimestamps(out, t);
};

const toSubport = (s: TrunkSubportRequest): NeutronSubport =>
  s.segmentation_type === 'vlan'
    ? { port_id: s.port_id, segmentation_type: 'vlan', segmentation_id: s.segmentation_id }
    : { port_id: s.port_id, segmentation_type: 'inherit' };

const subportKey = (s: TrunkSubportRequest): string =>
  s.segmentation_type === 'vlan'
    ? `${s.port_id}|vlan|${s.segmentation_id}`
    : `${s.port_id}|inherit`;

/**
 * What the edit pair asks Neutron for: the changed fields, the subports to remove (gone, or
 * whose segmentation changed) and those to add. A subport's segmentation cannot be edited in
 * place, so a change is a remove and an add of the same port.
 */
export const trunkEditOf = (
  before: TrunkEditSide,
  after: TrunkEditSide,
): { fields: TrunkUpdate; remove: string[]; add: NeutronSubport[] } => {
  const fields: TrunkUpdate = {};
  if (after.name !== before.name) fields.name = after.name;
  if (after.description !== before.description) fields.description = after.description;
  if (after.admin_state_up !== before.admin_state_up) fields.admin_state_up = after.admin_state_up;
  const kept = new Set(after.sub_ports.map(subportKey));
  const had = new Set(before.sub_ports.map(subportKey));
  const remove = before.sub_ports.filter((s) => !kept.has(subportKey(s))).map((s) => s.port_id);
  const add = after.sub_ports.filter((s) => !had.has(subportKey(s))).map(toSubport);
  return { fields, remove, add };
};

/** /api/neutron/trunks/ (spec 2 §2, §7): list, create, show, edit as a pair, delete. */
export const trunkRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.trunks.list'], async (request) => {
    const { all_projects, project_id, ...filters } = request.query;
    // Neutron shows an admin every project's trunks; the project panel wants its own.
    const own = all_projects === true ? undefined : sessionOf(request).session.project.id;
    const { items, truncated } = await request.openstack.neutron.trunks.listAll({
      filters: { ...filters, project_id: project_id ?? own },
    });
    items.sort((a, b) => (a.name || a.id).localeCompare(b.name || b.id));
    return { items: items.map(toTrunk), has_more_data: truncated, has_prev_data: false };
  });

  serve(app, api['neutron.trunks.create'], async (request, reply) => {
    const { sub_ports, ...rest } = request.body;
    const created = await request.openstack.neutron.trunks.create({
      ...rest,
      ...(sub_ports !== undefined && { sub_ports: sub_ports.map(toSubport) }),
    });
    return reply.code(201).send(toTrunk(created));
  });

  serve(app, api['neutron.trunks.get'], async (request) =>
    toTrunk(await request.openstack.neutron.trunks.get(request.params.id)),
  );

  serve(app, api['neutron.trunks.update'], async (request) => {
    const trunks = request.openstack.neutron.trunks;
    const id = request.params.id;
    const [before, after] = request.body;
    const { fields, remove, add } = trunkEditOf(before, after);
    if (Object.keys(fields).length > 0) await trunks.update(id, fields);
    // Removed first: a port whose segmentation changed is taken off before it goes back on.
    if (remove.length > 0) await trunks.removeSubports(id, remove);
    if (add.length > 0) await trunks.addSubports(id, add);
    return toTrunk(await trunks.get(id));
  });

  serveNoContent(app, api['neutron.trunks.delete'], (request) =>
    request.openstack.neutron.trunks.delete(request.params.id),
  );
};
