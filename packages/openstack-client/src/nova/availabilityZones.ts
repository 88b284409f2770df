import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';
import type { AvailabilityZone, AvailabilityZonesResponse } from './types';

export interface AvailabilityZoneListOptions extends CallOptions {
  /** Include internal zones and per-host services (`/os-availability-zone/detail`, admin). */
  detail?: boolean;
}

export interface AvailabilityZoneCalls {
  list(options?: AvailabilityZoneListOptions): Promise<AvailabilityZone[]>;
}

export function availabilityZoneCalls(ctx: NovaContext): AvailabilityZoneCalls {
  return {
    async list(options = {}) {
      const { detail, ...call } = options;
      const answer = await ctx.call<AvailabilityZonesResponse>(
        { want: '2.1' },
        { ...call, path: detail ? 'os-availability-zone/detail' : 'os-availability-zone' },
      );
      return answer.availabilityZoneInfo;
    },
  };
}
