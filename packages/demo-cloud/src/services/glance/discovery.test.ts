import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Versions {
  versions: Array<{ id: string; status: string; links: Array<{ rel: string; href: string }> }>;
}

describe('glance discovery', () => {
  const cloud = useTestCloud();

  it('lists versions 2.0–2.16 without a token: 300 at the root, 200 at /versions', async () => {
    const root = await cloud().request<Versions>('GET', '/image');
    expect(root.status).toBe(300);
    expect(root.body.versions.map((v) => v.id)).toEqual([
      'v2.16',
      'v2.15',
      'v2.14',
      'v2.13',
      'v2.12',
      'v2.11',
      'v2.10',
      'v2.9',
      'v2.8',
      'v2.7',
      'v2.6',
      'v2.5',
      'v2.4',
      'v2.3',
      'v2.2',
      'v2.1',
      'v2.0',
    ]);
    expect(root.body.versions[0]).toEqual({
      id: 'v2.16',
      status: 'CURRENT',
      links: [{ rel: 'self', href: `${cloud().url}/image/v2/` }],
    });
    expect(root.body.versions.filter((v) => v.status === 'CURRENT')).toHaveLength(1);
    const explicit = await cloud().request<Versions>('GET', '/image/versions');
    expect(explicit.status).toBe(200);
    expect(explicit.body).toEqual(root.body);
  });

  it('is in the catalog as devstack registers it', async () => {
    const { body } = await cloud().login('demo', 'demo');
    const image = body.token.catalog?.find((s) => s.type === 'image');
    expect(image?.name).toBe('glance');
    expect(image?.endpoints.map((e) => [e.interface, e.region_id, e.url]).sort()).toEqual([
      ['admin', 'RegionOne', `${cloud().url}/image`],
      ['internal', 'RegionOne', `${cloud().url}/image`],
      ['public', 'RegionOne', `${cloud().url}/image`],
    ]);
  });

  it('serves the image and member schemas', async () => {
    const token = await cloud().token('demo', 'demo');
    const image = await cloud().request<{
      name: string;
      properties: Record<string, { type?: unknown; enum?: unknown; is_base?: boolean }>;
      additionalProperties: unknown;
      links: unknown[];
    }>('GET', '/image/v2/schemas/image', { token });
    expect(image.status).toBe(200);
    expect(image.body.name).toBe('image');
    expect(image.body.additionalProperties).toEqual({ type: 'string' });
    expect(image.body.properties['visibility']?.enum).toEqual([
      'community',
      'public',
      'private',
      'shared',
    ]);
    expect(image.body.properties['kernel_id']).toMatchObject({
      type: ['null', 'string'],
      is_base: false,
    });
    expect(image.body.links).toEqual([
      { rel: 'self', href: '{self}' },
      { rel: 'enclosure', href: '{file}' },
      { rel: 'describedby', href: '{schema}' },
    ]);
    const images = await cloud().request<{ name: string; properties: Record<string, unknown> }>(
      'GET',
      '/image/v2/schemas/images',
      { token },
    );
    expect(images.body.name).toBe('images');
    expect(Object.keys(images.body.properties)).toEqual(['images', 'first', 'next', 'schema']);
    const member = await cloud().request<{ name: string; properties: Record<string, unknown> }>(
      'GET',
      '/image/v2/schemas/member',
      { token },
    );
    expect(Object.keys(member.body.properties)).toEqual([
      'member_id',
      'image_id',
      'created_at',
      'updated_at',
      'status',
      'schema',
    ]);
    expect(
      (await cloud().request('GET', '/image/v2/schemas/members', { token })).body,
    ).toMatchObject({ name: 'members' });
    expect(
      (await cloud().request('GET', '/image/v2/schemas/metadefs/namespace', { token })).body,
    ).toMatchObject({ name: 'namespace' });
    expect((await cloud().request('GET', '/image/v2/schemas/image')).status).toBe(401);
  });

  it('shows store details to admins only', async () => {
    const demo = await cloud().request<{ message: string }>('GET', '/image/v2/info/stores/detail', {
      token: await cloud().token('demo', 'demo'),
    });
    expect(demo.status).toBe(403);
    expect(demo.body.message).toContain(
      'You are not authorized to complete stores_info_detail action.',
    );
    const admin = await cloud().request<{ stores: Array<{ id: string; type: string }> }>(
      'GET',
      '/image/v2/info/stores/detail',
      { token: await cloud().token('admin', 'admin') },
    );
    expect(admin.body.stores).toEqual([expect.objectContaining({ id: 'fs', type: 'file' })]);
  });

  it('answers unknown paths with webob’s 404', async () => {
    const token = await cloud().token('demo', 'demo');
    const unknown = await cloud().request('GET', '/image/v2/nothing-here', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'The resource could not be found.<br /><br />\n\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
  });
});

describe('glance under the test knobs', () => {
  const cloud = useTestCloud({
    scale: { images: 3000 },
    faults: [{ service: 'image', method: 'GET', path: '/image/v2/images', status: 503, count: 1 }],
  });

  it('answers injected faults in its own shape, then pages a large scale seed quickly', async () => {
    const token = await cloud().token('demo', 'demo');
    const injected = await cloud().request('GET', '/image/v2/images', { token });
    expect(injected.status).toBe(503);
    expect(injected.body).toMatchObject({ code: '503 Service Unavailable' });

    const started = Date.now();
    let next: string | undefined = '/v2/images?limit=1000&sort=name:asc';
    let seen = 0;
    while (next) {
      const page: { body: { images: unknown[]; next?: string } } = await cloud().request(
        'GET',
        `/image${next}`,
        { token },
      );
      seen += page.body.images.length;
      next = page.body.next;
    }
    // demo sees its own, public and accepted-shared scale images.
    expect(seen).toBeGreaterThan(1000);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('glance method routing', () => {
  const cloud = useTestCloud();

  it('answers 405 with Allow for a method a path does not take', async () => {
    const token = await cloud().token('demo', 'demo');
    const wrong = await cloud().request('PUT', '/image/v2/images', { token, body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect(wrong.body).toEqual({
      message: 'The method PUT is not allowed for this resource. <br /><br />\n',
      code: '405 Method Not Allowed',
      title: 'Method Not Allowed',
    });
    const file = await cloud().request('POST', '/image/v2/images/x/file', { token });
    expect(file.status).toBe(405);
    expect(file.headers.get('allow')).toBe('GET, PUT');
    expect((await cloud().request('PUT', '/image/v2/images')).status).toBe(401);
  });
});
