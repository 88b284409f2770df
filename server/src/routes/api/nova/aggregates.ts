import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * /api/nova/aggregates/{id}/extra-specs/ — a host aggregate's metadata, as the metadata editor
 * reads and writes it (admin; Nova's set_metadata, where null removes a key).
 */
export const aggregateRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(
    app,
    api['nova.aggregates.extraSpecs'],
    async (request) => (await request.openstack.nova.aggregates.get(request.params.id)).metadata,
  );

  serve(app, api['nova.aggregates.updateExtraSpecs'], async (request, reply) => {
    const { updated, removed } = request.body;
    const metadata: Record<string, string | null> = {};
    for (const key of removed) metadata[key] = null;
    Object.assign(metadata, updated);
    if (Object.keys(metadata).length > 0) {
      await request.openstack.nova.aggregates.setMetadata(request.params.id, metadata);
    }
    return reply.code(204).send(null);
  });
};
