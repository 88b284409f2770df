import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import { BASE, SHAPE } from './context';
import type { CinderContext } from './context';

/** What os-volume_upload_image answers (Cinder's names). */
export interface VolumeUploadResult {
  id: string;
  image_id: string;
  image_name: string;
  disk_format?: string | null;
  container_format?: string | null;
  status: string;
}

export interface VolumeRetypeOptions extends CallOptions {
  /** `on-demand` lets Cinder migrate the volume to honour the new type. */
  migrationPolicy?: 'never' | 'on-demand';
}

export interface VolumeResetStatus {
  status: string;
  attach_status?: string;
  migration_status?: string;
}

export interface VolumeMigrateOptions extends CallOptions {
  forceHostCopy?: boolean;
  lockVolume?: boolean;
}

/** os-volume-manage: a backend volume Cinder should adopt (Cinder's names). */
export interface VolumeManageSpec {
  host: string;
  /** The backend's reference: `{ 'source-name': … }` or `{ 'source-id': … }`. */
  ref: Record<string, string>;
  name?: string;
  description?: string;
  volume_type?: string;
  availability_zone?: string;
  bootable?: boolean;
  metadata?: Record<string, string>;
}

/** POST /volumes/{id}/action: the one-call changes of a volume. */
export interface VolumeActionCalls {
  /** os-extend; an in-use volume needs 3.42, which SHAPE covers. */
  extend(id: string, newSize: number, options?: CallOptions): Promise<void>;
  setBootable(id: string, bootable: boolean, options?: CallOptions): Promise<void>;
  retype(id: string, newType: string, options?: VolumeRetypeOptions): Promise<void>;
  /** Admin: os-reset_status. */
  resetStatus(id: string, status: VolumeResetStatus, options?: CallOptions): Promise<void>;
  /** Admin: os-migrate_volume to a backend host. */
  migrate(id: string, host: string, options?: VolumeMigrateOptions): Promise<void>;
  /** Admin: os-unmanage, Cinder forgets the volume and leaves it on the backend. */
  unmanage(id: string, options?: CallOptions): Promise<void>;
  /** Admin: POST /os-volume-manage; answers the new volume's id. */
  manage(spec: VolumeManageSpec, options?: CallOptions): Promise<{ id: string }>;
  uploadToImage(
    id: string,
    image: { image_name: string; disk_format: string; force?: boolean },
    options?: CallOptions,
  ): Promise<VolumeUploadResult>;
}

export function volumeActionCalls(ctx: CinderContext): VolumeActionCalls {
  const act = async <T>(id: string, body: Record<string, unknown>, call: CallOptions) =>
    ctx.call<T>(
      { want: SHAPE },
      { ...call, method: 'POST', path: urlPath`volumes/${id}/action`, json: body },
    );
  return {
    async unmanage(id, call = {}) {
      await act<unknown>(id, { 'os-unmanage': null }, call);
    },
    async manage(spec, call = {}) {
      const answer = await ctx.call<{ volume: { id: string } }>(
        { want: SHAPE },
        { ...call, method: 'POST', path: 'os-volume-manage', json: { volume: spec } },
      );
      return { id: answer.volume.id };
    },
    async extend(id, newSize, call = {}) {
      await act<unknown>(id, { 'os-extend': { new_size: newSize } }, call);
    },
    async setBootable(id, bootable, call = {}) {
      await act<unknown>(id, { 'os-set_bootable': { bootable } }, call);
    },
    async retype(id, newType, options = {}) {
      const { migrationPolicy, ...call } = options;
      await act<unknown>(
        id,
        {
          'os-retype': {
            new_type: newType,
            ...(migrationPolicy !== undefined && { migration_policy: migrationPolicy }),
          },
        },
        call,
      );
    },
    async resetStatus(id, status, call = {}) {
      await act<unknown>(id, { 'os-reset_status': status }, call);
    },
    async migrate(id, host, options = {}) {
      const { forceHostCopy, lockVolume, ...call } = options;
      await act<unknown>(
        id,
        {
          'os-migrate_volume': {
            host,
            ...(forceHostCopy !== undefined && { force_host_copy: forceHostCopy }),
            ...(lockVolume !== undefined && { lock_volume: lockVolume }),
          },
        },
        call,
      );
    },
    async uploadToImage(id, image, call = {}) {
      const answer = await ctx.call<{ 'os-volume_upload_image': VolumeUploadResult }>(
        // 3.1 would add visibility and protected, which the form does not offer.
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`volumes/${id}/action`,
          json: { 'os-volume_upload_image': image },
        },
      );
      return answer['os-volume_upload_image'];
    },
  };
}

/** A transfer as Cinder answers it (auth_key only at creation). */
export interface CinderTransfer {
  id: string;
  name: string | null;
  volume_id: string;
  created_at?: string | null;
  auth_key?: string;
}

/** Volume transfers (os-volume-transfer: every microversion has it). */
export interface TransferCalls {
  list(options?: CallOptions): Promise<CinderTransfer[]>;
  create(volumeId: string, name?: string, options?: CallOptions): Promise<CinderTransfer>;
  accept(id: string, authKey: string, options?: CallOptions): Promise<CinderTransfer>;
  delete(id: string, options?: CallOptions): Promise<void>;
}

export function transferCalls(ctx: CinderContext): TransferCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<{ transfers: CinderTransfer[] }>(
        { want: BASE },
        { ...call, path: 'os-volume-transfer/detail' },
      );
      return answer.transfers;
    },
    async create(volumeId, name, call = {}) {
      const answer = await ctx.call<{ transfer: CinderTransfer }>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: 'os-volume-transfer',
          json: { transfer: { volume_id: volumeId, ...(name ? { name } : {}) } },
        },
      );
      return answer.transfer;
    },
    async accept(id, authKey, call = {}) {
      const answer = await ctx.call<{ transfer: CinderTransfer }>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`os-volume-transfer/${id}/accept`,
          json: { accept: { auth_key: authKey } },
        },
      );
      return answer.transfer;
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`os-volume-transfer/${id}` },
      );
    },
  };
}
