import type { FastifyPluginAsync } from 'fastify';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { routeTable as api, type ProjectList } from '@skydeck/contract';
import { sessionOf } from '../../lib/sessionOf';
import { toUserSession } from '../../lib/userSession';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/**
 * GET /api/bootstrap/ — session, settings, catalog and the user's projects in one answer, so the
 * shell's first page costs one round trip instead of a chain of four (foundation issue §5).
 */
export const bootstrapRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  serve(app, api['bootstrap.get'], async (request) => {
    const { session } = sessionOf(request);
    let projects: ProjectList | undefined;
    try {
      projects = { items: await request.openstack.keystone.listAuthProjects() };
    } catch (error) {
      // A refused token ends the session as on any route; anything else only costs the
      // switcher its list, which it then asks for (and reports) on its own.
      if (error instanceof OpenStackHttpError && error.status === 401) throw error;
      request.log.warn({ err: error }, 'bootstrap: the project list is left out');
    }
    return {
      session: toUserSession(session),
      settings: deps.config.settings,
      catalog: session.catalog,
      ...(projects && { projects }),
    };
  });
};
