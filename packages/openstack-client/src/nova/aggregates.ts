import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { Aggregate, AggregateResponse, AggregatesResponse } from './types';

/** 2.41 adds the aggregate's uuid. */
const AGGREGATE_SHAPE = '2.41';

/** Host aggregates (admin). */
export interface AggregateCalls {
  list(options?: CallOptions): Promise<Aggregate[]>;
  /** By numeric id (or uuid from 2.41). */
  get(id: string | number, options?: CallOptions): Promise<Aggregate>;
  /** Sets the given keys; a null value removes that key. */
  setMetadata(
    id: string | number,
    metadata: Readonly<Record<string, string | null>>,
    options?: CallOptions,
  ): Promise<Aggregate>;
}

export function aggregateCalls(ctx: NovaContext): AggregateCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<AggregatesResponse>(
        { want: AGGREGATE_SHAPE },
        { ...call, path: 'os-aggregates' },
      );
      return answer.aggregates;
    },
    async get(id, call = {}) {
      const answer = await ctx.call<AggregateResponse>(
        { want: AGGREGATE_SHAPE },
        { ...call, path: urlPath`os-aggregates/${id}` },
      );
      return answer.aggregate;
    },
    async setMetadata(id, metadata, call = {}) {
      const answer = await ctx.call<AggregateResponse>(
        { want: AGGREGATE_SHAPE },
        {
          ...call,
          method: 'POST',
          path: urlPath`os-aggregates/${id}/action`,
          json: { set_metadata: { metadata } },
        },
      );
      return answer.aggregate;
    },
  };
}
