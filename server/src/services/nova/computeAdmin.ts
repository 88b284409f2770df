import type {
  Aggregate as AggregateShape,
  ComputeService,
  Hypervisor as HypervisorShape,
  HypervisorSummary,
} from '@skydeck/contract';
import type { Aggregate, Hypervisor, NovaClient, NovaService } from '@skydeck/openstack-client';

/** Upstream hypervisor → contract shape; absent usage (never below 2.88) reads as 0. */
export const toHypervisor = (h: Hypervisor): HypervisorShape => ({
  id: String(h.id),
  hypervisor_hostname: h.hypervisor_hostname,
  hypervisor_type: h.hypervisor_type ?? '',
  host_ip: h.host_ip ?? '',
  state: h.state,
  status: h.status,
  host: h.service?.host ?? h.hypervisor_hostname,
  disabled_reason: h.service?.disabled_reason ?? null,
  vcpus: h.vcpus ?? 0,
  vcpus_used: h.vcpus_used ?? 0,
  memory_mb: h.memory_mb ?? 0,
  memory_mb_used: h.memory_mb_used ?? 0,
  local_gb: h.local_gb ?? 0,
  local_gb_used: h.local_gb_used ?? 0,
  running_vms: h.running_vms ?? 0,
  ...(h.servers === undefined
    ? {}
    : { servers: h.servers.map((s) => ({ id: s.uuid, name: s.name })) }),
});

/**
 * Used and total over every hypervisor, summed from the detail list: `os-hypervisors/statistics`
 * is gone from 2.88, and the list holds the same numbers.
 */
export const summarize = (hypervisors: readonly HypervisorShape[]): HypervisorSummary => {
  const sum: HypervisorSummary = {
    count: 0,
    vcpus: 0,
    vcpus_used: 0,
    memory_mb: 0,
    memory_mb_used: 0,
    local_gb: 0,
    local_gb_used: 0,
    running_vms: 0,
  };
  for (const h of hypervisors) {
    sum.count += 1;
    sum.vcpus += h.vcpus;
    sum.vcpus_used += h.vcpus_used;
    sum.memory_mb += h.memory_mb;
    sum.memory_mb_used += h.memory_mb_used;
    sum.local_gb += h.local_gb;
    sum.local_gb_used += h.local_gb_used;
    sum.running_vms += h.running_vms;
  }
  return sum;
};

export const toComputeService = (s: NovaService): ComputeService => ({
  id: String(s.id),
  binary: s.binary,
  host: s.host,
  zone: s.zone,
  status: s.status,
  state: s.state,
  updated_at: s.updated_at,
  disabled_reason: s.disabled_reason,
});

/** Upstream aggregate → contract shape (the uuid is there from 2.41). */
export const toAggregate = (a: Aggregate): AggregateShape => ({
  id: String(a.id),
  ...(a.uuid === undefined ? {} : { uuid: a.uuid }),
  name: a.name,
  availability_zone: a.availability_zone,
  hosts: a.hosts,
  metadata: a.metadata,
  created_at: a.created_at,
  updated_at: a.updated_at,
});

/**
 * Adds then removes hosts, one Nova call at a time and in order: Nova checks each host against
 * the zones of the aggregates it is already in, so parallel calls could race each other. The
 * first refusal stops the rest and is what the user sees; what was done stays done.
 */
export async function changeAggregateHosts(
  nova: NovaClient,
  id: string,
  change: { add: readonly string[]; remove: readonly string[] },
): Promise<Aggregate> {
  let last: Aggregate | undefined;
  for (const host of new Set(change.add)) last = await nova.aggregates.addHost(id, host);
  for (const host of new Set(change.remove)) last = await nova.aggregates.removeHost(id, host);
  return last ?? (await nova.aggregates.get(id));
}
