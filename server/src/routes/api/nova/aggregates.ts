import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ExtraSpecs, IdParams, MetadataUpdate } from '@skydeck/contract';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';

/**
 * /api/nova/aggregates/{id}/extra-specs/ — a host aggregate's metadata, as the metadata editor
 * reads and writes it (admin; Nova's set_metadata, where null removes a key).
 */
export const aggregateRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/nova/aggregates/:id/extra-specs/',
    { schema: { params: IdParams, response: { 200: ExtraSpecs, ...errorResponses } } },
    async (request) => (await request.openstack.nova.aggregates.get(request.params.id)).metadata,
  );

  app.patch(
    '/nova/aggregates/:id/extra-specs/',
    {
      schema: {
        params: IdParams,
        body: MetadataUpdate,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { updated, removed } = request.body;
      const metadata: Record<string, string | null> = {};
      for (const key of removed) metadata[key] = null;
      Object.assign(metadata, updated);
      if (Object.keys(metadata).length > 0) {
        await request.openstack.nova.aggregates.setMetadata(request.params.id, metadata);
      }
      return reply.code(204).send(null);
    },
  );
};
