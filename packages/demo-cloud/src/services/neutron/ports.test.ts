import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { eui64Address } from './allocation';
import { idOf, list, names, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron ports', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  let privateNet = '';
  let sharedNet = '';
  let v4Subnet = '';
  let v6Subnet = '';
  let defaultSg = '';

  beforeAll(async () => {
    const nets = await call('demo', 'GET', '/networks');
    privateNet = idOf(nets.body, 'networks', 'private');
    sharedNet = idOf(nets.body, 'networks', 'shared-net');
    const subnets = await call('demo', 'GET', '/subnets');
    v4Subnet = idOf(subnets.body, 'subnets', 'private-subnet');
    v6Subnet = idOf(subnets.body, 'subnets', 'ipv6-private-subnet');
    const groups = await call('demo', 'GET', '/security-groups?name=default');
    defaultSg = String(list(groups.body, 'security_groups')[0]?.['id']);
  });

  const port = (body: Body): Body => body['port'] as Body;

  it('creates a port with a MAC, addresses from the subnets and the default group', async () => {
    const created = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, name: 'p1' },
    });
    expect(created.status).toBe(201);
    const p = port(created.body);
    expect(p).toMatchObject({
      name: 'p1',
      status: 'DOWN',
      admin_state_up: true,
      device_id: '',
      device_owner: '',
      security_groups: [defaultSg],
      port_security_enabled: true,
      allowed_address_pairs: [],
      extra_dhcp_opts: [],
      'binding:vnic_type': 'normal',
      qos_policy_id: null,
      qos_network_policy_id: null,
      revision_number: 1,
    });
    expect(p).not.toHaveProperty('binding:host_id');
    expect(p).not.toHaveProperty('binding:vif_type');
    expect(p['mac_address']).toMatch(/^fa:16:3e(:[0-9a-f]{2}){3}$/);
    const fixed = p['fixed_ips'] as Array<{ subnet_id: string; ip_address: string }>;
    expect(fixed).toHaveLength(2);
    expect(fixed[0]?.subnet_id).toBe(v4Subnet);
    expect(fixed[0]?.ip_address).toMatch(/^10\.0\.0\.\d+$/);
    expect(fixed[1]).toEqual({
      subnet_id: v6Subnet,
      ip_address: eui64Address('fd00::/64', String(p['mac_address'])),
    });
    const asAdmin = await call('admin', 'GET', `/ports/${String(p['id'])}`);
    expect(port(asAdmin.body)).toMatchObject({
      'binding:host_id': '',
      'binding:vif_type': 'unbound',
      'binding:vif_details': {},
      'binding:profile': {},
      resource_request: null,
    });
  });

  it('hides the binding attributes on every row of a member’s list, not an admin’s', async () => {
    // One caller's list answers its attribute rules once; every row must still follow them.
    const mine = list((await call('demo', 'GET', '/ports')).body, 'ports');
    expect(mine.length).toBeGreaterThan(1);
    for (const p of mine) {
      expect(p).not.toHaveProperty('binding:host_id');
      expect(p).not.toHaveProperty('binding:profile');
      expect(p).toHaveProperty('binding:vnic_type');
      expect(p).toHaveProperty('project_id');
    }
    const all = list((await call('admin', 'GET', '/ports')).body, 'ports');
    expect(all.length).toBeGreaterThan(mine.length);
    for (const p of all) expect(p).toHaveProperty('binding:host_id');
    const selected = list(
      (await call('demo', 'GET', '/ports?fields=id&fields=binding:host_id')).body,
      'ports',
    );
    expect(selected.map((p) => Object.keys(p))).toEqual(selected.map(() => ['id']));
  });

  it('keeps fixed IPs unique and inside the network', async () => {
    const taken = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, fixed_ips: [{ ip_address: '10.0.0.1' }] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(
      neutronError(
        'IpAddressAlreadyAllocated',
        `IP address 10.0.0.1 already allocated in subnet ${v4Subnet}`,
      ),
    );
    const outside = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, fixed_ips: [{ ip_address: '10.9.9.9' }] },
    });
    expect(outside.body).toEqual(
      neutronError(
        'InvalidIpForNetwork',
        'IP address 10.9.9.9 is not a valid IP for any of the subnets on the specified network.',
      ),
    );
    const chosen = await call('demo', 'POST', '/ports', {
      port: {
        network_id: privateNet,
        fixed_ips: [{ subnet_id: v4Subnet, ip_address: '10.0.0.50' }],
      },
    });
    expect(chosen.status).toBe(201);
    expect((port(chosen.body)['fixed_ips'] as Body[])[0]).toEqual({
      subnet_id: v4Subnet,
      ip_address: '10.0.0.50',
    });
    const filtered = await call('demo', 'GET', '/ports?fixed_ips=ip_address=10.0.0.50');
    expect(list(filtered.body, 'ports').map((p) => p['id'])).toEqual([port(chosen.body)['id']]);
    const moved = await call('demo', 'PUT', `/ports/${String(port(chosen.body)['id'])}`, {
      port: { fixed_ips: [{ subnet_id: v4Subnet, ip_address: '10.0.0.51' }] },
    });
    // The SLAAC address follows the MAC and stays when only the IPv4 address changes.
    const movedIps = (port(moved.body)['fixed_ips'] as Body[]).map((f) =>
      f['subnet_id'] === v6Subnet ? 'slaac' : f['ip_address'],
    );
    expect(movedIps).toEqual(['10.0.0.51', 'slaac']);
    const reused = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, fixed_ips: [{ ip_address: '10.0.0.50' }] },
    });
    expect(reused.status).toBe(201);
  });

  it('enforces the per-attribute port rules of Zed', async () => {
    const host = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, 'binding:host_id': 'devstack' },
    });
    expect(host.status).toBe(403);
    expect(host.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_port and rule:create_port:binding:host_id) is disallowed by policy',
      ),
    );
    const sharedIp = await call('demo', 'POST', '/ports', {
      port: { network_id: sharedNet, fixed_ips: [{ ip_address: '192.168.233.77' }] },
    });
    expect(sharedIp.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_port and (rule:create_port:fixed_ips and (rule:create_port:fixed_ips:ip_address))) is disallowed by policy',
      ),
    );
    const onShared = await call('demo', 'POST', '/ports', { port: { network_id: sharedNet } });
    expect(onShared.status).toBe(201);
    const direct = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, 'binding:vnic_type': 'direct' },
    });
    expect(port(direct.body)['binding:vnic_type']).toBe('direct');
    const badVnic = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, 'binding:vnic_type': 'fancy' },
    });
    expect(badVnic.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        'Invalid input for binding:vnic_type. Reason: fancy is not in valid_values.',
      ),
    );
    const pub = idOf((await call('demo', 'GET', '/networks')).body, 'networks', 'public');
    const onExternal = await call('demo', 'POST', '/ports', { port: { network_id: pub } });
    expect(onExternal.status).toBe(403);
    expect((onExternal.body['NeutronError'] as Body)['message']).toMatch(
      /^Tenant [0-9a-f]{32} not allowed to create port on this network$/,
    );
    const reader = await call('reader', 'POST', '/ports', { port: { network_id: privateNet } });
    expect(reader.status).toBe(403);
  });

  it('ties port security, groups and address pairs together', async () => {
    const created = await call('demo', 'POST', '/ports', { port: { network_id: privateNet } });
    const id = String(port(created.body)['id']);
    const off = await call('demo', 'PUT', `/ports/${id}`, {
      port: { port_security_enabled: false },
    });
    expect(off.status).toBe(409);
    expect(off.body).toEqual(
      neutronError(
        'PortSecurityPortHasSecurityGroup',
        'Port has security group associated. Cannot disable port security or IP address until security group is removed.',
      ),
    );
    const bare = await call('demo', 'PUT', `/ports/${id}`, {
      port: { port_security_enabled: false, security_groups: [] },
    });
    expect(port(bare.body)).toMatchObject({ port_security_enabled: false, security_groups: [] });
    const pairs = await call('demo', 'PUT', `/ports/${id}`, {
      port: { allowed_address_pairs: [{ ip_address: '10.0.0.200' }] },
    });
    expect(pairs.status).toBe(409);
    const unknownGroup = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, security_groups: ['00000000-0000-0000-0000-000000000000'] },
    });
    expect(unknownGroup.body).toEqual(
      neutronError(
        'SecurityGroupNotFound',
        'Security group 00000000-0000-0000-0000-000000000000 does not exist',
      ),
    );
  });

  it('shows trunk details, refuses to delete service ports, isolates projects', async () => {
    const ports = await call('demo', 'GET', '/ports');
    const parent = list(ports.body, 'ports').find((p) => p['name'] === 'trunk-parent');
    const details = parent?.['trunk_details'] as Body;
    expect(details['sub_ports']).toEqual([
      expect.objectContaining({ segmentation_type: 'vlan', segmentation_id: 101 }),
    ]);
    const routerPort = await call('demo', 'GET', '/ports?device_owner=network:router_interface');
    const iface = list(routerPort.body, 'ports')[0];
    expect(iface).toMatchObject({
      status: 'ACTIVE',
      security_groups: [],
      port_security_enabled: false,
    });
    const refused = await call('demo', 'DELETE', `/ports/${String(iface?.['id'])}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      neutronError(
        'ServicePortInUse',
        `Port ${String(iface?.['id'])} cannot be deleted directly via the port API: has device owner network:router_interface.`,
      ),
    );
    const parentDelete = await call('demo', 'DELETE', `/ports/${String(parent?.['id'])}`);
    expect((parentDelete.body['NeutronError'] as Body)['type']).toBe('PortInUseAsTrunkParent');

    const alt = await call('alt', 'GET', '/ports');
    expect(names(alt.body, 'ports')).not.toContain('trunk-parent');
    const hidden = await call('alt', 'GET', `/ports/${String(parent?.['id'])}`);
    expect(hidden.body).toEqual(
      neutronError('PortNotFound', `Port ${String(parent?.['id'])} could not be found.`),
    );
    const admin = await call('admin', 'GET', '/ports?device_owner=network:router_gateway');
    expect(list(admin.body, 'ports')[0]).toMatchObject({ tenant_id: '', project_id: '' });
  });

  it('deletes a port and frees its addresses', async () => {
    const created = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, fixed_ips: [{ ip_address: '10.0.0.60' }] },
    });
    const id = String(port(created.body)['id']);
    expect((await call('demo', 'DELETE', `/ports/${id}`)).status).toBe(204);
    expect((await call('demo', 'GET', `/ports/${id}`)).status).toBe(404);
    const again = await call('demo', 'POST', '/ports', {
      port: { network_id: privateNet, fixed_ips: [{ ip_address: '10.0.0.60' }] },
    });
    expect(again.status).toBe(201);
  });

  it('pages by marker in id order with the same rows as the sorted whole list', async () => {
    for (const name of ['pg-a', 'pg-b', 'pg-c', 'pg-d', 'pg-e']) {
      const made = await call('demo', 'POST', '/ports', { port: { network_id: privateNet, name } });
      expect(made.status).toBe(201);
    }
    const ids = (body: Body): string[] => list(body, 'ports').map((p) => String(p['id']));
    // Each caller's whole list, sorted by an explicit key (the path that reads every port).
    for (const who of ['demo', 'admin'] as const) {
      const whole = ids((await call(who, 'GET', '/ports?sort_key=id&sort_dir=asc')).body);
      expect(whole.length).toBeGreaterThan(5);
      const pages: string[] = [];
      let marker = '';
      for (let i = 0; i < 50; i += 1) {
        const got = await call(who, 'GET', `/ports?limit=2&fields=id${marker}`);
        expect(got.status).toBe(200);
        const page = ids(got.body);
        pages.push(...page);
        const links = (got.body['ports_links'] as Body[] | undefined) ?? [];
        if (!links.some((l) => l['rel'] === 'next')) break;
        marker = `&marker=${page.at(-1) ?? ''}`;
      }
      expect(pages).toEqual(whole);
    }
    // Filters still decide each row; a narrowing by network matches the filtered whole list.
    const onNet = ids((await call('demo', 'GET', `/ports?network_id=${privateNet}`)).body).sort();
    const firstTwo = await call('demo', 'GET', `/ports?network_id=${privateNet}&limit=2`);
    expect(ids(firstTwo.body)).toEqual(onNet.slice(0, 2));
    const rest = await call(
      'demo',
      'GET',
      `/ports?network_id=${privateNet}&limit=1000&marker=${onNet[1] ?? ''}`,
    );
    expect(ids(rest.body)).toEqual(onNet.slice(2));
    // Another project's port is no marker for a member, as in the sorted path.
    const demoOwn = new Set(ids((await call('demo', 'GET', '/ports')).body));
    const other = ids((await call('admin', 'GET', '/ports')).body).find((id) => !demoOwn.has(id));
    expect(other).toBeDefined();
    const refused = await call('demo', 'GET', `/ports?limit=2&marker=${other ?? ''}`);
    expect(refused.status).toBe(404);
  });
});
