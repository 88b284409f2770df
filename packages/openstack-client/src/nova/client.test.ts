import { beforeEach, describe, expect, it } from 'vitest';
import { MicroversionUnsupportedError, OpenStackHttpError } from '../http/errors';
import { fakeFetch, jsonResponse, novaVersion } from '../testing/fakeFetch';
import { createNovaClient } from './client';
import { clearMicroversionCache, computeVersionRoot } from './versions';
import type { RecordedRequest } from '../testing/fakeFetch';
import type { Flavor, ServerGroup } from './types';

const endpoint = 'http://cloud/compute/v2.1';

const flavor: Flavor = {
  id: 'f1',
  name: 'm1.tiny',
  ram: 512,
  vcpus: 1,
  disk: 1,
  'OS-FLV-EXT-DATA:ephemeral': 0,
  'OS-FLV-DISABLED:disabled': false,
  'os-flavor-access:is_public': true,
  swap: '',
  rxtx_factor: 1,
  description: null,
  extra_specs: { 'hw:cpu_policy': 'shared' },
  links: [],
};

const keypair = {
  name: 'my key',
  public_key: 'ssh-ed25519 AAAA',
  fingerprint: 'aa:bb',
  type: 'ssh',
};

const groupNew: ServerGroup = {
  id: 'g1',
  name: 'grp',
  policy: 'anti-affinity',
  rules: { max_server_per_host: 2 },
  members: [],
  project_id: 'p1',
  user_id: 'u1',
};
const groupOld: ServerGroup = {
  id: 'g2',
  name: 'old',
  policies: ['affinity'],
  members: ['s1'],
  metadata: {},
};

type Answer = (call: RecordedRequest) => Response | undefined;

/** A Nova that advertises `max` and answers the API paths with canned bodies. */
function nova(max = '2.93', min = '2.1', override?: Answer): ReturnType<typeof fakeFetch> {
  return fakeFetch((call) => {
    const path = call.path.replace('/compute/v2.1', '');
    if (path === '') return jsonResponse(200, novaVersion(max, min));
    const custom = override?.(call);
    if (custom) return custom;
    if (path === '/flavors/detail') return jsonResponse(200, { flavors: [flavor] });
    if (path.startsWith('/flavors') && path.endsWith('/os-extra_specs')) {
      return jsonResponse(200, { extra_specs: { a: '1' } });
    }
    if (path.includes('/os-extra_specs/')) return new Response(null, { status: 200 });
    if (path.endsWith('/os-flavor-access') || path.endsWith('/action')) {
      return jsonResponse(200, { flavor_access: [{ flavor_id: 'f1', tenant_id: 'p9' }] });
    }
    if (path.startsWith('/flavors') && call.method === 'DELETE') {
      return new Response(null, { status: 202 });
    }
    if (path.startsWith('/flavors')) return jsonResponse(200, { flavor });
    if (path === '/os-keypairs' && call.method === 'GET') {
      return jsonResponse(200, { keypairs: [{ keypair }] });
    }
    if (path === '/os-keypairs') {
      return jsonResponse(201, { keypair: { ...keypair, private_key: 'PRIVATE' } });
    }
    if (path.startsWith('/os-keypairs/') && call.method === 'DELETE') {
      return new Response(null, { status: 202 });
    }
    if (path.startsWith('/os-keypairs/')) return jsonResponse(200, { keypair });
    if (path === '/os-server-groups' && call.method === 'GET') {
      return jsonResponse(200, { server_groups: [groupNew, groupOld] });
    }
    if (path === '/os-server-groups') return jsonResponse(200, { server_group: groupNew });
    if (path.startsWith('/os-server-groups/') && call.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    if (path.startsWith('/os-server-groups/')) return jsonResponse(200, { server_group: groupOld });
    if (path === '/limits') {
      return jsonResponse(200, {
        limits: { absolute: { maxTotalCores: 20, totalCoresUsed: 1 }, rate: [] },
      });
    }
    if (path === '/extensions') {
      return jsonResponse(200, { extensions: [{ alias: 'os-keypairs', name: 'Keypairs' }] });
    }
    if (path.startsWith('/os-availability-zone')) {
      return jsonResponse(200, {
        availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true }, hosts: null }],
      });
    }
    return jsonResponse(404, { itemNotFound: { code: 404, message: `no ${path}` } });
  });
}

function versionOf(call: RecordedRequest): string | null {
  return call.headers.get('x-openstack-nova-api-version');
}

beforeEach(() => {
  clearMicroversionCache();
});

describe('microversion discovery', () => {
  it('discovers once per endpoint and reports the range', async () => {
    const fake = nova('2.93');
    const first = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(first.microversion()).resolves.toEqual({ min: '2.1', max: '2.93' });
    await expect(first.supports('2.64')).resolves.toBe(true);
    await expect(first.supports('2.94')).resolves.toBe(false);
    // The BFF creates a client per request; the range must not be fetched again.
    const second = createNovaClient({ endpoint: `${endpoint}/`, token: 't2', fetch: fake.fetch });
    await second.flavors.list();
    expect(fake.calls.filter((call) => call.path === '/compute/v2.1')).toHaveLength(1);
  });

  it('retries discovery after a failure', async () => {
    let fail = true;
    const fake = fakeFetch((call) => {
      if (fail) {
        fail = false;
        return jsonResponse(503, { computeFault: { code: 503, message: 'busy' } });
      }
      return call.path === '/compute/v2.1'
        ? jsonResponse(200, novaVersion('2.93'))
        : jsonResponse(200, { extensions: [] });
    });
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.extensions.list()).rejects.toBeInstanceOf(OpenStackHttpError);
    await expect(client.extensions.list()).resolves.toEqual([]);
  });

  it('finds the version root behind a project id and handles legacy endpoints', async () => {
    expect(computeVersionRoot('http://h:8774/v2.1/abc123')).toBe('http://h:8774/v2.1');
    expect(computeVersionRoot('http://h/compute/v2.1/')).toBe('http://h/compute/v2.1');
    expect(computeVersionRoot('http://h:8774/v2/abc')).toBe('http://h:8774/v2');
    const fake = fakeFetch((call) =>
      call.path === '/v2'
        ? jsonResponse(200, {
            version: { id: 'v2.0', status: 'SUPPORTED', version: '', min_version: '' },
          })
        : jsonResponse(200, { extensions: [] }),
    );
    const client = createNovaClient({
      endpoint: 'http://legacy/v2/p1',
      token: 't',
      fetch: fake.fetch,
    });
    await client.extensions.list();
    expect(fake.last().url).toBe('http://legacy/v2/p1/extensions');
    expect(versionOf(fake.last())).toBeNull();
    expect(fake.last().headers.get('openstack-api-version')).toBeNull();
    await expect(client.supports('2.1')).resolves.toBe(false);
  });

  it('reads a versions list when pointed at the unversioned root', async () => {
    const fake = fakeFetch(() =>
      jsonResponse(200, {
        versions: [
          { id: 'v2.0', status: 'SUPPORTED', version: '', min_version: '' },
          { id: 'v2.1', status: 'CURRENT', version: '2.90', min_version: '2.1' },
        ],
      }),
    );
    const client = createNovaClient({
      endpoint: 'http://bare:8774/',
      token: 't',
      fetch: fake.fetch,
    });
    await expect(client.microversion()).resolves.toEqual({ min: '2.1', max: '2.90' });
  });
});

describe('flavors', () => {
  it('lists details at 2.61 with upstream query names and normalises swap', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    const flavors = await client.flavors.list({
      isPublic: 'None',
      minRam: 512,
      minDisk: 1,
      sortKey: 'ram',
      sortDir: 'desc',
      limit: 10,
      marker: 'f0',
    });
    expect(flavors[0]?.swap).toBe(0);
    expect(flavors[0]?.extra_specs).toEqual({ 'hw:cpu_policy': 'shared' });
    const call = fake.last();
    expect(call.path).toBe('/compute/v2.1/flavors/detail');
    expect(call.search.toString()).toBe(
      'is_public=None&minDisk=1&minRam=512&sort_key=ram&sort_dir=desc&limit=10&marker=f0',
    );
    expect(versionOf(call)).toBe('2.61');
    expect(call.headers.get('openstack-api-version')).toBe('compute 2.61');
    expect(call.headers.get('x-auth-token')).toBe('t');
  });

  it('sends is_public=false as text', async () => {
    const fake = nova();
    await createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).flavors.list({
      isPublic: false,
    });
    expect(fake.last().search.get('is_public')).toBe('false');
  });

  it('caps at the server max, and at maxMicroversion', async () => {
    const old = nova('2.53');
    await createNovaClient({ endpoint, token: 't', fetch: old.fetch }).flavors.get('f1');
    expect(versionOf(old.last())).toBe('2.53');

    clearMicroversionCache();
    const pinned = nova('2.93');
    const client = createNovaClient({
      endpoint,
      token: 't',
      fetch: pinned.fetch,
      maxMicroversion: '2.40',
    });
    await client.flavors.get('f1');
    expect(versionOf(pinned.last())).toBe('2.40');
    await expect(client.microversion()).resolves.toEqual({ min: '2.1', max: '2.40' });
    await expect(client.supports('2.61')).resolves.toBe(false);
  });

  it('creates with the upstream body and needs 2.55 for a description', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    const created = await client.flavors.create({
      name: 'm1.tiny',
      ram: 512,
      vcpus: 1,
      disk: 1,
      'OS-FLV-EXT-DATA:ephemeral': 0,
      swap: 0,
      rxtx_factor: 1,
      'os-flavor-access:is_public': false,
      description: 'small',
    });
    expect(created.id).toBe('f1');
    expect(fake.last().method).toBe('POST');
    expect(fake.last().json).toEqual({
      flavor: {
        name: 'm1.tiny',
        ram: 512,
        vcpus: 1,
        disk: 1,
        'OS-FLV-EXT-DATA:ephemeral': 0,
        swap: 0,
        rxtx_factor: 1,
        'os-flavor-access:is_public': false,
        description: 'small',
      },
    });
    expect(versionOf(fake.last())).toBe('2.61');

    clearMicroversionCache();
    const old = nova('2.50');
    const oldClient = createNovaClient({ endpoint, token: 't', fetch: old.fetch });
    await expect(
      oldClient.flavors.create({ name: 'x', ram: 1, vcpus: 1, disk: 0, description: 'd' }),
    ).rejects.toBeInstanceOf(MicroversionUnsupportedError);
    await expect(oldClient.flavors.updateDescription('f1', 'd')).rejects.toBeInstanceOf(
      MicroversionUnsupportedError,
    );
    await oldClient.flavors.create({ name: 'x', ram: 1, vcpus: 1, disk: 0 });
    expect(versionOf(old.last())).toBe('2.50');
  });

  it('updates the description with PUT', async () => {
    const fake = nova();
    await createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).flavors.updateDescription(
      'f 1',
      'new',
    );
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/compute/v2.1/flavors/f%201' });
    expect(fake.last().json).toEqual({ flavor: { description: 'new' } });
  });

  it('deletes, and manages extra specs and access', async () => {
    const fake = nova();
    const flavors = createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).flavors;
    await flavors.delete('f1');
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/compute/v2.1/flavors/f1' });
    await expect(flavors.getExtraSpecs('f1')).resolves.toEqual({ a: '1' });
    await expect(flavors.setExtraSpecs('f1', { a: '1' })).resolves.toEqual({ a: '1' });
    expect(fake.last()).toMatchObject({ method: 'POST', json: { extra_specs: { a: '1' } } });
    await flavors.deleteExtraSpec('f1', 'hw:cpu policy/x');
    expect(fake.last().url).toBe(`${endpoint}/flavors/f1/os-extra_specs/hw%3Acpu%20policy%2Fx`);
    expect(fake.last().method).toBe('DELETE');
    await expect(flavors.listAccess('f1')).resolves.toEqual([{ flavor_id: 'f1', tenant_id: 'p9' }]);
    expect(fake.last().path).toBe('/compute/v2.1/flavors/f1/os-flavor-access');
    await flavors.addAccess('f1', 'p9');
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/compute/v2.1/flavors/f1/action',
      json: { addTenantAccess: { tenant: 'p9' } },
    });
    await flavors.removeAccess('f1', 'p9');
    expect(fake.last().json).toEqual({ removeTenantAccess: { tenant: 'p9' } });
  });

  it('carries Nova faults', async () => {
    const fake = nova('2.93', '2.1', (call) =>
      call.path.endsWith('/flavors/gone')
        ? jsonResponse(404, {
            itemNotFound: { code: 404, message: 'Flavor gone could not be found.' },
          })
        : undefined,
    );
    await expect(
      createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).flavors.get('gone'),
    ).rejects.toMatchObject({ status: 404, title: 'itemNotFound', service: 'compute' });
  });
});

describe('keypairs', () => {
  it('lists at 2.35 and unwraps the keypair wrappers', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.keypairs.list({ userId: 'u1', limit: 5, marker: 'a' })).resolves.toEqual([
      keypair,
    ]);
    expect(versionOf(fake.last())).toBe('2.35');
    expect(fake.last().search.toString()).toBe('user_id=u1&limit=5&marker=a');
  });

  it('needs 2.35 for paging and 2.10 for another user', async () => {
    const fake = nova('2.20');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await client.keypairs.list();
    expect(versionOf(fake.last())).toBe('2.20');
    await client.keypairs.list({ userId: 'u1' });
    await expect(client.keypairs.list({ limit: 1 })).rejects.toBeInstanceOf(
      MicroversionUnsupportedError,
    );
  });

  it('escapes names in get and delete', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.keypairs.get('my key', { userId: 'u1' })).resolves.toEqual(keypair);
    expect(fake.last().url).toBe(`${endpoint}/os-keypairs/my%20key?user_id=u1`);
    expect(versionOf(fake.last())).toBe('2.10');
    await client.keypairs.delete('a/b');
    expect(fake.last()).toMatchObject({
      method: 'DELETE',
      path: '/compute/v2.1/os-keypairs/a%2Fb',
    });
  });

  it('generates at 2.2 (2.10 for another user), never at 2.92 or above', async () => {
    const fake = nova('2.93');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    const created = await client.keypairs.create({ name: 'k1' });
    expect(created.private_key).toBe('PRIVATE');
    expect(versionOf(fake.last())).toBe('2.2');
    expect(fake.last().json).toEqual({ keypair: { name: 'k1' } });

    await client.keypairs.create({ name: 'k2', type: 'x509', userId: 'u1' });
    expect(versionOf(fake.last())).toBe('2.10');
    expect(fake.last().json).toEqual({ keypair: { name: 'k2', type: 'x509', user_id: 'u1' } });
  });

  it('imports at the highest version up to 2.92', async () => {
    const fake = nova('2.93');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await client.keypairs.create({ name: 'k@host', publicKey: 'ssh-ed25519 AAAA', type: 'ssh' });
    expect(versionOf(fake.last())).toBe('2.92');
    expect(fake.last().json).toEqual({
      keypair: { name: 'k@host', type: 'ssh', public_key: 'ssh-ed25519 AAAA' },
    });

    clearMicroversionCache();
    const old = nova('2.60');
    await createNovaClient({ endpoint, token: 't', fetch: old.fetch }).keypairs.create({
      name: 'k',
      publicKey: 'ssh-rsa AAAA',
    });
    expect(versionOf(old.last())).toBe('2.60');
  });

  it('refuses generation where the server only speaks 2.92+', async () => {
    const fake = nova('2.95', '2.92');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.keypairs.create({ name: 'k' })).rejects.toBeInstanceOf(
      MicroversionUnsupportedError,
    );
    expect(fake.apiCalls()).toHaveLength(0);
  });

  it('needs 2.2 for a key type and 2.10 for a user id', async () => {
    const fake = nova('2.1');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.keypairs.create({ name: 'k', type: 'x509' })).rejects.toThrow(/≥ 2.2/);
    await client.keypairs.create({ name: 'k' });
    expect(versionOf(fake.last())).toBe('2.1');
  });
});

describe('server groups', () => {
  it('uses 2.64 and normalises both policy spellings', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    const groups = await client.serverGroups.list({ allProjects: true, limit: 10, offset: 5 });
    expect(versionOf(fake.last())).toBe('2.64');
    expect(fake.last().search.toString()).toBe('all_projects=True&limit=10&offset=5');
    expect(groups[0]).toMatchObject({
      policy: 'anti-affinity',
      policies: ['anti-affinity'],
      rules: { max_server_per_host: 2 },
    });
    expect(groups[1]).toMatchObject({ policy: 'affinity', policies: ['affinity'], rules: {} });
  });

  it('leaves all_projects out when false', async () => {
    const fake = nova();
    await createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).serverGroups.list({
      allProjects: false,
    });
    expect(fake.last().search.has('all_projects')).toBe(false);
  });

  it('creates with policy and rules at 2.64', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await client.serverGroups.create({
      name: 'grp',
      policy: 'anti-affinity',
      rules: { max_server_per_host: 2 },
    });
    expect(versionOf(fake.last())).toBe('2.64');
    expect(fake.last().json).toEqual({
      server_group: { name: 'grp', policy: 'anti-affinity', rules: { max_server_per_host: 2 } },
    });
  });

  it('falls back to a policies list below 2.64', async () => {
    const fake = nova('2.60');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await client.serverGroups.create({ name: 'grp', policy: 'soft-affinity' });
    expect(versionOf(fake.last())).toBe('2.60');
    expect(fake.last().json).toEqual({
      server_group: { name: 'grp', policies: ['soft-affinity'] },
    });
    await expect(
      client.serverGroups.create({
        name: 'g',
        policy: 'anti-affinity',
        rules: { max_server_per_host: 1 },
      }),
    ).rejects.toBeInstanceOf(MicroversionUnsupportedError);
  });

  it('needs 2.15 for soft policies', async () => {
    const fake = nova('2.14');
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(
      client.serverGroups.create({ name: 'g', policy: 'soft-anti-affinity' }),
    ).rejects.toThrow(/≥ 2.15/);
  });

  it('gets and deletes by escaped id', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.serverGroups.get('g2')).resolves.toMatchObject({
      policy: 'affinity',
      members: ['s1'],
    });
    await client.serverGroups.delete('g 2');
    expect(fake.last()).toMatchObject({
      method: 'DELETE',
      path: '/compute/v2.1/os-server-groups/g%202',
    });
  });
});

describe('limits, extensions, availability zones', () => {
  it('asks for reserved below 2.75, where Nova still accepts it', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.limits.get({ reserved: true, tenantId: 'p2' })).resolves.toEqual({
      absolute: { maxTotalCores: 20, totalCoresUsed: 1 },
      rate: [],
    });
    expect(fake.last().search.toString()).toBe('reserved=1&tenant_id=p2');
    expect(versionOf(fake.last())).toBe('2.57');
    await client.limits.get();
    expect(fake.last().search.toString()).toBe('');
  });

  it('lists extensions and availability zones', async () => {
    const fake = nova();
    const client = createNovaClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.extensions.list()).resolves.toEqual([
      { alias: 'os-keypairs', name: 'Keypairs' },
    ]);
    await expect(client.availabilityZones.list()).resolves.toEqual([
      { zoneName: 'nova', zoneState: { available: true }, hosts: null },
    ]);
    expect(fake.last().path).toBe('/compute/v2.1/os-availability-zone');
    await client.availabilityZones.list({ detail: true });
    expect(fake.last().path).toBe('/compute/v2.1/os-availability-zone/detail');
  });
});

describe('aggregates', () => {
  it('lists, shows and sets metadata with set_metadata (null removes a key)', async () => {
    const aggregate = {
      id: 1,
      uuid: 'u-1',
      name: 'fast',
      availability_zone: null,
      hosts: [],
      metadata: { ssd: 'true' },
      created_at: '',
      updated_at: null,
      deleted: false,
      deleted_at: null,
    };
    const fake = nova('2.93', '2.1', (call) => {
      if (call.path.endsWith('/os-aggregates'))
        return jsonResponse(200, { aggregates: [aggregate] });
      if (call.path.includes('/os-aggregates/')) return jsonResponse(200, { aggregate });
      return undefined;
    });
    const aggregates = createNovaClient({ endpoint, token: 't', fetch: fake.fetch }).aggregates;
    await expect(aggregates.list()).resolves.toEqual([aggregate]);
    expect(versionOf(fake.last())).toBe('2.41');
    await expect(aggregates.get(1)).resolves.toMatchObject({ name: 'fast' });
    expect(fake.last().path).toBe('/compute/v2.1/os-aggregates/1');
    await aggregates.setMetadata(1, { ssd: null, tier: 'gold' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/compute/v2.1/os-aggregates/1/action',
      json: { set_metadata: { metadata: { ssd: null, tier: 'gold' } } },
    });
  });
});
