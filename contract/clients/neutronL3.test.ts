import { beforeAll, describe, expect, it } from 'vitest';
import type { NeutronNetwork, NeutronSubnet } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { MISSING_UUID } from '../support/services';
import { session, uniqueName } from '../support/session';
import { expectShape } from '../support/shape';
import type { Shape } from '../support/shape';

// The neutron client's router, floating IP, security group and rule calls (what
// server/src/routes/api/neutron/{routers,floatingips,securitygroups}.ts make), on both targets.

const cleanup = cleanupAfterAll();

const ROUTER: Shape = {
  id: 'string',
  name: 'string',
  project_id: 'string',
  status: 'string',
  admin_state_up: 'boolean',
  external_gateway_info: 'object|null',
  routes: [{ destination: 'string', nexthop: 'string' }],
};

const INTERFACE: Shape = {
  id: 'string',
  port_id: 'string',
  subnet_id: 'string',
  subnet_ids: ['string'],
  network_id: 'string',
};

const FLOATING_IP: Shape = {
  id: 'string',
  floating_ip_address: 'string',
  floating_network_id: 'string',
  project_id: 'string',
  status: 'string',
  port_id: 'string|null',
  fixed_ip_address: 'string|null',
  router_id: 'string|null',
};

const RULE: Shape = {
  id: 'string',
  security_group_id: 'string',
  direction: 'string',
  ethertype: 'string',
  protocol: 'string|null',
  port_range_min: 'integer|null',
  port_range_max: 'integer|null',
  remote_ip_prefix: 'string|null',
  remote_group_id: 'string|null',
};

let external: NeutronNetwork;
let net: NeutronNetwork;
let subnet: NeutronSubnet;

beforeAll(async () => {
  const admin = await session('admin');
  const demo = await session('demo');
  external = await admin.client.neutron.networks.create({
    name: uniqueName('l3-ext'),
    'router:external': true,
  });
  cleanup(() => admin.client.neutron.networks.delete(external.id).catch(() => undefined));
  const extSubnet = await admin.client.neutron.subnets.create({
    network_id: external.id,
    ip_version: 4,
    cidr: '198.51.101.0/24',
    allocation_pools: [{ start: '198.51.101.10', end: '198.51.101.99' }],
  });
  cleanup(() => admin.client.neutron.subnets.delete(extSubnet.id).catch(() => undefined));
  net = await demo.client.neutron.networks.create({ name: uniqueName('l3-net') });
  cleanup(() => demo.client.neutron.networks.delete(net.id).catch(() => undefined));
  subnet = await demo.client.neutron.subnets.create({
    network_id: net.id,
    ip_version: 4,
    cidr: '10.233.0.0/24',
    allocation_pools: [{ start: '10.233.0.100', end: '10.233.0.200' }],
  });
  cleanup(() => demo.client.neutron.subnets.delete(subnet.id).catch(() => undefined));
});

describe('neutron client: routers', () => {
  it('creates with a gateway, adds and removes interfaces and routes, clears, deletes', async () => {
    const demo = await session('demo');
    const routers = demo.client.neutron.routers;
    const router = await routers.create({
      name: uniqueName('router'),
      external_gateway_info: { network_id: external.id },
    });
    cleanup(() => routers.delete(router.id).catch(() => undefined));
    expectShape(router, ROUTER);
    expect(router.external_gateway_info?.network_id).toBe(external.id);
    expect(router.external_gateway_info?.external_fixed_ips?.length).toBe(1);

    const onGateway = await routers.addInterface(router.id, { subnet_id: subnet.id });
    expectShape(onGateway, INTERFACE);
    expect(onGateway.subnet_id).toBe(subnet.id);
    // A second interface on the same subnet is refused (Neutron's 400).
    await expectClientError(routers.addInterface(router.id, { subnet_id: subnet.id }), {
      status: 400,
      service: 'network',
      title: 'BadRequest',
    });
    // On another address: a port first, then the port as the interface.
    const port = await demo.client.neutron.ports.create({
      network_id: net.id,
      fixed_ips: [{ subnet_id: subnet.id, ip_address: '10.233.0.7' }],
    });
    cleanup(() => demo.client.neutron.ports.delete(port.id).catch(() => undefined));
    await expectClientError(routers.addInterface(router.id, { port_id: port.id }), {
      status: 400,
      service: 'network',
    });

    const routed = await routers.addExtraRoutes(router.id, [
      { destination: '172.31.0.0/24', nexthop: '10.233.0.20' },
    ]);
    expect(routed.routes).toEqual([{ destination: '172.31.0.0/24', nexthop: '10.233.0.20' }]);
    // A next hop off the router's subnets is Neutron's 400.
    await expectClientError(
      routers.addExtraRoutes(router.id, [{ destination: '172.31.1.0/24', nexthop: '192.0.2.1' }]),
      { status: 400, service: 'network', title: 'InvalidRoutes' },
    );
    const unrouted = await routers.removeExtraRoutes(router.id, routed.routes ?? []);
    expect(unrouted.routes).toEqual([]);

    // A router with an interface cannot be deleted.
    await expectClientError(routers.delete(router.id), {
      status: 409,
      service: 'network',
      title: 'RouterInUse',
    });
    const removed = await routers.removeInterface(router.id, { port_id: onGateway.port_id });
    expect(removed.port_id).toBe(onGateway.port_id);
    const cleared = await routers.update(router.id, { external_gateway_info: null });
    expect(cleared.external_gateway_info).toBeNull();
    await routers.delete(router.id);
    await expectClientError(routers.get(router.id), {
      status: 404,
      service: 'network',
      title: 'RouterNotFound',
    });
  });

  it("refuses a member's SNAT choice by policy, and lists the extensions", async () => {
    const demo = await session('demo');
    await expectClientError(
      demo.client.neutron.routers.create({
        name: uniqueName('router'),
        external_gateway_info: { network_id: external.id, enable_snat: false },
      }),
      { status: 403, service: 'network', title: 'PolicyNotAuthorized' },
    );
    const aliases = (await demo.client.neutron.extensions()).map((e) => e.alias);
    expect(aliases).toEqual(expect.arrayContaining(['router', 'ext-gw-mode', 'extraroute-atomic']));
  });
});

describe('neutron client: floating IPs', () => {
  it('allocates, associates to a reachable port, disassociates, releases', async () => {
    const demo = await session('demo');
    const router = await demo.client.neutron.routers.create({
      name: uniqueName('fip-router'),
      external_gateway_info: { network_id: external.id },
    });
    cleanup(() => demo.client.neutron.routers.delete(router.id).catch(() => undefined));
    const fips = demo.client.neutron.floatingIps;
    const port = await demo.client.neutron.ports.create({ network_id: net.id });
    cleanup(() => demo.client.neutron.ports.delete(port.id).catch(() => undefined));
    const fip = await fips.create({ floating_network_id: external.id, description: 'contract' });
    cleanup(() => fips.delete(fip.id).catch(() => undefined));
    expectShape(fip, FLOATING_IP);
    expect(fip).toMatchObject({ port_id: null, description: 'contract' });
    // The subnet is not on the router yet: Neutron says the network is not reachable.
    await expectClientError(fips.update(fip.id, { port_id: port.id }), {
      status: 404,
      service: 'network',
      title: 'ExternalGatewayForFloatingIPNotFound',
    });
    const iface = await demo.client.neutron.routers.addInterface(router.id, {
      subnet_id: subnet.id,
    });
    cleanup(() =>
      demo.client.neutron.routers
        .removeInterface(router.id, { port_id: iface.port_id })
        .catch(() => undefined),
    );
    const fixed = port.fixed_ips[0]?.ip_address ?? '';
    const associated = await fips.update(fip.id, { port_id: port.id, fixed_ip_address: fixed });
    expect(associated).toMatchObject({ port_id: port.id, fixed_ip_address: fixed });
    expect(associated.router_id).toBe(router.id);
    expect((await fips.list({ filters: { port_id: port.id } })).map((f) => f.id)).toEqual([fip.id]);
    const free = await fips.update(fip.id, { port_id: null });
    expect(free).toMatchObject({ port_id: null, fixed_ip_address: null });
    await fips.delete(fip.id);
    await expectClientError(fips.get(fip.id), {
      status: 404,
      service: 'network',
      title: 'FloatingIPNotFound',
    });
    await expectClientError(fips.create({ floating_network_id: MISSING_UUID }), {
      status: 404,
      service: 'network',
    });
  });
});

describe('neutron client: security groups and rules', () => {
  it('creates, edits, adds rules (a duplicate is 409), deletes', async () => {
    const demo = await session('demo');
    const groups = demo.client.neutron.securityGroups;
    const rules = demo.client.neutron.securityGroupRules;
    const group = await groups.create({ name: uniqueName('sg'), description: 'contract' });
    cleanup(() => groups.delete(group.id).catch(() => undefined));
    expect(group.security_group_rules.length).toBeGreaterThan(0);
    const edited = await groups.update(group.id, { description: 'edited' });
    expect(edited.description).toBe('edited');

    const ssh = {
      security_group_id: group.id,
      direction: 'ingress' as const,
      ethertype: 'IPv4' as const,
      protocol: 'tcp',
      port_range_min: 22,
      port_range_max: 22,
      remote_ip_prefix: '0.0.0.0/0',
    };
    const rule = await rules.create(ssh);
    expectShape(rule, RULE);
    expect(rule).toMatchObject({ protocol: 'tcp', port_range_min: 22, port_range_max: 22 });
    expect(await rules.get(rule.id)).toMatchObject({ id: rule.id, security_group_id: group.id });
    await expectClientError(rules.create(ssh), {
      status: 409,
      service: 'network',
      title: 'SecurityGroupRuleExists',
      message: 'Security group rule already exists',
    });
    await expectClientError(rules.create({ ...ssh, port_range_min: 30, port_range_max: 20 }), {
      status: 400,
      service: 'network',
    });
    const listed = await rules.list({ filters: { security_group_id: group.id } });
    expect(listed.map((r) => r.id)).toContain(rule.id);
    await rules.delete(rule.id);
    await expectClientError(rules.get(rule.id), {
      status: 404,
      service: 'network',
      title: 'SecurityGroupRuleNotFound',
    });
    await groups.delete(group.id);
    await expectClientError(groups.get(group.id), {
      status: 404,
      service: 'network',
      title: 'SecurityGroupNotFound',
    });
  });
});
