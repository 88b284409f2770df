import { beforeEach, describe, expect, it } from 'vitest';
import { MicroversionUnsupportedError, OpenStackHttpError } from '../http/errors';
import { fakeFetch, jsonResponse } from '../testing/fakeFetch';
import { createCinderClient } from './client';
import { clearVolumeMicroversionCache, volumeVersionRoot } from './versions';
import type { RecordedRequest } from '../testing/fakeFetch';
import type { Volume } from './types';

const endpoint = 'http://cloud/volume/v3/p1';

const volume: Volume = {
  id: 'v1',
  name: 'data',
  description: null,
  size: 1,
  status: 'available',
  availability_zone: 'nova',
  bootable: 'false',
  encrypted: false,
  multiattach: false,
  volume_type: 'lvmdriver-1',
  snapshot_id: null,
  source_volid: null,
  created_at: '2024-01-01T00:00:00.000000',
  updated_at: null,
  attachments: [],
  metadata: {},
  user_id: 'u1',
  replication_status: null,
};

const versionDoc = (max: string, min = '3.0'): unknown => ({
  versions: [{ id: 'v3.0', status: 'CURRENT', version: max, min_version: min, links: [] }],
});

type Answer = (call: RecordedRequest) => Response | undefined;

function cinder(max = '3.70', override?: Answer): ReturnType<typeof fakeFetch> {
  return fakeFetch((call) => {
    const path = call.path.replace('/volume/v3', '');
    if (path === '/' || path === '') return jsonResponse(200, versionDoc(max));
    const custom = override?.(call);
    if (custom) return custom;
    const rel = path.replace('/p1', '');
    if (rel === '/volumes/detail') {
      return jsonResponse(200, {
        volumes: [volume],
        volumes_links: [{ rel: 'next', href: `${endpoint}/volumes/detail?limit=1&marker=v1` }],
      });
    }
    if (rel === '/volumes' || /^\/volumes\/[^/]+$/.test(rel)) {
      return call.method === 'DELETE'
        ? new Response(null, { status: 202 })
        : jsonResponse(call.method === 'POST' ? 202 : 200, { volume });
    }
    if (rel.includes('/metadata')) {
      return jsonResponse(200, {
        metadata: (call.json as { metadata?: object })?.metadata ?? { a: '1' },
      });
    }
    if (rel === '/types') return jsonResponse(200, { volume_types: [{ id: 't1', name: 'lvm' }] });
    if (rel.startsWith('/types/') && rel.endsWith('/extra_specs')) {
      return jsonResponse(200, { extra_specs: { k: 'v' } });
    }
    if (rel.startsWith('/types/'))
      return jsonResponse(200, { volume_type: { id: 't1', name: 'lvm' } });
    if (rel === '/snapshots/detail') return jsonResponse(200, { snapshots: [] });
    if (rel === '/backups/detail') return jsonResponse(200, { backups: [] });
    if (rel === '/limits') {
      return jsonResponse(200, { limits: { absolute: { maxTotalVolumes: 10 }, rate: [] } });
    }
    if (rel === '/os-quota-class-sets/default') {
      return jsonResponse(200, { quota_class_set: { id: 'default', volumes: 20 } });
    }
    if (rel.startsWith('/os-quota-sets/')) {
      const usage = call.search.get('usage') === 'true';
      return jsonResponse(200, {
        quota_set: usage
          ? { id: 'p1', volumes: { limit: 10, in_use: 1, reserved: 0 } }
          : { id: 'p1', volumes: 10, gigabytes: 1000 },
      });
    }
    if (rel === '/os-availability-zone') {
      return jsonResponse(200, {
        availabilityZoneInfo: [{ zoneName: 'nova', zoneState: { available: true } }],
      });
    }
    if (rel === '/extensions')
      return jsonResponse(200, { extensions: [{ alias: 'os-types-manage' }] });
    if (rel === '/os-services')
      return jsonResponse(200, { services: [{ binary: 'cinder-volume' }] });
    if (rel === '/qos-specs') return jsonResponse(200, { qos_specs: [{ id: 'q', name: 'gold' }] });
    return jsonResponse(404, { itemNotFound: { code: 404, message: `no ${rel}` } });
  });
}

const versionOf = (call: RecordedRequest): string | null =>
  call.headers.get('openstack-api-version');

beforeEach(() => {
  clearVolumeMicroversionCache();
});

describe('microversions', () => {
  it('discovers the range at the v3 root once and sends volume microversions', async () => {
    expect(volumeVersionRoot('http://h/volume/v3/abc/')).toBe('http://h/volume/v3');
    expect(volumeVersionRoot('http://h:8776/v3')).toBe('http://h:8776/v3');
    const fake = cinder('3.70');
    const client = createCinderClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.microversion()).resolves.toEqual({ min: '3.0', max: '3.70' });
    await client.volumes.get('v1');
    expect(versionOf(fake.last())).toBe('volume 3.65');
    await client.volumeTypes.list();
    expect(versionOf(fake.last())).toBe('volume 3.0');
    const again = createCinderClient({ endpoint, token: 't2', fetch: fake.fetch });
    await again.volumes.get('v1');
    expect(fake.calls.filter((call) => call.path === '/volume/v3/')).toHaveLength(1);
  });

  it('caps at the server maximum and at maxMicroversion, and refuses what cannot work', async () => {
    const fake = cinder('3.27');
    const client = createCinderClient({ endpoint, token: 't', fetch: fake.fetch });
    await client.volumes.list();
    expect(versionOf(fake.last())).toBe('volume 3.27');
    await expect(client.limits.get({ projectId: 'p2' })).rejects.toBeInstanceOf(
      MicroversionUnsupportedError,
    );
    await expect(client.volumes.create({ size: 1, backup_id: 'b' })).rejects.toBeInstanceOf(
      MicroversionUnsupportedError,
    );
    clearVolumeMicroversionCache();
    const capped = createCinderClient({
      endpoint,
      token: 't',
      fetch: cinder('3.70').fetch,
      maxMicroversion: '3.50',
    });
    await expect(capped.microversion()).resolves.toEqual({ min: '3.0', max: '3.50' });
    await expect(capped.supports('3.60')).resolves.toBe(false);
  });
});

describe('volumes', () => {
  it('lists a page with filters, sort and all_tenants, and reads the next marker', async () => {
    const fake = cinder();
    const volumes = createCinderClient({ endpoint, token: 't', fetch: fake.fetch }).volumes;
    const page = await volumes.list({
      filters: { name: 'data', status: 'available', bootable: true },
      allProjects: true,
      limit: 1,
      sortKey: 'name',
      sortDir: 'asc',
    });
    expect(page).toEqual({ volumes: [volume], nextMarker: 'v1' });
    expect(Object.fromEntries(fake.last().search)).toEqual({
      name: 'data',
      status: 'available',
      bootable: 'true',
      all_tenants: '1',
      limit: '1',
      sort: 'name:asc',
    });
    await volumes.list({ allProjects: false });
    expect(fake.last().search.has('all_tenants')).toBe(false);
  });

  it('creates, updates and deletes', async () => {
    const fake = cinder();
    const volumes = createCinderClient({ endpoint, token: 't', fetch: fake.fetch }).volumes;
    await volumes.create({ size: 2, name: 'n', imageRef: 'img', metadata: { a: 'b' } });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/volume/v3/p1/volumes',
      json: { volume: { size: 2, name: 'n', imageRef: 'img', metadata: { a: 'b' } } },
    });
    await volumes.update('v1', { name: 'm', description: 'd' });
    expect(fake.last()).toMatchObject({
      method: 'PUT',
      json: { volume: { name: 'm', description: 'd' } },
    });
    await volumes.delete('v1', { cascade: true });
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/volume/v3/p1/volumes/v1' });
    expect(fake.last().search.get('cascade')).toBe('true');
  });

  it('reads and writes metadata', async () => {
    const fake = cinder();
    const client = createCinderClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.volumes.getMetadata('v1')).resolves.toEqual({ a: '1' });
    await expect(client.volumes.setMetadata('v1', { b: '2' })).resolves.toEqual({ b: '2' });
    expect(fake.last()).toMatchObject({ method: 'POST', json: { metadata: { b: '2' } } });
    await client.volumes.replaceMetadata('v1', {});
    expect(fake.last().method).toBe('PUT');
    await client.volumes.deleteMetadata('v1', 'a/b');
    expect(fake.last()).toMatchObject({
      method: 'DELETE',
      path: '/volume/v3/p1/volumes/v1/metadata/a%2Fb',
    });
    await client.snapshots.setMetadata('s1', { c: '3' });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/volume/v3/p1/snapshots/s1/metadata',
    });
    await client.snapshots.deleteMetadata('s1', 'c');
    expect(fake.last().method).toBe('DELETE');
  });

  it('surfaces Cinder faults', async () => {
    const fake = cinder('3.70', (call) =>
      call.path.endsWith('/volumes') && call.method === 'POST'
        ? jsonResponse(413, {
            overLimit: {
              code: 413,
              message: 'VolumeLimitExceeded: Maximum number of volumes allowed (10) exceeded',
            },
          })
        : undefined,
    );
    const volumes = createCinderClient({ endpoint, token: 't', fetch: fake.fetch }).volumes;
    const error = await volumes.create({ size: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect(error).toMatchObject({ status: 413, title: 'overLimit', service: 'volume' });
  });
});

describe('types, limits, quotas and the rest', () => {
  it('calls the volume type paths', async () => {
    const fake = cinder();
    const types = createCinderClient({ endpoint, token: 't', fetch: fake.fetch }).volumeTypes;
    await types.list({ isPublic: true });
    expect(fake.last().search.get('is_public')).toBe('true');
    await types.getDefault();
    expect(fake.last().path).toBe('/volume/v3/p1/types/default');
    await expect(types.getExtraSpecs('t1')).resolves.toEqual({ k: 'v' });
    await types.setExtraSpecs('t1', { k: 'w' });
    expect(fake.last()).toMatchObject({ method: 'POST', json: { extra_specs: { k: 'w' } } });
    await types.deleteExtraSpec('t1', 'k');
    expect(fake.last()).toMatchObject({
      method: 'DELETE',
      path: '/volume/v3/p1/types/t1/extra_specs/k',
    });
  });

  it('reads limits and quota sets, without the id', async () => {
    const fake = cinder();
    const client = createCinderClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.limits.get()).resolves.toMatchObject({ absolute: { maxTotalVolumes: 10 } });
    await client.limits.get({ projectId: 'p2' });
    expect(fake.last().search.get('project_id')).toBe('p2');
    expect(versionOf(fake.last())).toBe('volume 3.39');
    await expect(client.quotaSets.get('p1')).resolves.toEqual({ volumes: 10, gigabytes: 1000 });
    await expect(client.quotaSets.getWithUsage('p1')).resolves.toEqual({
      volumes: { limit: 10, in_use: 1, reserved: 0 },
    });
    await client.quotaSets.getDefaults('p1');
    expect(fake.last().path).toBe('/volume/v3/p1/os-quota-sets/p1/defaults');
    await client.quotaSets.updateDefaults({ volumes: 20 });
    expect(fake.last()).toMatchObject({
      method: 'PUT',
      path: '/volume/v3/p1/os-quota-class-sets/default',
      json: { quota_class_set: { volumes: 20 } },
    });
    await client.quotaSets.update('p2', { volumes: 5 });
    expect(fake.last()).toMatchObject({ method: 'PUT', json: { quota_set: { volumes: 5 } } });
  });

  it('lists zones, extensions, services, qos specs, snapshots and backups', async () => {
    const fake = cinder();
    const client = createCinderClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.availabilityZones.list()).resolves.toEqual([
      { zoneName: 'nova', zoneState: { available: true } },
    ]);
    await expect(client.extensions.list()).resolves.toHaveLength(1);
    await expect(client.services.list({ binary: 'cinder-volume' })).resolves.toHaveLength(1);
    expect(versionOf(fake.last())).toBe('volume 3.49');
    await expect(client.qosSpecs.list()).resolves.toEqual([{ id: 'q', name: 'gold' }]);
    await expect(client.snapshots.list({ allProjects: true })).resolves.toEqual({ snapshots: [] });
    await expect(client.backups.list()).resolves.toEqual({ backups: [] });
  });
});
