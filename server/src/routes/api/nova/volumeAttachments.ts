import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/**
 * Attach a volume to an instance and detach it (spec 2 §7; the Volumes panel's Manage
 * Attachments and the instance's Attach/Detach Volume share these). Nova checks the device name,
 * the volume's state and the instance's: its 4xx answers pass through.
 */
export const volumeAttachmentRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['nova.servers.volumeAttach'], async (request) => {
    const { volume_id: volumeId, device } = request.body;
    const attached = await request.openstack.nova.volumeAttachments.attach(
      request.params.id,
      volumeId,
      device,
    );
    return {
      id: attached.id,
      server_id: attached.serverId,
      volume_id: attached.volumeId,
      device: attached.device ?? null,
    };
  });

  serveNoContent(app, api['nova.servers.volumeDetach'], async (request) => {
    await request.openstack.nova.volumeAttachments.detach(
      request.params.id,
      request.params.volumeId,
    );
  });
};
