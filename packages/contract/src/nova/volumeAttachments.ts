import { Type, type Static } from 'typebox';
import { NoContent, Nullable } from '../common';
import { route, routes } from '../route';

const Id = Type.String({ minLength: 1, maxLength: 255 });

/** Attaching a volume to an instance (Nova's os-volume_attachments). */
export const VolumeAttachBody = Type.Object(
  {
    volume_id: Id,
    /**
     * The device name the guest should see (`/dev/vdb`); left out, Nova picks the next free one.
     * Nova checks the form itself, so we keep only a sane length.
     */
    device: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type VolumeAttachBody = Static<typeof VolumeAttachBody>;

/** Nova's answer to an attach: which volume is where. */
export const ServerVolumeAttachment = Type.Object({
  id: Type.String(),
  server_id: Type.String(),
  volume_id: Type.String(),
  device: Nullable(Type.String()),
});
export type ServerVolumeAttachment = Static<typeof ServerVolumeAttachment>;

export const VolumeDetachParams = Type.Object({ id: Id, volumeId: Id });
export type VolumeDetachParams = Static<typeof VolumeDetachParams>;

/**
 * Attach and detach go through Nova, not Cinder: only Nova can tell the hypervisor, and it
 * updates Cinder's attachment records itself.
 */
export const novaVolumeAttachmentRoutes = routes('nova.servers', {
  volumeAttach: route({
    method: 'POST',
    path: '/api/nova/servers/:id/volumes/',
    params: Type.Object({ id: Id }),
    body: VolumeAttachBody,
    response: { 200: ServerVolumeAttachment },
  }),
  volumeDetach: route({
    method: 'DELETE',
    path: '/api/nova/servers/:id/volumes/:volumeId/',
    params: VolumeDetachParams,
    response: { 204: NoContent },
  }),
});
