import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, ImageCreated, ImageList } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo, reader } = useTestApp(['admin', 'demo', 'reader']);

const BASE = {
  disk_format: 'qcow2',
  container_format: 'bare',
  visibility: 'private',
};

/** A queued image (file-direct create: no data yet). */
const createQueued = async (
  session: TestSession,
  body: Record<string, unknown>,
): Promise<ImageCreated> => {
  const res = await t.as(session, {
    method: 'PUT',
    url: '/api/glance/images/',
    payload: { ...BASE, source_type: 'file-direct', data: 'disk.img', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImageCreated>();
};

const getImage = async (session: TestSession, id: string): Promise<Image> => {
  const res = await t.as(session, { url: `/api/glance/images/${id}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Image>();
};

const waitForStatus = async (id: string, status: string): Promise<Image> => {
  const end = Date.now() + 15_000;
  for (;;) {
    const image = await getImage(admin, id);
    if (image.status === status || Date.now() > end) return image;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('GET /api/glance/version/', () => {
  it('answers the major version and the current minor', async () => {
    const res = await t.as(demo, { url: '/api/glance/version/' });
    expect(res.json()).toEqual({ version: 2, current: '2.16' });
  });
});

describe('GET /api/glance/images/', () => {
  it('lists images in the contract shape, custom properties under properties', async () => {
    const made = await createQueued(demo, {
      name: 'shape-check',
      description: 'about it',
      architecture: 'x86_64',
      properties: { os_distro: 'ubuntu' },
    });
    const res = await t.as(demo, { url: '/api/glance/images/' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ImageList>();
    expect(body).toMatchObject({ has_more_data: false, has_prev_data: false });
    const found = body.items.find((i) => i.id === made.id);
    expect(found).toMatchObject({
      name: 'shape-check',
      status: 'queued',
      visibility: 'private',
      protected: false,
      disk_format: 'qcow2',
      container_format: 'bare',
      size: null,
      min_disk: 0,
      tags: [],
      properties: { description: 'about it', architecture: 'x86_64', os_distro: 'ubuntu' },
    });
    for (const key of ['self', 'file', 'schema', 'stores', 'description']) {
      expect(Object.keys(found ?? {})).not.toContain(key);
    }
  });

  it('filters server-side and pages with has_more_data / has_prev_data', async () => {
    const names = ['page-a', 'page-b', 'page-c'];
    for (const name of names)
      await createQueued(demo, { name, disk_format: 'raw', tags: ['paging'] });
    await createQueued(demo, { name: 'page-protected', protected: true, tags: ['paging'] });

    const exact = await t.as(demo, { url: '/api/glance/images/?name=page-b' });
    expect(exact.json<ImageList>().items.map((i) => i.name)).toEqual(['page-b']);
    // The Name facet finds a part of a name in any case, which Glance's own filter cannot.
    const part = await t.as(demo, { url: '/api/glance/images/?name=AGE-&tag=paging' });
    expect(
      part
        .json<ImageList>()
        .items.map((i) => i.name)
        .sort(),
    ).toEqual(['page-a', 'page-b', 'page-c', 'page-protected']);
    const partPage = await t.as(demo, {
      url: '/api/glance/images/?name=page-&tag=paging&sort_key=name&sort_dir=asc&limit=3',
    });
    const pp = partPage.json<ImageList>();
    expect(pp.items.map((i) => i.name)).toEqual(['page-a', 'page-b', 'page-c']);
    expect(pp).toMatchObject({ has_more_data: true, has_prev_data: false });
    const partNext = await t.as(demo, {
      url: `/api/glance/images/?name=page-&tag=paging&sort_key=name&sort_dir=asc&limit=3&marker=${pp.items[2]?.id}`,
    });
    expect(partNext.json<ImageList>()).toMatchObject({
      items: [expect.objectContaining({ name: 'page-protected' })],
      has_more_data: false,
      has_prev_data: true,
    });
    const badMarker = await t.as(demo, {
      url: '/api/glance/images/?name=page-&limit=3&marker=nope',
    });
    expect(badMarker.statusCode).toBe(400);
    const raw = await t.as(demo, { url: '/api/glance/images/?tag=paging&disk_format=raw' });
    expect(raw.json<ImageList>().items).toHaveLength(3);
    const prot = await t.as(demo, { url: '/api/glance/images/?tag=paging&protected=true' });
    expect(prot.json<ImageList>().items.map((i) => i.name)).toEqual(['page-protected']);
    const privateOnes = await t.as(demo, { url: '/api/glance/images/?visibility=private' });
    expect(privateOnes.json<ImageList>().items.every((i) => i.visibility === 'private')).toBe(true);

    const first = await t.as(demo, {
      url: '/api/glance/images/?tag=paging&sort_key=name&sort_dir=asc&limit=2',
    });
    const page1 = first.json<ImageList>();
    expect(page1.items.map((i) => i.name)).toEqual(['page-a', 'page-b']);
    expect(page1).toMatchObject({ has_more_data: true, has_prev_data: false });
    const second = await t.as(demo, {
      url: `/api/glance/images/?tag=paging&sort_key=name&sort_dir=asc&limit=2&marker=${page1.items[1]?.id}`,
    });
    const page2 = second.json<ImageList>();
    expect(page2.items.map((i) => i.name)).toEqual(['page-c', 'page-protected']);
    expect(page2).toMatchObject({ has_more_data: false, has_prev_data: true });

    const all = await t.as(demo, { url: '/api/glance/images/?tag=paging&paginate=false' });
    expect(all.json<ImageList>()).toMatchObject({ has_more_data: false });
    expect(all.json<ImageList>().items).toHaveLength(4);
  });

  it('filters by size in bytes and by status', async () => {
    const res = await t.as(demo, { url: '/api/glance/images/?status=active&size_min=1' });
    const items = res.json<ImageList>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.status === 'active' && (i.size ?? 0) >= 1)).toBe(true);
    const none = await t.as(demo, { url: '/api/glance/images/?size_max=0&status=active' });
    expect(none.json<ImageList>().items).toEqual([]);
  });

  it('validates the query with clear messages', async () => {
    const bad = await t.as(demo, { url: '/api/glance/images/?sort_key=owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sort_key must be one of/);
    const limit = await t.as(demo, { url: '/api/glance/images/?limit=0' });
    expect(limit.json()).toEqual({ message: 'limit must be at least 1' });
  });
});

describe('GET /api/glance/images/ paging both ways, and ids', () => {
  const TAG = 'both-ways';
  // Repeated names, so the order between some images rests on created_at and id alone.
  const NAMES = ['bw-d', 'bw-a', 'bw-c', 'bw-a', 'bw-b', 'bw-c', 'bw-e'];
  let made: ImageCreated[] = [];

  beforeAll(async () => {
    made = [];
    for (const name of NAMES) made.push(await createQueued(demo, { name, tags: [TAG] }));
  });

  const list = async (query: string): Promise<ImageList> => {
    const res = await t.as(demo, { url: `/api/glance/images/?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ImageList>();
  };
  const idsOf = (page: ImageList): string[] => page.items.map((i) => i.id);

  it.each([
    ['', `tag=${TAG}`],
    ['sort_key=name&sort_dir=asc', `tag=${TAG}`],
    ['sort_key=name&sort_dir=desc', `tag=${TAG}`],
    ['sort_key=name', `tag=${TAG}`],
    ['sort_dir=asc', `tag=${TAG}`],
    ['sort_key=created_at&sort_dir=asc', `tag=${TAG}`],
    // The name-part filter cuts pages from a list read whole: same paging either way.
    ['sort_key=name&sort_dir=asc', `tag=${TAG}&name=BW-`],
    ['', `name=bw-`],
  ])('pages back through the same pages it paged forward (%s, %s)', async (sort, filter) => {
    const query = `${filter}&paginate=true&limit=3${sort ? `&${sort}` : ''}`;
    const whole = await list(`${filter}${sort ? `&${sort}` : ''}`);
    const forward: ImageList[] = [await list(query)];
    for (let last = forward[0]; last?.next_marker !== undefined; last = forward.at(-1)) {
      expect(last.has_more_data).toBe(true);
      expect(last.next_marker).toBe(last.items.at(-1)?.id);
      forward.push(await list(`${query}&marker=${last.next_marker}`));
    }
    expect(forward.flatMap(idsOf)).toEqual(idsOf(whole));
    expect(forward.at(-1)?.has_more_data).toBe(false);
    // Backwards from the last page, each page is the one seen going forward, in the same order.
    let page = forward.at(-1);
    for (let i = forward.length - 2; i >= 0; i--) {
      expect(page?.has_prev_data).toBe(true);
      expect(page?.prev_marker).toBe(page?.items[0]?.id);
      page = await list(`${query}&prev_marker=${page?.prev_marker ?? ''}`);
      expect(idsOf(page)).toEqual(idsOf(forward[i] ?? { items: [] }));
      expect(page).toMatchObject({ has_more_data: true, next_marker: page.items.at(-1)?.id });
    }
    expect(page).toMatchObject({ has_prev_data: false });
    expect(page?.prev_marker).toBeUndefined();
  });

  it('answers a short first page when fewer items lie before prev_marker', async () => {
    const whole = idsOf(await list(`tag=${TAG}&sort_key=name&sort_dir=asc`));
    const page = await list(
      `tag=${TAG}&sort_key=name&sort_dir=asc&limit=3&prev_marker=${whole[2] ?? ''}`,
    );
    expect(idsOf(page)).toEqual(whole.slice(0, 2));
    expect(page).toMatchObject({ has_prev_data: false, has_more_data: true });
  });

  it('refuses marker with prev_marker, and an unknown prev_marker', async () => {
    const both = await t.as(demo, {
      url: `/api/glance/images/?limit=2&marker=${made[0]?.id}&prev_marker=${made[1]?.id}`,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'Give marker or prev_marker, not both' });
    const unknown = await t.as(demo, {
      url: '/api/glance/images/?name=bw-&limit=2&prev_marker=nope',
    });
    expect(unknown.statusCode).toBe(400);
    const gone = await t.as(demo, {
      url: '/api/glance/images/?limit=2&prev_marker=00000000-0000-4000-8000-000000000000',
    });
    expect(gone.statusCode).toBe(400);
  });

  it('lists only the images of ids', async () => {
    const wanted = [made[1]?.id, made[4]?.id].join(',');
    const missing = '00000000-0000-4000-8000-000000000000';
    const page = await list(`ids=${wanted},${missing}&sort_key=name&sort_dir=asc`);
    expect(page.items.map((i) => i.name)).toEqual(['bw-a', 'bw-b']);
    expect(page).toMatchObject({ has_more_data: false, has_prev_data: false });
    // The other filters still apply, the name part too.
    expect((await list(`ids=${wanted}&name=W-B`)).items.map((i) => i.name)).toEqual(['bw-b']);
    // Upper-case ids and repeats are the same images.
    const upper = await list(`ids=${made[1]?.id.toUpperCase()},${made[1]?.id}`);
    expect(upper.items.map((i) => i.id)).toEqual([made[1]?.id]);
  });

  it.each([
    ['ids=not-an-id', 'ids: not-an-id is not an image id'],
    [`ids=${'x'.repeat(100)}`, `ids: ${'x'.repeat(64)} is not an image id`],
    ['ids=,', 'ids has an empty entry'],
    [
      `ids=${Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`,
      'ids takes at most 100 image ids',
    ],
    [
      'ids=00000000-0000-4000-8000-000000000000&marker=00000000-0000-4000-8000-000000000001',
      'ids cannot be combined with marker or prev_marker',
    ],
  ])('refuses a bad ids query with a 400 (%#)', async (query, message) => {
    const res = await t.as(demo, { url: `/api/glance/images/?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses an ids list longer than the query allows', async () => {
    const res = await t.as(demo, { url: `/api/glance/images/?ids=${'a'.repeat(9000)}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('one image', () => {
  const KERNEL = '0b4c0f55-7a7f-4a0e-9d5c-2a3d2c1f0e11';

  it('shows, edits (removing emptied properties) and reports 404', async () => {
    const made = await createQueued(demo, {
      name: 'edit-me',
      description: 'first',
      kernel: KERNEL,
      min_ram: 128,
    });
    expect(made.properties).toMatchObject({ description: 'first', kernel_id: KERNEL });
    const res = await t.as(demo, {
      method: 'PATCH',
      url: `/api/glance/images/${made.id}/`,
      payload: {
        name: 'edited',
        description: 'second',
        kernel: '',
        min_disk: 5,
        disk_format: 'qcow2',
        visibility: 'shared',
        properties: { hw_qemu_guest_agent: 'yes' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Image>();
    expect(edited).toMatchObject({
      name: 'edited',
      min_disk: 5,
      min_ram: 128,
      visibility: 'shared',
    });
    expect(edited.properties).toMatchObject({ description: 'second', hw_qemu_guest_agent: 'yes' });
    expect(edited.properties).not.toHaveProperty('kernel_id');

    const missing = await t.as(demo, { url: '/api/glance/images/no-such-image/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No image found with ID no-such-image/);
  });

  it('refuses core attribute names as custom properties', async () => {
    const res = await t.as(demo, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: { ...BASE, name: 'x', source_type: 'file-direct', properties: { status: 'active' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'properties.status is a reserved image attribute' });
  });

  it('reads and updates properties with updated/removed', async () => {
    const made = await createQueued(demo, {
      name: 'props',
      properties: { os_distro: 'fedora', hw_disk_bus: 'virtio' },
    });
    const res = await t.as(demo, {
      method: 'PATCH',
      url: `/api/glance/images/${made.id}/properties/`,
      payload: {
        updated: { os_distro: 'debian', os_version: '12' },
        removed: ['hw_disk_bus', 'gone'],
      },
    });
    expect(res.statusCode, res.body).toBe(204);
    const props = await t.as(demo, { url: `/api/glance/images/${made.id}/properties/` });
    expect(props.json()).toEqual({ os_distro: 'debian', os_version: '12' });
  });

  it('maps a protected delete to 403 with Glance’s reason, and deletes once unprotected', async () => {
    const made = await createQueued(demo, { name: 'guarded', protected: true });
    const refused = await t.as(demo, { method: 'DELETE', url: `/api/glance/images/${made.id}/` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `Image ${made.id} is protected and cannot be deleted.`,
    });
    await t.as(demo, {
      method: 'PATCH',
      url: `/api/glance/images/${made.id}/`,
      payload: { protected: false },
    });
    const deleted = await t.as(demo, { method: 'DELETE', url: `/api/glance/images/${made.id}/` });
    expect(deleted.statusCode).toBe(204);
    const after = await t.as(demo, { url: `/api/glance/images/${made.id}/` });
    expect(after.statusCode).toBe(404);
  });
});

describe('policy outcomes', () => {
  it('lets a reader list but not create, and a member not delete another project’s image', async () => {
    expect((await t.as(reader, { url: '/api/glance/images/' })).statusCode).toBe(200);
    const create = await t.as(reader, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: { ...BASE, name: 'nope', source_type: 'file-direct' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/add_image/);

    const adminImage = await createQueued(admin, { name: 'admins', visibility: 'public' });
    const del = await t.as(demo, { method: 'DELETE', url: `/api/glance/images/${adminImage.id}/` });
    expect(del.statusCode).toBe(403);
    const publicize = await t.as(demo, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: { ...BASE, name: 'pub', visibility: 'public', source_type: 'file-direct' },
    });
    expect(publicize.statusCode).toBe(403);
    expect(publicize.json().message).toMatch(/publicize_image/);
  });

  it('answers image rules with the image owner as target', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/policy/batch/',
      payload: {
        checks: [
          { rules: [['image', 'add_image']] },
          { rules: [['image', 'delete_image']], target: { owner: demo.user.project_id } },
          { rules: [['image', 'delete_image']], target: { owner: 'someone-else' } },
        ],
      },
    });
    expect(res.json()).toEqual({ allowed: [true, true, false] });
  });
});

describe('create from a URL', () => {
  let server: Server;
  let url: string;
  const payload = Buffer.alloc(256 * 1024, 7);

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(payload);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/disk.img`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('imports with web-download and the image becomes active with the right checksum', async () => {
    const res = await t.as(demo, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: {
        ...BASE,
        disk_format: 'raw',
        name: 'from-url',
        source_type: 'url',
        image_url: url,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ImageCreated>();
    expect(created.upload_url).toBeUndefined();
    const done = await waitForStatus(created.id, 'active');
    expect(done).toMatchObject({
      status: 'active',
      size: payload.length,
      checksum: createHash('md5').update(payload).digest('hex'),
    });
  });

  it('needs image_url, and deletes the image when Glance refuses the import', async () => {
    const missing = await t.as(demo, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: { ...BASE, name: 'no-url', source_type: 'url' },
    });
    expect(missing.json()).toEqual({ message: 'image_url is required when source_type is url' });
    const refused = await t.as(demo, {
      method: 'PUT',
      url: '/api/glance/images/',
      payload: { ...BASE, name: 'bad-url', source_type: 'url', image_url: 'ftp://example.com/x' },
    });
    expect(refused.statusCode).toBe(400);
    const left = await t.as(demo, { url: '/api/glance/images/?name=bad-url' });
    expect(left.json<ImageList>().items).toEqual([]);
  });
});

describe('direct upload (file-direct)', () => {
  it('creates the image with our own upload URL and streams the PUT into Glance', async () => {
    const made = await createQueued(demo, { name: 'direct', disk_format: 'raw' });
    expect(made.upload_url).toBe(`/api/glance/images/${made.id}/file/`);
    expect(JSON.stringify(made)).not.toContain(await t.tokenOf(demo));
    const data = Buffer.alloc(300_000, 3);
    const res = await t.as(demo, {
      method: 'PUT',
      url: made.upload_url ?? '',
      headers: { 'content-type': 'application/octet-stream' },
      payload: data,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Image>()).toMatchObject({
      status: 'active',
      size: data.length,
      checksum: createHash('md5').update(data).digest('hex'),
    });
  });

  it('needs the CSRF header and an octet-stream body', async () => {
    const made = await createQueued(demo, { name: 'direct-guard', disk_format: 'raw' });
    const noCsrf = await t.as(demo, {
      method: 'PUT',
      url: made.upload_url ?? '',
      headers: { 'content-type': 'application/octet-stream', 'x-csrftoken': '' },
      payload: Buffer.alloc(10),
    });
    expect(noCsrf.statusCode).toBe(403);
    const wrongType = await t.as(demo, {
      method: 'PUT',
      url: made.upload_url ?? '',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
  });
});
