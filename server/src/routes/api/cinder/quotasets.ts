import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * /api/cinder/quota-sets/ — the default quotas (read by anyone, changed by admins through the
 * `default` quota class), and a project's quotas (admin).
 */
export const cinderQuotaRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.quotas.defaults'], async (request) => {
    const { session } = sessionOf(request);
    const defaults = await request.openstack.cinder.quotaSets.getDefaults(session.project.id);
    return { items: Object.entries(defaults).map(([name, limit]) => ({ name, limit })) };
  });

  serveNoContent(app, api['cinder.quotas.updateDefaults'], (request) =>
    request.openstack.cinder.quotaSets.updateDefaults(request.body),
  );

  serve(app, api['cinder.quotas.get'], async (request) => {
    const set = await request.openstack.cinder.quotaSets.get(request.params.projectId);
    return { items: Object.entries(set).map(([name, limit]) => ({ name, limit })) };
  });

  serveNoContent(app, api['cinder.quotas.update'], (request) =>
    request.openstack.cinder.quotaSets.update(request.params.projectId, request.body),
  );
};
