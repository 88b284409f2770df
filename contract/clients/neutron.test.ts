import { describe, expect, it } from 'vitest';
import type { NeutronNetwork } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { MISSING_UUID, call } from '../support/services';
import { session, uniqueName } from '../support/session';
import type { Session } from '../support/session';
import { expectShape, field } from '../support/shape';
import type { Shape } from '../support/shape';

// Every Neutron call of the server's routes (server/src/routes/api/neutron), made through the
// server's own client on both targets: what it returns, and how it fails.

const cleanup = cleanupAfterAll();

const NETWORK: Shape = {
  id: 'string',
  name: 'string',
  project_id: 'string',
  status: 'string',
  admin_state_up: 'boolean',
  shared: 'boolean',
  subnets: ['string'],
  mtu: 'integer',
  availability_zone_hints: ['string'],
  availability_zones: ['string'],
};

const SUBNET: Shape = {
  id: 'string',
  name: 'string',
  network_id: 'string',
  project_id: 'string',
  ip_version: 'integer',
  cidr: 'string',
  gateway_ip: 'string|null',
  enable_dhcp: 'boolean',
  allocation_pools: [{ start: 'string', end: 'string' }],
  dns_nameservers: ['string'],
  host_routes: [{ destination: 'string', nexthop: 'string' }],
  ipv6_ra_mode: 'string|null',
  ipv6_address_mode: 'string|null',
  subnetpool_id: 'string|null',
};

const PORT: Shape = {
  id: 'string',
  name: 'string',
  network_id: 'string',
  project_id: 'string',
  status: 'string',
  admin_state_up: 'boolean',
  mac_address: 'string',
  fixed_ips: [{ subnet_id: 'string', ip_address: 'string' }],
  device_id: 'string',
  device_owner: 'string',
  security_groups: ['string'],
};

async function network(who: Session, name = uniqueName('net')): Promise<NeutronNetwork> {
  const created = await who.client.neutron.networks.create({ name });
  cleanup(() => who.client.neutron.networks.delete(created.id).catch(() => undefined));
  return created;
}

describe('neutron client: networks and subnets', () => {
  it('creates, shows, lists by filter, updates and deletes', async () => {
    const demo = await session('demo');
    const networks = demo.client.neutron.networks;
    const net = await network(demo);
    expectShape(net, NETWORK);
    expect(await networks.get(net.id)).toMatchObject({ id: net.id, name: net.name });
    const byName = await networks.list({ filters: { name: net.name } });
    expect(byName.map((n) => n.id)).toEqual([net.id]);
    const updated = await networks.update(net.id, { name: `${net.name}-b`, admin_state_up: false });
    expect(updated).toMatchObject({ name: `${net.name}-b`, admin_state_up: false });
    await networks.delete(net.id);
    await expectClientError(networks.get(net.id), {
      status: 404,
      service: 'network',
      title: 'NetworkNotFound',
    });
  });

  it('pages by marker both ways (the page before an item with page_reverse)', async () => {
    const demo = await session('demo');
    const networks = demo.client.neutron.networks;
    const name = uniqueName('pages');
    const made = [await network(demo, name), await network(demo, name), await network(demo, name)];
    const ids = made.map((n) => n.id).sort();
    const asc = await networks.list({ filters: { name }, sortKey: 'id', sortDir: 'asc', limit: 2 });
    expect(asc.map((n) => n.id)).toEqual(ids.slice(0, 2));
    const after = await networks.list({
      filters: { name },
      sortKey: 'id',
      sortDir: 'asc',
      limit: 2,
      marker: asc[1]?.id,
    });
    expect(after.map((n) => n.id)).toEqual(ids.slice(2));
    const before = await networks.list({
      filters: { name },
      sortKey: 'id',
      sortDir: 'desc',
      limit: 2,
      marker: ids[2],
    });
    expect(before.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    // With one name for all, only Neutron's id tie-break orders them, and it stays ascending
    // whatever sort_dir says: the page before an item is asked with page_reverse (Neutron
    // flips every key itself and answers in the list's order), not with the direction flipped.
    const forward = await networks.list({
      filters: { name },
      sortKey: 'name',
      sortDir: 'asc',
      limit: 10,
    });
    const reversed = await networks.list({
      filters: { name },
      sortKey: 'name',
      sortDir: 'asc',
      limit: 2,
      marker: forward[2]?.id,
      pageReverse: true,
    });
    expect(reversed.map((n) => n.id)).toEqual(forward.slice(0, 2).map((n) => n.id));
    const all = await networks.listAll({ filters: { name } });
    expect(all.truncated).toBe(false);
    expect(all.items.map((n) => n.id).sort()).toEqual(ids);
  });

  it("creates a subnet with pools, DNS and routes; edits it; Neutron's own refusals", async () => {
    const demo = await session('demo');
    const subnets = demo.client.neutron.subnets;
    const net = await network(demo);
    const subnet = await subnets.create({
      network_id: net.id,
      ip_version: 4,
      name: uniqueName('sub'),
      cidr: '10.251.0.0/24',
      gateway_ip: '10.251.0.1',
      allocation_pools: [{ start: '10.251.0.10', end: '10.251.0.20' }],
      dns_nameservers: ['192.0.2.53'],
      host_routes: [{ destination: '198.51.100.0/24', nexthop: '10.251.0.254' }],
    });
    expectShape(subnet, SUBNET);
    expect(subnet.allocation_pools).toEqual([{ start: '10.251.0.10', end: '10.251.0.20' }]);
    const listed = await subnets.list({ filters: { network_id: [net.id] } });
    expect(listed.map((s) => s.id)).toEqual([subnet.id]);
    const refs = await subnets.list({
      filters: { network_id: [net.id, MISSING_UUID] },
      fields: ['id', 'name', 'cidr', 'ip_version', 'network_id'],
    });
    expect(Object.keys(refs[0] ?? {}).sort()).toEqual([
      'cidr',
      'id',
      'ip_version',
      'name',
      'network_id',
    ]);
    const edited = await subnets.update(subnet.id, { gateway_ip: null, dns_nameservers: [] });
    expect(edited).toMatchObject({ gateway_ip: null, dns_nameservers: [] });
    expect((await demo.client.neutron.networks.get(net.id)).subnets).toEqual([subnet.id]);

    // What the server's rules catch first, Neutron refuses too: the wording is its own.
    await expectClientError(
      subnets.create({ network_id: net.id, ip_version: 4, cidr: '10.251.0.0/24' }),
      { status: 400, service: 'network' },
    );
    await expectClientError(
      subnets.update(subnet.id, { gateway_ip: '10.251.0.15', allocation_pools: undefined }),
      { status: 409, service: 'network', title: 'GatewayConflictWithAllocationPools' },
    );
    await subnets.delete(subnet.id);
    await expectClientError(subnets.get(subnet.id), {
      status: 404,
      service: 'network',
      title: 'SubnetNotFound',
    });
  });

  it('refuses to delete a network with a port in use (409 NetworkInUse)', async () => {
    const demo = await session('demo');
    const net = await network(demo);
    const port = await demo.client.neutron.ports.create({ network_id: net.id });
    cleanup(() => demo.client.neutron.ports.delete(port.id).catch(() => undefined));
    expectShape(port, PORT);
    const byNetwork = await demo.client.neutron.ports.list({ filters: { network_id: net.id } });
    expect(byNetwork.map((p) => p.id)).toContain(port.id);
    const byDevice = await demo.client.neutron.ports.list({ filters: { device_id: MISSING_UUID } });
    expect(byDevice).toEqual([]);
    expect((await demo.client.neutron.ports.get(port.id)).id).toBe(port.id);
    await expectClientError(demo.client.neutron.networks.delete(net.id), {
      status: 409,
      service: 'network',
      title: 'NetworkInUse',
    });
    await demo.client.neutron.ports.delete(port.id);
    await demo.client.neutron.networks.delete(net.id);
  });
});

describe('neutron client: subnet pools', () => {
  it('lists the pools a subnet may take its address from, prefix lengths as text', async () => {
    const demo = await session('demo');
    const made = await call(demo, 'network', 'POST', 'v2.0/subnetpools', {
      json: {
        subnetpool: {
          name: uniqueName('pool'),
          prefixes: ['10.249.0.0/16'],
          default_prefixlen: 26,
          min_prefixlen: 24,
          max_prefixlen: 28,
        },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(field(made.body, 'subnetpool', 'id'));
    cleanup(() => call(demo, 'network', 'DELETE', `v2.0/subnetpools/${id}`));
    const pools = await demo.client.neutron.subnetPools.list();
    const pool = pools.find((p) => p.id === id);
    expectShape(pool, {
      id: 'string',
      name: 'string',
      ip_version: 'integer',
      prefixes: ['string'],
      min_prefixlen: 'string',
      max_prefixlen: 'string',
      default_prefixlen: 'string',
      shared: 'boolean',
      is_default: 'boolean',
    });
    expect([pool?.min_prefixlen, pool?.default_prefixlen, pool?.max_prefixlen]).toEqual([
      '24',
      '26',
      '28',
    ]);
  });
});

describe('neutron client: security groups', () => {
  it("lists the project's groups with their rules and shows one", async () => {
    const demo = await session('demo');
    const groups = demo.client.neutron.securityGroups;
    const list = await groups.list({ filters: { project_id: demo.projectId } });
    const group = list.find((g) => g.name === 'default');
    expect(group).toBeDefined();
    expectShape(group, {
      id: 'string',
      name: 'string',
      project_id: 'string',
      security_group_rules: [
        {
          id: 'string',
          direction: 'string',
          ethertype: 'string',
          protocol: 'string|null',
          port_range_min: 'integer|null',
          port_range_max: 'integer|null',
          remote_ip_prefix: 'string|null',
          remote_group_id: 'string|null',
        },
      ],
    });
    expect((await groups.get(group?.id ?? '')).id).toBe(group?.id);
    await expectClientError(groups.get(MISSING_UUID), {
      status: 404,
      service: 'network',
      title: 'SecurityGroupNotFound',
    });
  });
});
