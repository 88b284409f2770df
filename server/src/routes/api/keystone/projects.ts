import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * GET /api/keystone/projects/ — `?user=current`: the projects the signed-in user can switch to;
 * `?user=<id>`: that user's projects; otherwise every project (Keystone allows it to admins).
 */
export const keystoneProjectRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['keystone.projects.list'], async (request) => {
    const { user, domain_id, name } = request.query;
    const keystone = request.openstack.keystone;
    if (user === 'current') return { items: await keystone.listAuthProjects() };
    if (user) return { items: await keystone.listUserProjects(user) };
    return { items: await keystone.listProjects({ domain_id, name }) };
  });
};
