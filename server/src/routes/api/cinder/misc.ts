import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import { numericLimits, serveExtensions } from '../../serveServiceInfo';
import type { RouteDeps } from '../../deps';

/**
 * /api/cinder/extensions/, /services/ (admin), /pools/ (admin), /qosspecs/ (admin), /tenantabsolutelimits/ and
 * /availzones/.
 */
export const cinderMiscRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serveExtensions(app, api['cinder.extensions'], (openstack) => openstack.cinder.extensions.list());

  serve(app, api['cinder.services'], async (request) => ({
    items: await request.openstack.cinder.services.list(),
  }));

  serve(app, api['cinder.pools'], async (request) => ({
    items: await request.openstack.cinder.pools.list(),
  }));

  serve(app, api['cinder.qosSpecs'], async (request) => ({
    items: await request.openstack.cinder.qosSpecs.list(),
  }));

  serve(app, api['cinder.limits'], async (request) =>
    numericLimits((await request.openstack.cinder.limits.get()).absolute),
  );

  serve(app, api['cinder.availabilityZones'], async (request) => ({
    items: (await request.openstack.cinder.availabilityZones.list()).map((z) => ({
      zoneName: z.zoneName,
      zoneState: { available: z.zoneState.available },
    })),
  }));
};
