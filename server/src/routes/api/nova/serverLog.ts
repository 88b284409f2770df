import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { actionLog, consoleOutput } from '../../../services/nova/serverLog';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** An instance's console log tail and action log: its details page's Log and Action Log tabs. */
export const serverLogRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.servers.consoleOutput'], async (request) =>
    consoleOutput(request.openstack, request.params.id, request.body.length),
  );

  serve(app, api['nova.servers.actionLog'], async (request) =>
    actionLog(request.openstack, request.params.id),
  );
};
