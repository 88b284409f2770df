import type { FastifyInstance } from 'fastify';
import type { Extension, ExtensionList } from '@skydeck/contract';
import type { OpenStackClient } from '@skydeck/openstack-client';
import { serve } from './serve';

/** GET /api/<service>/extensions/: no params, a list of extensions. */
interface ExtensionsRoute {
  readonly method: 'GET';
  readonly path: string;
  readonly response: { readonly 200: typeof ExtensionList };
}

/**
 * Registers a service's extension list (Nova, Cinder): what the service lists, in the contract's
 * shape (the fields the dashboard reads, never the links).
 */
export const serveExtensions = (
  app: FastifyInstance,
  route: ExtensionsRoute,
  list: (openstack: OpenStackClient) => Promise<readonly Extension[]>,
): void => {
  serve(app, route, async (request) => ({
    items: (await list(request.openstack)).map((e) => ({
      name: e.name,
      alias: e.alias,
      description: e.description,
      updated: e.updated,
    })),
  }));
};

/**
 * The numeric absolute limits of a Nova or Cinder limits answer (the contract's shape): other
 * values some clouds add are left out.
 */
export const numericLimits = (absolute: object): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(absolute) as [string, unknown][]) {
    if (typeof value === 'number') out[key] = value;
  }
  return out;
};
