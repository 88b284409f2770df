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
  create(aggregate: AggregateCreate, options?: CallOptions): Promise<Aggregate>;
  /** Name and/or zone (Nova refuses to remove a zone: 400). */
  update(id: string | number, changes: AggregateCreate, options?: CallOptions): Promise<Aggregate>;
  /** Nova refuses (400) while the aggregate has hosts. */
  delete(id: string | number, options?: CallOptions): Promise<void>;
  addHost(id: string | number, host: string, options?: CallOptions): Promise<Aggregate>;
  removeHost(id: string | number, host: string, options?: CallOptions): Promise<Aggregate>;
}

export interface AggregateCreate {
  name?: string;
  availability_zone?: string;
}

export function aggregateCalls(ctx: NovaContext): AggregateCalls {
  const hostAction = async (
    id: string | number,
    action: 'add_host' | 'remove_host',
    host: string,
    call: CallOptions,
  ): Promise<Aggregate> => {
    const answer = await ctx.call<AggregateResponse>(
      { want: AGGREGATE_SHAPE },
      {
        ...call,
        method: 'POST',
        path: urlPath`os-aggregates/${id}/action`,
        json: { [action]: { host } },
      },
    );
    return answer.aggregate;
  };
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
    async create(aggregate, call = {}) {
      // Nova's create answer has no hosts or metadata (a new aggregate has no hosts).
      const answer = await ctx.call<{
        aggregate: Omit<Aggregate, 'hosts' | 'metadata'> & Partial<Aggregate>;
      }>(
        { want: AGGREGATE_SHAPE },
        { ...call, method: 'POST', path: 'os-aggregates', json: { aggregate } },
      );
      return { hosts: [], metadata: {}, ...answer.aggregate };
    },
    async update(id, changes, call = {}) {
      const answer = await ctx.call<AggregateResponse>(
        { want: AGGREGATE_SHAPE },
        {
          ...call,
          method: 'PUT',
          path: urlPath`os-aggregates/${id}`,
          json: { aggregate: changes },
        },
      );
      return answer.aggregate;
    },
    async delete(id, call = {}) {
      await ctx.call<unknown>(
        { want: AGGREGATE_SHAPE },
        { ...call, method: 'DELETE', path: urlPath`os-aggregates/${id}` },
      );
    },
    addHost: (id, host, call = {}) => hostAction(id, 'add_host', host, call),
    removeHost: (id, host, call = {}) => hostAction(id, 'remove_host', host, call),
  };
}
