import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExtensionList,
  FeatureAnswer,
  FeatureParams,
  NOVA_FEATURES,
  NovaLimits,
  NovaLimitsQuery,
  type NovaFeature,
} from '@skydeck/contract';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

const isFeature = (name: string): name is NovaFeature => Object.hasOwn(NOVA_FEATURES, name);

/** /api/nova/features/{feature}, /api/nova/extensions/, /api/nova/limits/. */
export const novaMiscRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/nova/features/:feature',
    { schema: { params: FeatureParams, response: { 200: FeatureAnswer, ...errorResponses } } },
    async (request, reply) => {
      const { feature } = request.params;
      if (!isFeature(feature)) {
        return reply.code(404).send({ message: `Unknown feature: ${feature}` });
      }
      const supported = await request.openstack.nova.supports(NOVA_FEATURES[feature]);
      return reply.send(supported);
    },
  );

  app.get(
    '/nova/extensions/',
    { schema: { response: { 200: ExtensionList, ...errorResponses } } },
    async (request) => ({
      items: (await request.openstack.nova.extensions.list()).map((e) => ({
        name: e.name,
        alias: e.alias,
        description: e.description,
        updated: e.updated,
      })),
    }),
  );

  app.get(
    '/nova/limits/',
    { schema: { querystring: NovaLimitsQuery, response: { 200: NovaLimits, ...errorResponses } } },
    async (request) => {
      const limits = await request.openstack.nova.limits.get({ reserved: request.query.reserved });
      const out: Record<string, number> = {};
      for (const [key, value] of Object.entries(limits.absolute)) {
        if (typeof value === 'number') out[key] = value;
      }
      return out;
    },
  );
};
