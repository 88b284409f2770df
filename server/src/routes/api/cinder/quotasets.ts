import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CinderQuotaUpdate, ProjectIdParams, QuotaLimitList } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

/**
 * /api/cinder/quota-sets/ — the default quotas (read by anyone, changed by admins through the
 * `default` quota class), and a project's quotas (admin).
 */
export const cinderQuotaRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/cinder/quota-sets/defaults/',
    { schema: { response: { 200: QuotaLimitList, ...errorResponses } } },
    async (request) => {
      const { session } = sessionOf(request);
      const defaults = await request.openstack.cinder.quotaSets.getDefaults(session.project.id);
      return { items: Object.entries(defaults).map(([name, limit]) => ({ name, limit })) };
    },
  );

  app.patch(
    '/cinder/quota-sets/defaults/',
    { schema: { body: CinderQuotaUpdate, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await request.openstack.cinder.quotaSets.updateDefaults(request.body);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/cinder/quota-sets/:projectId/',
    {
      schema: {
        params: ProjectIdParams,
        body: CinderQuotaUpdate,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await request.openstack.cinder.quotaSets.update(request.params.projectId, request.body);
      return reply.code(204).send(null);
    },
  );
};
