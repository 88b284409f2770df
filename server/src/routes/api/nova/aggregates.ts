import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import { serveItemPassThrough } from '../../serveItem';
import { serveMetadata } from '../../serveMetadata';
import { changeAggregateHosts, toAggregate } from '../../../services/nova/computeAdmin';
import type { RouteDeps } from '../../deps';

/**
 * /api/nova/aggregates/ — host aggregates (admin): list, create (with hosts), show, edit name and
 * zone, delete, add and remove hosts; and /{id}/extra-specs/, the aggregate's metadata as the
 * metadata editor reads and writes it (Nova's set_metadata, where null removes a key).
 */
export const aggregateRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.aggregates.list'], async (request) => ({
    items: (await request.openstack.nova.aggregates.list()).map(toAggregate),
  }));

  serve(app, api['nova.aggregates.create'], async (request, reply) => {
    const { name, availability_zone, hosts = [] } = request.body;
    const nova = request.openstack.nova;
    const created = await nova.aggregates.create({
      name,
      ...(availability_zone ? { availability_zone } : {}),
    });
    const filled =
      hosts.length > 0
        ? await changeAggregateHosts(nova, String(created.id), { add: hosts, remove: [] })
        : created;
    return reply.code(201).send(toAggregate(filled));
  });

  serveItemPassThrough(
    app,
    {
      get: api['nova.aggregates.get'],
      update: api['nova.aggregates.update'],
      delete: api['nova.aggregates.delete'],
    },
    (request) => request.openstack.nova.aggregates,
    toAggregate,
  );

  serve(app, api['nova.aggregates.hosts'], async (request) =>
    toAggregate(
      await changeAggregateHosts(request.openstack.nova, request.params.id, request.body),
    ),
  );

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
