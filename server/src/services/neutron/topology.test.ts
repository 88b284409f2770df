import { describe, expect, it } from 'vitest';
import {
  buildTopology,
  diffTopology,
  TopologySnapshots,
  type RawTopology,
  type TopologyModel,
} from './topology';

const P = 'proj';

const raw = (over: Partial<RawTopology> = {}): RawTopology => ({
  networks: [
    { id: 'n1', name: 'private', status: 'ACTIVE', project_id: P, shared: false, subnets: ['s1'] },
    {
      id: 'ext',
      name: 'public',
      status: 'ACTIVE',
      project_id: 'other',
      shared: false,
      subnets: [],
      'router:external': true,
    },
    { id: 'n2', name: 'theirs', status: 'ACTIVE', project_id: 'other', shared: false, subnets: [] },
    { id: 'n3', name: 'linked', status: 'DOWN', project_id: 'other', shared: false, subnets: [] },
  ],
  subnets: [{ id: 's1', name: 'sub', cidr: '10.0.0.0/24', network_id: 'n1' }],
  routers: [
    {
      id: 'r1',
      name: 'router1',
      status: 'ACTIVE',
      project_id: P,
      external_gateway_info: { network_id: 'ext' },
    },
    {
      id: 'r2',
      name: 'foreign',
      status: 'ACTIVE',
      project_id: 'other',
      external_gateway_info: null,
    },
  ],
  ports: [
    {
      id: 'p1',
      device_id: 'r1',
      network_id: 'n1',
      device_owner: 'network:router_interface',
      fixed_ips: [{ subnet_id: 's1', ip_address: '10.0.0.1' }],
      status: 'ACTIVE',
    },
    {
      id: 'p2',
      device_id: 'vm1',
      network_id: 'n3',
      device_owner: 'compute:nova',
      fixed_ips: [],
      status: 'ACTIVE',
    },
    {
      id: 'dhcp',
      device_id: 'dhcp-x',
      network_id: 'n1',
      device_owner: 'network:dhcp',
      fixed_ips: [],
      status: 'ACTIVE',
    },
  ],
  servers: [{ id: 'vm1', name: 'web', status: 'BUILD', 'OS-EXT-STS:task_state': 'spawning' }],
  truncated: false,
  ...over,
});

describe('buildTopology', () => {
  it("keeps the project's, external and linked networks, its routers and device ports", () => {
    const model = buildTopology(raw(), P);
    expect(model.networks.map((n) => n.id)).toEqual(['n3', 'n1', 'ext']);
    expect(model.networks.find((n) => n.id === 'n1')).toMatchObject({
      subnets: [{ id: 's1', cidr: '10.0.0.0/24', name: 'sub' }],
      allow_delete_subnet: true,
      external: false,
    });
    expect(model.networks.find((n) => n.id === 'ext')).toMatchObject({
      external: true,
      allow_delete_subnet: false,
    });
    expect(model.routers).toEqual([
      { id: 'r1', name: 'router1', status: 'ACTIVE', task: null, external_network_id: 'ext' },
    ]);
    expect(model.servers).toEqual([{ id: 'vm1', name: 'web', status: 'BUILD', task: 'spawning' }]);
    // The DHCP port belongs to no drawn device.
    expect(model.ports.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('drops a port whose network is not shown, and names a nameless server ""', () => {
    const model = buildTopology(
      raw({
        networks: [],
        servers: [{ id: 'vm1', status: 'ACTIVE' }],
      }),
      P,
    );
    expect(model.ports).toEqual([]);
    expect(model.servers[0]).toEqual({ id: 'vm1', name: '', status: 'ACTIVE', task: null });
  });
});

describe('diffTopology', () => {
  let n = 0;
  const next = (): string => `v${++n}`;
  const base = (): TopologyModel => buildTopology(raw(), P);

  it('answers the whole model without a known version', () => {
    const { answer, snapshot } = diffTopology(base(), undefined, undefined, next);
    expect(answer.full).toBe(true);
    expect(answer.networks).toHaveLength(3);
    expect(snapshot.version).toBe(answer.version);
    const stale = diffTopology(base(), snapshot, 'unknown', next);
    expect(stale.answer.full).toBe(true);
    expect(stale.answer.version).not.toBe(answer.version);
  });

  it('answers an unchanged model in well under 1 KB, keeping the version', () => {
    const first = diffTopology(base(), undefined, undefined, next);
    const again = diffTopology(base(), first.snapshot, first.snapshot.version, next);
    expect(again.answer).toMatchObject({
      full: false,
      version: first.answer.version,
      networks: [],
      routers: [],
      servers: [],
      ports: [],
      removed: { networks: [], routers: [], servers: [], ports: [] },
    });
    expect(JSON.stringify(again.answer).length).toBeLessThan(1024);
  });

  it('sends only what was added or changed, and the ids removed', () => {
    const first = diffTopology(base(), undefined, undefined, next);
    const changed = buildTopology(
      raw({
        servers: [
          { id: 'vm1', name: 'web', status: 'ACTIVE' },
          { id: 'vm2', name: 'new', status: 'BUILD' },
        ],
        routers: [],
      }),
      P,
    );
    const { answer } = diffTopology(changed, first.snapshot, first.snapshot.version, next);
    expect(answer.full).toBe(false);
    expect(answer.version).not.toBe(first.answer.version);
    expect(answer.servers.map((s) => s.id)).toEqual(['vm2', 'vm1']);
    expect(answer.networks).toEqual([]);
    // The router went, and with it its port; the gateway's external network stays (it is external).
    expect(answer.removed).toEqual({ networks: [], routers: ['r1'], servers: [], ports: ['p1'] });
  });
});

describe('TopologySnapshots', () => {
  it('forgets an idle page after five minutes and keys by session, project and page', () => {
    let now = 0;
    const store = new TopologySnapshots(() => now);
    const key = TopologySnapshots.keyOf('sid', 'p', 'stream-1');
    expect(key).not.toContain('sid');
    expect(key).not.toBe(TopologySnapshots.keyOf('sid', 'p2', 'stream-1'));
    store.set(key, { version: store.nextVersion(), digests: new Map() });
    now = 4 * 60_000;
    expect(store.get(key)).toBeDefined();
    now = 9.5 * 60_000;
    expect(store.get(key)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('versions differ between stores (another process, an earlier run)', () => {
    expect(new TopologySnapshots().nextVersion()).not.toBe(new TopologySnapshots().nextVersion());
  });
});
