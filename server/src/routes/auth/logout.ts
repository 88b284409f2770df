import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/**
 * GET and POST {webroot}auth/logout/ — revokes the token at Keystone (a failure there does not
 * keep anyone signed in), destroys the session and clears its cookie. GET (a plain link) sends
 * the browser to the login page; POST (the web app) answers 204.
 */
export const logoutRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const loginPage = `${deps.config.webroot}login`;

  const signOut = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await app.loadSession(request, reply);
    const session = request.session;
    if (session) {
      try {
        await app.openstackFor(session.token).keystone.revokeToken(session.token, {
          timeoutMs: 5_000,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'token revocation failed at logout');
      }
    }
    await reply.endSession();
  };

  serve(app, api['auth.logoutLink'], async (request, reply) => {
    await signOut(request, reply);
    return reply.redirect(loginPage, 303);
  });

  serve(app, api['auth.logout'], async (request, reply) => {
    await signOut(request, reply);
    return reply.code(204).send();
  });
};
