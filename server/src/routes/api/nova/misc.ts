import type { FastifyPluginAsync } from 'fastify';
import { NOVA_FEATURES, type NovaFeature, routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import { numericLimits, serveExtensions } from '../../serveServiceInfo';
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

  serveExtensions(app, api['nova.extensions'], (openstack) => openstack.nova.extensions.list());

  serve(app, api['nova.limits'], async (request) => {
    const limits = await request.openstack.nova.limits.get({ reserved: request.query.reserved });
    return numericLimits(limits.absolute);
  });
};
