import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import { BASE } from './context';
import type { CinderContext } from './context';
import type {
  CinderAvailabilityZone,
  CinderAvailabilityZonesResponse,
  CinderExtension,
  CinderExtensionsResponse,
  CinderService,
  CinderServicesResponse,
  QosSpec,
  QosSpecsResponse,
} from './types';

/** 3.49 adds backend_state to volume services (3.7 cluster). */
const SERVICES_SHAPE = '3.49';

export interface CinderServiceListOptions extends CallOptions {
  host?: string;
  binary?: string;
}

export interface CinderAvailabilityZoneCalls {
  list(options?: CallOptions): Promise<CinderAvailabilityZone[]>;
}
export interface CinderExtensionCalls {
  list(options?: CallOptions): Promise<CinderExtension[]>;
}
export interface CinderServiceCalls {
  /** Admin. */
  list(options?: CinderServiceListOptions): Promise<CinderService[]>;
}
/** A back-end pool the scheduler knows, named `host@backend#pool`. */
export interface CinderPool {
  name: string;
}
export interface CinderPoolCalls {
  /** Admin: GET /scheduler-stats/get_pools (names only, no capabilities). */
  list(options?: CallOptions): Promise<CinderPool[]>;
}
export interface QosSpecCalls {
  /** Admin, as every call here. */
  list(options?: CallOptions): Promise<QosSpec[]>;
  get(id: string, options?: CallOptions): Promise<QosSpec>;
  create(
    spec: { name: string; consumer?: string; specs?: Record<string, string> },
    options?: CallOptions,
  ): Promise<QosSpec>;
  /** Sets the consumer and adds or overwrites spec keys. */
  set(id: string, fields: Record<string, string>, options?: CallOptions): Promise<void>;
  deleteKeys(id: string, keys: string[], options?: CallOptions): Promise<void>;
  /** `force`: also while associated with volume types. */
  delete(id: string, force?: boolean, options?: CallOptions): Promise<void>;
  /** The volume types the spec is associated with. */
  associations(id: string, options?: CallOptions): Promise<{ id: string; name: string }[]>;
  associate(id: string, typeId: string, options?: CallOptions): Promise<void>;
  disassociate(id: string, typeId: string, options?: CallOptions): Promise<void>;
}

export function cinderAvailabilityZoneCalls(ctx: CinderContext): CinderAvailabilityZoneCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<CinderAvailabilityZonesResponse>(
        { want: BASE },
        { ...call, path: 'os-availability-zone' },
      );
      return answer.availabilityZoneInfo;
    },
  };
}

export function cinderExtensionCalls(ctx: CinderContext): CinderExtensionCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<CinderExtensionsResponse>(
        { want: BASE },
        { ...call, path: 'extensions' },
      );
      return answer.extensions;
    },
  };
}

export function cinderServiceCalls(ctx: CinderContext): CinderServiceCalls {
  return {
    async list(options = {}) {
      const { host, binary, ...call } = options;
      const answer = await ctx.call<CinderServicesResponse>(
        { want: SERVICES_SHAPE },
        { ...call, path: 'os-services', query: { host, binary } },
      );
      return answer.services;
    },
  };
}

export function qosSpecCalls(ctx: CinderContext): QosSpecCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<QosSpecsResponse>(
        { want: BASE },
        { ...call, path: 'qos-specs' },
      );
      return answer.qos_specs;
    },
    async get(id, call = {}) {
      const answer = await ctx.call<{ qos_specs: QosSpec }>(
        { want: BASE },
        { ...call, path: urlPath`qos-specs/${id}` },
      );
      return answer.qos_specs;
    },
    async create(spec, call = {}) {
      // Cinder takes the consumer and the keys flat, in one map under qos_specs.
      const { name, consumer, specs } = spec;
      const answer = await ctx.call<{ qos_specs: QosSpec }>(
        { want: BASE },
        {
          ...call,
          method: 'POST',
          path: 'qos-specs',
          json: { qos_specs: { ...specs, name, ...(consumer && { consumer }) } },
        },
      );
      return answer.qos_specs;
    },
    async set(id, fields, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'PUT', path: urlPath`qos-specs/${id}`, json: { qos_specs: fields } },
      );
    },
    async deleteKeys(id, keys, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, method: 'PUT', path: urlPath`qos-specs/${id}/delete_keys`, json: { keys } },
      );
    },
    async delete(id, force = false, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        {
          ...call,
          method: 'DELETE',
          path: urlPath`qos-specs/${id}`,
          query: { force: force ? 'True' : undefined },
        },
      );
    },
    async associations(id, call = {}) {
      const answer = await ctx.call<{ qos_associations: { id: string; name: string }[] }>(
        { want: BASE },
        { ...call, path: urlPath`qos-specs/${id}/associations` },
      );
      return answer.qos_associations.map(({ id: typeId, name }) => ({ id: typeId, name }));
    },
    async associate(id, typeId, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, path: urlPath`qos-specs/${id}/associate`, query: { vol_type_id: typeId } },
      );
    },
    async disassociate(id, typeId, call = {}) {
      await ctx.call<unknown>(
        { want: BASE },
        { ...call, path: urlPath`qos-specs/${id}/disassociate`, query: { vol_type_id: typeId } },
      );
    },
  };
}

export function cinderPoolCalls(ctx: CinderContext): CinderPoolCalls {
  return {
    async list(call = {}) {
      const answer = await ctx.call<{ pools: CinderPool[] }>(
        { want: BASE },
        { ...call, path: 'scheduler-stats/get_pools' },
      );
      return answer.pools.map(({ name }) => ({ name }));
    },
  };
}
