import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import {
  actionLog,
  attachInterface,
  detachInterface,
  interfaces,
  attachedVolumes,
  consoleInfo,
  consoleOutput,
  encryptedPassword,
  instanceMetadata,
  securityGroups,
} from '../../../services/nova/serverLog';
import { serve, serveNoContent } from '../../serve';
import { serveMetadata } from '../../serveMetadata';
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

  serve(app, api['nova.servers.interfaces'], async (request) =>
    interfaces(request.openstack, request.params.id),
  );

  serve(app, api['nova.servers.attachInterface'], async (request) =>
    attachInterface(request.openstack, request.params.id, request.body),
  );

  serveNoContent(app, api['nova.servers.detachInterface'], (request) =>
    detachInterface(request.openstack, request.params.id, request.params.portId),
  );

  // The metadata editor's read and write (Nova's per-key calls: one merge, a DELETE per key).
  serveMetadata(
    app,
    { read: api['nova.servers.metadata'], write: api['nova.servers.updateMetadata'] },
    {
      get: (openstack, id) => instanceMetadata(openstack, id),
      set: (openstack, id, updated) => openstack.nova.serverLog.setMetadata(id, updated),
      remove: (openstack, id, key) => openstack.nova.serverLog.deleteMetadataKey(id, key),
    },
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
