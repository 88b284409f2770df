import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/** GET /api/settings/ — the operator settings the web app reads; the schema is the allowlist. */
export const settingsRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  serve(app, api['settings.get'], async () => deps.config.settings);
};
