import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
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
};
