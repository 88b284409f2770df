import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectList, ProjectListQuery } from '@skydeck/contract';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

/**
 * GET /api/keystone/projects/ — `?user=current`: the projects the signed-in user can switch to;
 * `?user=<id>`: that user's projects; otherwise every project (Keystone allows it to admins).
 */
export const keystoneProjectRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/keystone/projects/',
    {
      schema: { querystring: ProjectListQuery, response: { 200: ProjectList, ...errorResponses } },
    },
    async (request) => {
      const { user, domain_id, name } = request.query;
      const keystone = request.openstack.keystone;
      if (user === 'current') return { items: await keystone.listAuthProjects() };
      if (user) return { items: await keystone.listUserProjects(user) };
      return { items: await keystone.listProjects({ domain_id, name }) };
    },
  );
};
