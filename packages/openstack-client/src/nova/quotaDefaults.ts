import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/**
 * 2.57: the personality quotas (injected_file*) are gone, and since 2.36 the network ones
 * (floating_ips, security_groups, …) that Neutron owns; asking for it keeps the defaults page
 * to the quotas Nova really enforces.
 */
const QUOTA_SHAPE = '2.57';

/** Quota name → limit (-1: unlimited). */
export type NovaQuotaSet = Record<string, number>;

export interface NovaQuotaDefaultCalls {
  /** The defaults new projects get (the project id only addresses the call; anyone may read). */
  get(projectId: string, options?: CallOptions): Promise<NovaQuotaSet>;
  /** Admin: change the `default` quota class. Only the given keys change. */
  update(quotas: Readonly<Record<string, number>>, options?: CallOptions): Promise<NovaQuotaSet>;
  /** A project's limits (admin, or the project's own members). */
  getProject(projectId: string, options?: CallOptions): Promise<NovaQuotaSet>;
  /**
   * Admin: changes the given limits of a project. A limit below what the project already uses
   * is Nova's 400 ("Quota limit … must be greater than or equal to already used and reserved").
   */
  updateProject(
    projectId: string,
    quotas: Readonly<Record<string, number>>,
    options?: CallOptions,
  ): Promise<NovaQuotaSet>;
}

/** Quota sets carry the project or class as `id`; only the numeric limits are quota. */
function limitsOf(set: Record<string, unknown>): NovaQuotaSet {
  const out: NovaQuotaSet = {};
  for (const [key, value] of Object.entries(set)) {
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

export function novaQuotaDefaultCalls(ctx: NovaContext): NovaQuotaDefaultCalls {
  return {
    async get(projectId, call = {}) {
      const answer = await ctx.call<{ quota_set: Record<string, unknown> }>(
        { want: QUOTA_SHAPE },
        { ...call, path: urlPath`os-quota-sets/${projectId}/defaults` },
      );
      return limitsOf(answer.quota_set);
    },
    async getProject(projectId, call = {}) {
      const answer = await ctx.call<{ quota_set: Record<string, unknown> }>(
        { want: QUOTA_SHAPE },
        { ...call, path: urlPath`os-quota-sets/${projectId}` },
      );
      return limitsOf(answer.quota_set);
    },
    async updateProject(projectId, quotas, call = {}) {
      const answer = await ctx.call<{ quota_set: Record<string, unknown> }>(
        { want: QUOTA_SHAPE },
        {
          ...call,
          method: 'PUT',
          path: urlPath`os-quota-sets/${projectId}`,
          json: { quota_set: quotas },
        },
      );
      return limitsOf(answer.quota_set);
    },
    async update(quotas, call = {}) {
      const answer = await ctx.call<{ quota_class_set: Record<string, unknown> }>(
        { want: QUOTA_SHAPE },
        {
          ...call,
          method: 'PUT',
          path: 'os-quota-class-sets/default',
          json: { quota_class_set: quotas },
        },
      );
      return limitsOf(answer.quota_class_set);
    },
  };
}
