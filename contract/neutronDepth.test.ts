import { beforeAll, describe, expect, it } from 'vitest';
import { authenticatePassword } from '@skydeck/openstack-client';
import { cleanupAfterAll } from './support/cleanup';
import { joinPath, raw } from './support/http';
import type { RawAnswer } from './support/http';
import { MISSING_UUID, call } from './support/services';
import { session, target, uniqueName } from './support/session';
import type { Session } from './support/session';
import { expectKeys, expectShape, field } from './support/shape';
import type { Shape } from './support/shape';

// Neutron in depth, on both targets: networks (shared, external), subnets and their allocation
// pools, subnet pools, ports, routers, security groups, floating IPs, trunks, QoS, quotas, agents,
// extensions, and who may see and do what. Each test makes its own `contract-*` resources.
//
// Where the clouds differ by design, assertions hold for both: the lab runs neutron-server without
// agents (no L3/DHCP agent, no QoS driver: router and floating IP ports stay DOWN, no
// availability zones, no QoS rule types), the demo cloud simulates an Open vSwitch deployment.
// Neutron picks free addresses at random and returns some lists in database order, so addresses
// are checked for membership and such lists as sets.

type Json = Record<string, unknown>;

const cleanup = cleanupAfterAll();

/** The seeded callers' sessions (each cached for the file). */
async function sessions(): Promise<Record<'admin' | 'demo' | 'reader', Session>> {
  const [admin, demo, reader] = await Promise.all([
    session('admin'),
    session('demo'),
    session('reader'),
  ]);
  return { admin, demo, reader };
}

/** A Neutron call as this session's user, below `/v2.0/`. */
function api(s: Session, method: string, path: string, json?: unknown): Promise<RawAnswer> {
  return call(s, 'network', method, `v2.0/${path}`, json === undefined ? {} : { json });
}

function body(answer: RawAnswer, key: string): Json {
  return field(answer.body, key) as Json;
}

/** POSTs `{ [key]: item }` to the collection, expects 201, deletes it at the end. */
async function create(s: Session, collection: string, key: string, item: Json): Promise<Json> {
  const answer = await api(s, 'POST', collection, { [key]: item });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const made = body(answer, key);
  cleanup(() => api(s, 'DELETE', `${collection}/${String(made['id'])}`));
  return made;
}

/** `{"NeutronError": {"type", "message", "detail": ""}}` with the status. */
function expectFault(
  answer: RawAnswer,
  status: number,
  type: string,
  message?: string | RegExp,
): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expectKeys(answer.body, ['NeutronError']);
  expectKeys(field(answer.body, 'NeutronError'), ['type', 'message', 'detail']);
  expect(field(answer.body, 'NeutronError', 'type')).toBe(type);
  expect(field(answer.body, 'NeutronError', 'detail')).toBe('');
  const text = field(answer.body, 'NeutronError', 'message');
  if (typeof message === 'string') expect(text).toBe(message);
  else if (message) expect(text).toMatch(message);
}

function expectRefused(answer: RawAnswer, rule: string): void {
  expectFault(answer, 403, 'PolicyNotAuthorized', `${rule} is disallowed by policy`);
}

const ipv4 = (text: unknown): number =>
  String(text)
    .split('.')
    .reduce((n, part) => n * 256 + Number(part), 0);

const inRange = (ip: unknown, start: string, end: string): boolean =>
  ipv4(ip) >= ipv4(start) && ipv4(ip) <= ipv4(end);

const sortedPools = (pools: unknown): string[] =>
  (pools as { start: string; end: string }[]).map((p) => `${p.start}-${p.end}`).sort();

const STANDARD = {
  description: 'string',
  tags: ['string'],
  created_at: 'string',
  updated_at: 'string',
  revision_number: 'integer',
} as const;

const OWNED = { id: 'string', tenant_id: 'string', project_id: 'string' } as const;

const NETWORK_KEYS = [
  'id',
  'name',
  'tenant_id',
  'project_id',
  'admin_state_up',
  'mtu',
  'status',
  'subnets',
  'shared',
  'availability_zone_hints',
  'availability_zones',
  'ipv4_address_scope',
  'ipv6_address_scope',
  'description',
  'port_security_enabled',
  'qos_policy_id',
  'tags',
  'created_at',
  'updated_at',
  'revision_number',
];
const PROVIDER_KEYS = [
  'provider:network_type',
  'provider:physical_network',
  'provider:segmentation_id',
];

const SUBNET: Shape = {
  ...OWNED,
  ...STANDARD,
  name: 'string',
  network_id: 'string',
  ip_version: 'integer',
  cidr: 'string',
  gateway_ip: 'string|null',
  enable_dhcp: 'boolean',
  allocation_pools: [{ start: 'string', end: 'string' }],
  dns_nameservers: ['string'],
  host_routes: 'array',
  ipv6_ra_mode: 'string|null',
  ipv6_address_mode: 'string|null',
  subnetpool_id: 'string|null',
  service_types: ['string'],
};

const PORT_KEYS = [
  'id',
  'name',
  'network_id',
  'tenant_id',
  'project_id',
  'mac_address',
  'admin_state_up',
  'status',
  'device_id',
  'device_owner',
  'fixed_ips',
  'allowed_address_pairs',
  'extra_dhcp_opts',
  'security_groups',
  'description',
  'binding:vnic_type',
  'port_security_enabled',
  'qos_policy_id',
  'qos_network_policy_id',
  'tags',
  'created_at',
  'updated_at',
  'revision_number',
];
const PORT_BINDING_KEYS = [
  'binding:host_id',
  'binding:profile',
  'binding:vif_details',
  'binding:vif_type',
  'resource_request',
];

const ROUTER_KEYS = [
  'id',
  'name',
  'tenant_id',
  'project_id',
  'admin_state_up',
  'status',
  'external_gateway_info',
  'description',
  'availability_zones',
  'availability_zone_hints',
  'routes',
  'flavor_id',
  'tags',
  'created_at',
  'updated_at',
  'revision_number',
];

const GATEWAY: Shape = {
  network_id: 'string',
  enable_snat: 'boolean',
  external_fixed_ips: [{ subnet_id: 'string', ip_address: 'string' }],
};

/** A rule as its own resource (nested in a group, it also has `tags` and `standard_attr_id`). */
const RULE: Shape = {
  ...OWNED,
  created_at: 'string',
  updated_at: 'string',
  revision_number: 'integer',
  description: 'string|null',
  security_group_id: 'string',
  direction: 'string',
  ethertype: 'string',
  protocol: 'string|null',
  port_range_min: 'integer|null',
  port_range_max: 'integer|null',
  remote_ip_prefix: 'string|null',
  remote_group_id: 'string|null',
  remote_address_group_id: 'string|null',
  normalized_cidr: 'string|null',
};

// Shared fixtures: an external network (admin's) and a private network of the demo project.
/** The extension aliases the target loads (qos and trunk come from optional service plugins). */
let loaded = new Set<string>();
let external: Json = {};
let externalSubnet: Json = {};
let network: Json = {};
let subnet: Json = {};

beforeAll(async () => {
  const { admin, demo } = await sessions();
  const extensions = await api(demo, 'GET', 'extensions');
  loaded = new Set((field(extensions.body, 'extensions') as Json[]).map((e) => String(e['alias'])));
  external = await create(admin, 'networks', 'network', {
    name: uniqueName('ext'),
    'router:external': true,
  });
  externalSubnet = await create(admin, 'subnets', 'subnet', {
    name: uniqueName('ext-subnet'),
    network_id: external['id'],
    ip_version: 4,
    cidr: '198.51.100.0/24',
    allocation_pools: [{ start: '198.51.100.10', end: '198.51.100.99' }],
  });
  network = await create(demo, 'networks', 'network', { name: uniqueName('net') });
  subnet = await create(demo, 'subnets', 'subnet', {
    name: uniqueName('subnet'),
    network_id: network['id'],
    ip_version: 4,
    cidr: '10.232.0.0/24',
    // Neutron picks free addresses at random: the fixed ones the tests ask for lie outside.
    allocation_pools: [{ start: '10.232.0.100', end: '10.232.0.250' }],
  });
});

describe('neutron networks', () => {
  it('answers a create with is_default, and shows it later on external networks only', async () => {
    const demo = await session('demo');
    const created = await create(demo, 'networks', 'network', { name: uniqueName('net') });
    expectKeys(created, [...NETWORK_KEYS, 'router:external', 'is_default']);
    expect(created['is_default']).toBe(false);
    const shown = await api(demo, 'GET', `networks/${String(created['id'])}`);
    expect(shown.status).toBe(200);
    expectKeys(body(shown, 'network'), [...NETWORK_KEYS, 'router:external']);
    expectShape(body(shown, 'network'), {
      ...OWNED,
      ...STANDARD,
      name: 'string',
      admin_state_up: 'boolean',
      mtu: 'integer',
      status: 'string',
      subnets: ['string'],
      shared: 'boolean',
      'router:external': 'boolean',
      availability_zone_hints: ['string'],
      availability_zones: ['string'],
      ipv4_address_scope: 'null',
      ipv6_address_scope: 'null',
      port_security_enabled: 'boolean',
      qos_policy_id: 'null',
    });

    const admin = await session('admin');
    const asAdmin = await api(admin, 'GET', `networks/${String(created['id'])}`);
    expectKeys(body(asAdmin, 'network'), [...NETWORK_KEYS, 'router:external', ...PROVIDER_KEYS]);
    expectShape(body(asAdmin, 'network'), {
      'provider:network_type': 'string',
      'provider:physical_network': 'string|null',
      'provider:segmentation_id': 'integer|null',
    });
  });

  it('lets only an admin make a network shared or external', async () => {
    const { demo, reader } = await sessions();
    const [shared, external, readOnly] = await Promise.all([
      api(demo, 'POST', 'networks', { network: { name: uniqueName('x'), shared: true } }),
      api(demo, 'POST', 'networks', {
        network: { name: uniqueName('x'), 'router:external': true },
      }),
      api(reader, 'POST', 'networks', { network: { name: uniqueName('x') } }),
    ]);
    expectRefused(shared, '(rule:create_network and rule:create_network:shared)');
    expectRefused(external, '(rule:create_network and rule:create_network:router:external)');
    expectRefused(readOnly, 'rule:create_network');
  });

  it('shows a member an external network without router:external or provider fields', async () => {
    const { demo, admin } = await sessions();
    const asAdmin = await api(admin, 'GET', `networks/${String(external['id'])}`);
    expectKeys(body(asAdmin, 'network'), [
      ...NETWORK_KEYS,
      'router:external',
      'is_default',
      ...PROVIDER_KEYS,
    ]);
    expect(field(asAdmin.body, 'network', 'router:external')).toBe(true);
    const asMember = await api(demo, 'GET', `networks/${String(external['id'])}`);
    expect(asMember.status).toBe(200);
    expectKeys(body(asMember, 'network'), [...NETWORK_KEYS, 'is_default']);
    const listed = await api(demo, 'GET', 'networks?router:external=true&fields=id');
    expect(listed.status).toBe(200);
    expect(field(listed.body, 'networks')).toEqual(
      expect.arrayContaining([{ id: external['id'] }]),
    );
  });

  it("shares an admin's network with members, who may use it but not change it", async () => {
    const { admin, demo } = await sessions();
    const shared = await create(admin, 'networks', 'network', {
      name: uniqueName('shared'),
      shared: true,
    });
    const sharedSubnet = await create(admin, 'subnets', 'subnet', {
      network_id: shared['id'],
      ip_version: 4,
      cidr: '10.233.0.0/24',
    });
    const adminPort = await create(admin, 'ports', 'port', { network_id: shared['id'] });

    const seen = await api(demo, 'GET', `networks/${String(shared['id'])}`);
    expect(seen.status).toBe(200);
    expectKeys(body(seen, 'network'), NETWORK_KEYS);
    expect(field(seen.body, 'network', 'shared')).toBe(true);
    expect((await api(demo, 'GET', `subnets/${String(sharedSubnet['id'])}`)).status).toBe(200);
    expectRefused(
      await api(demo, 'PUT', `networks/${String(shared['id'])}`, { network: { name: 'x' } }),
      'rule:update_network',
    );
    expectRefused(
      await api(demo, 'PUT', `subnets/${String(sharedSubnet['id'])}`, { subnet: { name: 'x' } }),
      'rule:update_subnet',
    );
    // Another project's port on the shared network stays hidden.
    expectFault(
      await api(demo, 'GET', `ports/${String(adminPort['id'])}`),
      404,
      'PortNotFound',
      `Port ${String(adminPort['id'])} could not be found.`,
    );
    const mine = await create(demo, 'ports', 'port', { network_id: shared['id'] });
    expect(mine['project_id']).toBe(demo.projectId);
    const listed = await api(demo, 'GET', `ports?network_id=${String(shared['id'])}&fields=id`);
    expect(field(listed.body, 'ports')).toEqual([{ id: mine['id'] }]);
  });

  it("never shows a member another project's private network, subnet or port", async () => {
    const { admin, demo, reader } = await sessions();
    const hidden = await create(admin, 'networks', 'network', { name: uniqueName('private') });
    const hiddenSubnet = await create(admin, 'subnets', 'subnet', {
      network_id: hidden['id'],
      ip_version: 4,
      cidr: '10.234.0.0/24',
    });
    const hiddenPort = await create(admin, 'ports', 'port', { network_id: hidden['id'] });
    const id = String(hidden['id']);
    const subnetId = String(hiddenSubnet['id']);
    const portId = String(hiddenPort['id']);
    for (const who of [demo, reader]) {
      const [net, sub, port, byName, ports] = await Promise.all([
        api(who, 'GET', `networks/${id}`),
        api(who, 'GET', `subnets/${subnetId}`),
        api(who, 'GET', `ports/${portId}`),
        api(who, 'GET', `networks?name=${String(hidden['name'])}`),
        api(who, 'GET', `ports?network_id=${id}`),
      ]);
      expectFault(net, 404, 'NetworkNotFound', `Network ${id} could not be found.`);
      expectFault(sub, 404, 'SubnetNotFound', `Subnet ${subnetId} could not be found.`);
      expectFault(port, 404, 'PortNotFound', `Port ${portId} could not be found.`);
      expect(field(byName.body, 'networks')).toEqual([]);
      expect(field(ports.body, 'ports')).toEqual([]);
    }
    const [removal, portOnIt] = await Promise.all([
      api(demo, 'DELETE', `networks/${id}`),
      api(demo, 'POST', 'ports', { port: { network_id: id } }),
    ]);
    expectFault(removal, 404, 'NetworkNotFound');
    expectFault(portOnIt, 404, 'NetworkNotFound');
  });

  it('refuses to delete a network with ports, naming them', async () => {
    const demo = await session('demo');
    const net = await create(demo, 'networks', 'network', { name: uniqueName('busy') });
    const port = await create(demo, 'ports', 'port', { network_id: net['id'] });
    const answer = await api(demo, 'DELETE', `networks/${String(net['id'])}`);
    expectFault(
      answer,
      409,
      'NetworkInUse',
      `Unable to complete operation on network ${String(net['id'])}. There are one or more ports still in use on the network, id for these ports is: ${String(port['id'])}.`,
    );
  });
});

describe('neutron subnets and allocation pools', () => {
  it('keeps the allocation pools it is given, and updates them', async () => {
    const demo = await session('demo');
    const net = await create(demo, 'networks', 'network', { name: uniqueName('pools') });
    const made = await create(demo, 'subnets', 'subnet', {
      name: uniqueName('pools'),
      network_id: net['id'],
      ip_version: 4,
      cidr: '10.235.0.0/24',
      allocation_pools: [
        { start: '10.235.0.10', end: '10.235.0.20' },
        { start: '10.235.0.100', end: '10.235.0.110' },
      ],
    });
    expectKeys(made, Object.keys(SUBNET));
    expectShape(made, SUBNET);
    expect(made['gateway_ip']).toBe('10.235.0.1');
    expect(made['subnetpool_id']).toBeNull();
    expect(sortedPools(made['allocation_pools'])).toEqual([
      '10.235.0.10-10.235.0.20',
      '10.235.0.100-10.235.0.110',
    ]);
    const id = String(made['id']);
    const updated = await api(demo, 'PUT', `subnets/${id}`, {
      subnet: { allocation_pools: [{ start: '10.235.0.10', end: '10.235.0.30' }] },
    });
    expect(updated.status).toBe(200);
    expect(field(updated.body, 'subnet', 'allocation_pools')).toEqual([
      { start: '10.235.0.10', end: '10.235.0.30' },
    ]);
    const port = await create(demo, 'ports', 'port', { network_id: net['id'] });
    expect(inRange(field(port, 'fixed_ips', 0, 'ip_address'), '10.235.0.10', '10.235.0.30')).toBe(
      true,
    );
    expectFault(
      await api(demo, 'PUT', `subnets/${id}`, { subnet: { cidr: '10.235.0.0/25' } }),
      400,
      'HTTPBadRequest',
      'Cannot update read-only attribute cidr',
    );
  });

  it('refuses bad allocation pools and subnet fields with neutron’s errors', async () => {
    const demo = await session('demo');
    const cidr = '10.236.0.0/24';
    const attempt = (fields: Json): Promise<RawAnswer> =>
      api(demo, 'POST', 'subnets', {
        subnet: { network_id: network['id'], ip_version: 4, cidr, ...fields },
      });
    const [
      outside,
      reversed,
      overlapping,
      onGateway,
      notAnIp,
      missingEnd,
      extraKey,
      wrongVersion,
      badCidr,
      noCidr,
      badIpVersion,
    ] = await Promise.all([
      attempt({ allocation_pools: [{ start: '10.237.0.10', end: '10.237.0.20' }] }),
      attempt({ allocation_pools: [{ start: '10.236.0.30', end: '10.236.0.20' }] }),
      attempt({
        allocation_pools: [
          { start: '10.236.0.10', end: '10.236.0.20' },
          { start: '10.236.0.15', end: '10.236.0.30' },
        ],
      }),
      attempt({ allocation_pools: [{ start: '10.236.0.1', end: '10.236.0.20' }] }),
      attempt({ allocation_pools: [{ start: 'bogus', end: '10.236.0.20' }] }),
      attempt({ allocation_pools: [{ start: '10.236.0.5' }] }),
      attempt({ allocation_pools: [{ start: '10.236.0.5', end: '10.236.0.9', x: 1 }] }),
      attempt({ ip_version: 6 }),
      attempt({ cidr: '10.236.0.0/33' }),
      attempt({ cidr: undefined }),
      attempt({ ip_version: 5 }),
    ]);
    expectFault(
      outside,
      400,
      'OutOfBoundsAllocationPool',
      `The allocation pool 10.237.0.10-10.237.0.20 spans beyond the subnet cidr ${cidr}.`,
    );
    expectFault(
      reversed,
      400,
      'InvalidAllocationPool',
      "The allocation pool {'start': '10.236.0.30', 'end': '10.236.0.20'} is not valid.",
    );
    expectFault(
      overlapping,
      409,
      'OverlappingAllocationPools',
      `Found overlapping allocation pools: 10.236.0.10-10.236.0.20 10.236.0.15-10.236.0.30 for subnet ${cidr}.`,
    );
    expectFault(
      onGateway,
      409,
      'GatewayConflictWithAllocationPools',
      'Gateway ip 10.236.0.1 conflicts with allocation pool 10.236.0.1-10.236.0.20.',
    );
    expectFault(
      notAnIp,
      400,
      'HTTPBadRequest',
      "Invalid input for allocation_pools. Reason: 'bogus' is not a valid IP address.",
    );
    // Python sets: their order is the hash's.
    expectFault(
      missingEnd,
      400,
      'HTTPBadRequest',
      /^Invalid input for allocation_pools\. Reason: Validation of dictionary's keys failed\. Expected keys: \{('start', 'end'|'end', 'start')\} Provided keys: \{'start'\}\.$/,
    );
    expectFault(
      extraKey,
      400,
      'HTTPBadRequest',
      /^Invalid input for allocation_pools\. Reason: Validation of dictionary's keys failed\. Expected keys: \{'(start|end)', '(start|end)'\} Provided keys: \{'(start|end|x)', '(start|end|x)', '(start|end|x)'\}\.$/,
    );
    expectFault(
      wrongVersion,
      400,
      'InvalidInput',
      `Invalid input for operation: cidr '${cidr}' does not match the ip_version '6'.`,
    );
    expectFault(
      badCidr,
      400,
      'InvalidInput',
      'Invalid input for operation: 10.236.0.0/33 is not in a CIDR format.',
    );
    expectFault(
      noCidr,
      400,
      'BadRequest',
      'Bad subnets request: a subnetpool must be specified in the absence of a cidr.',
    );
    expectFault(
      badIpVersion,
      400,
      'HTTPBadRequest',
      'Invalid input for ip_version. Reason: 5 is not in valid_values.',
    );
  });
});

describe('neutron subnet pools', () => {
  it('answers prefix lengths as strings, and as integers after an update', async () => {
    const demo = await session('demo');
    const pool = await create(demo, 'subnetpools', 'subnetpool', {
      name: uniqueName('pool'),
      prefixes: ['10.240.0.0/16'],
      default_prefixlen: 26,
      min_prefixlen: 24,
      max_prefixlen: 28,
    });
    const POOL_KEYS = [
      'id',
      'name',
      'tenant_id',
      'project_id',
      'default_prefixlen',
      'min_prefixlen',
      'max_prefixlen',
      'is_default',
      'shared',
      'prefixes',
      'ip_version',
      'default_quota',
      'address_scope_id',
      'description',
      'tags',
      'created_at',
      'updated_at',
      'revision_number',
    ];
    expectKeys(pool, POOL_KEYS);
    expect(pool).toMatchObject({
      default_prefixlen: '26',
      min_prefixlen: '24',
      max_prefixlen: '28',
      ip_version: 4,
      shared: false,
      is_default: false,
      default_quota: null,
      address_scope_id: null,
      prefixes: ['10.240.0.0/16'],
    });
    const id = String(pool['id']);
    const renamed = await api(demo, 'PUT', `subnetpools/${id}`, {
      subnetpool: { description: 'renamed' },
    });
    expect(renamed.status).toBe(200);
    // The update answer comes from neutron's pool object: no unset scope or quota, integers.
    expectKeys(
      body(renamed, 'subnetpool'),
      POOL_KEYS.filter((k) => k !== 'address_scope_id' && k !== 'default_quota'),
    );
    expect(body(renamed, 'subnetpool')).toMatchObject({
      default_prefixlen: 26,
      min_prefixlen: 24,
      max_prefixlen: 28,
    });
    const shown = await api(demo, 'GET', `subnetpools/${id}`);
    expectKeys(body(shown, 'subnetpool'), POOL_KEYS);
    expect(field(shown.body, 'subnetpool', 'default_prefixlen')).toBe('26');
  });

  it('allocates subnets from the pool within its prefix lengths', async () => {
    const demo = await session('demo');
    const pool = await create(demo, 'subnetpools', 'subnetpool', {
      name: uniqueName('pool'),
      prefixes: ['10.241.0.0/16'],
      default_prefixlen: 26,
      min_prefixlen: 24,
      max_prefixlen: 28,
    });
    // Subnets of one network and IP version all come from the same pool (or none).
    const mixed = await api(demo, 'POST', 'subnets', {
      subnet: { network_id: network['id'], ip_version: 4, subnetpool_id: pool['id'] },
    });
    expectFault(
      mixed,
      400,
      'NetworkSubnetPoolAffinityError',
      'Subnets hosted on the same network must be allocated from the same subnet pool.',
    );
    const pooled = await create(demo, 'networks', 'network', { name: uniqueName('pooled') });
    const fromPool = (fields: Json): Promise<RawAnswer> =>
      api(demo, 'POST', 'subnets', {
        subnet: { network_id: pooled['id'], ip_version: 4, subnetpool_id: pool['id'], ...fields },
      });
    const byDefault = await fromPool({ name: uniqueName('pooled') });
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(201);
    const first = body(byDefault, 'subnet');
    cleanup(() => api(demo, 'DELETE', `subnets/${String(first['id'])}`));
    expect(first['subnetpool_id']).toBe(pool['id']);
    expect(String(first['cidr'])).toMatch(/^10\.241\.\d+\.\d+\/26$/);
    const sized = await fromPool({ prefixlen: 24 });
    expect(sized.status).toBe(201);
    cleanup(() => api(demo, 'DELETE', `subnets/${String(field(sized.body, 'subnet', 'id'))}`));
    expect(String(field(sized.body, 'subnet', 'cidr'))).toMatch(/^10\.241\.\d+\.0\/24$/);

    const [tooLong, tooShort, outside, v6] = await Promise.all([
      fromPool({ prefixlen: 30 }),
      fromPool({ prefixlen: 20 }),
      fromPool({ cidr: '10.250.5.0/27' }),
      fromPool({ ip_version: 6 }),
    ]);
    expectFault(
      tooLong,
      400,
      'MaxPrefixSubnetAllocationError',
      'Unable to allocate subnet with prefix length 30, maximum allowed prefix is 28.',
    );
    expectFault(
      tooShort,
      400,
      'MinPrefixSubnetAllocationError',
      'Unable to allocate subnet with prefix length 20, minimum allowed prefix is 24.',
    );
    expectFault(
      outside,
      500,
      'SubnetAllocationError',
      'Failed to allocate subnet: Cannot allocate requested subnet from the available set of prefixes.',
    );
    expectFault(
      v6,
      400,
      'BadRequest',
      'Bad subnets request: Cannot allocate IPv6 subnet from IPv4 subnet pool.',
    );
    expectFault(
      await api(demo, 'DELETE', `subnetpools/${String(pool['id'])}`),
      400,
      'SubnetPoolDeleteError',
      'Unable to delete subnet pool: Subnet pool has existing allocations.',
    );
  });

  it('merges added prefixes and splits removed ones, as IP sets', async () => {
    const demo = await session('demo');
    const pool = await create(demo, 'subnetpools', 'subnetpool', {
      name: uniqueName('pool'),
      prefixes: ['10.242.0.0/16'],
    });
    const id = String(pool['id']);
    const added = await api(demo, 'PUT', `subnetpools/${id}/add_prefixes`, {
      prefixes: ['10.243.0.0/16', '10.244.0.0/16'],
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ prefixes: ['10.242.0.0/15', '10.244.0.0/16'] });
    const removed = await api(demo, 'PUT', `subnetpools/${id}/remove_prefixes`, {
      prefixes: ['10.243.0.0/16'],
    });
    expect(removed.body).toEqual({ prefixes: ['10.242.0.0/16', '10.244.0.0/16'] });
    expectFault(
      await api(demo, 'PUT', `subnetpools/${id}`, { subnetpool: { prefixes: ['10.244.0.0/16'] } }),
      400,
      'IllegalSubnetPoolPrefixUpdate',
      'Illegal update to prefixes: Existing prefixes must be a subset of the new prefixes.',
    );
  });

  it('refuses bad prefix bounds and admin-only attributes', async () => {
    const demo = await session('demo');
    const attempt = (fields: Json): Promise<RawAnswer> =>
      api(demo, 'POST', 'subnetpools', {
        subnetpool: { name: uniqueName('bad'), prefixes: ['10.245.0.0/16'], ...fields },
      });
    const [defaultBelowMin, maxTooLong, empty, mixed, shared, isDefault] = await Promise.all([
      attempt({ default_prefixlen: 20, min_prefixlen: 24 }),
      attempt({ max_prefixlen: 33 }),
      attempt({ prefixes: [] }),
      attempt({ prefixes: ['10.245.0.0/16', 'fd00:245::/48'] }),
      attempt({ shared: true }),
      attempt({ is_default: true }),
    ]);
    expectFault(
      defaultBelowMin,
      400,
      'IllegalSubnetPoolPrefixBounds',
      'Illegal prefix bounds: default_prefixlen=20, min_prefixlen=24.',
    );
    expectFault(
      maxTooLong,
      400,
      'IllegalSubnetPoolPrefixBounds',
      'Illegal prefix bounds: max_prefixlen=33, ip_version_max=32.',
    );
    expectFault(empty, 400, 'EmptySubnetPoolPrefixList', 'Empty subnet pool prefix list.');
    expectFault(
      mixed,
      400,
      'PrefixVersionMismatch',
      'Cannot mix IPv4 and IPv6 prefixes in a subnet pool.',
    );
    expectRefused(shared, '(rule:create_subnetpool and rule:create_subnetpool:shared)');
    expectRefused(isDefault, '(rule:create_subnetpool and rule:create_subnetpool:is_default)');
  });
});

describe('neutron ports', () => {
  it('takes fixed IPs, device owners and vnic types; status stays DOWN until a device is up', async () => {
    const { demo, admin } = await sessions();
    const netId = network['id'];
    const fixed = await create(demo, 'ports', 'port', {
      name: uniqueName('port'),
      network_id: netId,
      fixed_ips: [{ subnet_id: subnet['id'], ip_address: '10.232.0.50' }],
      device_owner: 'compute:nova',
      device_id: uniqueName('device'),
    });
    expectKeys(fixed, PORT_KEYS);
    expectShape(fixed, {
      ...OWNED,
      ...STANDARD,
      name: 'string',
      network_id: 'string',
      mac_address: 'string',
      admin_state_up: 'boolean',
      status: 'string',
      device_id: 'string',
      device_owner: 'string',
      fixed_ips: [{ subnet_id: 'string', ip_address: 'string' }],
      allowed_address_pairs: 'array',
      extra_dhcp_opts: 'array',
      security_groups: ['string'],
      'binding:vnic_type': 'string',
      port_security_enabled: 'boolean',
      qos_policy_id: 'null',
      qos_network_policy_id: 'null',
    });
    expect(fixed['fixed_ips']).toEqual([{ subnet_id: subnet['id'], ip_address: '10.232.0.50' }]);
    expect(fixed['status']).toBe('DOWN');
    expect(fixed['binding:vnic_type']).toBe('normal');
    expect(fixed['mac_address']).toMatch(/^fa:16:3e(:[0-9a-f]{2}){3}$/);

    const direct = await create(demo, 'ports', 'port', {
      network_id: netId,
      fixed_ips: [{ subnet_id: subnet['id'] }],
      'binding:vnic_type': 'direct',
    });
    expect(direct['binding:vnic_type']).toBe('direct');
    expect(
      inRange(field(direct, 'fixed_ips', 0, 'ip_address'), '10.232.0.100', '10.232.0.250'),
    ).toBe(true);

    // Bound to a host by an admin (as nova does), the port is still DOWN: no agent brought it up.
    const bound = await api(admin, 'PUT', `ports/${String(direct['id'])}`, {
      port: { 'binding:host_id': 'contract-host' },
    });
    expect(bound.status).toBe(200);
    expectKeys(body(bound, 'port'), [...PORT_KEYS, ...PORT_BINDING_KEYS]);
    expectShape(body(bound, 'port'), {
      'binding:host_id': 'string',
      'binding:profile': 'object',
      'binding:vif_details': 'object',
      'binding:vif_type': 'string',
      resource_request: 'null',
    });
    expect(field(bound.body, 'port', 'binding:host_id')).toBe('contract-host');
    expect(field(bound.body, 'port', 'binding:vif_type')).not.toBe('unbound');
    expect(field(bound.body, 'port', 'status')).toBe('DOWN');
    const asMember = await api(demo, 'GET', `ports/${String(direct['id'])}`);
    expectKeys(body(asMember, 'port'), PORT_KEYS);
    // The binding commits after the update's answer, with a revision of its own.
    const revision = Number(direct['revision_number']);
    expect(field(bound.body, 'port', 'revision_number')).toBe(revision + 1);
    expect(field(asMember.body, 'port', 'revision_number')).toBe(revision + 2);

    const owned = await api(
      demo,
      'GET',
      `ports?device_owner=compute:nova&network_id=${String(netId)}&fields=id&fields=device_owner`,
    );
    expect(field(owned.body, 'ports')).toEqual([{ id: fixed['id'], device_owner: 'compute:nova' }]);
  });

  it('refuses taken or foreign addresses, unknown vnic types and admin-only fields', async () => {
    const demo = await session('demo');
    const netId = network['id'];
    const taken = await create(demo, 'ports', 'port', {
      network_id: netId,
      fixed_ips: [{ ip_address: '10.232.0.60' }],
    });
    const attempt = (fields: Json): Promise<RawAnswer> =>
      api(demo, 'POST', 'ports', { port: { network_id: netId, ...fields } });
    const [duplicate, foreign, notAnIp, vnic, host, mac] = await Promise.all([
      attempt({ fixed_ips: [{ subnet_id: subnet['id'], ip_address: '10.232.0.60' }] }),
      attempt({ fixed_ips: [{ ip_address: '10.99.0.50' }] }),
      attempt({ fixed_ips: [{ ip_address: 'bogus' }] }),
      attempt({ 'binding:vnic_type': 'bogus' }),
      attempt({ 'binding:host_id': 'contract-host' }),
      api(demo, 'PUT', `ports/${String(taken['id'])}`, {
        port: { mac_address: 'fa:16:3e:00:00:01' },
      }),
    ]);
    expectFault(
      duplicate,
      409,
      'IpAddressAlreadyAllocated',
      `IP address 10.232.0.60 already allocated in subnet ${String(subnet['id'])}`,
    );
    expectFault(
      foreign,
      400,
      'InvalidIpForNetwork',
      'IP address 10.99.0.50 is not a valid IP for any of the subnets on the specified network.',
    );
    expectFault(
      notAnIp,
      400,
      'HTTPBadRequest',
      "Invalid input for fixed_ips. Reason: 'bogus' is not a valid IP address.",
    );
    expectFault(
      vnic,
      400,
      'HTTPBadRequest',
      'Invalid input for binding:vnic_type. Reason: bogus is not in valid_values.',
    );
    expectRefused(host, '(rule:create_port and rule:create_port:binding:host_id)');
    expectRefused(mac, '(rule:update_port and rule:update_port:mac_address)');
  });
});

describe('neutron routers and floating IPs', () => {
  it('sets a gateway, adds and removes interfaces, and guards what is in use', async () => {
    const { demo, admin, reader } = await sessions();
    const router = await create(demo, 'routers', 'router', {
      name: uniqueName('router'),
      external_gateway_info: { network_id: external['id'] },
    });
    const routerId = String(router['id']);
    expectKeys(router, ROUTER_KEYS);
    expectShape(router, {
      ...OWNED,
      ...STANDARD,
      name: 'string',
      admin_state_up: 'boolean',
      status: 'string',
      external_gateway_info: GATEWAY,
      availability_zones: ['string'],
      availability_zone_hints: ['string'],
      routes: 'array',
      flavor_id: 'null',
    });
    // Neutron writes a router twice on create and twice more for its gateway port.
    expect(router['revision_number']).toBe(3);
    expect(field(router, 'external_gateway_info', 'network_id')).toBe(external['id']);
    expect(field(router, 'external_gateway_info', 'enable_snat')).toBe(true);
    const gatewayIp = field(router, 'external_gateway_info', 'external_fixed_ips', 0);
    expect(field(gatewayIp, 'subnet_id')).toBe(externalSubnet['id']);
    expect(inRange(field(gatewayIp, 'ip_address'), '198.51.100.10', '198.51.100.99')).toBe(true);
    const asAdmin = await api(admin, 'GET', `routers/${routerId}`);
    expectKeys(body(asAdmin, 'router'), [...ROUTER_KEYS, 'ha', 'distributed']);

    const added = await api(demo, 'PUT', `routers/${routerId}/add_router_interface`, {
      subnet_id: subnet['id'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cleanup(() =>
      api(demo, 'PUT', `routers/${routerId}/remove_router_interface`, { subnet_id: subnet['id'] }),
    );
    expectKeys(added.body, ['id', 'tenant_id', 'port_id', 'network_id', 'subnet_id', 'subnet_ids']);
    const interfacePort = String(field(added.body, 'port_id'));
    const [port, again, readerAdd, inUse, snat] = await Promise.all([
      api(demo, 'GET', `ports/${interfacePort}`),
      api(demo, 'PUT', `routers/${routerId}/add_router_interface`, { subnet_id: subnet['id'] }),
      api(reader, 'PUT', `routers/${routerId}/add_router_interface`, { subnet_id: subnet['id'] }),
      api(demo, 'DELETE', `routers/${routerId}`),
      api(demo, 'PUT', `routers/${routerId}`, {
        router: { external_gateway_info: { network_id: external['id'], enable_snat: false } },
      }),
    ]);
    expect(field(port.body, 'port')).toMatchObject({
      device_id: routerId,
      device_owner: 'network:router_interface',
      fixed_ips: [{ subnet_id: subnet['id'], ip_address: '10.232.0.1' }],
    });
    expect(['ACTIVE', 'DOWN']).toContain(field(port.body, 'port', 'status'));
    expectFault(
      again,
      400,
      'BadRequest',
      `Bad router request: Router already has a port on subnet ${String(subnet['id'])}.`,
    );
    // An action is checked against the whole router: each attribute it holds adds its rule.
    const gatewayRules = ['network_id', 'enable_snat', 'external_fixed_ips']
      .map((key) => `rule:add_router_interface:external_gateway_info:${key}`)
      .join(' and ');
    expectRefused(
      readerAdd,
      `((((rule:add_router_interface and (rule:add_router_interface:external_gateway_info and (${gatewayRules}))) and rule:add_router_interface:ha) and rule:add_router_interface:flavor_id) and rule:add_router_interface:distributed)`,
    );
    expectFault(
      inUse,
      409,
      'RouterInUse',
      `Router ${routerId} has ports still attached: ${interfacePort}`,
    );
    expectRefused(
      snat,
      '(rule:update_router and (rule:update_router:external_gateway_info and (rule:update_router:external_gateway_info:network_id and rule:update_router:external_gateway_info:enable_snat)))',
    );

    // A floating IP on the external network, for a port behind the router.
    const target = await create(demo, 'ports', 'port', {
      network_id: network['id'],
      fixed_ips: [{ subnet_id: subnet['id'], ip_address: '10.232.0.70' }],
    });
    const [notExternal, chosenAddress] = await Promise.all([
      api(demo, 'POST', 'floatingips', { floatingip: { floating_network_id: network['id'] } }),
      api(demo, 'POST', 'floatingips', {
        floatingip: { floating_network_id: external['id'], floating_ip_address: '198.51.100.77' },
      }),
    ]);
    expectFault(
      notExternal,
      400,
      'BadRequest',
      `Bad floatingip request: Network ${String(network['id'])} is not a valid external network.`,
    );
    expectRefused(
      chosenAddress,
      '(rule:create_floatingip and rule:create_floatingip:floating_ip_address)',
    );
    const fip = await create(demo, 'floatingips', 'floatingip', {
      floating_network_id: external['id'],
      port_id: target['id'],
    });
    expectShape(fip, {
      ...OWNED,
      ...STANDARD,
      floating_ip_address: 'string',
      floating_network_id: 'string',
      router_id: 'string',
      port_id: 'string',
      fixed_ip_address: 'string',
      status: 'string',
      qos_policy_id: 'null',
      port_details: {
        name: 'string',
        network_id: 'string',
        mac_address: 'string',
        admin_state_up: 'boolean',
        status: 'string',
        device_id: 'string',
        device_owner: 'string',
      },
    });
    expect(fip).toMatchObject({ router_id: routerId, fixed_ip_address: '10.232.0.70' });
    expect(inRange(fip['floating_ip_address'], '198.51.100.10', '198.51.100.99')).toBe(true);
    const fipId = String(fip['id']);

    const [required, readerUpdate] = await Promise.all([
      api(demo, 'PUT', `routers/${routerId}/remove_router_interface`, { subnet_id: subnet['id'] }),
      api(reader, 'PUT', `floatingips/${fipId}`, { floatingip: { port_id: null } }),
    ]);
    expectFault(
      required,
      409,
      'RouterInterfaceInUseByFloatingIP',
      `Router interface for subnet ${String(subnet['id'])} on router ${routerId} cannot be deleted, as it is required by one or more floating IPs.`,
    );
    expectRefused(readerUpdate, 'rule:update_floatingip');

    const released = await api(demo, 'PUT', `floatingips/${fipId}`, {
      floatingip: { port_id: null },
    });
    expect(released.status).toBe(200);
    expect(body(released, 'floatingip')).toMatchObject({
      port_id: null,
      router_id: null,
      fixed_ip_address: null,
      port_details: null,
      status: 'DOWN',
    });

    const removed = await api(demo, 'PUT', `routers/${routerId}/remove_router_interface`, {
      subnet_id: subnet['id'],
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(added.body);
    // An empty gateway is no gateway (dict_or_nodata): the router drops it.
    const cleared = await api(demo, 'PUT', `routers/${routerId}`, {
      router: { external_gateway_info: {} },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(field(cleared.body, 'router', 'external_gateway_info')).toBeNull();
  });

  it('lists floating IP pools under either spelling of the collection', async () => {
    const demo = await session('demo');
    const [underscore, dash, groups] = await Promise.all([
      api(demo, 'GET', 'floatingip_pools'),
      api(demo, 'GET', 'floatingip-pools'),
      api(demo, 'GET', 'security_groups?fields=id'),
    ]);
    expect(underscore.status).toBe(200);
    expect(dash.body).toEqual(underscore.body);
    expect(groups.status).toBe(200);
    const pools = field(underscore.body, 'floatingip_pools') as Json[];
    expectShape(pools, [
      {
        subnet_id: 'string',
        subnet_name: 'string',
        network_id: 'string',
        cidr: 'string',
        tenant_id: 'string',
        project_id: 'string',
      },
    ]);
    expect(pools).toContainEqual({
      subnet_id: externalSubnet['id'],
      subnet_name: externalSubnet['name'],
      network_id: external['id'],
      cidr: '198.51.100.0/24',
      tenant_id: demo.projectId,
      project_id: demo.projectId,
    });
  });
});

/** A fresh project with the demo user as member and admin as admin, removed at the end. */
async function freshProject(): Promise<{ member: string; admin: string; projectId: string }> {
  const admin = await session('admin');
  const identity = (method: string, path: string, json?: unknown): Promise<RawAnswer> =>
    raw(method, joinPath(target().authUrl, path), {
      token: admin.token,
      ...(json === undefined ? {} : { json }),
    });
  const name = uniqueName('project');
  const made = await identity('POST', 'projects', {
    project: { name, domain_id: 'default', description: 'contract neutron depth' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const projectId = String(field(made.body, 'project', 'id'));
  cleanup(() => identity('DELETE', `projects/${projectId}`));
  const [users, roles] = await Promise.all([
    identity('GET', 'users?name=demo'),
    identity('GET', 'roles'),
  ]);
  const userId = (name: string): string =>
    String((field(users.body, 'users') as Json[]).find((u) => u['name'] === name)?.['id']);
  const roleId = (name: string): string =>
    String((field(roles.body, 'roles') as Json[]).find((r) => r['name'] === name)?.['id']);
  const adminUser = await identity('GET', 'users?name=admin');
  const adminId = String(field(adminUser.body, 'users', 0, 'id'));
  await Promise.all([
    identity('PUT', `projects/${projectId}/users/${userId('demo')}/roles/${roleId('member')}`),
    identity('PUT', `projects/${projectId}/users/${adminId}/roles/${roleId('admin')}`),
  ]);
  const login = async (user: 'demo' | 'admin'): Promise<string> =>
    (
      await authenticatePassword({
        authUrl: target().authUrl,
        username: user,
        password: user,
        scope: { project: { name, domainId: 'default' } },
      })
    ).token;
  const [member, adminToken] = await Promise.all([login('demo'), login('admin')]);
  return { member, admin: adminToken, projectId };
}

describe('neutron security groups', () => {
  it("creates a project's default group on first use, which a member may not remove", async () => {
    const demo = await session('demo');
    const endpoint = demo.client.endpointFor('network');
    const fresh = await freshProject();
    const as = (token: string, method: string, path: string, json?: unknown): Promise<RawAnswer> =>
      raw(method, joinPath(endpoint, `v2.0/${path}`), {
        token,
        ...(json === undefined ? {} : { json }),
      });
    const listed = await as(fresh.member, 'GET', 'security-groups');
    expect(listed.status).toBe(200);
    const groups = field(listed.body, 'security_groups') as Json[];
    expect(groups.length).toBe(1);
    const group = groups[0] ?? {};
    const groupId = String(group['id']);
    // The admin of the project removes it before the project goes (neutron keeps orphans).
    cleanup(() => as(fresh.admin, 'DELETE', `security-groups/${groupId}`));
    expectKeys(group, [
      'id',
      'name',
      'stateful',
      'tenant_id',
      'project_id',
      'description',
      'shared',
      'security_group_rules',
      'tags',
      'created_at',
      'updated_at',
      'revision_number',
    ]);
    expect(group).toMatchObject({
      name: 'default',
      description: 'Default security group',
      project_id: fresh.projectId,
      stateful: true,
      shared: false,
    });
    const rules = group['security_group_rules'] as Json[];
    expectShape(rules, [{ ...RULE, tags: ['string'], standard_attr_id: 'integer' }]);
    expect(
      rules
        .map((r) =>
          [
            r['direction'],
            r['ethertype'],
            r['remote_group_id'] === groupId ? 'self' : r['remote_group_id'],
            r['description'],
          ].join('/'),
        )
        .sort(),
    ).toEqual(['egress/IPv4//', 'egress/IPv6//', 'ingress/IPv4/self/', 'ingress/IPv6/self/']);
    expect(rules.every((r) => r['description'] === null)).toBe(true);

    const [removal, rename, again] = await Promise.all([
      as(fresh.member, 'DELETE', `security-groups/${groupId}`),
      as(fresh.member, 'PUT', `security-groups/${groupId}`, { security_group: { name: 'x' } }),
      as(fresh.member, 'POST', 'security-groups', { security_group: { name: 'default' } }),
    ]);
    expectFault(
      removal,
      409,
      'SecurityGroupCannotRemoveDefault',
      'Insufficient rights for removing default security group.',
    );
    expectFault(
      rename,
      409,
      'SecurityGroupCannotUpdateDefault',
      'Updating default security group not allowed.',
    );
    expectFault(
      again,
      409,
      'SecurityGroupDefaultAlreadyExists',
      'Default security group already exists.',
    );
  });

  it('validates rules, refuses duplicates, and hides other projects’ groups', async () => {
    const { demo, admin, reader } = await sessions();
    const group = await create(demo, 'security-groups', 'security_group', {
      name: uniqueName('sg'),
    });
    const sg = String(group['id']);
    const rule = (fields: Json, who: Session = demo): Promise<RawAnswer> =>
      api(who, 'POST', 'security-group-rules', {
        security_group_rule: { security_group_id: sg, direction: 'ingress', ...fields },
      });
    const added = await rule({ protocol: 'tcp', port_range_min: 22, port_range_max: 22 });
    expect(added.status).toBe(201);
    const ruleId = String(field(added.body, 'security_group_rule', 'id'));
    expectKeys(body(added, 'security_group_rule'), [...Object.keys(RULE)]);
    expectShape(body(added, 'security_group_rule'), RULE);
    // The API's default description is '', unlike the rules neutron adds itself.
    expect(body(added, 'security_group_rule')).toMatchObject({
      description: '',
      ethertype: 'IPv4',
      protocol: 'tcp',
      remote_ip_prefix: null,
      normalized_cidr: null,
    });

    const [
      direction,
      range,
      port,
      portsWithoutProtocol,
      protocol,
      icmp,
      ethertype,
      twoRemotes,
      missingGroup,
      unknownEthertype,
      duplicate,
      readerAdd,
      readerDelete,
      adminShow,
    ] = await Promise.all([
      rule({ direction: 'sideways' }),
      rule({ protocol: 'tcp', port_range_min: 100, port_range_max: 50 }),
      rule({ protocol: 'tcp', port_range_min: 70000 }),
      rule({ port_range_min: 22, port_range_max: 22 }),
      rule({ protocol: 'bogus' }),
      rule({ protocol: 'icmp', port_range_min: 300 }),
      rule({ ethertype: 'IPv6', remote_ip_prefix: '10.0.0.0/8' }),
      rule({ remote_ip_prefix: '10.0.0.0/8', remote_group_id: sg }),
      rule({ security_group_id: MISSING_UUID }),
      rule({ ethertype: 'IPv7' }),
      rule({ protocol: 'tcp', port_range_min: 22, port_range_max: 22 }),
      rule({ protocol: 'udp' }, reader),
      api(reader, 'DELETE', `security-group-rules/${ruleId}`),
      api(admin, 'GET', `security-groups/${sg}`),
    ]);
    expectFault(
      direction,
      400,
      'HTTPBadRequest',
      'Invalid input for direction. Reason: sideways is not in valid_values.',
    );
    expectFault(
      range,
      400,
      'SecurityGroupInvalidPortRange',
      'For TCP/UDP protocols, port_range_min must be <= port_range_max',
    );
    expectFault(port, 400, 'SecurityGroupInvalidPortValue', 'Invalid value for port 70000');
    expectFault(
      portsWithoutProtocol,
      400,
      'SecurityGroupProtocolRequiredWithPorts',
      'Must also specify protocol if port range is given.',
    );
    expectFault(
      protocol,
      400,
      'SecurityGroupRuleInvalidProtocol',
      /^Security group rule protocol bogus not supported\. Only protocol values \[None, 'ah', .*'vrrp'\] and integer representations \[0 to 255\] are supported\.$/,
    );
    expectFault(
      icmp,
      400,
      'SecurityGroupInvalidIcmpValue',
      'Invalid value for ICMP type (port_range_min) 300. It must be 0 to 255.',
    );
    expectFault(
      ethertype,
      400,
      'SecurityGroupRuleParameterConflict',
      'Conflicting value ethertype IPv6 for CIDR 10.0.0.0/8',
    );
    expectFault(
      twoRemotes,
      400,
      'SecurityGroupMultipleRemoteEntites',
      'Only one of remote_ip_prefix or remote_group_id or remote_address_group_id may be provided.',
    );
    expectFault(
      missingGroup,
      404,
      'SecurityGroupNotFound',
      `Security group ${MISSING_UUID} does not exist`,
    );
    expectFault(
      unknownEthertype,
      400,
      'SecurityGroupRuleInvalidEtherType',
      "Security group rule for ethertype 'IPv7' not supported. Allowed values are ['IPv4', 'IPv6'].",
    );
    expectFault(
      duplicate,
      409,
      'SecurityGroupRuleExists',
      `Security group rule already exists. Rule id is ${ruleId}.`,
    );
    expectRefused(readerAdd, 'rule:create_security_group_rule');
    expectRefused(readerDelete, 'rule:delete_security_group_rule');
    // With the new defaults an admin sees no other project's group: the policy hides it.
    expectFault(adminShow, 404, 'HTTPNotFound', 'The resource could not be found.');

    const nested = await api(demo, 'GET', `security-groups/${sg}?fields=security_group_rules`);
    const rules = field(nested.body, 'security_group', 'security_group_rules') as Json[];
    expect(rules.map((r) => r['description']).sort()).toEqual(['', null, null]);
  });
});

describe('neutron trunks', () => {
  it('adds and removes subports, shows trunk_details on the parent, guards its ports', async (context) => {
    context.skip(
      !loaded.has('trunk') || !loaded.has('trunk-details'),
      'the target loads no trunk service plugin (neutron.conf service_plugins)',
    );
    const { demo, admin, reader } = await sessions();
    const port = (): Promise<Json> =>
      create(demo, 'ports', 'port', {
        network_id: network['id'],
        fixed_ips: [{ subnet_id: subnet['id'] }],
      });
    const [parent, first, second] = await Promise.all([port(), port(), port()]);
    const trunk = await create(demo, 'trunks', 'trunk', {
      name: uniqueName('trunk'),
      port_id: parent['id'],
      sub_ports: [{ port_id: first['id'], segmentation_type: 'vlan', segmentation_id: 101 }],
    });
    const trunkId = String(trunk['id']);
    // Runs before the delete: a trunk left disabled by a failure could not go.
    cleanup(() => api(demo, 'PUT', `trunks/${trunkId}`, { trunk: { admin_state_up: true } }));
    expectKeys(trunk, [
      'id',
      'name',
      'tenant_id',
      'project_id',
      'admin_state_up',
      'port_id',
      'status',
      'sub_ports',
      'description',
      'tags',
      'created_at',
      'updated_at',
      'revision_number',
    ]);
    expect(trunk).toMatchObject({ status: 'DOWN', admin_state_up: true, port_id: parent['id'] });
    expect(trunk['sub_ports']).toEqual([
      { port_id: first['id'], segmentation_type: 'vlan', segmentation_id: 101 },
    ]);

    const [parentView, subView] = await Promise.all([
      api(demo, 'GET', `ports/${String(parent['id'])}`),
      api(demo, 'GET', `ports/${String(first['id'])}?fields=device_owner&fields=device_id`),
    ]);
    expectKeys(body(parentView, 'port'), [...PORT_KEYS, 'trunk_details']);
    expect(field(parentView.body, 'port', 'trunk_details')).toEqual({
      trunk_id: trunkId,
      sub_ports: [
        {
          segmentation_id: 101,
          segmentation_type: 'vlan',
          port_id: first['id'],
          mac_address: first['mac_address'],
        },
      ],
    });
    // Subports are bound with their parent: while it is unbound they stay unclaimed.
    expect(body(subView, 'port')).toEqual({ device_owner: '', device_id: '' });

    const add = (subports: Json[], who: Session = demo): Promise<RawAnswer> =>
      api(who, 'PUT', `trunks/${trunkId}/add_subports`, { sub_ports: subports });
    const [taken, outOfRange, unknownType, missing, readerAdd, parentDelete, subDelete, asAdmin] =
      await Promise.all([
        add([{ port_id: second['id'], segmentation_type: 'vlan', segmentation_id: 101 }]),
        add([{ port_id: second['id'], segmentation_type: 'vlan', segmentation_id: 5000 }]),
        add([{ port_id: second['id'], segmentation_type: 'bogus', segmentation_id: 5 }]),
        add([{ port_id: second['id'] }]),
        add([], reader),
        api(demo, 'DELETE', `ports/${String(parent['id'])}`),
        api(demo, 'DELETE', `ports/${String(first['id'])}`),
        api(admin, 'GET', `trunks/${trunkId}`),
      ]);
    expectFault(
      taken,
      409,
      'DuplicateSubPort',
      `segmentation_type vlan and segmentation_id 101 already in use on trunk ${trunkId}.`,
    );
    expectFault(
      outOfRange,
      400,
      'InvalidInput',
      "Invalid input for operation: Segmentation ID '5000' is not in range.",
    );
    expectFault(
      unknownType,
      400,
      'InvalidInput',
      "Invalid input for operation: Unknown segmentation_type 'bogus'.",
    );
    expectFault(
      missing,
      400,
      'InvalidInput',
      `Invalid input for operation: Invalid subport details '{'port_id': '${String(second['id'])}'}': missing segmentation information. Must specify both segmentation_id and segmentation_type.`,
    );
    // Checked against the whole trunk: one set of sub-port rules per existing subport.
    const subportRules = ['port_id', 'segmentation_type', 'segmentation_id']
      .map((key) => `rule:add_subports:sub_ports:${key}`)
      .join(' and ');
    expectRefused(
      readerAdd,
      `(rule:add_subports and (rule:add_subports:sub_ports and (${subportRules})))`,
    );
    expectFault(
      parentDelete,
      409,
      'PortInUseAsTrunkParent',
      `Port ${String(parent['id'])} is currently a parent port for trunk ${trunkId}.`,
    );
    expectFault(
      subDelete,
      409,
      'PortInUseAsSubPort',
      `Port ${String(first['id'])} is currently a subport for trunk ${trunkId}.`,
    );
    // With the new defaults an admin does not see another project's trunk.
    expectFault(asAdmin, 404, 'HTTPNotFound', 'The resource could not be found.');

    const added = await add([
      { port_id: second['id'], segmentation_type: 'vlan', segmentation_id: 102 },
    ]);
    expect(added.status).toBe(200);
    expect(field(added.body, 'sub_ports')).toHaveLength(2);
    const listed = await api(demo, 'GET', `trunks/${trunkId}/get_subports`);
    expect(field(listed.body, 'sub_ports')).toEqual(
      expect.arrayContaining([
        { port_id: second['id'], segmentation_type: 'vlan', segmentation_id: 102 },
      ]),
    );
    const removed = await api(demo, 'PUT', `trunks/${trunkId}/remove_subports`, {
      sub_ports: [{ port_id: first['id'] }],
    });
    expect(field(removed.body, 'sub_ports')).toEqual([
      { port_id: second['id'], segmentation_type: 'vlan', segmentation_id: 102 },
    ]);
    const freed = await api(demo, 'GET', `ports/${String(first['id'])}?fields=device_owner`);
    expect(body(freed, 'port')).toEqual({ device_owner: '' });

    // A disabled trunk can be neither changed nor deleted.
    const disabled = await api(demo, 'PUT', `trunks/${trunkId}`, {
      trunk: { admin_state_up: false },
    });
    expect(disabled.status).toBe(200);
    const [disabledDelete, disabledAdd] = await Promise.all([
      api(demo, 'DELETE', `trunks/${trunkId}`),
      add([{ port_id: first['id'], segmentation_type: 'vlan', segmentation_id: 103 }]),
    ]);
    expectFault(disabledDelete, 409, 'TrunkDisabled', `Trunk ${trunkId} is currently disabled.`);
    expectFault(disabledAdd, 409, 'TrunkDisabled', `Trunk ${trunkId} is currently disabled.`);
    await api(demo, 'PUT', `trunks/${trunkId}`, { trunk: { admin_state_up: true } });
    expect((await api(demo, 'DELETE', `trunks/${trunkId}`)).status).toBe(204);
  });
});

describe('neutron QoS', () => {
  const NO_QOS = 'the target loads no qos service plugin (neutron.conf service_plugins)';

  it('keeps policies and their bandwidth, DSCP and minimum bandwidth rules', async (context) => {
    context.skip(!loaded.has('qos'), NO_QOS);
    const { admin, demo } = await sessions();
    expectRefused(
      await api(demo, 'POST', 'qos/policies', { policy: { name: uniqueName('qos') } }),
      'rule:create_policy',
    );
    const qos = await create(admin, 'qos/policies', 'policy', {
      name: uniqueName('qos'),
      description: 'contract',
      shared: true,
    });
    expectKeys(qos, [
      'id',
      'name',
      'description',
      'shared',
      'is_default',
      'rules',
      'tenant_id',
      'project_id',
      'tags',
      'created_at',
      'updated_at',
      'revision_number',
    ]);
    expect(qos).toMatchObject({ shared: true, is_default: false, rules: [] });
    const id = String(qos['id']);
    const rule = (kind: string, fields: Json): Promise<RawAnswer> =>
      api(admin, 'POST', `qos/policies/${id}/${kind}_rules`, { [`${kind}_rule`]: fields });

    const bandwidth = await rule('bandwidth_limit', { max_kbps: 1000, max_burst_kbps: 100 });
    expect(bandwidth.status).toBe(201);
    expectKeys(body(bandwidth, 'bandwidth_limit_rule'), [
      'id',
      'max_kbps',
      'max_burst_kbps',
      'direction',
    ]);
    expect(body(bandwidth, 'bandwidth_limit_rule')).toMatchObject({
      max_kbps: 1000,
      max_burst_kbps: 100,
      direction: 'egress',
    });
    const dscp = await rule('dscp_marking', { dscp_mark: 26 });
    expect(dscp.status).toBe(201);
    expectKeys(body(dscp, 'dscp_marking_rule'), ['id', 'dscp_mark']);
    const minimum = await rule('minimum_bandwidth', { min_kbps: 500, direction: 'ingress' });
    expect(minimum.status).toBe(201);
    expectKeys(body(minimum, 'minimum_bandwidth_rule'), ['id', 'min_kbps', 'direction']);

    const bwId = String(field(bandwidth.body, 'bandwidth_limit_rule', 'id'));
    const [twice, negative, missing, badMark, sideways, shown, memberList, memberCreate] =
      await Promise.all([
        rule('bandwidth_limit', { max_kbps: 2000 }),
        rule('bandwidth_limit', { max_kbps: -1, direction: 'ingress' }),
        rule('bandwidth_limit', {}),
        rule('dscp_marking', { dscp_mark: 27 }),
        rule('minimum_bandwidth', { min_kbps: 500, direction: 'sideways' }),
        api(admin, 'GET', `qos/policies/${id}`),
        api(demo, 'GET', `qos/policies/${id}/bandwidth_limit_rules`),
        api(demo, 'POST', `qos/policies/${MISSING_UUID}/dscp_marking_rules`, {
          dscp_marking_rule: { dscp_mark: 10 },
        }),
      ]);
    expectFault(
      twice,
      409,
      'QoSRulesConflict',
      `Rule bandwidth_limit conflicts with rule ${bwId} which already exists in QoS Policy ${id}.`,
    );
    expectFault(
      negative,
      400,
      'HTTPBadRequest',
      "Invalid input for max_kbps. Reason: '-1' is too small - must be at least '0'.",
    );
    expectFault(
      missing,
      400,
      'HTTPBadRequest',
      "Failed to parse request. Required attribute 'max_kbps' not specified",
    );
    expectFault(
      badMark,
      400,
      'HTTPBadRequest',
      'Invalid input for dscp_mark. Reason: 27 is not in valid_values.',
    );
    expectFault(
      sideways,
      400,
      'HTTPBadRequest',
      'Invalid input for direction. Reason: sideways is not in valid_values.',
    );
    const rules = field(shown.body, 'policy', 'rules') as Json[];
    expect(rules.map((r) => r['type']).sort()).toEqual([
      'bandwidth_limit',
      'dscp_marking',
      'minimum_bandwidth',
    ]);
    expectShape(rules, [{ id: 'string', type: 'string', qos_policy_id: 'string' }]);
    // A member reads no rule of the shared admin policy (the list is filtered item by item),
    // and a create is refused before the policy is looked up.
    expect(memberList.status).toBe(200);
    expect(memberList.body).toEqual({ bandwidth_limit_rules: [] });
    expectRefused(memberCreate, 'rule:create_policy_dscp_marking_rule');

    const updated = await api(admin, 'PUT', `qos/policies/${id}/bandwidth_limit_rules/${bwId}`, {
      bandwidth_limit_rule: { max_kbps: 3000 },
    });
    expect(body(updated, 'bandwidth_limit_rule')).toMatchObject({ id: bwId, max_kbps: 3000 });
    const removed = await api(admin, 'DELETE', `qos/policies/${id}/bandwidth_limit_rules/${bwId}`);
    expect(removed.status).toBe(204);
    expectFault(
      await api(admin, 'DELETE', `qos/policies/${id}/bandwidth_limit_rules/${bwId}`),
      404,
      'QosRuleNotFound',
      `QoS rule ${bwId} for policy ${id} could not be found.`,
    );
  });

  it('lists rule types (to admins), and refuses a policy in use', async (context) => {
    context.skip(!loaded.has('qos') || !loaded.has('qos-rule-type-details'), NO_QOS);
    const { admin, demo } = await sessions();
    const [types, one, unknown, asMember, memberList] = await Promise.all([
      api(admin, 'GET', 'qos/rule-types'),
      api(admin, 'GET', 'qos/rule-types/bandwidth_limit'),
      api(admin, 'GET', 'qos/rule-types/bogus'),
      api(demo, 'GET', 'qos/rule-types/bandwidth_limit'),
      api(demo, 'GET', 'qos/rule-types'),
    ]);
    // The lab loads no QoS driver, so it supports no type; the demo cloud's OVS supports them all.
    expectShape(types.body, { rule_types: [{ type: 'string' }] });
    expect(one.status).toBe(200);
    expectShape(one.body, {
      rule_type: {
        type: 'string',
        drivers: [{ name: 'string', supported_parameters: 'array' }],
      },
    });
    expectFault(
      unknown,
      500,
      'HTTPInternalServerError',
      'Request Failed: internal server error while processing your request.',
    );
    expectFault(asMember, 403, 'NotAuthorized', 'Not authorized.');
    expect(memberList.body).toEqual({ rule_types: [] });

    // A rule-less shared policy (the lab's ports accept no rule its drivers cannot apply).
    const qos = await create(admin, 'qos/policies', 'policy', {
      name: uniqueName('qos'),
      shared: true,
    });
    const port = await create(demo, 'ports', 'port', {
      network_id: network['id'],
      fixed_ips: [{ subnet_id: subnet['id'] }],
      qos_policy_id: qos['id'],
    });
    expect(port).toMatchObject({ qos_policy_id: qos['id'], qos_network_policy_id: null });
    expectFault(
      await api(admin, 'DELETE', `qos/policies/${String(qos['id'])}`),
      409,
      'QosPolicyInUse',
      `QoS Policy ${String(qos['id'])} is used by port ${String(port['id'])}.`,
    );
  });
});

describe('neutron QoS on a network', () => {
  it('applies a policy to a network, whose ports inherit it, and takes it off', async (context) => {
    context.skip(
      !loaded.has('qos'),
      'the target loads no qos service plugin (neutron.conf service_plugins)',
    );
    const { admin, demo } = await sessions();
    const qos = await create(admin, 'qos/policies', 'policy', {
      name: uniqueName('qos'),
      shared: true,
    });
    const net = await create(demo, 'networks', 'network', {
      name: uniqueName('qos-net'),
      qos_policy_id: qos['id'],
    });
    expect(net['qos_policy_id']).toBe(qos['id']);
    await create(demo, 'subnets', 'subnet', {
      network_id: net['id'],
      ip_version: 4,
      cidr: '10.97.3.0/24',
    });
    const port = await create(demo, 'ports', 'port', { network_id: net['id'] });
    expect(port).toMatchObject({ qos_policy_id: null, qos_network_policy_id: qos['id'] });

    const off = await api(demo, 'PUT', `networks/${String(net['id'])}`, {
      network: { qos_policy_id: null },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(body(off, 'network')['qos_policy_id']).toBeNull();
    const missing = await api(demo, 'PUT', `networks/${String(net['id'])}`, {
      network: { qos_policy_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('neutron quotas', () => {
  const QUOTA_KEYS = [
    'floatingip',
    'network',
    'port',
    'rbac_policy',
    'router',
    'security_group',
    'security_group_rule',
    'subnet',
    'subnetpool',
    'trunk',
  ];

  it('shows limits, defaults and usage to the project, and nothing of other projects', async () => {
    const { demo, reader, admin } = await sessions();
    const own = `quotas/${demo.projectId}`;
    const [shown, defaults, details, fields, asReader, other, otherDetails, all, tenant] =
      await Promise.all([
        api(demo, 'GET', own),
        api(demo, 'GET', `${own}/default`),
        api(demo, 'GET', `${own}/details`),
        api(demo, 'GET', `${own}?fields=network&fields=port`),
        api(reader, 'GET', own),
        api(demo, 'GET', `quotas/${admin.projectId}`),
        api(demo, 'GET', `quotas/${admin.projectId}/details`),
        api(demo, 'GET', 'quotas'),
        api(demo, 'GET', 'quotas/tenant'),
      ]);
    expect(shown.status).toBe(200);
    expectKeys(body(shown, 'quota'), QUOTA_KEYS);
    expectShape(body(shown, 'quota'), Object.fromEntries(QUOTA_KEYS.map((k) => [k, 'integer'])));
    expectKeys(body(defaults, 'quota'), QUOTA_KEYS);
    expectKeys(body(details, 'quota'), QUOTA_KEYS);
    expectShape(
      body(details, 'quota'),
      Object.fromEntries(
        QUOTA_KEYS.map((k) => [k, { limit: 'integer', used: 'integer', reserved: 'integer' }]),
      ),
    );
    expectKeys(field(details.body, 'quota', 'network'), ['limit', 'used', 'reserved']);
    expect(Number(field(details.body, 'quota', 'network', 'used'))).toBeGreaterThan(0);
    expect(field(details.body, 'quota', 'network', 'limit')).toBe(
      field(shown.body, 'quota', 'network'),
    );
    // The quota controller takes no field selection: the whole set comes back.
    expect(fields.body).toEqual(shown.body);
    expect(asReader.body).toEqual(shown.body);
    expectRefused(other, 'rule:get_quota');
    expectFault(
      otherDetails,
      403,
      'AdminRequired',
      'User does not have admin privileges: Only admin is authorized to access quotas for another project.',
    );
    expectRefused(all, 'rule:get_quota');
    expect(tenant.body).toEqual({ tenant: { tenant_id: demo.projectId } });
  });

  it('lets an admin change a project’s quotas within their checks, and reset them', async () => {
    const { demo, admin } = await sessions();
    const path = `quotas/${demo.projectId}`;
    cleanup(() => api(admin, 'DELETE', path));
    const before = await api(admin, 'GET', path);
    const trunks = Number(field(before.body, 'quota', 'trunk')) === 17 ? 18 : 17;
    const [memberUpdate, notInteger, tooSmall, unknown, belowUsage] = await Promise.all([
      api(demo, 'PUT', path, { quota: { trunk: 5 } }),
      api(admin, 'PUT', path, { quota: { trunk: 'abc' } }),
      api(admin, 'PUT', path, { quota: { trunk: -5 } }),
      api(admin, 'PUT', path, { quota: { bogus: 5 } }),
      api(admin, 'PUT', path, { quota: { network: 0, check_limit: true } }),
    ]);
    expectRefused(memberUpdate, 'rule:update_quota');
    expectFault(
      notInteger,
      400,
      'InvalidInput',
      "Invalid input for operation: 'abc' is not an integer.",
    );
    expectFault(
      tooSmall,
      400,
      'HTTPBadRequest',
      "Invalid input for trunk. Reason: '-5' is too small - must be at least '-1'.",
    );
    expectFault(unknown, 400, 'HTTPBadRequest', "Unrecognized attribute(s) 'bogus'");
    expectFault(
      belowUsage,
      400,
      'HTTPBadRequest',
      /^Quota limit 0 for network must be greater than or equal to already used \d+$/,
    );

    const updated = await api(admin, 'PUT', path, { quota: { trunk: trunks } });
    expect(updated.status).toBe(200);
    expectKeys(body(updated, 'quota'), QUOTA_KEYS);
    expect(field(updated.body, 'quota', 'trunk')).toBe(trunks);
    const listed = await api(admin, 'GET', 'quotas');
    const mine = (field(listed.body, 'quotas') as Json[]).find(
      (q) => q['project_id'] === demo.projectId,
    );
    expectKeys(mine, [...QUOTA_KEYS, 'project_id', 'tenant_id']);
    expect(mine?.['trunk']).toBe(trunks);
    expect((await api(admin, 'DELETE', path)).status).toBe(204);
    const reset = await api(admin, 'GET', path);
    const defaults = await api(admin, 'GET', `${path}/default`);
    expect(reset.body).toEqual(defaults.body);
  });
});

describe('neutron agents and extensions', () => {
  it('lists agents (none in the lab) and answers their errors', async () => {
    const { admin, demo } = await sessions();
    const [listed, asMember, missing, created] = await Promise.all([
      api(admin, 'GET', 'agents'),
      api(demo, 'GET', 'agents'),
      api(admin, 'GET', `agents/${MISSING_UUID}`),
      api(admin, 'POST', 'agents', { agent: {} }),
    ]);
    expect(listed.status).toBe(200);
    expectKeys(listed.body, ['agents']);
    expectShape(field(listed.body, 'agents'), [
      {
        id: 'string',
        agent_type: 'string',
        binary: 'string',
        topic: 'string',
        host: 'string',
        admin_state_up: 'boolean',
        alive: 'boolean',
        created_at: 'string',
        started_at: 'string',
        heartbeat_timestamp: 'string',
        configurations: 'object',
        description: 'string|null',
        availability_zone: 'string|null',
        resources_synced: 'boolean|null',
      },
    ]);
    expect(asMember.body).toEqual({ agents: [] });
    expectFault(missing, 404, 'AgentNotFound', `Agent ${MISSING_UUID} could not be found.`);
    expectFault(
      created,
      400,
      'HTTPBadRequest',
      // Neutron joins a Python set: the order changes with each process's hash seed.
      /^Unrecognized attribute\(s\) '(project_id, tenant_id|tenant_id, project_id)'$/,
    );
  });

  it('lists the extensions the dashboard relies on, and shows one by alias', async () => {
    const reader = await session('reader');
    const [listed, trunk, unknown] = await Promise.all([
      api(reader, 'GET', 'extensions'),
      api(reader, 'GET', 'extensions/trunk'),
      api(reader, 'GET', 'extensions/bogus'),
    ]);
    const EXTENSION: Shape = {
      alias: 'string',
      name: 'string',
      description: 'string',
      updated: 'string',
      links: 'array',
    };
    expectShape(listed.body, { extensions: [EXTENSION] });
    const aliases = (field(listed.body, 'extensions') as Json[]).map((e) => e['alias']);
    expect(aliases).toEqual(
      expect.arrayContaining([
        'agent',
        'binding',
        'external-net',
        'extraroute',
        'floatingip-pools',
        'network-ip-availability',
        'qos',
        'qos-rule-type-details',
        'quotas',
        'quota_details',
        'router',
        'security-group',
        'standard-attr-tag',
        'subnet_allocation',
        'trunk',
        'trunk-details',
      ]),
    );
    expectKeys(body(trunk, 'extension'), Object.keys(EXTENSION));
    expect(body(trunk, 'extension')).toMatchObject({
      alias: 'trunk',
      name: 'Trunk Extension',
      description: 'Provides support for trunk ports',
      links: [],
    });
    // webob's own 404, as JSON for a JSON client.
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/json');
    expect(unknown.body).toEqual({
      message:
        'The resource could not be found.<br /><br />\nExtension with alias bogus does not exist\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
  });
});
