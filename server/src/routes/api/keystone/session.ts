import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { sessionOf } from '../../../lib/sessionOf';
import { toUserSession } from '../../../lib/userSession';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** GET /api/keystone/version/, /user-session/ and /svc-catalog/ — all from the session. */
export const keystoneSessionRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  // Skydeck speaks Identity v3 only.
  serve(app, api['keystone.version'], async () => ({ version: '3' }));

  serve(app, api['keystone.userSession'], async (request) =>
    toUserSession(sessionOf(request).session),
  );

  serve(app, api['keystone.catalog'], async (request) => sessionOf(request).session.catalog);

  serve(app, api['keystone.setDomainContext'], async (request, reply) => {
    const { session } = sessionOf(request);
    // A domain context is an administrator's view of other domains (issue 12).
    if (!session.roles.includes('admin')) {
      return reply.code(403).send({ message: 'Only an administrator can set a domain context.' });
    }
    const id = request.body.domain_id;
    let domain;
    try {
      domain = await request.openstack.keystone.getDomain(id);
    } catch (error) {
      if (error instanceof OpenStackHttpError && error.status === 404) {
        return reply.code(400).send({ message: `Domain ${id} could not be found.` });
      }
      throw error;
    }
    request.session = { ...session, domainContext: { id: domain.id, name: domain.name } };
    await reply.saveSession();
    return toUserSession(request.session);
  });

  serve(app, api['keystone.clearDomainContext'], async (request, reply) => {
    const { domainContext: _dropped, ...rest } = sessionOf(request).session;
    request.session = rest;
    await reply.saveSession();
    return toUserSession(rest);
  });
};
