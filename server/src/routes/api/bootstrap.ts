import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { assembleBootstrap } from '../../services/bootstrap';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/**
 * GET /api/bootstrap/ — session, settings, catalog and the user's projects in one answer, so the
 * shell's first page costs one round trip instead of a chain of four (foundation issue §5).
 */
export const bootstrapRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  serve(app, api['bootstrap.get'], (request) => assembleBootstrap(request, deps.config.settings));
};
