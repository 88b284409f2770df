import { api, resourceKey } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

export interface AttachVariables {
  serverId: string;
  volumeId: string;
  /** Empty: Nova picks the next free device. */
  device?: string;
  /** For the toast. */
  volumeName: string;
  serverName: string;
}

export interface DetachVariables {
  serverId: string;
  volumeId: string;
  volumeName: string;
  serverName: string;
}

/**
 * Attach and detach (POST/DELETE /api/nova/servers/:id/volumes/): both change the volume (its
 * status and attachments) and the instance (its volumes tab), so both lists are refetched.
 */
const affected = [
  resourceKey('cinder.volumes'),
  resourceKey('nova.servers'),
  resourceKey('cinder.limits'),
];

export const volumeAttachmentMutations = {
  attach: mutation({
    fn: (v: AttachVariables) =>
      api('nova.servers.volumeAttach', {
        params: { id: v.serverId },
        body: { volume_id: v.volumeId, ...(v.device ? { device: v.device } : {}) },
      }),
    invalidates: affected,
    successType: 'info',
    successMessage: (_answer, v) =>
      t(msg('Attaching volume {{volume}} to instance {{instance}}.'), {
        volume: v.volumeName,
        instance: v.serverName,
      }),
    errorMessage: msg('Unable to attach the volume.'),
    inlineErrors: true,
  }),
  detach: mutation({
    fn: (v: DetachVariables) =>
      api('nova.servers.volumeDetach', { params: { id: v.serverId, volumeId: v.volumeId } }),
    invalidates: affected,
    successType: 'info',
    successMessage: (_answer, v) =>
      t(msg('Detaching volume {{volume}} from instance {{instance}}.'), {
        volume: v.volumeName,
        instance: v.serverName,
      }),
    errorMessage: msg('Unable to detach the volume.'),
    inlineErrors: true,
  }),
};
