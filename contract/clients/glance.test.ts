import { describe, expect, it } from 'vitest';
import type { GlanceImage } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { MISSING_UUID, call, waitFor } from '../support/services';
import { session, uniqueName } from '../support/session';
import type { Session } from '../support/session';
import { expectShape } from '../support/shape';
import type { Shape } from '../support/shape';
import { IMAGE_SHAPE } from '../support/shapes';

// Every Glance call of the server's routes (server/src/routes/api/glance) plus download and
// members, made through the server's own client on both targets.

const cleanup = cleanupAfterAll();

async function createImage(
  who: Session,
  extra: Record<string, unknown> = {},
  name = uniqueName('img'),
): Promise<GlanceImage> {
  const image = await who.client.glance.images.create({
    name,
    disk_format: 'raw',
    container_format: 'bare',
    ...extra,
  });
  cleanup(() => who.client.glance.images.delete(image.id));
  return image;
}

const DATA = 'contract client image data';

describe('glance client: versions', () => {
  it('discovers the CURRENT API version and the supported ones', async () => {
    const { client } = await session('demo');
    const info = await client.glance.version();
    // 2.16 when glance has an image cache (the demo cloud), 2.15 without (the lab).
    expect(info.current).toMatch(/^2\.1[56]$/);
    expect(info.supported).toEqual(expect.arrayContaining(['2.0', '2.6', info.current]));
    expect(await client.glance.supports('2.6')).toBe(true);
  });
});

describe('glance client: image lifecycle', () => {
  it('creates, uploads a stream, turns active, downloads the same bytes, deletes', async () => {
    const demo = await session('demo');
    const images = demo.client.glance.images;
    const image = await createImage(demo, { visibility: 'private', hw_contract: 'yes' });
    expectShape(image, IMAGE_SHAPE);
    expect(image.status).toBe('queued');
    expect(image['hw_contract']).toBe('yes');

    const bytes = new TextEncoder().encode(DATA);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    await images.upload(image.id, body, { size: bytes.length });
    const active = await waitFor(
      () => call(demo, 'image', 'GET', `v2/images/${image.id}`),
      (answer) => (answer.body as { status?: string }).status === 'active',
      { timeoutMs: 30_000, label: 'image active' },
    );
    expect((active.body as { size: number }).size).toBe(bytes.length);
    const got = await images.get(image.id);
    expectShape(got, IMAGE_SHAPE);
    expect(got.status).toBe('active');
    expect(got.checksum).toMatch(/^[0-9a-f]{32}$/);

    const download = await images.download(image.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    // glance sends the hex checksum, not RFC 1864's base64.
    expect(download.headers.get('content-md5')).toBe(got.checksum);
    expect(await download.text()).toBe(DATA);

    await images.delete(image.id);
    await expectClientError(images.get(image.id), {
      status: 404,
      service: 'image',
      title: 'Not Found',
      message: `No image found with ID ${image.id}`,
    });
  });

  it('downloads a queued image as 204 with no body', async () => {
    const demo = await session('demo');
    const image = await createImage(demo);
    const download = await demo.client.glance.images.download(image.id);
    expect(download.status).toBe(204);
    expect(await download.text()).toBe('');
  });

  it('updates from a desired state: replace, add and remove become one JSON patch', async () => {
    const demo = await session('demo');
    const images = demo.client.glance.images;
    const image = await createImage(demo, { os_distro: 'cirros', contract_gone: 'x' });
    const updated = await images.update(image.id, {
      set: { name: 'contract-renamed', min_ram: 64, contract_new: 'added' },
      remove: ['contract_gone', 'never_there'],
    });
    expectShape(updated, IMAGE_SHAPE);
    expect(updated.name).toBe('contract-renamed');
    expect(updated.min_ram).toBe(64);
    expect(updated['contract_new']).toBe('added');
    expect(updated['os_distro']).toBe('cirros');
    expect(updated).not.toHaveProperty('contract_gone');

    // Nothing to change: no request, the current image comes back.
    const same = await images.update(image.id, { set: { min_ram: 64 } }, { current: updated });
    expect(same).toBe(updated);

    const patched = await images.patch(image.id, [
      { op: 'add', path: '/tags', value: ['contract'] },
      { op: 'replace', path: '/os_distro', value: 'debian' },
    ]);
    expect(patched.tags).toEqual(['contract']);
    expect(patched['os_distro']).toBe('debian');

    await expectClientError(
      images.patch(image.id, [{ op: 'replace', path: '/status', value: 'active' }]),
      { status: 403, service: 'image', title: 'Forbidden', message: "Attribute 'status'" },
    );
    await expectClientError(images.patch(image.id, [{ op: 'remove', path: '/never_there' }]), {
      status: 409,
      title: 'Conflict',
    });
  });

  it('lists one page with a next marker and all pages with listAll', async () => {
    const demo = await session('demo');
    const name = uniqueName('paged');
    const made = [];
    for (let index = 0; index < 3; index++) made.push(await createImage(demo, {}, name));
    const ids = made.map((image) => image.id).sort();

    const first = await demo.client.glance.images.list({ filters: { name }, limit: 2 });
    expectShape(first.images, [IMAGE_SHAPE]);
    expect(first.images).toHaveLength(2);
    expect(first.nextMarker).toBe(first.images[1]?.id);
    const rest = await demo.client.glance.images.list({
      filters: { name },
      limit: 2,
      marker: first.nextMarker,
    });
    expect(rest.images).toHaveLength(1);

    const all = await demo.client.glance.images.listAll({ filters: { name }, limit: 2 });
    expect(all.truncated).toBe(false);
    expect(all.images.map((image) => image.id).sort()).toEqual(ids);
  });

  // Skydeck's page before an item (prev_marker) is the page after it with the sort direction
  // flipped, turned back: that needs Glance's order to be total (created_at and id follow the
  // key, in its direction) so that the flipped order is exactly the reverse.
  it('lists after a marker in the flipped direction: exactly the items before it, nearest first', async () => {
    const demo = await session('demo');
    const images = demo.client.glance.images;
    const tag = uniqueName('both-ways');
    const shared = uniqueName('same');
    // Two share a name, and images made within a second share created_at: only id is left.
    const names = [uniqueName('b'), shared, uniqueName('a'), shared, uniqueName('c')];
    for (const [index, name] of names.entries()) {
      await createImage(demo, { tags: [tag], disk_format: index % 2 ? 'qcow2' : 'raw' }, name);
    }
    const sorts: { sortKey?: string; sortDir?: 'asc' | 'desc' }[] = [
      {},
      { sortKey: 'name', sortDir: 'asc' },
      { sortKey: 'name', sortDir: 'desc' },
      { sortKey: 'created_at', sortDir: 'asc' },
      { sortKey: 'disk_format', sortDir: 'desc' },
    ];
    for (const sort of sorts) {
      const forward = (await images.list({ filters: { tag: [tag] }, limit: 50, ...sort })).images;
      expect(forward).toHaveLength(5);
      const key = sort.sortKey ?? 'created_at';
      const back = sort.sortDir === 'asc' ? 'desc' : 'asc';
      for (const [index, item] of forward.entries()) {
        const before = await images.list({
          filters: { tag: [tag] },
          limit: 50,
          marker: item.id,
          sortKey: key,
          sortDir: back,
        });
        expect(
          before.images.map((image) => image.id),
          `${JSON.stringify(sort)} before #${index}`,
        ).toEqual(
          forward
            .slice(0, index)
            .reverse()
            .map((image) => image.id),
        );
      }
    }
  });

  it('lists only the images named by id=in:, in one call', async () => {
    const demo = await session('demo');
    const made = [await createImage(demo), await createImage(demo), await createImage(demo)];
    const wanted = [made[0]?.id ?? '', made[2]?.id ?? ''];
    const page = await demo.client.glance.images.list({
      filters: { id: `in:${[...wanted, MISSING_UUID].join(',')}` },
      limit: 3,
    });
    expect(page.images.map((image) => image.id).sort()).toEqual([...wanted].sort());
    expect(page.nextMarker).toBeUndefined();
    const quoted = await demo.client.glance.images.list({
      filters: { id: `in:${wanted.map((id) => `"${id}"`).join(',')}` },
      sortKey: 'name',
      sortDir: 'asc',
    });
    expect(quoted.images.map((image) => image.id).sort()).toEqual([...wanted].sort());
    await expectClientError(
      demo.client.glance.images.list({ filters: { id: `gt:${MISSING_UUID}` } }),
      { status: 400 },
    );
  });

  it('refuses a reader with 403 and an unknown id with 404', async () => {
    const reader = await session('reader');
    await expectClientError(
      reader.client.glance.images.create({ name: uniqueName('img'), disk_format: 'raw' }),
      { status: 403, service: 'image', title: 'Forbidden' },
    );
    await expectClientError(reader.client.glance.images.get(MISSING_UUID), {
      status: 404,
      title: 'Not Found',
    });
  });

  it('refuses a web-download whose host does not resolve with 400', async () => {
    const demo = await session('demo');
    const image = await createImage(demo);
    const uri = 'http://contract.invalid/image.raw';
    await expectClientError(
      demo.client.glance.images.import(image.id, { method: { name: 'web-download', uri } }),
      {
        status: 400,
        title: 'Bad Request',
        message: `URI for web-download does not pass filtering: ${uri}`,
      },
    );
    expect((await demo.client.glance.images.get(image.id)).status).toBe('queued');
  });
});

describe('glance client: members', () => {
  it('shares an image with another project, which accepts it; the owner removes it', async () => {
    const demo = await session('demo');
    const alt = await session('demo', 'alt_demo');
    const image = await createImage(demo, { visibility: 'shared' });
    const members = demo.client.glance.members;

    const member = await members.create(image.id, alt.projectId);
    const MEMBER: Shape = {
      image_id: 'string',
      member_id: 'string',
      status: 'string',
      created_at: 'string',
      updated_at: 'string',
      schema: 'string',
    };
    expectShape(member, MEMBER);
    expect(member).toMatchObject({
      image_id: image.id,
      member_id: alt.projectId,
      status: 'pending',
      schema: '/v2/schemas/member',
    });
    await expectClientError(members.create(image.id, alt.projectId), {
      status: 409,
      title: 'Conflict',
    });

    const accepted = await alt.client.glance.members.update(image.id, alt.projectId, 'accepted');
    expect(accepted.status).toBe('accepted');
    expect(await members.get(image.id, alt.projectId)).toMatchObject({ status: 'accepted' });
    const listed = await members.list(image.id);
    expectShape(listed, [MEMBER]);
    expect(listed.map((entry) => entry.member_id)).toEqual([alt.projectId]);
    expect((await alt.client.glance.images.get(image.id)).id).toBe(image.id);

    // Only the member project decides on its status.
    await expectClientError(members.update(image.id, alt.projectId, 'rejected'), {
      status: 403,
      title: 'Forbidden',
    });

    await members.delete(image.id, alt.projectId);
    expect(await members.list(image.id)).toEqual([]);
    await expectClientError(members.get(image.id, alt.projectId), {
      status: 404,
      title: 'Not Found',
    });
  });

  it('refuses members on a private image with 403', async () => {
    const demo = await session('demo');
    const alt = await session('demo', 'alt_demo');
    const image = await createImage(demo, { visibility: 'private' });
    await expectClientError(demo.client.glance.members.create(image.id, alt.projectId), {
      status: 403,
      title: 'Forbidden',
      message: `Not allowed to create members for image ${image.id}.`,
    });
  });
});

describe('glance client: metadata definitions', () => {
  it('lists namespaces by resource type, shows one with prefixed properties, lists types', async () => {
    const admin = await session('admin');
    const namespace = uniqueName('ns');
    const made = await call(admin, 'image', 'POST', 'v2/metadefs/namespaces', {
      json: {
        namespace,
        display_name: 'Contract',
        description: 'A namespace of the contract suite.',
        visibility: 'public',
        resource_type_associations: [{ name: 'OS::Glance::Image', prefix: 'contract_' }],
        properties: { speed: { title: 'Speed', type: 'integer', minimum: 1 } },
      },
    });
    expect(made.status).toBe(201);
    cleanup(() => call(admin, 'image', 'DELETE', `v2/metadefs/namespaces/${namespace}`));

    const demo = await session('demo');
    const metadefs = demo.client.glance.metadefs;
    const listed = await metadefs.listNamespaces({ resourceTypes: ['OS::Glance::Image'] });
    const summary = listed.find((entry) => entry.namespace === namespace);
    expectShape(summary, {
      namespace: 'string',
      display_name: 'string',
      description: 'string',
      visibility: 'string',
      protected: 'boolean',
      owner: 'string',
      created_at: 'string',
      updated_at: 'string',
      self: 'string',
      schema: 'string',
      resource_type_associations: [{ name: 'string', prefix: 'string', created_at: 'string' }],
      properties: 'absent',
    });
    expect(
      (await metadefs.listNamespaces({ resourceTypes: ['OS::Contract::Nothing'] })).map(
        (entry) => entry.namespace,
      ),
    ).not.toContain(namespace);

    const plain = await metadefs.getNamespace(namespace);
    expect(plain.properties).toEqual({ speed: { title: 'Speed', type: 'integer', minimum: 1 } });
    const prefixed = await metadefs.getNamespace(namespace, { resourceType: 'OS::Glance::Image' });
    expect(Object.keys(prefixed.properties ?? {})).toEqual(['contract_speed']);

    const types = await metadefs.listResourceTypes();
    // What db_load_metadefs loaded was never updated: no updated_at.
    expectShape(types, [{ name: 'string', created_at: 'string', 'updated_at?': 'string' }]);
    expect(types.map((type) => type.name)).toContain('OS::Glance::Image');

    await expectClientError(metadefs.getNamespace(uniqueName('missing')), {
      status: 404,
      service: 'image',
      title: 'Not Found',
    });
  });
});
