import type {
  TopologyNetwork,
  TopologyPort,
  TopologyRouter,
  TopologyServer,
} from '@skydeck/contract';
import type { TopologyState } from '../../data/neutron/topology';
import { RADIUS } from './rules';

// What both views draw, derived from the topology the page holds.

export type NodeKind = 'network' | 'router' | 'instance';

export interface DrawnNode {
  /** `kind:id`, so a network and a device never share a key. */
  key: string;
  kind: NodeKind;
  id: string;
  name: string;
  radius: number;
  entity: TopologyNetwork | TopologyRouter | TopologyServer;
  /** A collapsed network: how many instances it hides. */
  hidden?: number;
}

export interface DrawnLink {
  key: string;
  source: string;
  target: string;
  /** The port joining them; a gateway known only from the router has none. */
  port?: TopologyPort;
}

export const nodeKey = (kind: NodeKind, id: string): string => `${kind}:${id}`;

const deviceKind = (state: TopologyState, id: string): NodeKind | undefined =>
  state.routers.has(id) ? 'router' : state.servers.has(id) ? 'instance' : undefined;

/**
 * Networks, routers and instances, and a link per port (plus a router's gateway when its port
 * is not the project's to see). With `collapsed`, an instance attached to collapsed networks
 * only is hidden and counted on each of them.
 */
export function drawGraph(
  state: TopologyState,
  collapsed: boolean,
): { nodes: DrawnNode[]; links: DrawnLink[] } {
  const links: DrawnLink[] = [];
  const netsOf = new Map<string, Set<string>>();
  for (const port of state.ports.values()) {
    const kind = deviceKind(state, port.device_id);
    if (!kind || !state.networks.has(port.network_id)) continue;
    links.push({
      key: `port:${port.id}`,
      source: nodeKey(kind, port.device_id),
      target: nodeKey('network', port.network_id),
      port,
    });
    const nets = netsOf.get(port.device_id) ?? new Set<string>();
    nets.add(port.network_id);
    netsOf.set(port.device_id, nets);
  }
  for (const router of state.routers.values()) {
    const ext = router.external_network_id;
    if (ext === null || !state.networks.has(ext) || netsOf.get(router.id)?.has(ext)) continue;
    links.push({
      key: `gateway:${router.id}`,
      source: nodeKey('router', router.id),
      target: nodeKey('network', ext),
    });
  }

  const hidden = new Map<string, number>();
  const hiddenServers = new Set<string>();
  if (collapsed) {
    // Every network collapses; an instance goes when all its networks are collapsed.
    for (const server of state.servers.values()) {
      const nets = netsOf.get(server.id);
      if (!nets || nets.size === 0) continue;
      hiddenServers.add(server.id);
      for (const net of nets) hidden.set(net, (hidden.get(net) ?? 0) + 1);
    }
  }

  const nodes: DrawnNode[] = [];
  for (const n of state.networks.values()) {
    nodes.push({
      key: nodeKey('network', n.id),
      kind: 'network',
      id: n.id,
      name: n.name,
      radius: n.external ? RADIUS.external : RADIUS.network,
      entity: n,
      ...(collapsed ? { hidden: hidden.get(n.id) ?? 0 } : {}),
    });
  }
  for (const r of state.routers.values()) {
    nodes.push({
      key: nodeKey('router', r.id),
      kind: 'router',
      id: r.id,
      name: r.name,
      radius: RADIUS.router,
      entity: r,
    });
  }
  for (const s of state.servers.values()) {
    if (hiddenServers.has(s.id)) continue;
    nodes.push({
      key: nodeKey('instance', s.id),
      kind: 'instance',
      id: s.id,
      name: s.name,
      radius: RADIUS.instance,
      entity: s,
    });
  }
  const shown = new Set(nodes.map((n) => n.key));
  return { nodes, links: links.filter((l) => shown.has(l.source) && shown.has(l.target)) };
}

export interface FlatDevice {
  node: DrawnNode;
  /** The column (network index) it sits in: its main network's. */
  column: number;
  row: number;
  /** Columns of its other networks, each a line from the device. */
  links: { column: number; link: DrawnLink }[];
}

/**
 * The flat view: a column per network (external first, then by name) and each device in the
 * column of its main network (the leftmost it is on), one row per device.
 */
export function drawFlat(state: TopologyState): {
  networks: TopologyNetwork[];
  devices: FlatDevice[];
} {
  const networks = [...state.networks.values()].sort(
    (a, b) => Number(b.external) - Number(a.external) || a.name.localeCompare(b.name),
  );
  const columnOf = new Map(networks.map((n, i) => [nodeKey('network', n.id), i]));
  const { nodes, links } = drawGraph(state, false);
  const linksOf = new Map<string, DrawnLink[]>();
  for (const link of links) linksOf.set(link.source, [...(linksOf.get(link.source) ?? []), link]);
  const devices: FlatDevice[] = [];
  for (const node of nodes) {
    if (node.kind === 'network') continue;
    const mine = (linksOf.get(node.key) ?? [])
      .map((link) => ({ column: columnOf.get(link.target) ?? 0, link }))
      .sort((a, b) => a.column - b.column);
    devices.push({ node, column: mine[0]?.column ?? 0, row: 0, links: mine.slice(1) });
  }
  devices.sort((a, b) => a.column - b.column || a.node.name.localeCompare(b.node.name));
  devices.forEach((d, i) => (d.row = i));
  return { networks, devices };
}
