import type { FastifyPluginAsync } from 'fastify';
import { type ServerGroup as ServerGroupShape, routeTable as api } from '@skydeck/contract';
import type { NormalizedServerGroup } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

const toServerGroup = (group: NormalizedServerGroup): ServerGroupShape => ({
  id: group.id,
  name: group.name,
  policy: group.policy,
  policies: group.policies,
  members: group.members,
  project_id: group.project_id,
  user_id: group.user_id,
});

/** /api/nova/servergroups/ — list, create, show and delete the project's server groups. */
export const serverGroupRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.servergroups.list'], async (request) => ({
    items: (await request.openstack.nova.serverGroups.list()).map(toServerGroup),
  }));

  serve(app, api['nova.servergroups.create'], async (request, reply) => {
    const { name, policy } = request.body;
    const created = await request.openstack.nova.serverGroups.create({ name, policy });
    return reply.code(201).send(toServerGroup(created));
  });

  serve(app, api['nova.servergroups.get'], async (request) => {
    const nova = request.openstack.nova;
    const group = toServerGroup(await nova.serverGroups.get(request.params.id));
    if (group.members.length === 0) return group;
    // Names of the members from one brief server list, never a call per member. The names are
    // a nicety: without them (the list refused or failed) the ids still stand.
    const servers = await nova.servers.names().catch((error: unknown) => {
      request.log.warn({ err: error }, 'server group members: cannot list server names');
      return [];
    });
    const members = new Set(group.members);
    const names = Object.fromEntries(
      servers.filter((s) => members.has(s.id) && s.name).map((s) => [s.id, s.name]),
    );
    return { ...group, member_names: names };
  });

  serveNoContent(app, api['nova.servergroups.delete'], (request) =>
    request.openstack.nova.serverGroups.delete(request.params.id),
  );
};
