import { api, resourceKey } from '../../api/api';
import { mutation, type AppMutationOptions } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg, type Msg } from '../../i18n/msg';

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

/**
 * Attach and detach differ only in their call and texts: both refetch the same lists, toast as
 * info naming the volume and the instance, and show a failure inside the dialog.
 */
function attachmentMutation<TData, V extends DetachVariables>(
  fn: (v: V) => Promise<TData>,
  success: Msg,
  errorMessage: Msg,
): AppMutationOptions<TData, V> {
  return mutation({
    fn,
    invalidates: affected,
    successType: 'info',
    successMessage: (_answer, v) => t(success, { volume: v.volumeName, instance: v.serverName }),
    errorMessage,
    inlineErrors: true,
  });
}

export const volumeAttachmentMutations = {
  attach: attachmentMutation(
    (v: AttachVariables) =>
      api('nova.servers.volumeAttach', {
        params: { id: v.serverId },
        body: { volume_id: v.volumeId, ...(v.device ? { device: v.device } : {}) },
      }),
    msg('Attaching volume {{volume}} to instance {{instance}}.'),
    msg('Unable to attach the volume.'),
  ),
  detach: attachmentMutation(
    (v: DetachVariables) =>
      api('nova.servers.volumeDetach', { params: { id: v.serverId, volumeId: v.volumeId } }),
    msg('Detaching volume {{volume}} from instance {{instance}}.'),
    msg('Unable to detach the volume.'),
  ),
};
