import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/**
 * 2.53 gives uuid ids and `with_servers`; 2.88 drops the usage fields (vcpus, memory, disk,
 * running_vms) in favour of placement, so the calls ask for the last version that has both.
 */
const HYPERVISOR_SHAPE = '2.87';
const UUID_IDS = '2.53';

export interface HypervisorServer {
  uuid: string;
  name: string;
}

/** One compute node as `os-hypervisors/detail` answers at 2.53–2.87. */
export interface Hypervisor {
  /** A uuid from 2.53, an integer before. */
  id: string | number;
  hypervisor_hostname: string;
  hypervisor_type?: string;
  hypervisor_version?: number;
  host_ip?: string;
  state: string;
  status: string;
  service?: { host: string; id: string | number; disabled_reason: string | null };
  vcpus?: number;
  vcpus_used?: number;
  memory_mb?: number;
  memory_mb_used?: number;
  local_gb?: number;
  local_gb_used?: number;
  running_vms?: number;
  /** With `with_servers=true` (2.53+), only when the host has any. */
  servers?: HypervisorServer[];
}

interface HypervisorsResponse {
  hypervisors: Hypervisor[];
  hypervisors_links?: { href: string; rel: string }[];
}
interface HypervisorResponse {
  hypervisor: Hypervisor;
}

/** Hypervisors (admin). */
export interface HypervisorCalls {
  /** Every hypervisor with its usage (`os-hypervisors/detail`, following the pages). */
  listDetail(options?: CallOptions): Promise<Hypervisor[]>;
  /** One hypervisor with the servers on it (needs 2.53: uuid ids and `with_servers`). */
  getWithServers(id: string, options?: CallOptions): Promise<Hypervisor>;
}

export function hypervisorCalls(ctx: NovaContext): HypervisorCalls {
  return {
    async listDetail(call = {}) {
      const all: Hypervisor[] = [];
      let marker: string | undefined;
      // Nova pages this list from 2.33 (max_limit, 1000 by default); follow it to the end.
      for (;;) {
        const answer = await ctx.call<HypervisorsResponse>(
          { want: HYPERVISOR_SHAPE },
          {
            ...call,
            path: 'os-hypervisors/detail',
            query: marker === undefined ? undefined : { marker },
          },
        );
        all.push(...answer.hypervisors);
        const last = answer.hypervisors[answer.hypervisors.length - 1];
        const more = answer.hypervisors_links?.some((link) => link.rel === 'next') ?? false;
        if (!more || last === undefined) return all;
        marker = String(last.id);
      }
    },
    async getWithServers(id, call = {}) {
      const answer = await ctx.call<HypervisorResponse>(
        { want: HYPERVISOR_SHAPE, need: UUID_IDS },
        { ...call, path: urlPath`os-hypervisors/${id}`, query: { with_servers: 'true' } },
      );
      return answer.hypervisor;
    },
  };
}
