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
export interface QosSpecCalls {
  /** Admin. */
  list(options?: CallOptions): Promise<QosSpec[]>;
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
  };
}
