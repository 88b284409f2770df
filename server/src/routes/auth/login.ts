import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { OpenStackHttpError, type AuthResult } from '@skydeck/openstack-client';
import { sessionFromAuth, toUserSession } from '../../lib/userSession';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

class LoginRefused extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

const isAuthFailure = (error: unknown): boolean =>
  error instanceof OpenStackHttpError && (error.status === 401 || error.status === 403);

/**
 * POST {webroot}auth/login/ — JSON or a classic form post. Signs in with Keystone, scopes the
 * token to the user's default project (Keystone's own choice) or else the first enabled project
 * the user can reach, and keeps the token in a new server-side session.
 */
export const loginRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { config, regions } = deps;

  /** An unscoped token (user without a default project) → scoped to a project it may use. */
  const scopeToAProject = async (unscoped: AuthResult): Promise<AuthResult> => {
    const client = app.openstackFor(unscoped.token);
    const projects = (await client.keystone.listAuthProjects()).filter((p) => p.enabled);
    for (const project of projects) {
      try {
        return await app.keystoneAuth.token({
          token: unscoped.token,
          scope: { project: { id: project.id } },
        });
      } catch (error) {
        // A project disabled or unassigned since the listing: try the next one.
        if (!isAuthFailure(error)) throw error;
      }
    }
    throw new LoginRefused(401, 'You are not authorized for any projects.');
  };

  serve(app, api['auth.login'], async (request, reply) => {
    const body = request.body;
    const authType = body.auth_type || config.authTypes[0] || 'credentials';
    if (authType !== 'credentials' || !config.authTypes.includes(authType)) {
      return reply.code(400).send({ message: 'Unsupported authentication type' });
    }
    if (!body.username) return reply.code(400).send({ message: 'username is required' });
    if (!body.password) return reply.code(400).send({ message: 'password is required' });
    if (config.multidomain && !body.domain) {
      return reply.code(400).send({ message: 'domain is required' });
    }
    // Without multi-domain support the login form has no domain field: the default applies.
    const domain = (config.multidomain && body.domain) || config.defaultDomain;

    // Password guessing is slowed down per user name and per client address, then refused.
    const attempt = await app.loginThrottle.begin(body.username, domain, request.ip);
    if (!('delayMs' in attempt)) {
      request.log.warn({ user: body.username, domain, ip: request.ip }, 'login throttled');
      return reply
        .header('retry-after', String(attempt.retryAfterSeconds))
        .code(429)
        .send({ message: attempt.message });
    }
    if (attempt.delayMs > 0) await sleep(attempt.delayMs);

    // From here an unknown user and a wrong password take the same path, and the pacer makes
    // both take as long as the slowest recent refusal, whatever Keystone spent on each.
    const started = performance.now();
    let auth: AuthResult;
    try {
      auth = await app.keystoneAuth.password({
        username: body.username,
        password: body.password,
        userDomainName: domain,
      });
    } catch (error) {
      if (isAuthFailure(error) || (error instanceof OpenStackHttpError && error.status === 404)) {
        await attempt.failed();
        await app.refusalPacer.pace(performance.now() - started);
        request.log.info({ user: body.username, domain }, 'login refused by Keystone');
        return reply.code(401).send({ message: 'Invalid credentials.' });
      }
      await attempt.abandoned();
      throw error;
    }
    // The password was right: whatever follows, this user name starts over.
    await attempt.succeeded();
    try {
      if (!auth.body.project) auth = await scopeToAProject(auth);
    } catch (error) {
      if (error instanceof LoginRefused) {
        return reply.code(error.status).send({ message: error.message });
      }
      throw error;
    }

    const session = sessionFromAuth(auth, [body.region, ...regions.configured]);
    if (body.region && session.region !== body.region) {
      reply.messages.push(
        'warning',
        `Region ${body.region} is not available; using ${session.region || 'none'}.`,
      );
    }
    regions.add(session.regions);
    // A new session id; the answer also carries the CSRF token bound to it (plugins/csrf.ts).
    await reply.startSession(session);
    request.log.info({ user: session.user.id, project: session.project.id }, 'signed in');
    return toUserSession(session);
  });
};
