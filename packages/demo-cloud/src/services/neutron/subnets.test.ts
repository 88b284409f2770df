import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { idOf, list, names, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron subnets and subnet pools', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);
  let netId = '';

  beforeAll(async () => {
    const net = await call('demo', 'POST', '/networks', { network: { name: 'subnet-lab' } });
    netId = String((net.body['network'] as Body)['id']);
  });

  const create = (subnet: Body, who: 'demo' | 'admin' | 'alt' = 'demo') =>
    call(who, 'POST', '/subnets', { subnet: { network_id: netId, ...subnet } });
  const message = (body: Body): unknown => (body['NeutronError'] as Body | undefined)?.['message'];

  it('computes the gateway and allocation pools, as neutron does', async () => {
    const v4 = await create({ name: 'v4', cidr: '10.50.0.0/24', ip_version: 4 });
    expect(v4.status).toBe(201);
    expect(v4.body['subnet']).toMatchObject({
      name: 'v4',
      cidr: '10.50.0.0/24',
      gateway_ip: '10.50.0.1',
      allocation_pools: [{ start: '10.50.0.2', end: '10.50.0.254' }],
      enable_dhcp: true,
      ipv6_ra_mode: null,
      ipv6_address_mode: null,
      subnetpool_id: null,
      host_routes: [],
      dns_nameservers: [],
      service_types: [],
      revision_number: 0,
    });
    const v6 = await create({
      name: 'v6',
      cidr: 'fd10::/64',
      ip_version: 6,
      ipv6_ra_mode: 'slaac',
      ipv6_address_mode: 'slaac',
    });
    expect(v6.body['subnet']).toMatchObject({
      gateway_ip: 'fd10::',
      allocation_pools: [{ start: 'fd10::1', end: 'fd10::ffff:ffff:ffff:ffff' }],
    });
    const network = await call('demo', 'GET', `/networks/${netId}`);
    expect((network.body['network'] as Body)['subnets']).toHaveLength(2);
  });

  it('honours given pools and gateway, and validates them', async () => {
    const given = await create({
      cidr: '10.51.0.0/24',
      ip_version: 4,
      gateway_ip: '10.51.0.254',
      allocation_pools: [{ start: '10.51.0.10', end: '10.51.0.20' }],
      dns_nameservers: ['8.8.8.8'],
      host_routes: [{ destination: '192.168.0.0/16', nexthop: '10.51.0.1' }],
    });
    expect(given.body['subnet']).toMatchObject({
      gateway_ip: '10.51.0.254',
      allocation_pools: [{ start: '10.51.0.10', end: '10.51.0.20' }],
      dns_nameservers: ['8.8.8.8'],
    });
    const noGateway = await create({ cidr: '10.52.0.0/29', ip_version: 4, gateway_ip: null });
    expect(noGateway.body['subnet']).toMatchObject({
      gateway_ip: null,
      allocation_pools: [{ start: '10.52.0.1', end: '10.52.0.6' }],
    });

    const outOfBounds = await create({
      cidr: '10.53.0.0/24',
      ip_version: 4,
      allocation_pools: [{ start: '10.53.0.10', end: '10.53.1.20' }],
    });
    expect(outOfBounds.body).toEqual(
      neutronError(
        'OutOfBoundsAllocationPool',
        'The allocation pool 10.53.0.10-10.53.1.20 spans beyond the subnet cidr 10.53.0.0/24.',
      ),
    );
    const overlapping = await create({
      cidr: '10.53.0.0/24',
      ip_version: 4,
      allocation_pools: [
        { start: '10.53.0.10', end: '10.53.0.20' },
        { start: '10.53.0.15', end: '10.53.0.30' },
      ],
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toEqual(
      neutronError(
        'OverlappingAllocationPools',
        'Found overlapping allocation pools: 10.53.0.10-10.53.0.20 10.53.0.15-10.53.0.30 for subnet 10.53.0.0/24.',
      ),
    );
    const gatewayInPool = await create({
      cidr: '10.53.0.0/24',
      ip_version: 4,
      gateway_ip: '10.53.0.15',
      allocation_pools: [{ start: '10.53.0.10', end: '10.53.0.20' }],
    });
    expect(gatewayInPool.body).toEqual(
      neutronError(
        'GatewayConflictWithAllocationPools',
        'Gateway ip 10.53.0.15 conflicts with allocation pool 10.53.0.10-10.53.0.20.',
      ),
    );
  });

  it('validates CIDRs, versions and IPv6 modes with neutron’s messages', async () => {
    const host = await create({ cidr: '10.60.0.1/24', ip_version: 4 });
    expect(host.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        "Invalid input for cidr. Reason: '10.60.0.1/24' isn't a recognized IP subnet cidr, '10.60.0.0/24' is recommended.",
      ),
    );
    const garbage = await create({ cidr: 'banana', ip_version: 4 });
    expect(garbage.body).toEqual(
      neutronError('InvalidInput', 'Invalid input for operation: banana is not in a CIDR format.'),
    );
    const version = await create({ cidr: 'fd20::/64', ip_version: 4 });
    expect(message(version.body)).toBe(
      "Invalid input for operation: cidr 'fd20::/64' does not match the ip_version '4'.",
    );
    const overlap = await create({ cidr: '10.50.0.128/25', ip_version: 4 });
    expect(message(overlap.body)).toBe(
      `Invalid input for operation: Requested subnet with cidr: 10.50.0.128/25 for network: ${netId} overlaps with another subnet.`,
    );
    const modes = await create({
      cidr: 'fd30::/64',
      ip_version: 6,
      ipv6_ra_mode: 'slaac',
      ipv6_address_mode: 'dhcpv6-stateful',
    });
    expect(message(modes.body)).toBe(
      "Invalid input for operation: ipv6_ra_mode set to 'slaac' with ipv6_address_mode set to 'dhcpv6-stateful' is not valid. If both attributes are set, they must be the same value.",
    );
    const noCidr = await create({ ip_version: 4 });
    expect(noCidr.body).toEqual(
      neutronError(
        'BadRequest',
        'Bad subnets request: a subnetpool must be specified in the absence of a cidr.',
      ),
    );
    const missing = await call('demo', 'POST', '/subnets', {
      subnet: { network_id: netId, cidr: '10.9.0.0/24' },
    });
    expect(missing.body).toEqual(
      neutronError(
        'HTTPBadRequest',
        "Failed to parse request. Required attribute 'ip_version' not specified",
      ),
    );
  });

  it('keeps projects on their own networks', async () => {
    const foreign = await create({ cidr: '10.70.0.0/24', ip_version: 4 }, 'alt');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(
      neutronError('NetworkNotFound', `Network ${netId} could not be found.`),
    );
    const nets = await call('alt', 'GET', '/networks');
    const pub = idOf(nets.body, 'networks', 'public');
    const onPublic = await call('alt', 'POST', '/subnets', {
      subnet: { network_id: pub, cidr: '10.71.0.0/24', ip_version: 4 },
    });
    expect(onPublic.status).toBe(403);
    expect((onPublic.body['NeutronError'] as Body)['type']).toBe('HTTPForbidden');
    const demoSubnets = await call('demo', 'GET', '/subnets');
    expect(names(demoSubnets.body, 'subnets')).toEqual(
      expect.arrayContaining([
        'private-subnet',
        'ipv6-private-subnet',
        'db-subnet',
        'shared-subnet',
      ]),
    );
    expect(names(demoSubnets.body, 'subnets')).not.toContain('public-subnet');
    expect(names(demoSubnets.body, 'subnets')).not.toContain('alt-private-subnet');
  });

  it('allocates subnets from a pool by prefix length', async () => {
    const pools = await call('demo', 'GET', '/subnetpools');
    const pool = list(pools.body, 'subnetpools').find(
      (p) => p['name'] === 'shared-default-subnetpool-v4',
    );
    expect(pool).toMatchObject({
      prefixes: ['10.200.0.0/16'],
      default_prefixlen: '26',
      min_prefixlen: '8',
      max_prefixlen: '32',
      shared: true,
      is_default: true,
      ip_version: 4,
    });
    const poolId = String(pool?.['id']);
    // The shared network holds subnets from no pool: a network's subnets share one pool.
    const mixed = await create({ subnetpool_id: poolId, ip_version: 4, prefixlen: 28 });
    expect(mixed.body).toEqual(
      neutronError(
        'NetworkSubnetPoolAffinityError',
        'Subnets hosted on the same network must be allocated from the same subnet pool.',
      ),
    );
    const poolNet = await call('demo', 'POST', '/networks', { network: { name: 'pool-1' } });
    const inPoolNet = (subnet: Body) =>
      call('demo', 'POST', '/subnets', {
        subnet: { network_id: (poolNet.body['network'] as Body)['id'], ...subnet },
      });
    const first = await inPoolNet({ subnetpool_id: poolId, ip_version: 4, prefixlen: 28 });
    expect(first.body['subnet']).toMatchObject({
      cidr: '10.200.0.0/28',
      gateway_ip: '10.200.0.1',
      allocation_pools: [{ start: '10.200.0.2', end: '10.200.0.14' }],
      subnetpool_id: poolId,
    });
    const deleteFirst = await call(
      'demo',
      'DELETE',
      `/subnets/${String((first.body['subnet'] as Body)['id'])}`,
    );
    expect(deleteFirst.status).toBe(204);
    const byDefault = await inPoolNet({ use_default_subnetpool: true, ip_version: 4 });
    expect((byDefault.body['subnet'] as Body)['cidr']).toBe('10.200.0.0/26');
    const other = await call('demo', 'POST', '/networks', { network: { name: 'pool-2' } });
    const second = await call('demo', 'POST', '/subnets', {
      subnet: {
        network_id: (other.body['network'] as Body)['id'],
        subnetpool_id: poolId,
        ip_version: 4,
      },
    });
    expect((second.body['subnet'] as Body)['cidr']).toBe('10.200.0.64/26');
    const tooBig = await inPoolNet({ subnetpool_id: poolId, ip_version: 4, prefixlen: 4 });
    expect(tooBig.body).toEqual(
      neutronError(
        'MinPrefixSubnetAllocationError',
        'Unable to allocate subnet with prefix length 4, minimum allowed prefix is 8.',
      ),
    );
    const inUse = await call('admin', 'DELETE', `/subnetpools/${poolId}`);
    expect(inUse.status).toBe(400);
    expect((inUse.body['NeutronError'] as Body)['type']).toBe('SubnetPoolDeleteError');
  });

  it('creates and updates a subnet pool, with admin-only attributes', async () => {
    const pool = await call('demo', 'POST', '/subnetpools', {
      subnetpool: {
        name: 'mine',
        prefixes: ['192.168.100.0/24', '192.168.101.0/24'],
        default_prefixlen: 28,
      },
    });
    expect(pool.status).toBe(201);
    // Adjacent prefixes merge, as netaddr's IPSet compacts them.
    expect(pool.body['subnetpool']).toMatchObject({
      prefixes: ['192.168.100.0/23'],
      default_prefixlen: '28',
      min_prefixlen: '8',
      shared: false,
    });
    const shared = await call('demo', 'POST', '/subnetpools', {
      subnetpool: { name: 'x', prefixes: ['10.0.0.0/8'], shared: true },
    });
    expect(shared.status).toBe(403);
    const id = String((pool.body['subnetpool'] as Body)['id']);
    const shrink = await call('demo', 'PUT', `/subnetpools/${id}`, {
      subnetpool: { prefixes: ['192.168.100.0/24'] },
    });
    expect(shrink.body).toEqual(
      neutronError(
        'IllegalSubnetPoolPrefixUpdate',
        'Illegal update to prefixes: Existing prefixes must be a subset of the new prefixes.',
      ),
    );
    const bounds = await call('demo', 'PUT', `/subnetpools/${id}`, {
      subnetpool: { min_prefixlen: 30, max_prefixlen: 29 },
    });
    expect(bounds.body).toEqual(
      neutronError(
        'IllegalSubnetPoolPrefixBounds',
        'Illegal prefix bounds: min_prefixlen=30, max_prefixlen=29.',
      ),
    );
    const hidden = await call('alt', 'GET', `/subnetpools/${id}`);
    expect(hidden.status).toBe(404);
    expect((await call('demo', 'DELETE', `/subnetpools/${id}`)).status).toBe(204);
  });

  it('updates a subnet and refuses to delete one in use', async () => {
    const subnets = await call('demo', 'GET', '/subnets');
    const priv = idOf(subnets.body, 'subnets', 'private-subnet');
    const renamed = await call('demo', 'PUT', `/subnets/${priv}`, {
      subnet: { name: 'private-subnet', dns_nameservers: ['1.1.1.1'] },
    });
    expect(renamed.body['subnet']).toMatchObject({
      dns_nameservers: ['1.1.1.1'],
      revision_number: 1,
    });
    const cidr = await call('demo', 'PUT', `/subnets/${priv}`, { subnet: { cidr: '10.0.0.0/24' } });
    expect(cidr.body).toEqual(
      neutronError('HTTPBadRequest', 'Cannot update read-only attribute cidr'),
    );
    const inUse = await call('demo', 'DELETE', `/subnets/${priv}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual(
      neutronError(
        'SubnetInUse',
        `Unable to complete operation on subnet ${priv}: One or more ports have an IP allocation from this subnet.`,
      ),
    );
    // Zed's update_subnet admits the network owner's project whatever the role (rule:network_owner).
    const reader = await call('reader', 'PUT', `/subnets/${priv}`, {
      subnet: { name: 'private-subnet' },
    });
    expect(reader.status).toBe(200);
    const foreign = await call('alt', 'PUT', `/subnets/${priv}`, { subnet: { name: 'x' } });
    expect(foreign.body).toEqual(
      neutronError('SubnetNotFound', `Subnet ${priv} could not be found.`),
    );
  });
});
