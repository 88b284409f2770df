import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import { BASE } from './context';
import type { CinderContext } from './context';
import type {
  ExtraSpecsMapResponse,
  VolumeType,
  VolumeTypeResponse,
  VolumeTypesResponse,
} from './types';

export interface VolumeTypeListOptions extends CallOptions {
  /** Admin: `true` public only, `false` private only; omitted: what the caller may use. */
  isPublic?: boolean;
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
        { ...call, path: 'types', query: { is_public: isPublic } },
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
  };
}
