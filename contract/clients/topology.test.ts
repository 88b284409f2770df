import { describe, expect, it } from 'vitest';
import { buildTopology, readTopology } from '../../server/src/services/neutron/topology';
import { cleanupAfterAll } from '../support/cleanup';
import { session, uniqueName } from '../support/session';

// The network topology's reads (server/src/services/neutron/topology.ts): one list each of
// networks, external networks, subnets, routers and ports (with Neutron's fields= and
// project_id filters) and instances, on both targets, and the model built from them, on a
// network, subnet and router of the test's own.

const cleanup = cleanupAfterAll();

describe('network topology reads', () => {
  it('builds the model of a network with a router interface, reading only the fields it uses', async () => {
    const demo = await session('demo');
    const { neutron } = demo.client;
    const name = uniqueName('topo');
    const net = await neutron.networks.create({ name });
    cleanup(() => neutron.networks.delete(net.id));
    const subnet = await neutron.subnets.create({
      network_id: net.id,
      ip_version: 4,
      cidr: '10.231.7.0/24',
      name: `${name}-sub`,
    });
    cleanup(() => neutron.subnets.delete(subnet.id));
    const router = await neutron.routers.create({ name: `${name}-router` });
    cleanup(() => neutron.routers.delete(router.id));
    await neutron.routers.addInterface(router.id, { subnet_id: subnet.id });
    cleanup(() => neutron.routers.removeInterface(router.id, { subnet_id: subnet.id }));

    const raw = await readTopology(demo.client, demo.projectId);
    // fields= keeps what the model reads and nothing else.
    const read = raw.networks.find((n) => n.id === net.id);
    expect(read).toBeDefined();
    expect(read).not.toHaveProperty('mtu');
    for (const p of raw.ports) {
      expect(p).not.toHaveProperty('mac_address');
      expect(Array.isArray(p.fixed_ips)).toBe(true);
    }

    const model = buildTopology(raw, demo.projectId);
    const drawn = model.networks.find((n) => n.id === net.id);
    expect(drawn).toMatchObject({
      name,
      external: false,
      allow_delete_subnet: true,
      subnets: [{ id: subnet.id, cidr: '10.231.7.0/24', name: `${name}-sub` }],
    });
    expect(model.routers.find((r) => r.id === router.id)).toMatchObject({
      name: `${name}-router`,
      task: null,
      external_network_id: null,
    });
    const iface = model.ports.find((p) => p.device_id === router.id);
    expect(iface).toMatchObject({
      network_id: net.id,
      device_owner: 'network:router_interface',
      fixed_ips: [{ subnet_id: subnet.id, ip_address: '10.231.7.1' }],
    });
    // Every port joins a drawn device to a drawn network; external networks are marked so.
    const devices = new Set([...model.routers, ...model.servers].map((d) => d.id));
    const networks = new Set(model.networks.map((n) => n.id));
    expect(model.ports.every((p) => devices.has(p.device_id) && networks.has(p.network_id))).toBe(
      true,
    );
    const external = await neutron.networks.list({ filters: { 'router:external': true } });
    for (const e of external) {
      expect(model.networks.find((n) => n.id === e.id)?.external).toBe(true);
    }
  });
});
