import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/** 2.53: uuid ids and `PUT /os-services/{id}` (status, disabled_reason, forced_down). */
const SERVICE_SHAPE = '2.53';

/** A Nova service (nova-compute, nova-scheduler, …) as `os-services` answers it. */
export interface NovaService {
  /** A uuid from 2.53, an integer before. */
  id: string | number;
  binary: string;
  host: string;
  zone: string;
  status: string;
  state: string;
  updated_at: string | null;
  disabled_reason: string | null;
  /** 2.11 */
  forced_down?: boolean;
}

export interface ServiceListOptions extends CallOptions {
  binary?: string;
  host?: string;
}

export interface ServiceUpdate {
  status: 'enabled' | 'disabled';
  /** Only with `disabled`. */
  disabled_reason?: string;
}

/** Nova services (admin). */
export interface ServiceCalls {
  list(options?: ServiceListOptions): Promise<NovaService[]>;
  /** Enable or disable a compute service by its uuid (needs 2.53). */
  update(id: string, update: ServiceUpdate, options?: CallOptions): Promise<NovaService>;
}

export function serviceCalls(ctx: NovaContext): ServiceCalls {
  return {
    async list(options = {}) {
      const { binary, host, ...call } = options;
      const answer = await ctx.call<{ services: NovaService[] }>(
        { want: SERVICE_SHAPE },
        { ...call, path: 'os-services', query: { binary, host } },
      );
      return answer.services;
    },
    async update(id, update, call = {}) {
      const answer = await ctx.call<{ service: NovaService }>(
        { want: SERVICE_SHAPE, need: SERVICE_SHAPE },
        { ...call, method: 'PUT', path: urlPath`os-services/${id}`, json: update },
      );
      return answer.service;
    },
  };
}
