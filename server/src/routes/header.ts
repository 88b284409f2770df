import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from './serve';
import type { RouteDeps } from './deps';

/**
 * GET {webroot}header/ (spec 1 §7 "Load header"): the operator's header sections, read at start
 * (config/headerFile.ts). Only for a signed-in user: the header may name internal addresses.
 */
export const headerRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const sections = deps.config.header ?? [];
  serve(app, api['header.get'], async () => ({ sections }));
};
