import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nova } from './support/nova';
import { call, waitFor } from './support/services';
import { session, uniqueName } from './support/session';
import { expectComputeFault, expectKeys, expectShape, field } from './support/shape';

/** Discovered at run time: each target has its own image, flavor and network ids. */
let imageId = '';
let flavorId = '';
let networkId = '';
let serverId = '';
const networkCleanup: string[] = [];

beforeAll(async () => {
  const demo = await session('demo');
  const images = await call(demo, 'image', 'GET', 'v2/images?status=active&visibility=public');
  const list = field(images.body, 'images') as { id: string; name: string }[];
  const image = list.find((i) => i.name.startsWith('cirros')) ?? list[0];
  if (!image) throw new Error('the target has no active public image');
  imageId = image.id;
  const flavors = await nova(demo, 'GET', 'flavors/detail');
  const smallest = (field(flavors.body, 'flavors') as { id: string; ram: number }[]).sort(
    (a, b) => a.ram - b.ram,
  )[0];
  if (!smallest) throw new Error('the target has no flavor');
  flavorId = smallest.id;
  const net = await call(demo, 'network', 'POST', 'v2.0/networks', {
    json: { network: { name: uniqueName('srvnet') } },
  });
  networkId = String(field(net.body, 'network', 'id'));
  networkCleanup.push(`v2.0/networks/${networkId}`);
  const subnet = await call(demo, 'network', 'POST', 'v2.0/subnets', {
    json: { subnet: { network_id: networkId, ip_version: 4, cidr: '10.232.9.0/24' } },
  });
  expect(subnet.status).toBe(201);
});

afterAll(async () => {
  const demo = await session('demo');
  if (serverId) {
    await nova(demo, 'DELETE', `servers/${serverId}`);
    await waitFor(
      () => nova(demo, 'GET', `servers/${serverId}`),
      (a) => a.status === 404,
      { timeoutMs: 60_000, label: 'server gone' },
    );
  }
  for (const path of networkCleanup) await call(demo, 'network', 'DELETE', path);
});

const SERVER_KEYS_21 = [
  'OS-DCF:diskConfig',
  'OS-EXT-AZ:availability_zone',
  'OS-EXT-STS:power_state',
  'OS-EXT-STS:task_state',
  'OS-EXT-STS:vm_state',
  'OS-SRV-USG:launched_at',
  'OS-SRV-USG:terminated_at',
  'accessIPv4',
  'accessIPv6',
  'addresses',
  'config_drive',
  'created',
  'flavor',
  'hostId',
  'id',
  'image',
  'key_name',
  'links',
  'metadata',
  'name',
  'os-extended-volumes:volumes_attached',
  'progress',
  'security_groups',
  'status',
  'tenant_id',
  'updated',
  'user_id',
];

/**
 * Show at 2.93: 2.9 locked, 2.19 description, 2.26 tags, 2.63 certificates, 2.71 server_groups,
 * 2.73 locked_reason, 2.90 hostname.
 */
const SERVER_KEYS_293 = [
  ...SERVER_KEYS_21,
  'OS-EXT-SRV-ATTR:hostname',
  'description',
  'locked',
  'locked_reason',
  'server_groups',
  'tags',
  'trusted_image_certificates',
];

describe('nova servers', () => {
  it('boots a server on a network to ACTIVE', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', 'servers', undefined, {
      json: {
        server: {
          name: uniqueName('vm'),
          imageRef: imageId,
          flavorRef: flavorId,
          networks: [{ uuid: networkId }],
        },
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expectShape(field(answer.body, 'server'), {
      id: 'string',
      links: [{ href: 'string', rel: 'string' }],
      adminPass: 'string',
      'OS-DCF:diskConfig': 'string',
      security_groups: [{ name: 'string' }],
    });
    serverId = String(field(answer.body, 'server', 'id'));
    const active = await waitFor(
      () => nova(demo, 'GET', `servers/${serverId}`),
      (a) => ['ACTIVE', 'ERROR'].includes(String(field(a.body, 'server', 'status'))),
      { timeoutMs: 90_000, intervalMs: 1_000, label: 'server ACTIVE' },
    );
    expect(field(active.body, 'server', 'status')).toBe('ACTIVE');
  });

  it('shows the detail fields at 2.1 and the 2.47 flavor', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `servers/${serverId}`);
    expect(answer.status).toBe(200);
    const server = field(answer.body, 'server');
    expectShape(server, {
      id: 'string',
      name: 'string',
      status: 'string',
      tenant_id: 'string',
      user_id: 'string',
      metadata: 'object',
      hostId: 'string',
      image: { id: 'string', links: 'array' },
      flavor: { id: 'string', links: 'array' },
      created: 'string',
      updated: 'string',
      addresses: 'object',
      accessIPv4: 'string',
      accessIPv6: 'string',
      links: 'array',
      'OS-DCF:diskConfig': 'string',
      'OS-EXT-AZ:availability_zone': 'string',
      'OS-EXT-STS:task_state': 'null',
      'OS-EXT-STS:vm_state': 'string',
      'OS-EXT-STS:power_state': 'integer',
      'OS-SRV-USG:launched_at': 'string',
      'OS-SRV-USG:terminated_at': 'null',
      'os-extended-volumes:volumes_attached': 'array',
      security_groups: [{ name: 'string' }],
      config_drive: 'string',
      key_name: 'null',
      progress: 'integer',
    });
    expect(field(server, 'tenant_id')).toBe(demo.projectId);
    expect(field(server, 'OS-EXT-STS:vm_state')).toBe('active');
    expect(field(server, 'OS-EXT-STS:power_state')).toBe(1);
    const addresses = field(server, 'addresses') as Record<string, unknown[]>;
    const ips = Object.values(addresses).flat();
    expect(ips.length).toBe(1);
    expectShape(ips[0], {
      addr: 'string',
      version: 'integer',
      'OS-EXT-IPS:type': 'string',
      'OS-EXT-IPS-MAC:mac_addr': 'string',
    });
    expect(String(field(ips[0], 'addr'))).toMatch(/^10\.232\.9\./);

    expectKeys(server, SERVER_KEYS_21, 'server keys at 2.1 (member)');
    const v293 = await nova(demo, 'GET', `servers/${serverId}`, '2.93');
    expectKeys(field(v293.body, 'server'), SERVER_KEYS_293, 'server keys at 2.93 (member)');

    const v247 = await nova(demo, 'GET', `servers/${serverId}`, '2.47');
    expectShape(field(v247.body, 'server', 'flavor'), {
      original_name: 'string',
      vcpus: 'integer',
      ram: 'integer',
      disk: 'integer',
      ephemeral: 'integer',
      swap: 'integer',
      extra_specs: 'object',
      id: 'absent',
    });
  });

  it('refuses to start an active server with 409 and nova text', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', `servers/${serverId}/action`, undefined, {
      json: { 'os-start': null },
    });
    expect(answer.status).toBe(409);
    expectComputeFault(answer.body, 'conflictingRequest', 409);
    expect(field(answer.body, 'conflictingRequest', 'message')).toBe(
      `Cannot 'start' instance ${serverId} while it is in vm_state active`,
    );
  });

  it('answers console output', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'POST', `servers/${serverId}/action`, undefined, {
      json: { 'os-getConsoleOutput': { length: 5 } },
    });
    expect(answer.status).toBe(200);
    expectShape(answer.body, { output: 'string' });
  });

  it('lists instance actions with the create action', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `servers/${serverId}/os-instance-actions`);
    expect(answer.status).toBe(200);
    const actions = field(answer.body, 'instanceActions') as Record<string, unknown>[];
    expectShape(actions, [
      {
        action: 'string',
        instance_uuid: 'string',
        request_id: 'string',
        user_id: 'string',
        project_id: 'string',
        start_time: 'string',
        message: 'string|null',
      },
    ]);
    expect(actions.map((a) => a['action'])).toContain('create');
    const create = actions.find((a) => a['action'] === 'create');
    const one = await nova(
      demo,
      'GET',
      `servers/${serverId}/os-instance-actions/${String(create?.['request_id'])}`,
    );
    expect(one.status).toBe(200);
    // Events are for admins only (os-instance-actions:events).
    expectShape(field(one.body, 'instanceAction'), {
      action: 'string',
      request_id: 'string',
      events: 'absent',
    });
    const admin = await session('admin');
    const asAdmin = await nova(
      admin,
      'GET',
      `servers/${serverId}/os-instance-actions/${String(create?.['request_id'])}`,
    );
    expect(asAdmin.status).toBe(200);
    expectShape(field(asAdmin.body, 'instanceAction'), {
      events: [{ event: 'string', start_time: 'string', finish_time: 'string|null' }],
    });
  });

  it('answers an unknown server with itemNotFound', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'servers/00000000-0000-4000-8000-000000000000');
    expect(answer.status).toBe(404);
    expectComputeFault(answer.body, 'itemNotFound', 404);
    expect(field(answer.body, 'itemNotFound', 'message')).toBe(
      'Instance 00000000-0000-4000-8000-000000000000 could not be found.',
    );
  });
});
