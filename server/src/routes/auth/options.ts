import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

const AUTH_TYPE_LABELS: Record<string, string> = {
  credentials: 'Keystone Credentials',
};

/** GET {webroot}auth/options/ — what the login page offers; also hands out the CSRF cookie. */
export const authOptionsRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { config, regions } = deps;
  serve(app, api['auth.options'], async (_request, reply) => {
    reply.issueCsrfToken();
    reply.header('cache-control', 'no-store');
    const list = regions.list();
    return {
      auth_types: config.authTypes.map((id) => ({ id, label: AUTH_TYPE_LABELS[id] ?? id })),
      default_auth_type: config.authTypes[0] ?? 'credentials',
      regions: list.map((id) => ({ id, label: id })),
      default_region: list[0] ?? '',
      show_domain: config.multidomain,
      default_domain: config.defaultDomain,
    };
  });
};
