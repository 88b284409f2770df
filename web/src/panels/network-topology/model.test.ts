import { describe, expect, it } from 'vitest';
import type { Topology } from '@skydeck/contract';
import { applyTopology } from '../../data/neutron/topology';
import { drawFlat, drawGraph } from './model';

const answer: Topology = {
  version: 'a-1',
  full: true,
  truncated: false,
  removed: { networks: [], routers: [], servers: [], ports: [] },
  networks: [
    {
      id: 'pub',
      name: 'public',
      status: 'ACTIVE',
      external: true,
      shared: false,
      subnets: [],
      allow_delete_subnet: false,
    },
    {
      id: 'n1',
      name: 'private',
      status: 'ACTIVE',
      external: false,
      shared: false,
      subnets: [],
      allow_delete_subnet: true,
    },
    {
      id: 'n2',
      name: 'db',
      status: 'ACTIVE',
      external: false,
      shared: false,
      subnets: [],
      allow_delete_subnet: true,
    },
  ],
  routers: [
    { id: 'r1', name: 'router1', status: 'ACTIVE', task: null, external_network_id: 'pub' },
  ],
  servers: [
    { id: 'vm1', name: 'web', status: 'ACTIVE', task: null },
    { id: 'vm2', name: 'both', status: 'ACTIVE', task: null },
  ],
  ports: [
    {
      id: 'p1',
      device_id: 'r1',
      network_id: 'n1',
      device_owner: 'network:router_interface',
      fixed_ips: [],
      status: 'ACTIVE',
    },
    {
      id: 'p2',
      device_id: 'vm1',
      network_id: 'n1',
      device_owner: 'compute:nova',
      fixed_ips: [],
      status: 'ACTIVE',
    },
    {
      id: 'p3',
      device_id: 'vm2',
      network_id: 'n1',
      device_owner: 'compute:nova',
      fixed_ips: [],
      status: 'ACTIVE',
    },
    {
      id: 'p4',
      device_id: 'vm2',
      network_id: 'n2',
      device_owner: 'compute:nova',
      fixed_ips: [],
      status: 'ACTIVE',
    },
  ],
};

describe('drawGraph', () => {
  it('links each port, and a gateway known from the router alone', () => {
    const { nodes, links } = drawGraph(applyTopology(undefined, answer), false);
    expect(nodes).toHaveLength(6);
    expect(nodes.find((n) => n.id === 'pub')?.radius).toBe(35);
    expect(nodes.find((n) => n.id === 'n1')?.radius).toBe(30);
    expect(links.map((l) => l.key).sort()).toEqual([
      'gateway:r1',
      'port:p1',
      'port:p2',
      'port:p3',
      'port:p4',
    ]);
  });

  it('collapsed: hides the instances and counts them on their networks', () => {
    const { nodes, links } = drawGraph(applyTopology(undefined, answer), true);
    expect(nodes.filter((n) => n.kind === 'instance')).toEqual([]);
    expect(nodes.find((n) => n.id === 'n1')?.hidden).toBe(2);
    expect(nodes.find((n) => n.id === 'n2')?.hidden).toBe(1);
    expect(links.map((l) => l.key).sort()).toEqual(['gateway:r1', 'port:p1']);
  });
});

describe('drawFlat', () => {
  it('puts external networks first and each device in its leftmost network', () => {
    const { networks, devices } = drawFlat(applyTopology(undefined, answer));
    expect(networks.map((n) => n.name)).toEqual(['public', 'db', 'private']);
    const router = devices.find((d) => d.node.id === 'r1');
    expect(router?.column).toBe(0);
    expect(router?.links.map((l) => l.column)).toEqual([2]);
    const both = devices.find((d) => d.node.id === 'vm2');
    expect(both?.column).toBe(1);
    expect(both?.links.map((l) => l.column)).toEqual([2]);
    expect(devices.map((d) => d.row)).toEqual([0, 1, 2]);
  });
});

describe('applyTopology', () => {
  it('keeps the same state for an unchanged reload and merges a delta', () => {
    const held = applyTopology(undefined, answer);
    const same = applyTopology(held, {
      ...answer,
      full: false,
      networks: [],
      routers: [],
      servers: [],
      ports: [],
    });
    expect(same).toBe(held);
    const next = applyTopology(held, {
      ...answer,
      version: 'a-2',
      full: false,
      networks: [],
      routers: [],
      servers: [{ id: 'vm3', name: 'new', status: 'BUILD', task: null }],
      ports: [],
      removed: { networks: [], routers: [], servers: ['vm1'], ports: ['p2'] },
    });
    expect([...next.servers.keys()].sort()).toEqual(['vm2', 'vm3']);
    expect(next.ports.has('p2')).toBe(false);
    // Untouched kinds keep their maps, so what depends on them does not change.
    expect(next.networks).toBe(held.networks);
  });
});
