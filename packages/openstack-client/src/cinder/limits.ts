import type { CallOptions } from '../http/request';
import { BASE } from './context';
import type { CinderContext } from './context';
import type { CinderLimits, CinderLimitsResponse } from './types';

/** 3.39 lets an admin ask for another project's limits. */
const PROJECT_LIMITS = '3.39';

export interface CinderLimitsOptions extends CallOptions {
  /** Another project's limits (admin); needs 3.39. */
  projectId?: string;
}

export interface CinderLimitCalls {
  get(options?: CinderLimitsOptions): Promise<CinderLimits>;
}

export function cinderLimitCalls(ctx: CinderContext): CinderLimitCalls {
  return {
    async get(options = {}) {
      const { projectId, ...call } = options;
      const answer = await ctx.call<CinderLimitsResponse>(
        projectId === undefined ? { want: BASE } : { want: PROJECT_LIMITS, need: PROJECT_LIMITS },
        { ...call, path: 'limits', query: { project_id: projectId } },
      );
      return answer.limits;
    },
  };
}
