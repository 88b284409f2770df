import { createHash } from 'node:crypto';
import type { Store } from '../../store/store';
import { aggregates, servers } from './model';
import type { ServerDoc } from './model';

/** The default availability zone of compute hosts ([DEFAULT] default_availability_zone). */
export const DEFAULT_ZONE = 'nova';
/** The zone of control-plane services ([DEFAULT] internal_service_availability_zone). */
export const INTERNAL_ZONE = 'internal';
export const CONTROLLER_HOST = 'demo-controller';

export interface ComputeHost {
  /** Host name, also the hypervisor host name (the fake driver's node). */
  readonly name: string;
  /** Integer ids of the compute node and its nova-compute service (before 2.53). */
  readonly id: number;
  readonly serviceId: number;
  /** uuids of the compute node and the service (2.53 and later). */
  readonly uuid: string;
  readonly serviceUuid: string;
  readonly hostIp: string;
  readonly vcpus: number;
  /** MiB. */
  readonly memoryMb: number;
  /** GiB. */
  readonly localGb: number;
}

/** Three fake compute hosts, so affinity and anti-affinity groups of up to three servers place. */
export const COMPUTE_HOSTS: readonly ComputeHost[] = [1, 2, 3].map((n) => ({
  name: `demo-compute-${n}`,
  id: n,
  serviceId: 2 + n,
  uuid: `5f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f40${String(n).padStart(2, '0')}`,
  serviceUuid: `c0a5d1c6-5f4e-4f7e-9d0b-6f1b2a3c4d${String(2 + n).padStart(2, '0')}`,
  hostIp: `192.168.42.${10 + n}`,
  vcpus: 16,
  memoryMb: 32768,
  localGb: 400,
}));

export const computeHost = (name: string): ComputeHost | undefined =>
  COMPUTE_HOSTS.find((h) => h.name === name);

/** Placement's default allocation ratios (cpu 16.0 and ram 1.5 were nova's initial ratios). */
export const CPU_ALLOCATION_RATIO = 16;
export const RAM_ALLOCATION_RATIO = 1.5;
export const DISK_ALLOCATION_RATIO = 1;

/** The zone of a host: from the first aggregate naming one, else the default. */
export const zoneOfHost = (store: Store, host: string): string => {
  for (const aggregate of store.collection(aggregates).all()) {
    if (aggregate.availability_zone && aggregate.hosts.includes(host)) {
      return aggregate.availability_zone;
    }
  }
  return DEFAULT_ZONE;
};

/** Every zone with its hosts (compute hosts only; `internal` is listed apart). */
export const zonesWithHosts = (store: Store): Map<string, string[]> => {
  const zones = new Map<string, string[]>();
  for (const host of COMPUTE_HOSTS) {
    const zone = zoneOfHost(store, host.name);
    zones.set(zone, [...(zones.get(zone) ?? []), host.name]);
  }
  return zones;
};

export interface HostUsage {
  vcpus: number;
  memoryMb: number;
  localGb: number;
  servers: ServerDoc[];
}

/** What the servers placed on each host use (a resizing server holds its new flavor). */
export const hostUsage = (store: Store): Map<string, HostUsage> => {
  const usage = new Map<string, HostUsage>(
    COMPUTE_HOSTS.map((h) => [h.name, { vcpus: 0, memoryMb: 0, localGb: 0, servers: [] }]),
  );
  for (const server of store.collection(servers).where('deleted', 0)) {
    if (!server.host) continue;
    const entry = usage.get(server.host);
    if (!entry) continue;
    entry.vcpus += server.flavor.vcpus;
    entry.memoryMb += server.flavor.ram;
    entry.localGb += server.image_id === '' ? 0 : server.flavor.disk + server.flavor.ephemeral;
    entry.servers.push(server);
  }
  return usage;
};

/** Nova's hostId: sha224 of project id and host, so tenants cannot learn host names. */
// Digests by project and host: a list of a thousand servers on a few hosts would otherwise
// hash a thousand times. Bounded, as projects and hosts come and go.
const hostIds = new Map<string, string>();
const HOST_IDS_MAX = 4096;

export const hostIdOf = (projectId: string, host: string | null): string => {
  if (!host) return '';
  const key = projectId + host;
  let id = hostIds.get(key);
  if (id === undefined) {
    id = createHash('sha224').update(key).digest('hex');
    if (hostIds.size >= HOST_IDS_MAX) hostIds.clear();
    hostIds.set(key, id);
  }
  return id;
};
