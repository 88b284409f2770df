import type { FastifyPluginAsync } from 'fastify';
import { NOVA_FEATURES, type NovaFeature, routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

const isFeature = (name: string): name is NovaFeature => Object.hasOwn(NOVA_FEATURES, name);

/** /api/nova/features/{feature}, /api/nova/extensions/, /api/nova/limits/. */
export const novaMiscRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.feature'], async (request, reply) => {
    const { feature } = request.params;
    if (!isFeature(feature)) {
      return reply.code(404).send({ message: `Unknown feature: ${feature}` });
    }
    return request.openstack.nova.supports(NOVA_FEATURES[feature]);
  });

  serve(app, api['nova.extensions'], async (request) => ({
    items: (await request.openstack.nova.extensions.list()).map((e) => ({
      name: e.name,
      alias: e.alias,
      description: e.description,
      updated: e.updated,
    })),
  }));

  serve(app, api['nova.limits'], async (request) => {
    const limits = await request.openstack.nova.limits.get({ reserved: request.query.reserved });
    const out: Record<string, number> = {};
    for (const [key, value] of Object.entries(limits.absolute)) {
      if (typeof value === 'number') out[key] = value;
    }
    return out;
  });
};
