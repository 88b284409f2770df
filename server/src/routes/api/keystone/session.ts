import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { KeystoneVersion, ServiceCatalog, UserSession } from '@skydeck/contract';
import { sessionOf } from '../../../lib/sessionOf';
import { toUserSession } from '../../../lib/userSession';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

/** GET /api/keystone/version/, /user-session/ and /svc-catalog/ — all from the session. */
export const keystoneSessionRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/keystone/version/',
    { schema: { response: { 200: KeystoneVersion, ...errorResponses } } },
    // Skydeck speaks Identity v3 only.
    async () => ({ version: '3' }),
  );

  app.get(
    '/keystone/user-session/',
    { schema: { response: { 200: UserSession, ...errorResponses } } },
    async (request) => toUserSession(sessionOf(request).session),
  );

  app.get(
    '/keystone/svc-catalog/',
    { schema: { response: { 200: ServiceCatalog, ...errorResponses } } },
    async (request) => sessionOf(request).session.catalog,
  );
};
