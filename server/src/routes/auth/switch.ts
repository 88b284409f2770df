import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { OpenStackHttpError, type AuthResult } from '@skydeck/openstack-client';
import { sessionFromAuth, toUserSession } from '../../lib/userSession';
import { sessionOf } from '../../lib/sessionOf';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/**
 * POST {webroot}auth/switch/ — rescope the session to another project (token method), and
 * POST {webroot}auth/switch-region/ — use another region of the same catalog.
 */
export const switchRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  serve(
    app,
    api['auth.switchProject'],
    async (request, reply) => {
      const current = sessionOf(request).session;
      let auth: AuthResult;
      try {
        auth = await app.keystoneAuth.token({
          token: current.token,
          scope: { project: { id: request.body.project_id } },
        });
      } catch (error) {
        if (error instanceof OpenStackHttpError && [401, 403, 404].includes(error.status)) {
          return reply.code(403).send({ message: 'You are not authorized for that project.' });
        }
        throw error;
      }
      const next = {
        ...sessionFromAuth(auth, [current.region, ...deps.regions.configured]),
        // The admin's domain context is the identity panels' view, not the project's: it stays.
        ...(current.domainContext && { domainContext: current.domainContext }),
      };
      request.session = next;
      await reply.saveSession();
      deps.regions.add(next.regions);
      // The previous token is dropped but not revoked: calls still in flight with it must not
      // fail with a 401, which the web app treats as "signed out".
      return toUserSession(next);
    },
    { onRequest: app.requireSession },
  );

  serve(
    app,
    api['auth.switchRegion'],
    async (request, reply) => {
      const current = sessionOf(request).session;
      const region = request.body.region;
      if (!current.regions.includes(region)) {
        return reply.code(400).send({ message: `Region ${region} is not available.` });
      }
      request.session = { ...current, region };
      await reply.saveSession();
      return toUserSession(request.session);
    },
    { onRequest: app.requireSession },
  );
};
