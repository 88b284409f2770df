import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import { BASE } from './context';
import type { CinderContext } from './context';
import type {
  CinderQuotaSet,
  CinderQuotaSetWithUsage,
  CinderQuotaUsage,
  QuotaClassSetResponse,
  QuotaSetResponse,
} from './types';

export interface CinderQuotaSetCalls {
  get(projectId: string, options?: CallOptions): Promise<CinderQuotaSet>;
  /** Limits with in_use and reserved counts. */
  getWithUsage(projectId: string, options?: CallOptions): Promise<CinderQuotaSetWithUsage>;
  /** The defaults new projects get (the project id only addresses the call). */
  getDefaults(projectId: string, options?: CallOptions): Promise<CinderQuotaSet>;
  /** Admin: the defaults themselves (the `default` quota class). Only the given keys change. */
  updateDefaults(
    quotas: Readonly<Record<string, number>>,
    options?: CallOptions,
  ): Promise<CinderQuotaSet>;
  /** Admin. Only the given keys change. */
  update(
    projectId: string,
    quotas: Readonly<Record<string, number>>,
    options?: CallOptions,
  ): Promise<CinderQuotaSet>;
}

/** Quota sets carry the project as `id`; only the numeric limits are quota. */
function limitsOf(set: Record<string, unknown>): CinderQuotaSet {
  const out: CinderQuotaSet = {};
  for (const [key, value] of Object.entries(set)) {
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

function usageOf(set: Record<string, unknown>): CinderQuotaSetWithUsage {
  const out: CinderQuotaSetWithUsage = {};
  for (const [key, value] of Object.entries(set)) {
    if (typeof value === 'object' && value !== null && 'limit' in value) {
      out[key] = value as CinderQuotaUsage;
    }
  }
  return out;
}

export function cinderQuotaSetCalls(ctx: CinderContext): CinderQuotaSetCalls {
  const read = async (path: string, usage: boolean, call: CallOptions) =>
    (
      await ctx.call<QuotaSetResponse>(
        { want: BASE },
        { ...call, path, query: { usage: usage ? true : undefined } },
      )
    ).quota_set;
  return {
    get: async (projectId, call = {}) =>
      limitsOf(await read(urlPath`os-quota-sets/${projectId}`, false, call)),
    getWithUsage: async (projectId, call = {}) =>
      usageOf(await read(urlPath`os-quota-sets/${projectId}`, true, call)),
    getDefaults: async (projectId, call = {}) =>
      limitsOf(await read(urlPath`os-quota-sets/${projectId}/defaults`, false, call)),
    async updateDefaults(quotas, call = {}) {
      const answer = await ctx.call<QuotaClassSetResponse>(
        { want: BASE },
        {
          ...call,
          method: 'PUT',
          path: 'os-quota-class-sets/default',
          json: { quota_class_set: quotas },
        },
      );
      return limitsOf(answer.quota_class_set);
    },
    async update(projectId, quotas, call = {}) {
      const answer = await ctx.call<QuotaSetResponse>(
        { want: BASE },
        {
          ...call,
          method: 'PUT',
          path: urlPath`os-quota-sets/${projectId}`,
          json: { quota_set: quotas },
        },
      );
      return limitsOf(answer.quota_set);
    },
  };
}
