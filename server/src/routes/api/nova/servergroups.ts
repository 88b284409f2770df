import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  IdParams,
  ServerGroup,
  ServerGroupCreateBody,
  ServerGroupList,
  type ServerGroup as ServerGroupShape,
} from '@skydeck/contract';
import type { NormalizedServerGroup } from '@skydeck/openstack-client';
import { errorResponses } from '../../responses';
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
export const serverGroupRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/nova/servergroups/',
    { schema: { response: { 200: ServerGroupList, ...errorResponses } } },
    async (request) => ({
      items: (await request.openstack.nova.serverGroups.list()).map(toServerGroup),
    }),
  );

  app.post(
    '/nova/servergroups/',
    {
      schema: { body: ServerGroupCreateBody, response: { 201: ServerGroup, ...errorResponses } },
    },
    async (request, reply) => {
      const { name, policy } = request.body;
      const created = await request.openstack.nova.serverGroups.create({ name, policy });
      return reply.code(201).send(toServerGroup(created));
    },
  );

  app.get(
    '/nova/servergroups/:id/',
    { schema: { params: IdParams, response: { 200: ServerGroup, ...errorResponses } } },
    async (request) =>
      toServerGroup(await request.openstack.nova.serverGroups.get(request.params.id)),
  );

  app.delete(
    '/nova/servergroups/:id/',
    { schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await request.openstack.nova.serverGroups.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
