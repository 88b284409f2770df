import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve } from '../../serve';
import { summarize, toComputeService, toHypervisor } from '../../../services/nova/computeAdmin';
import type { RouteDeps } from '../../deps';

/**
 * /api/nova/hypervisors/ and /api/nova/services/ — admin › Hypervisors: every compute node with
 * its usage, the sum of it, the servers on one node, and Nova's services with enable/disable.
 */
export const computeAdminRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.hypervisors.list'], async (request) => ({
    items: (await request.openstack.nova.hypervisors.listDetail()).map(toHypervisor),
  }));

  serve(app, api['nova.hypervisors.summary'], async (request) =>
    summarize((await request.openstack.nova.hypervisors.listDetail()).map(toHypervisor)),
  );

  serve(app, api['nova.hypervisors.get'], async (request) =>
    toHypervisor(await request.openstack.nova.hypervisors.getWithServers(request.params.id)),
  );

  serve(app, api['nova.services.list'], async (request) => ({
    items: (await request.openstack.nova.services.list(request.query)).map(toComputeService),
  }));

  serve(app, api['nova.services.update'], async (request, reply) => {
    const { status, disabled_reason: given } = request.body;
    // Nova stores an empty reason as given; say nothing rather than "".
    const reason = given?.trim();
    if (status === 'enabled' && reason) {
      return reply.code(400).send({ message: 'A reason can only be given when disabling.' });
    }
    const update = reason ? { status, disabled_reason: reason } : { status };
    return toComputeService(
      await request.openstack.nova.services.update(request.params.id, update),
    );
  });
};
