import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext, NovaRequest } from './context';
import type {
  ExtraSpecsResponse,
  Flavor,
  FlavorAccess,
  FlavorAccessResponse,
  FlavorCreate,
  FlavorResponse,
  FlavorsResponse,
  NormalizedFlavor,
} from './types';

/** 2.61 puts extra_specs inline (2.55 adds description); capped at the server max. */
const FLAVOR_SHAPE = '2.61';
const DESCRIPTION = '2.55';
const BASE = '2.1';

export interface FlavorListOptions extends CallOptions {
  /** `'None'` lists public and private flavors (admin); default Nova behaviour is public only. */
  isPublic?: boolean | 'None';
  minDisk?: number;
  minRam?: number;
  sortKey?: string;
  sortDir?: 'asc' | 'desc';
  limit?: number;
  marker?: string;
}

export interface FlavorCalls {
  list(options?: FlavorListOptions): Promise<NormalizedFlavor[]>;
  get(id: string, options?: CallOptions): Promise<NormalizedFlavor>;
  create(flavor: FlavorCreate, options?: CallOptions): Promise<NormalizedFlavor>;
  /** Needs 2.55. Description is the only mutable flavor field. */
  updateDescription(
    id: string,
    description: string | null,
    options?: CallOptions,
  ): Promise<NormalizedFlavor>;
  delete(id: string, options?: CallOptions): Promise<void>;
  getExtraSpecs(id: string, options?: CallOptions): Promise<Record<string, string>>;
  /** Adds or overwrites the given keys; others stay. */
  setExtraSpecs(
    id: string,
    specs: Record<string, string>,
    options?: CallOptions,
  ): Promise<Record<string, string>>;
  deleteExtraSpec(id: string, key: string, options?: CallOptions): Promise<void>;
  listAccess(id: string, options?: CallOptions): Promise<FlavorAccess[]>;
  addAccess(id: string, projectId: string, options?: CallOptions): Promise<FlavorAccess[]>;
  removeAccess(id: string, projectId: string, options?: CallOptions): Promise<FlavorAccess[]>;
}

export function normalizeFlavor(flavor: Flavor): NormalizedFlavor {
  return { ...flavor, swap: flavor.swap === '' ? 0 : flavor.swap };
}

export function flavorCalls(ctx: NovaContext): FlavorCalls {
  const one = async (request: NovaRequest, need?: string): Promise<NormalizedFlavor> => {
    const answer = await ctx.call<FlavorResponse>({ want: FLAVOR_SHAPE, need }, request);
    return normalizeFlavor(answer.flavor);
  };
  const access = async (
    id: string,
    action: 'addTenantAccess' | 'removeTenantAccess',
    projectId: string,
    call: CallOptions,
  ): Promise<FlavorAccess[]> => {
    const answer = await ctx.call<FlavorAccessResponse>(
      { want: BASE },
      {
        ...call,
        method: 'POST',
        path: urlPath`flavors/${id}/action`,
        json: { [action]: { tenant: projectId } },
      },
    );
    return answer.flavor_access;
  };

  return {
    async list(options = {}) {
      const { isPublic, minDisk, minRam, sortKey, sortDir, limit, marker, ...call } = options;
      const answer = await ctx.call<FlavorsResponse>(
        { want: FLAVOR_SHAPE },
        {
          ...call,
          path: 'flavors/detail',
          query: {
            is_public: isPublic,
            minDisk,
            minRam,
            sort_key: sortKey,
            sort_dir: sortDir,
            limit,
            marker,
          },
        },
      );
      return answer.flavors.map(normalizeFlavor);
    },
    get: (id, call = {}) => one({ ...call, path: urlPath`flavors/${id}` }),
    create: (flavor, call = {}) =>
      one(
        { ...call, method: 'POST', path: 'flavors', json: { flavor } },
        flavor.description === undefined ? undefined : DESCRIPTION,
      ),
    updateDescription: (id, description, call = {}) =>
      one(
        { ...call, method: 'PUT', path: urlPath`flavors/${id}`, json: { flavor: { description } } },
        DESCRIPTION,
      ),
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`flavors/${id}` },
      );
    },
    async getExtraSpecs(id, call = {}) {
      const answer = await ctx.call<ExtraSpecsResponse>(
        { want: BASE },
        { ...call, path: urlPath`flavors/${id}/os-extra_specs` },
      );
      return answer.extra_specs;
    },
    async setExtraSpecs(id, specs, call = {}) {
      const answer = await ctx.call<ExtraSpecsResponse>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: urlPath`flavors/${id}/os-extra_specs`,
          json: { extra_specs: specs },
        },
      );
      return answer.extra_specs;
    },
    async deleteExtraSpec(id, key, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'DELETE', path: urlPath`flavors/${id}/os-extra_specs/${key}` },
      );
    },
    async listAccess(id, call = {}) {
      const answer = await ctx.call<FlavorAccessResponse>(
        { want: BASE },
        { ...call, path: urlPath`flavors/${id}/os-flavor-access` },
      );
      return answer.flavor_access;
    },
    addAccess: (id, projectId, call = {}) => access(id, 'addTenantAccess', projectId, call),
    removeAccess: (id, projectId, call = {}) => access(id, 'removeTenantAccess', projectId, call),
  };
}
