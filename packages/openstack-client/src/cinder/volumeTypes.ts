import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import { BASE } from './context';
import type { CinderContext } from './context';
import type {
  ExtraSpecsMapResponse,
  VolumeTypeEncryptionInput,
  VolumeTypeEncryptionSpec,
  VolumeTypeFields,
  VolumeType,
  VolumeTypeResponse,
  VolumeTypesResponse,
} from './types';

export interface VolumeTypeListOptions extends CallOptions {
  /**
   * Admin: `true` public only, `false` private only, `'all'` both; omitted: what the caller may
   * use (for an admin Cinder reads an absent filter as public only).
   */
  isPublic?: boolean | 'all';
}

export interface VolumeTypeCalls {
  list(options?: VolumeTypeListOptions): Promise<VolumeType[]>;
  get(id: string, options?: CallOptions): Promise<VolumeType>;
  /** The type new volumes get when none is named (the project's default from 3.62). */
  getDefault(options?: CallOptions): Promise<VolumeType>;
  getExtraSpecs(id: string, options?: CallOptions): Promise<Record<string, string>>;
  /** Adds or overwrites the given keys. */
  setExtraSpecs(
    id: string,
    specs: Record<string, string>,
    options?: CallOptions,
  ): Promise<Record<string, string>>;
  deleteExtraSpec(id: string, key: string, options?: CallOptions): Promise<void>;
  /** Admin. */
  create(fields: VolumeTypeFields & { name: string }, options?: CallOptions): Promise<VolumeType>;
  update(id: string, fields: VolumeTypeFields, options?: CallOptions): Promise<VolumeType>;
  delete(id: string, options?: CallOptions): Promise<void>;
  /** The type's encryption, or null when it has none (Cinder answers `{}`). */
  getEncryption(id: string, options?: CallOptions): Promise<VolumeTypeEncryptionSpec | null>;
  createEncryption(
    id: string,
    spec: VolumeTypeEncryptionInput,
    options?: CallOptions,
  ): Promise<VolumeTypeEncryptionSpec>;
  updateEncryption(
    id: string,
    encryptionId: string,
    spec: Partial<VolumeTypeEncryptionInput>,
    options?: CallOptions,
  ): Promise<Partial<VolumeTypeEncryptionSpec>>;
  deleteEncryption(id: string, encryptionId: string, options?: CallOptions): Promise<void>;
  /** The projects given a private type (os-volume-type-access). */
  listAccess(id: string, options?: CallOptions): Promise<string[]>;
  addAccess(id: string, project: string, options?: CallOptions): Promise<void>;
  removeAccess(id: string, project: string, options?: CallOptions): Promise<void>;
}

export function volumeTypeCalls(ctx: CinderContext): VolumeTypeCalls {
  const one = async (path: string, call: CallOptions): Promise<VolumeType> => {
    const answer = await ctx.call<VolumeTypeResponse>({ want: BASE }, { ...call, path });
    return answer.volume_type;
  };
  return {
    async list(options = {}) {
      const { isPublic, ...call } = options;
      const answer = await ctx.call<VolumeTypesResponse>(
        { want: BASE },
        {
          ...call,
          path: 'types',
          query: { is_public: isPublic === 'all' ? 'None' : isPublic },
        },
      );
      return answer.volume_types;
    },
    get: (id, call = {}) => one(urlPath`types/${id}`, call),
    getDefault: (call = {}) => one('types/default', call),
    async getExtraSpecs(id, call = {}) {
      const answer = await ctx.call<ExtraSpecsMapResponse>(
        { want: BASE },
        { ...call, path: urlPath`types/${id}/extra_specs` },
      );
      return answer.extra_specs;
    },
    async setExtraSpecs(id, specs, call = {}) {
      const answer = await ctx.call<ExtraSpecsMapResponse>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`types/${id}/extra_specs`,
          json: { extra_specs: specs },
        },
      );
      return answer.extra_specs;
    },
    async deleteExtraSpec(id, key, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`types/${id}/extra_specs/${key}` },
      );
    },
    async create(fields, call = {}) {
      // Create names the flag after the access extension; update calls it is_public.
      const { is_public: isPublic, ...rest } = fields;
      const body = {
        ...rest,
        ...(isPublic !== undefined && { 'os-volume-type-access:is_public': isPublic }),
      };
      const answer = await ctx.call<VolumeTypeResponse>(
        { want: BASE },
        { ...call, method: 'POST', path: 'types', json: { volume_type: body } },
      );
      return answer.volume_type;
    },
    async update(id, fields, call = {}) {
      const answer = await ctx.call<VolumeTypeResponse>(
        { want: BASE },
        { ...call, method: 'PUT', path: urlPath`types/${id}`, json: { volume_type: fields } },
      );
      return answer.volume_type;
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`types/${id}` },
      );
    },
    async getEncryption(id, call = {}) {
      const answer = await ctx.call<Partial<VolumeTypeEncryptionSpec>>(
        { want: BASE },
        { ...call, path: urlPath`types/${id}/encryption` },
      );
      // An unencrypted type answers an empty object.
      return answer.provider === undefined ? null : (answer as VolumeTypeEncryptionSpec);
    },
    async createEncryption(id, spec, call = {}) {
      const answer = await ctx.call<{ encryption: VolumeTypeEncryptionSpec }>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`types/${id}/encryption`,
          json: { encryption: spec },
        },
      );
      return answer.encryption;
    },
    async updateEncryption(id, encryptionId, spec, call = {}) {
      const answer = await ctx.call<{ encryption: Partial<VolumeTypeEncryptionSpec> }>(
        { want: BASE },
        {
          ...call,
          method: 'PUT',
          path: urlPath`types/${id}/encryption/${encryptionId}`,
          json: { encryption: spec },
        },
      );
      return answer.encryption;
    },
    async deleteEncryption(id, encryptionId, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`types/${id}/encryption/${encryptionId}` },
      );
    },
    async listAccess(id, call = {}) {
      const answer = await ctx.call<{ volume_type_access: { project_id: string }[] }>(
        { want: BASE },
        { ...call, path: urlPath`types/${id}/os-volume-type-access` },
      );
      return answer.volume_type_access.map((a) => a.project_id);
    },
    async addAccess(id, project, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`types/${id}/action`,
          json: { addProjectAccess: { project } },
        },
      );
    },
    async removeAccess(id, project, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`types/${id}/action`,
          json: { removeProjectAccess: { project } },
        },
      );
    },
  };
}
