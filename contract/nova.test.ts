import { describe, expect, it } from 'vitest';
import { raw } from './support/http';
import { computeEndpoint, nova } from './support/nova';
import { session, target } from './support/session';
import {
  expectComputeFault,
  expectKeys,
  expectKeystoneFault,
  expectShape,
  field,
} from './support/shape';
import type { Shape } from './support/shape';

const LINKS: Shape = [{ rel: 'string', href: 'string' }];
const VERSION_DOC: Shape = {
  id: 'string',
  status: 'string',
  version: 'string',
  min_version: 'string',
  updated: 'string',
  links: LINKS,
};

describe('nova: versions and microversion negotiation', () => {
  it('the v2.1 version document offers 2.1–2.93 (Zed)', async () => {
    const demo = await session('demo');
    const answer = await raw('GET', `${computeEndpoint(demo)}/`);
    expect(answer.status).toBe(200);
    expectShape(answer.body, {
      version: { ...(VERSION_DOC as object), 'media-types': [{ base: 'string', type: 'string' }] },
    });
    expect(field(answer.body, 'version', 'id')).toBe('v2.1');
    expect(field(answer.body, 'version', 'status')).toBe('CURRENT');
    expect(field(answer.body, 'version', 'min_version')).toBe('2.1');
    expect(field(answer.body, 'version', 'version')).toBe('2.93');
    const range = await demo.client.nova.microversion();
    expect(range).toEqual({ min: '2.1', max: '2.93' });
  });

  it('the unversioned root lists v2.0 (SUPPORTED) and v2.1 (CURRENT)', async () => {
    const demo = await session('demo');
    const root = computeEndpoint(demo).replace(/\/v2(\.\d+)?\/?$/, '/');
    const answer = await raw('GET', root);
    expect(answer.status).toBe(200);
    expectShape(answer.body, { versions: [VERSION_DOC] });
    const versions = field(answer.body, 'versions') as { id: string; status: string }[];
    expect(versions.map((v) => `${v.id}:${v.status}`).sort()).toEqual([
      'v2.0:SUPPORTED',
      'v2.1:CURRENT',
    ]);
  });

  it('echoes the negotiated version in both headers and varies on them', async () => {
    const demo = await session('demo');
    const latest = await nova(demo, 'GET', 'flavors', 'latest');
    expect(latest.status).toBe(200);
    expect(latest.headers.get('openstack-api-version')).toBe('compute 2.93');
    expect(latest.headers.get('x-openstack-nova-api-version')).toBe('2.93');
    const vary = (latest.headers.get('vary') ?? '').toLowerCase();
    expect(vary).toContain('openstack-api-version');
    expect(vary).toContain('x-openstack-nova-api-version');

    const none = await nova(demo, 'GET', 'flavors');
    expect(none.headers.get('openstack-api-version')).toBe('compute 2.1');
  });

  it('refuses a version above the maximum with 406', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors', '2.999');
    expect(answer.status).toBe(406);
    expectComputeFault(answer.body, 'computeFault', 406);
  });

  it('refuses a malformed version with 400', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'flavors', 'two.one');
    expect(answer.status).toBe(400);
    expectComputeFault(answer.body, 'badRequest', 400);
  });

  it('answers without a token with 401 in Keystone’s error shape', async () => {
    const demo = await session('demo');
    const answer = await raw('GET', `${computeEndpoint(demo)}/flavors`);
    expect(answer.status).toBe(401);
    expectKeystoneFault(answer.body, 401, 'Unauthorized');
    // keystonemiddleware names the unversioned identity URL (www_authenticate_uri).
    const identity = target().authUrl.replace(/\/v3\/?$/, '');
    expect(answer.headers.get('www-authenticate')).toBe(`Keystone uri="${identity}"`);
  });
});

describe('nova: limits', () => {
  const common = [
    'maxServerGroupMembers',
    'maxServerGroups',
    'maxServerMeta',
    'maxTotalCores',
    'maxTotalInstances',
    'maxTotalKeypairs',
    'maxTotalRAMSize',
    'totalCoresUsed',
    'totalInstancesUsed',
    'totalRAMUsed',
    'totalServerGroupsUsed',
  ];
  const network = [
    'maxSecurityGroupRules',
    'maxSecurityGroups',
    'maxTotalFloatingIps',
    'totalFloatingIpsUsed',
    'totalSecurityGroupsUsed',
  ];
  it.each([
    ['2.1', [...common, ...network, 'maxImageMeta', 'maxPersonality', 'maxPersonalitySize']],
    ['2.36', [...common, 'maxImageMeta', 'maxPersonality', 'maxPersonalitySize']],
    ['2.39', [...common, 'maxPersonality', 'maxPersonalitySize']],
    ['2.57', common],
  ])('absolute limits at %s have exactly the keys of that version', async (version, keys) => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'limits', version);
    expect(answer.status).toBe(200);
    expectKeys(field(answer.body, 'limits'), ['absolute', 'rate']);
    expect(field(answer.body, 'limits', 'rate')).toEqual([]);
    const absolute = field(answer.body, 'limits', 'absolute');
    expectKeys(absolute, keys);
    expectShape(absolute, Object.fromEntries(keys.map((key) => [key, 'integer'])));
  });

  it('the client reads the 2.57 shape', async () => {
    const demo = await session('demo');
    const limits = await demo.client.nova.limits.get();
    expect(limits.absolute.maxTotalInstances).toEqual(expect.any(Number));
    expect(limits.absolute.maxPersonality).toBeUndefined();
  });
});

describe('nova: extensions', () => {
  it('lists the frozen v2.1 extension set', async () => {
    const demo = await session('demo');
    const extensions = await demo.client.nova.extensions.list();
    expectShape(extensions, [
      {
        name: 'string',
        alias: 'string',
        description: 'string',
        namespace: 'string',
        updated: 'string',
        links: 'array',
      },
    ]);
    for (const extension of extensions) {
      expectKeys(extension, ['name', 'alias', 'description', 'namespace', 'updated', 'links']);
    }
    const aliases = extensions.map((extension) => extension.alias);
    expect(aliases).toEqual(
      expect.arrayContaining([
        'os-keypairs',
        'os-server-groups',
        'os-availability-zone',
        'os-flavor-access',
        'os-flavor-extra-specs',
        'os-flavor-manage',
        'OS-FLV-EXT-DATA',
      ]),
    );
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('shows one extension by alias and 404s an unknown one', async () => {
    const demo = await session('demo');
    const one = await nova(demo, 'GET', 'extensions/os-keypairs');
    expect(one.status).toBe(200);
    expectShape(one.body, { extension: { alias: 'string', name: 'string', links: 'array' } });
    expect(field(one.body, 'extension', 'alias')).toBe('os-keypairs');
    const missing = await nova(demo, 'GET', 'extensions/os-no-such-thing');
    expect(missing.status).toBe(404);
    expectComputeFault(missing.body, 'itemNotFound', 404);
  });
});

describe('nova: availability zones', () => {
  it('a member sees zone names and states, without hosts', async () => {
    const demo = await session('demo');
    const zones = await demo.client.nova.availabilityZones.list();
    expect(zones.length).toBeGreaterThan(0);
    expectShape(zones, [
      { zoneName: 'string', zoneState: { available: 'boolean' }, hosts: 'null' },
    ]);
    expect(zones.map((zone) => zone.zoneName)).toContain('nova');
    for (const zone of zones) expectKeys(zone, ['zoneName', 'zoneState', 'hosts']);
  });

  it('the admin detail adds the internal zone and per-host services', async () => {
    const admin = await session('admin');
    const zones = await admin.client.nova.availabilityZones.list({ detail: true });
    const names = zones.map((zone) => zone.zoneName);
    expect(names).toContain('internal');
    expect(names).toContain('nova');
    const service: Shape = { available: 'boolean', active: 'boolean', updated_at: 'string|null' };
    for (const zone of zones) {
      expectShape(zone, {
        zoneName: 'string',
        zoneState: { available: 'boolean' },
        hosts: 'object',
      });
      for (const services of Object.values(zone.hosts ?? {})) {
        for (const state of Object.values(services)) expectShape(state, service);
      }
    }
    const internal = zones.find((zone) => zone.zoneName === 'internal');
    const internalServices = Object.values(internal?.hosts ?? {}).flatMap((s) => Object.keys(s));
    expect(internalServices).toEqual(expect.arrayContaining(['nova-conductor', 'nova-scheduler']));
    const computeZone = zones.find((zone) => zone.zoneName === 'nova');
    const computeServices = Object.values(computeZone?.hosts ?? {}).flatMap((s) => Object.keys(s));
    expect(computeServices).toContain('nova-compute');
  });

  it('the detail listing is admin-only (403 forbidden for a member)', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', 'os-availability-zone/detail');
    expect(answer.status).toBe(403);
    expectComputeFault(answer.body, 'forbidden', 403);
  });
});
