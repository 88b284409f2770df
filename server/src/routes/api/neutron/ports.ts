import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';
import { toPort } from './views';

/** /api/neutron/ports/ — by network or device; read-only for now. */
export const portRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['neutron.ports.list'], async (request) => {
    const { items, truncated } = await request.openstack.neutron.ports.listAll({
      filters: { ...request.query },
    });
    return { items: items.map(toPort), has_more_data: truncated, has_prev_data: false };
  });

  serve(app, api['neutron.ports.get'], async (request) =>
    toPort(await request.openstack.neutron.ports.get(request.params.id)),
  );
};
