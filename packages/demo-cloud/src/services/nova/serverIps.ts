import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { loadServer } from './serverAccess';
import { withCurrentAddresses } from './serverLifecycle';
import { addressesView } from './serverViews';

export const serverIpRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get<{ Params: { id: string } }>('/servers/:id/ips', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:ips:index', { project_id: server.project_id });
    return { addresses: addressesView(withCurrentAddresses(ctx, server).addresses, false) };
  });

  app.get<{ Params: { id: string; network: string } }>(
    '/servers/:id/ips/:network',
    async (request) => {
      const server = loadServer(ctx, request, request.params.id);
      authorize(request, 'compute', 'os_compute_api:ips:show', { project_id: server.project_id });
      const view = addressesView(withCurrentAddresses(ctx, server).addresses, false);
      const entries = view[request.params.network];
      if (entries === undefined)
        throw new Fault(404, 'Instance is not a member of specified network');
      return { [request.params.network]: entries };
    },
  );
};
