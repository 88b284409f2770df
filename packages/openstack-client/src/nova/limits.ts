import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { Limits, LimitsResponse } from './types';

/** 2.57 is the last shape change of the absolute limits (personality fields gone). */
const LIMITS_SHAPE = '2.57';
/** From 2.75 unknown query keys are rejected, and `reserved` was never declared. */
const LAST_ACCEPTING_RESERVED = '2.74';

export interface LimitsOptions extends CallOptions {
  /** Ask for reserved counts as well (always 0 since Pike; kept for API parity). */
  reserved?: boolean;
  /** Another project's limits (admin). */
  tenantId?: string;
}

export interface LimitCalls {
  get(options?: LimitsOptions): Promise<Limits>;
}

export function limitCalls(ctx: NovaContext): LimitCalls {
  return {
    async get(options = {}) {
      const { reserved, tenantId, ...call } = options;
      const answer = await ctx.call<LimitsResponse>(
        { want: LIMITS_SHAPE, upTo: reserved ? LAST_ACCEPTING_RESERVED : undefined },
        {
          ...call,
          path: 'limits',
          query: { reserved: reserved ? 1 : undefined, tenant_id: tenantId },
        },
      );
      return answer.limits;
    },
  };
}
