import { createHash, randomBytes } from 'node:crypto';
import type {
  Topology,
  TopologyNetwork,
  TopologyPort,
  TopologyRemoved,
  TopologyRouter,
  TopologyServer,
} from '@skydeck/contract';
import { ServiceUnavailableError, type OpenStackClient } from '@skydeck/openstack-client';

// The network topology model (spec 1 §3) from one parallel read of each collection, and the
// reload's changes against what the same page was sent last (spec 1 §4: every 10 s).

/** The upstream fields the model reads (Neutron's and Nova's shapes, narrowed). */
export interface RawNetwork {
  id: string;
  name: string;
  status: string;
  project_id: string;
  shared: boolean;
  subnets: string[];
  'router:external'?: boolean;
}
export interface RawSubnet {
  id: string;
  name: string;
  cidr: string;
  network_id: string;
}
export interface RawRouter {
  id: string;
  name: string;
  status: string;
  project_id: string;
  external_gateway_info: { network_id: string } | null;
}
export interface RawPort {
  id: string;
  device_id: string;
  network_id: string;
  device_owner: string;
  fixed_ips: { subnet_id: string; ip_address: string }[];
  status: string;
}
export interface RawServer {
  id: string;
  name?: string;
  status: string;
  'OS-EXT-STS:task_state'?: string | null;
}

export interface RawTopology {
  networks: readonly RawNetwork[];
  subnets: readonly RawSubnet[];
  routers: readonly RawRouter[];
  ports: readonly RawPort[];
  servers: readonly RawServer[];
  truncated: boolean;
}

/** The model without its version: what a page draws. */
export type TopologyModel = Omit<Topology, 'version' | 'full' | 'removed'>;

const byName = <T extends { name: string; id: string }>(a: T, b: T): number =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The project's topology: its own, shared and external networks (and any other a port of its
 * devices is on), its routers and instances, and the ports joining them. DHCP and other
 * service ports are left out: they belong to no drawn device.
 */
export const buildTopology = (raw: RawTopology, projectId: string): TopologyModel => {
  const routers: TopologyRouter[] = raw.routers
    .filter((r) => r.project_id === projectId)
    .map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      task: null,
      external_network_id: r.external_gateway_info?.network_id ?? null,
    }))
    .sort(byName);
  const servers: TopologyServer[] = raw.servers
    .map((s) => ({
      id: s.id,
      name: s.name ?? '',
      status: s.status,
      task: s['OS-EXT-STS:task_state'] ?? null,
    }))
    .sort(byName);
  const devices = new Set([...routers.map((r) => r.id), ...servers.map((s) => s.id)]);
  const devicePorts = raw.ports.filter((p) => devices.has(p.device_id));
  const wanted = new Set(devicePorts.map((p) => p.network_id));
  for (const r of routers) if (r.external_network_id) wanted.add(r.external_network_id);

  const subnetsOf = new Map<string, RawSubnet>(raw.subnets.map((s) => [s.id, s]));
  const networks: TopologyNetwork[] = raw.networks
    .filter(
      (n) =>
        n.project_id === projectId || n.shared || n['router:external'] === true || wanted.has(n.id),
    )
    .map((n) => ({
      id: n.id,
      name: n.name,
      status: n.status,
      external: n['router:external'] === true,
      shared: n.shared,
      subnets: n.subnets.flatMap((id) => {
        const s = subnetsOf.get(id);
        return s ? [{ id: s.id, name: s.name, cidr: s.cidr }] : [];
      }),
      allow_delete_subnet: n.project_id === projectId,
    }))
    .sort(byName);
  const shown = new Set(networks.map((n) => n.id));
  const ports: TopologyPort[] = devicePorts
    .filter((p) => shown.has(p.network_id))
    .map((p) => ({
      id: p.id,
      device_id: p.device_id,
      network_id: p.network_id,
      device_owner: p.device_owner,
      fixed_ips: p.fixed_ips.map((ip) => ({ subnet_id: ip.subnet_id, ip_address: ip.ip_address })),
      status: p.status,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { networks, routers, servers, ports, truncated: raw.truncated };
};

/** Nova's largest page; the model reads at most this many pages of instances. */
const NOVA_PAGE = 1000;
const NOVA_MAX_PAGES = 50;

const NETWORK_FIELDS = [
  'id',
  'name',
  'status',
  'project_id',
  'shared',
  'subnets',
  'router:external',
];
const SUBNET_FIELDS = ['id', 'name', 'cidr', 'network_id'];
const PORT_FIELDS = ['id', 'device_id', 'network_id', 'device_owner', 'fixed_ips', 'status'];

export type TopologyClients = Pick<OpenStackClient, 'neutron' | 'nova'>;

const readServers = async (
  clients: TopologyClients,
): Promise<{ items: RawServer[]; truncated: boolean }> => {
  let nova: TopologyClients['nova'];
  try {
    nova = clients.nova;
  } catch (error) {
    // A region without compute has a topology of networks and routers only.
    if (error instanceof ServiceUnavailableError) return { items: [], truncated: false };
    throw error;
  }
  const items: RawServer[] = [];
  let marker: string | undefined;
  for (let page = 0; page < NOVA_MAX_PAGES; page += 1) {
    const got = await nova.servers.list({ limit: NOVA_PAGE, marker });
    items.push(...got.servers);
    const last = got.servers[got.servers.length - 1];
    if (!got.hasNextLink || !last) return { items, truncated: false };
    marker = last.id;
  }
  return { items, truncated: true };
};

/**
 * One read of each collection, all at once (never one call per item): networks, subnets,
 * routers and ports from Neutron (ports and routers of the project only, by Neutron's filter),
 * instances from Nova.
 */
export const readTopology = async (
  clients: TopologyClients,
  projectId: string,
): Promise<RawTopology> => {
  const { neutron } = clients;
  const [networks, external, subnets, routers, ports, servers] = await Promise.all([
    neutron.networks.listAll({ fields: NETWORK_FIELDS }),
    // Policy may hide router:external from a member (Zed's new defaults show it to the owner
    // only); Neutron's filter still finds external networks, so their ids are read apart.
    neutron.networks.listAll({ filters: { 'router:external': true }, fields: ['id'] }),
    neutron.subnets.listAll({ fields: SUBNET_FIELDS }),
    neutron.routers.listAll({ filters: { project_id: projectId } }),
    neutron.ports.listAll({ filters: { project_id: projectId }, fields: PORT_FIELDS }),
    readServers(clients),
  ]);
  const externalIds = new Set(external.items.map((n) => n.id));
  return {
    networks: networks.items.map((n) =>
      externalIds.has(n.id) ? { ...n, 'router:external': true } : n,
    ),
    subnets: subnets.items,
    routers: routers.items,
    ports: ports.items,
    servers: servers.items,
    truncated: [networks, external, subnets, routers, ports, servers].some(
      (list) => list.truncated,
    ),
  };
};

type Kind = keyof TopologyRemoved;
const KINDS: readonly Kind[] = ['networks', 'routers', 'servers', 'ports'];

/** What a page was last sent: a digest per entity, by kind and id. */
export interface TopologySnapshot {
  version: string;
  digests: Map<string, string>;
}

const digestOf = (entity: unknown): string =>
  createHash('sha1').update(JSON.stringify(entity)).digest('base64');

const emptyRemoved = (): TopologyRemoved => ({ networks: [], routers: [], servers: [], ports: [] });

/** The whole model as an answer of its own version, for a page that keeps no stream. */
export const wholeTopology = (model: TopologyModel, version: string): Topology => ({
  ...model,
  version,
  full: true,
  removed: emptyRemoved(),
});

/**
 * The answer to a reload: the whole model when the page holds nothing the server knows
 * (`previous` missing, or of another version), else only the entities added or changed since,
 * and the ids removed. The version moves only when something changed, so an idle page's reload
 * is a few hundred bytes whatever the size of the cloud.
 */
export const diffTopology = (
  model: TopologyModel,
  previous: TopologySnapshot | undefined,
  since: string | undefined,
  nextVersion: () => string,
): { answer: Topology; snapshot: TopologySnapshot } => {
  const digests = new Map<string, string>();
  for (const kind of KINDS) {
    for (const entity of model[kind]) digests.set(`${kind}:${entity.id}`, digestOf(entity));
  }
  if (!previous || since === undefined || previous.version !== since) {
    const version = nextVersion();
    return { answer: wholeTopology(model, version), snapshot: { version, digests } };
  }
  const removed = emptyRemoved();
  for (const key of previous.digests.keys()) {
    if (digests.has(key)) continue;
    const at = key.indexOf(':');
    removed[key.slice(0, at) as Kind].push(key.slice(at + 1));
  }
  const changed = <T extends { id: string }>(kind: Kind, list: readonly T[]): T[] =>
    list.filter((e) => previous.digests.get(`${kind}:${e.id}`) !== digests.get(`${kind}:${e.id}`));
  const answer: Topology = {
    version: previous.version,
    full: false,
    networks: changed('networks', model.networks),
    routers: changed('routers', model.routers),
    servers: changed('servers', model.servers),
    ports: changed('ports', model.ports),
    removed,
    truncated: model.truncated,
  };
  const moved =
    KINDS.some((k) => answer[k].length > 0 || removed[k].length > 0) ||
    previous.digests.size !== digests.size;
  if (moved) answer.version = nextVersion();
  return { answer, snapshot: { version: answer.version, digests } };
};

/** Pages' snapshots kept at once, and how long an idle one is kept. */
const MAX_SNAPSHOTS = 2000;
const SNAPSHOT_IDLE_MS = 5 * 60_000;

/**
 * The last model digest sent to each (session, project, page), in this process's memory only:
 * another process behind the same address (Redis sessions) has none, and its first answer is
 * then the whole model: always right, only larger. Oldest first out past the bound.
 */
export class TopologySnapshots {
  readonly #entries = new Map<string, { snapshot: TopologySnapshot; at: number }>();
  /** Versions of this process differ from another's or an earlier run's. */
  readonly #epoch = randomBytes(4).toString('hex');
  #counter = 0;

  constructor(private readonly now: () => number = Date.now) {}

  nextVersion = (): string => {
    this.#counter += 1;
    return `${this.#epoch}-${this.#counter.toString(36)}`;
  };

  static keyOf(sessionId: string, projectId: string, stream: string): string {
    // The session id is a secret: only its digest is kept as a key.
    return createHash('sha256').update(`${sessionId}\0${projectId}\0${stream}`).digest('base64');
  }

  get(key: string): TopologySnapshot | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > SNAPSHOT_IDLE_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.snapshot;
  }

  set(key: string, snapshot: TopologySnapshot): void {
    this.#entries.delete(key);
    this.#entries.set(key, { snapshot, at: this.now() });
    while (this.#entries.size > MAX_SNAPSHOTS) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
