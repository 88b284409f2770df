import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../support/cleanup';
import { session, uniqueName } from '../support/session';

// The calls of the server's ports, trunks and QoS routes (server/src/routes/api/neutron), through
// the server's own client on both targets. Both the demo cloud and the lab have the trunk and
// qos extensions; each test says so first and skips where the extension is absent.

const cleanup = cleanupAfterAll();

async function hasExtension(alias: string): Promise<boolean> {
  const demo = await session('demo');
  return (await demo.client.neutron.extensions()).some((e) => e.alias === alias);
}

async function networkWithSubnet(): Promise<{ networkId: string; subnetId: string }> {
  const demo = await session('demo');
  const net = await demo.client.neutron.networks.create({ name: uniqueName('pt-net') });
  cleanup(() => demo.client.neutron.networks.delete(net.id).catch(() => undefined));
  const subnet = await demo.client.neutron.subnets.create({
    network_id: net.id,
    ip_version: 4,
    cidr: '10.77.0.0/24',
  });
  return { networkId: net.id, subnetId: subnet.id };
}

describe('neutron client: ports', () => {
  it('creates a port with a fixed IP, an address pair and a vnic type; edits and deletes it', async () => {
    const demo = await session('demo');
    const ports = demo.client.neutron.ports;
    const { networkId, subnetId } = await networkWithSubnet();
    const port = await ports.create({
      network_id: networkId,
      name: uniqueName('pt'),
      fixed_ips: [{ subnet_id: subnetId, ip_address: '10.77.0.20' }],
      allowed_address_pairs: [{ ip_address: '10.78.0.0/24' }],
      'binding:vnic_type': 'normal',
    });
    cleanup(() => ports.delete(port.id).catch(() => undefined));
    expect(port.fixed_ips).toEqual([{ subnet_id: subnetId, ip_address: '10.77.0.20' }]);
    // Neutron fills in the port's own MAC for a pair given without one.
    expect(port.allowed_address_pairs).toEqual([
      { ip_address: '10.78.0.0/24', mac_address: port.mac_address },
    ]);
    expect(port['binding:vnic_type']).toBe('normal');
    const edited = await ports.update(port.id, {
      allowed_address_pairs: [],
      admin_state_up: false,
    });
    expect(edited).toMatchObject({ allowed_address_pairs: [], admin_state_up: false });
    await ports.delete(port.id);
  });
});

describe('neutron client: trunks', () => {
  it('creates a trunk with a subport, adds and removes subports, deletes it', async (context) => {
    if (!(await hasExtension('trunk'))) context.skip('Neutron has no trunk extension here');
    const demo = await session('demo');
    const { networkId } = await networkWithSubnet();
    const ports = demo.client.neutron.ports;
    const make = async (): Promise<string> => {
      const p = await ports.create({ network_id: networkId, name: uniqueName('tp') });
      cleanup(() => ports.delete(p.id).catch(() => undefined));
      return p.id;
    };
    const [parent, s1, s2] = [await make(), await make(), await make()];
    const trunks = demo.client.neutron.trunks;
    const trunk = await trunks.create({
      name: uniqueName('tr'),
      port_id: parent,
      sub_ports: [{ port_id: s1, segmentation_type: 'vlan', segmentation_id: 101 }],
    });
    cleanup(() => trunks.delete(trunk.id).catch(() => undefined));
    expect(trunk.sub_ports).toEqual([
      { port_id: s1, segmentation_type: 'vlan', segmentation_id: 101 },
    ]);
    const added = await trunks.addSubports(trunk.id, [
      { port_id: s2, segmentation_type: 'vlan', segmentation_id: 102 },
    ]);
    expect(added.sub_ports.map((s) => s.segmentation_id).sort()).toEqual([101, 102]);
    const removed = await trunks.removeSubports(trunk.id, [s1]);
    expect(removed.sub_ports.map((s) => s.port_id)).toEqual([s2]);
    const renamed = await trunks.update(trunk.id, { name: `${trunk.name}-b` });
    expect(renamed.name).toBe(`${trunk.name}-b`);
    await trunks.removeSubports(trunk.id, [s2]);
    await trunks.delete(trunk.id);
  });
});

describe('neutron client: QoS policies', () => {
  it('creates a policy with each rule type, lists it with its rules, deletes a rule', async (context) => {
    if (!(await hasExtension('qos'))) context.skip('Neutron has no qos extension here');
    const admin = await session('admin');
    const policies = admin.client.neutron.qosPolicies;
    const policy = await policies.create({ name: uniqueName('qos'), description: 'd' });
    cleanup(() => policies.delete(policy.id).catch(() => undefined));
    const bw = await policies.createRule(policy.id, 'bandwidth_limit', {
      max_kbps: 1000,
      max_burst_kbps: 100,
      direction: 'egress',
    });
    expect(bw).toMatchObject({ type: 'bandwidth_limit', max_kbps: 1000, direction: 'egress' });
    await policies.createRule(policy.id, 'dscp_marking', { dscp_mark: 26 });
    await policies.createRule(policy.id, 'minimum_bandwidth', {
      min_kbps: 500,
      direction: 'egress',
    });
    await policies.createRule(policy.id, 'minimum_packet_rate', { min_kpps: 10, direction: 'any' });
    const shown = await policies.get(policy.id);
    expect(shown.rules.map((r) => r.type).sort()).toEqual([
      'bandwidth_limit',
      'dscp_marking',
      'minimum_bandwidth',
      'minimum_packet_rate',
    ]);
    await policies.deleteRule(policy.id, 'bandwidth_limit', bw.id);
    expect((await policies.get(policy.id)).rules).toHaveLength(3);
    await policies.delete(policy.id);
  });
});
