import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AvailabilityZoneList,
  CinderLimits,
  CinderServiceList,
  ExtensionList,
  QosSpecList,
} from '@skydeck/contract';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

/**
 * /api/cinder/extensions/, /services/ (admin), /qosspecs/ (admin), /tenantabsolutelimits/ and
 * /availzones/.
 */
export const cinderMiscRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/cinder/extensions/',
    { schema: { response: { 200: ExtensionList, ...errorResponses } } },
    async (request) => ({
      items: (await request.openstack.cinder.extensions.list()).map((e) => ({
        name: e.name,
        alias: e.alias,
        description: e.description,
        updated: e.updated,
      })),
    }),
  );

  app.get(
    '/cinder/services/',
    { schema: { response: { 200: CinderServiceList, ...errorResponses } } },
    async (request) => ({ items: await request.openstack.cinder.services.list() }),
  );

  app.get(
    '/cinder/qosspecs/',
    { schema: { response: { 200: QosSpecList, ...errorResponses } } },
    async (request) => ({ items: await request.openstack.cinder.qosSpecs.list() }),
  );

  app.get(
    '/cinder/tenantabsolutelimits/',
    { schema: { response: { 200: CinderLimits, ...errorResponses } } },
    async (request) => {
      const limits = await request.openstack.cinder.limits.get();
      const out: Record<string, number> = {};
      for (const [key, value] of Object.entries(limits.absolute)) {
        if (typeof value === 'number') out[key] = value;
      }
      return out;
    },
  );

  app.get(
    '/cinder/availzones/',
    { schema: { response: { 200: AvailabilityZoneList, ...errorResponses } } },
    async (request) => ({
      items: (await request.openstack.cinder.availabilityZones.list()).map((z) => ({
        zoneName: z.zoneName,
        zoneState: { available: z.zoneState.available },
      })),
    }),
  );
};
