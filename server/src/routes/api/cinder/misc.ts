import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * /api/cinder/extensions/, /services/ (admin), /qosspecs/ (admin), /tenantabsolutelimits/ and
 * /availzones/.
 */
export const cinderMiscRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.extensions'], async (request) => ({
    items: (await request.openstack.cinder.extensions.list()).map((e) => ({
      name: e.name,
      alias: e.alias,
      description: e.description,
      updated: e.updated,
    })),
  }));

  serve(app, api['cinder.services'], async (request) => ({
    items: await request.openstack.cinder.services.list(),
  }));

  serve(app, api['cinder.qosSpecs'], async (request) => ({
    items: await request.openstack.cinder.qosSpecs.list(),
  }));

  serve(app, api['cinder.limits'], async (request) => {
    const limits = await request.openstack.cinder.limits.get();
    const out: Record<string, number> = {};
    for (const [key, value] of Object.entries(limits.absolute)) {
      if (typeof value === 'number') out[key] = value;
    }
    return out;
  });

  serve(app, api['cinder.availabilityZones'], async (request) => ({
    items: (await request.openstack.cinder.availabilityZones.list()).map((z) => ({
      zoneName: z.zoneName,
      zoneState: { available: z.zoneState.available },
    })),
  }));
};
