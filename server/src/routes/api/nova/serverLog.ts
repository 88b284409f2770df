import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import {
  actionLog,
  attachedVolumes,
  consoleInfo,
  consoleOutput,
  encryptedPassword,
  securityGroups,
} from '../../../services/nova/serverLog';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';

/** An instance's console log tail, console, password, action log and volumes: its details page's tabs. */
export const serverLogRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.servers.consoleOutput'], async (request) =>
    consoleOutput(request.openstack, request.params.id, request.body.length),
  );

  serve(app, api['nova.servers.consoleInfo'], async (request) =>
    consoleInfo(request.openstack, request.params.id, request.body.console_type),
  );

  serve(app, api['nova.servers.password'], async (request) =>
    encryptedPassword(request.openstack, request.params.id),
  );

  serve(app, api['nova.servers.actionLog'], async (request) =>
    actionLog(request.openstack, request.params.id),
  );

  serve(app, api['nova.servers.volumes'], async (request) =>
    attachedVolumes(request.openstack, request.params.id),
  );

  serve(app, api['nova.servers.securityGroups'], async (request) =>
    securityGroups(request.openstack, request.params.id),
  );
};
