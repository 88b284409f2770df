import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Settings } from '@skydeck/contract';
import { errorResponses } from '../responses';
import type { RouteDeps } from '../deps';

/** GET /api/settings/ — the operator settings the web app reads; the schema is the allowlist. */
export const settingsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/settings/',
    { schema: { response: { 200: Settings, ...errorResponses } } },
    async () => deps.config.settings,
  );
};
