import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import type { NetworkAgent, QuotaLimit } from '@skydeck/contract';
import type { NeutronAgent } from '@skydeck/openstack-client';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/** name → limit as the table's rows, in a stable order so the page does not reshuffle. */
export const quotaRows = (set: Readonly<Record<string, number>>): QuotaLimit[] =>
  Object.entries(set)
    .map(([name, limit]) => ({ name, limit }))
    .sort((a, b) => a.name.localeCompare(b.name));

/** Only the fields the page shows: an agent's `configurations` can hold bridge maps and IPs. */
export const agentOf = (agent: NeutronAgent): NetworkAgent => ({
  id: agent.id,
  agent_type: agent.agent_type,
  binary: agent.binary,
  host: agent.host,
  availability_zone: agent.availability_zone ?? null,
  admin_state_up: agent.admin_state_up,
  alive: agent.alive,
  heartbeat_timestamp: agent.heartbeat_timestamp ?? null,
});

/** Admin › System: Nova's and Neutron's default quotas and Neutron's agents (issue 13). */
export const systemRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.quotas.defaults'], async (request) => {
    const { session } = sessionOf(request);
    return { items: quotaRows(await request.openstack.nova.quotaDefaults.get(session.project.id)) };
  });

  serveNoContent(app, api['nova.quotas.updateDefaults'], (request) =>
    request.openstack.nova.quotaDefaults.update(request.body),
  );

  serve(app, api['neutron.agents'], async (request) => ({
    items: (await request.openstack.neutron.system.agents()).map(agentOf),
  }));

  serve(app, api['neutron.quotas.defaults'], async (request) => {
    const { session } = sessionOf(request);
    const set = await request.openstack.neutron.system.quotaDefaults(session.project.id);
    return { items: quotaRows(set) };
  });
};
