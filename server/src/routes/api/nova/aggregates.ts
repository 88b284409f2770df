import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serveMetadata } from '../../serveMetadata';
import type { RouteDeps } from '../../deps';

/**
 * /api/nova/aggregates/{id}/extra-specs/ — a host aggregate's metadata, as the metadata editor
 * reads and writes it (admin; Nova's set_metadata, where null removes a key).
 */
export const aggregateRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serveMetadata(
    app,
    { read: api['nova.aggregates.extraSpecs'], write: api['nova.aggregates.updateExtraSpecs'] },
    {
      get: async (openstack, id) => (await openstack.nova.aggregates.get(id)).metadata,
      apply: async (openstack, id, { updated, removed }) => {
        const metadata: Record<string, string | null> = {};
        for (const key of removed) metadata[key] = null;
        Object.assign(metadata, updated);
        if (Object.keys(metadata).length > 0) {
          await openstack.nova.aggregates.setMetadata(id, metadata);
        }
      },
    },
  );
};
