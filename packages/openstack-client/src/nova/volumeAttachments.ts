import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/** Nova's answer to POST /servers/{id}/os-volume_attachments (2.1 fields). */
export interface NovaVolumeAttachmentCreated {
  id: string;
  serverId: string;
  volumeId: string;
  device?: string | null;
}

/** Attaching volumes to a server and detaching them (os-volume_attachments). */
export interface VolumeAttachmentCalls {
  /** Attach; `device` left out lets Nova pick the next free name. */
  attach(
    serverId: string,
    volumeId: string,
    device?: string,
    options?: CallOptions,
  ): Promise<NovaVolumeAttachmentCreated>;
  /** Detach (Nova answers 202 and finishes in the background). */
  detach(serverId: string, volumeId: string, options?: CallOptions): Promise<void>;
}

export function volumeAttachmentCalls(ctx: NovaContext): VolumeAttachmentCalls {
  return {
    async attach(serverId, volumeId, device, call = {}) {
      const volumeAttachment: { volumeId: string; device?: string } = { volumeId };
      if (device !== undefined) volumeAttachment.device = device;
      const answer = await ctx.call<{ volumeAttachment: NovaVolumeAttachmentCreated }>(
        { want: '2.1' },
        {
          ...call,
          method: 'POST',
          path: urlPath`servers/${serverId}/os-volume_attachments`,
          json: { volumeAttachment },
        },
      );
      return answer.volumeAttachment;
    },
    async detach(serverId, volumeId, call = {}) {
      await ctx.call<unknown>(
        { want: '2.1' },
        {
          ...call,
          method: 'DELETE',
          path: urlPath`servers/${serverId}/os-volume_attachments/${volumeId}`,
        },
      );
    },
  };
}
