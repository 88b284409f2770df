import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { OpenStackHttpError } from '../http/errors';
import { fakeFetch, jsonResponse, textResponse } from '../testing/fakeFetch';
import { createGlanceClient } from './client';
import { IMAGE_PATCH_MEDIA_TYPE, imageExtraProperties, imagePatch, jsonPointer } from './images';
import { clearImageVersionCache, imageVersionRoot } from './versions';
import type { RecordedRequest } from '../testing/fakeFetch';
import type { GlanceImage } from './types';

const endpoint = 'http://cloud/image';

const image = (overrides: Partial<GlanceImage> = {}): GlanceImage => ({
  id: 'i1',
  name: 'cirros',
  status: 'active',
  visibility: 'public',
  protected: false,
  os_hidden: false,
  owner: 'p1',
  disk_format: 'qcow2',
  container_format: 'bare',
  size: 1024,
  virtual_size: 4096,
  min_disk: 0,
  min_ram: 0,
  checksum: 'abc',
  os_hash_algo: 'sha512',
  os_hash_value: 'def',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  tags: [],
  self: '/v2/images/i1',
  file: '/v2/images/i1/file',
  schema: '/v2/schemas/image',
  hw_qemu_guest_agent: 'yes',
  ...overrides,
});

const VERSIONS = {
  versions: [
    { id: 'v2.16', status: 'CURRENT', links: [{ rel: 'self', href: 'http://cloud/image/v2/' }] },
    { id: 'v2.15', status: 'SUPPORTED', links: [] },
    { id: 'v2.0', status: 'SUPPORTED', links: [] },
    { id: 'v1.0', status: 'DEPRECATED', links: [] },
  ],
};

type Answer = (call: RecordedRequest) => Response | Promise<Response | undefined> | undefined;

/** A Glance that answers its API paths with canned bodies (override first). */
function glance(override?: Answer): ReturnType<typeof fakeFetch> {
  return fakeFetch(async (call) => {
    const path = call.path.replace('/image', '');
    if (path === '/' || path === '') return jsonResponse(300, VERSIONS);
    const custom = await override?.(call);
    if (custom) return custom;
    if (path === '/v2/images' && call.method === 'GET') {
      return jsonResponse(200, {
        images: [image()],
        first: '/v2/images',
        schema: '/v2/schemas/images',
      });
    }
    if (path === '/v2/images' && call.method === 'POST') {
      return jsonResponse(201, image({ ...(call.json as object), status: 'queued' }));
    }
    if (path.startsWith('/v2/images/') && call.method === 'GET') return jsonResponse(200, image());
    if (path.startsWith('/v2/images/') && call.method === 'PATCH') {
      return jsonResponse(200, image({ name: 'patched' }));
    }
    return new Response(null, { status: 204 });
  });
}

beforeEach(() => {
  clearImageVersionCache();
});

describe('version discovery', () => {
  it('reads the 300 answer of the root once and reports the current version', async () => {
    const fake = glance();
    const client = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch });
    expect(client.endpoint).toBe('http://cloud/image/v2');
    await expect(client.version()).resolves.toEqual({
      current: '2.16',
      supported: ['2.16', '2.15', '2.0'],
    });
    await expect(client.supports('2.6')).resolves.toBe(true);
    await expect(client.supports('2.17')).resolves.toBe(false);
    const again = createGlanceClient({
      endpoint: `${endpoint}/v2/`,
      token: 't',
      fetch: fake.fetch,
    });
    await again.version();
    expect(fake.calls.filter((call) => call.path === '/image/')).toHaveLength(1);
  });

  it('finds the root of versioned endpoints and forgets failures', async () => {
    expect(imageVersionRoot('http://h:9292/v2/')).toBe('http://h:9292');
    expect(imageVersionRoot('http://h/image')).toBe('http://h/image');
    let fail = true;
    const fake = fakeFetch(() => {
      if (fail) {
        fail = false;
        return textResponse(503, 'busy');
      }
      return jsonResponse(200, VERSIONS);
    });
    const client = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.version()).rejects.toBeInstanceOf(OpenStackHttpError);
    await expect(client.version()).resolves.toMatchObject({ current: '2.16' });
  });
});

describe('images', () => {
  it('lists with filters, sorting and paging, and reports the next marker', async () => {
    const fake = glance((call) =>
      call.path === '/image/v2/images'
        ? jsonResponse(200, {
            images: [image()],
            first: '/v2/images?limit=1',
            next: '/v2/images?limit=1&marker=i1',
            schema: '/v2/schemas/images',
          })
        : undefined,
    );
    const client = createGlanceClient({ endpoint, token: 'tok', fetch: fake.fetch });
    const page = await client.images.list({
      filters: { name: 'cirros', protected: false, size_min: 10, tag: ['a', 'b'], os_distro: 'x' },
      limit: 1,
      marker: 'i0',
      sortKey: 'name',
      sortDir: 'asc',
    });
    expect(page).toEqual({ images: [image()], nextMarker: 'i1' });
    const call = fake.last();
    expect(call.headers.get('x-auth-token')).toBe('tok');
    expect(Object.fromEntries(call.search)).toMatchObject({
      name: 'cirros',
      protected: 'false',
      size_min: '10',
      os_distro: 'x',
      limit: '1',
      marker: 'i0',
      sort_key: 'name',
      sort_dir: 'asc',
    });
    expect(call.search.getAll('tag')).toEqual(['a', 'b']);
  });

  it('follows next links for listAll and stops at maxPages', async () => {
    let served = 0;
    const fake = glance((call) => {
      if (call.path !== '/image/v2/images') return undefined;
      served += 1;
      const marker = call.search.get('marker');
      const id = marker === null ? 'a' : marker === 'a' ? 'b' : 'c';
      return jsonResponse(200, {
        images: [image({ id })],
        first: '/v2/images',
        ...(id === 'c' ? {} : { next: `/v2/images?marker=${id}` }),
        schema: '',
      });
    });
    const client = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch });
    const all = await client.images.listAll({ filters: { status: 'active' } });
    expect(all.truncated).toBe(false);
    expect(all.images.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(fake.apiCalls().every((call) => call.search.get('status') === 'active')).toBe(true);
    expect(served).toBe(3);
    const capped = await client.images.listAll({ maxPages: 2 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.images).toHaveLength(2);
  });

  it('creates, gets, deletes, and runs actions', async () => {
    const fake = glance();
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    const created = await images.create({
      name: 'new',
      disk_format: 'raw',
      container_format: 'bare',
      os_distro: 'ubuntu',
    });
    expect(created).toMatchObject({ name: 'new', status: 'queued', os_distro: 'ubuntu' });
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/image/v2/images' });
    await images.get('x y');
    expect(fake.last().path).toBe('/image/v2/images/x%20y');
    await images.delete('i1');
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/image/v2/images/i1' });
    await images.deactivate('i1');
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/image/v2/images/i1/actions/deactivate',
    });
    await images.reactivate('i1');
    expect(fake.last().path).toBe('/image/v2/images/i1/actions/reactivate');
    await images.import('i1', { method: { name: 'web-download', uri: 'http://x/img' } });
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/image/v2/images/i1/import',
      json: { method: { name: 'web-download', uri: 'http://x/img' } },
    });
  });

  it('maps a protected-image refusal to an OpenStackHttpError with Glance’s text', async () => {
    const fake = glance((call) =>
      call.method === 'DELETE'
        ? jsonResponse(403, {
            message: '403 Forbidden\n\nImage i1 is protected and cannot be deleted.\n\n   ',
            code: '403 Forbidden',
            title: 'Forbidden',
          })
        : undefined,
    );
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    await expect(images.delete('i1')).rejects.toMatchObject({ status: 403, service: 'image' });
  });
});

describe('JSON patch', () => {
  it('computes add, replace and remove from a desired state', () => {
    const current = image({ description: 'old', 'a/b': '1' });
    expect(
      imagePatch(current, {
        set: {
          name: 'renamed',
          min_disk: 0,
          description: 'new',
          os_distro: 'ubuntu',
          tags: [],
          hw_qemu_guest_agent: 'yes',
          skipped: undefined,
        },
        remove: ['a/b', 'not_there', 'description'],
      }),
    ).toEqual([
      { op: 'replace', path: '/name', value: 'renamed' },
      { op: 'replace', path: '/description', value: 'new' },
      { op: 'add', path: '/os_distro', value: 'ubuntu' },
      { op: 'remove', path: '/a~1b' },
    ]);
    expect(jsonPointer('x~y/z')).toBe('/x~0y~1z');
  });

  it('sends the v2.1 patch media type, and nothing for a no-op', async () => {
    const fake = glance();
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    const updated = await images.update('i1', {
      set: { name: 'patched' },
      remove: ['hw_qemu_guest_agent'],
    });
    expect(updated.name).toBe('patched');
    const patch = fake.last();
    expect(patch.method).toBe('PATCH');
    expect(patch.headers.get('content-type')).toBe(IMAGE_PATCH_MEDIA_TYPE);
    expect(patch.json).toEqual([
      { op: 'replace', path: '/name', value: 'patched' },
      { op: 'remove', path: '/hw_qemu_guest_agent' },
    ]);
    const before = fake.calls.length;
    await images.update('i1', { set: { name: 'cirros' } }, { current: image() });
    expect(fake.calls.length).toBe(before);
  });

  it('separates extra properties from core attributes', () => {
    expect(imageExtraProperties(image({ kernel_id: 'k' }))).toEqual({
      hw_qemu_guest_agent: 'yes',
      kernel_id: 'k',
    });
  });
});

describe('data', () => {
  it('streams an upload as octet-stream without a timeout and with the size when known', async () => {
    const received: number[] = [];
    const fake = glance(async (call) => {
      if (!call.path.endsWith('/file') || call.method !== 'PUT') return undefined;
      const body = call.init.body as AsyncIterable<Uint8Array>;
      for await (const chunk of body) received.push(chunk.length);
      return new Response(null, { status: 204 });
    });
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    const source = Readable.from([Buffer.alloc(10), Buffer.alloc(20)]);
    await images.upload('i1', source, { size: 30 });
    const call = fake.last();
    expect(call.headers.get('content-type')).toBe('application/octet-stream');
    expect(call.headers.get('content-length')).toBe('30');
    expect(call.init.duplex).toBe('half');
    expect(received).toEqual([10, 20]);
    await images.stage('i1', Readable.from([Buffer.alloc(1)]));
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/image/v2/images/i1/stage' });
    expect(fake.last().headers.get('content-length')).toBeNull();
  });

  it('rejects when Glance refuses the data', async () => {
    const fake = glance((call) =>
      call.path.endsWith('/file')
        ? jsonResponse(413, {
            message: 'Image exceeds the storage quota',
            code: '413',
            title: 'Request Entity Too Large',
          })
        : undefined,
    );
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    await expect(images.upload('i1', Readable.from([Buffer.alloc(1)]))).rejects.toMatchObject({
      status: 413,
    });
  });

  it('downloads as a raw response', async () => {
    const fake = glance((call) =>
      call.path.endsWith('/file') && call.method === 'GET'
        ? new Response('DATA', {
            status: 200,
            headers: { 'Content-Type': 'application/octet-stream' },
          })
        : undefined,
    );
    const images = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).images;
    const response = await images.download('i1');
    expect(await response.text()).toBe('DATA');
  });
});

describe('members, tags, metadefs, schemas', () => {
  it('calls the member and tag paths', async () => {
    const member = {
      image_id: 'i1',
      member_id: 'p2',
      status: 'pending',
      created_at: '',
      updated_at: '',
      schema: '',
    };
    const fake = glance((call) => {
      if (call.path === '/image/v2/images/i1/members' && call.method === 'GET') {
        return jsonResponse(200, { members: [member], schema: '' });
      }
      if (call.path.includes('/members')) return jsonResponse(200, member);
      return undefined;
    });
    const client = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch });
    await expect(client.members.list('i1')).resolves.toEqual([member]);
    await client.members.create('i1', 'p2');
    expect(fake.last()).toMatchObject({ method: 'POST', json: { member: 'p2' } });
    await client.members.update('i1', 'p2', 'accepted');
    expect(fake.last()).toMatchObject({
      method: 'PUT',
      path: '/image/v2/images/i1/members/p2',
      json: { status: 'accepted' },
    });
    await client.members.delete('i1', 'p2');
    expect(fake.last().method).toBe('DELETE');
    await client.tags.add('i1', 'a tag');
    expect(fake.last()).toMatchObject({ method: 'PUT', path: '/image/v2/images/i1/tags/a%20tag' });
    await client.tags.delete('i1', 'a tag');
    expect(fake.last().method).toBe('DELETE');
  });

  it('pages through namespaces and gets one with the resource type prefix applied upstream', async () => {
    const fake = glance((call) => {
      if (call.path === '/image/v2/metadefs/namespaces') {
        const marker = call.search.get('marker');
        return jsonResponse(200, {
          namespaces: [
            {
              namespace: marker === null ? 'A' : 'B',
              visibility: 'public',
              protected: true,
              owner: 'admin',
            },
          ],
          ...(marker === null ? { next: '/v2/metadefs/namespaces?marker=A' } : {}),
        });
      }
      if (call.path.startsWith('/image/v2/metadefs/namespaces/')) {
        return jsonResponse(200, { namespace: 'A', properties: { hw_x: { type: 'string' } } });
      }
      if (call.path === '/image/v2/metadefs/resource_types') {
        return jsonResponse(200, { resource_types: [{ name: 'OS::Glance::Image' }] });
      }
      if (call.path === '/image/v2/schemas/image') return jsonResponse(200, { name: 'image' });
      return undefined;
    });
    const metadefs = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).metadefs;
    const list = await metadefs.listNamespaces({
      resourceTypes: ['OS::Glance::Image', 'OS::Cinder::Volume'],
      visibility: 'public',
    });
    expect(list.map((n) => n.namespace)).toEqual(['A', 'B']);
    expect(fake.apiCalls()[0]?.search.get('resource_types')).toBe(
      'OS::Glance::Image,OS::Cinder::Volume',
    );
    await metadefs.getNamespace('OS::Compute::Libvirt', { resourceType: 'OS::Glance::Image' });
    expect(fake.last().path).toBe('/image/v2/metadefs/namespaces/OS%3A%3ACompute%3A%3ALibvirt');
    expect(fake.last().search.get('resource_type')).toBe('OS::Glance::Image');
    await expect(metadefs.listResourceTypes()).resolves.toEqual([{ name: 'OS::Glance::Image' }]);
    const schemas = createGlanceClient({ endpoint, token: 't', fetch: fake.fetch }).schemas;
    await expect(schemas.get('image')).resolves.toEqual({ name: 'image' });
  });
});
