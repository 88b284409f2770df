import { describe, expect, it } from 'vitest';
import type {
  ImageList,
  Volume,
  VolumeList,
  VolumeSnapshotList,
  VolumeType,
  VolumeTypeList,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo, reader } = useTestApp(['admin', 'demo', 'reader']);

const createVolume = async (body: Record<string, unknown>): Promise<Volume> => {
  const res = await t.as(demo, { method: 'POST', url: '/api/cinder/volumes/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Volume>();
};

describe('volumes', () => {
  it('lists the project’s volumes in the contract shape', async () => {
    const res = await t.as(demo, { url: '/api/cinder/volumes/' });
    expect(res.statusCode).toBe(200);
    const body = res.json<VolumeList>();
    expect(body.has_more_data).toBe(false);
    expect(body.items.length).toBeGreaterThan(0);
    const volume = body.items[0];
    expect(typeof volume?.bootable).toBe('boolean');
    expect(volume).toMatchObject({
      id: expect.any(String),
      size: expect.any(Number),
      status: expect.any(String),
      metadata: expect.any(Object),
      attachments: expect.any(Array),
    });
    expect(Object.keys(volume ?? {}).some((key) => key.includes(':'))).toBe(false);
  });

  it('creates an empty volume and one from an image, and shows it', async () => {
    const plain = await createVolume({
      size: 1,
      name: 'plain',
      description: 'empty',
      volume_type: '',
      availability_zone: '',
      metadata: { purpose: 'test' },
    });
    expect(plain).toMatchObject({
      name: 'plain',
      size: 1,
      bootable: false,
      metadata: { purpose: 'test' },
    });
    const images = await t.as(demo, { url: '/api/glance/images/?status=active&paginate=false' });
    const image = images.json<ImageList>().items.find((i) => i.disk_format === 'qcow2');
    if (!image) throw new Error('no active image seeded');
    const fromImage = await createVolume({
      size: Math.max(1, image.min_disk),
      name: 'from-image',
      image_id: image.id,
    });
    expect(fromImage.name).toBe('from-image');
    const shown = await t.as(demo, { url: `/api/cinder/volumes/${fromImage.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Volume>().id).toBe(fromImage.id);
  });

  it('refuses two sources and validates the size', async () => {
    const two = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/volumes/',
      payload: { size: 1, image_id: 'a', snapshot_id: 'b' },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({
      message: 'Only one source may be given, not image_id and snapshot_id',
    });
    const zero = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/volumes/',
      payload: { size: 0 },
    });
    expect(zero.json()).toEqual({ message: 'size must be at least 1' });
  });

  it('pages with limit and marker', async () => {
    const first = await t.as(demo, {
      url: '/api/cinder/volumes/?limit=1&sort_key=name&sort_dir=asc',
    });
    const page = first.json<VolumeList>();
    expect(page.items).toHaveLength(1);
    expect(page).toMatchObject({ has_more_data: true, has_prev_data: false });
    const next = await t.as(demo, {
      url: `/api/cinder/volumes/?limit=1&sort_key=name&sort_dir=asc&marker=${page.items[0]?.id}`,
    });
    expect(next.json<VolumeList>().has_prev_data).toBe(true);
    expect(next.json<VolumeList>().items[0]?.id).not.toBe(page.items[0]?.id);
  });

  it('pages back with prev_marker through the pages it paged forward', async () => {
    // The project's volumes as they are (the quota leaves no room for more here).
    for (const sort of ['', '&sort_key=name&sort_dir=asc', '&sort_key=name', '&sort_dir=asc']) {
      const query = `/api/cinder/volumes/?limit=1${sort}`;
      const list = async (extra: string): Promise<VolumeList> => {
        const res = await t.as(demo, { url: `${query}${extra}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<VolumeList>();
      };
      const pages = [await list('')];
      for (let last = pages[0]; last?.next_marker !== undefined; last = pages.at(-1)) {
        pages.push(await list(`&marker=${last.next_marker}`));
      }
      const whole = await t.as(demo, { url: `/api/cinder/volumes/?paginate=false${sort}` });
      const ids = (l: VolumeList | undefined) => l?.items.map((v) => v.id);
      expect(pages.flatMap((p) => ids(p))).toEqual(ids(whole.json<VolumeList>()));
      expect(pages.length).toBeGreaterThan(2);
      for (let i = pages.length - 1; i > 0; i--) {
        const back = await list(`&prev_marker=${pages[i]?.prev_marker ?? ''}`);
        expect(ids(back), sort).toEqual(ids(pages[i - 1]));
        expect(back).toMatchObject({ has_more_data: true, has_prev_data: i > 1 });
      }
    }
    const both = await t.as(demo, { url: '/api/cinder/volumes/?marker=a&prev_marker=b' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'Give marker or prev_marker, not both' });
  });

  it('reads and patches metadata', async () => {
    const volume = await createVolume({ size: 1, name: 'meta', metadata: { a: '1', b: '2' } });
    const res = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/volumes/${volume.id}/metadata`,
      payload: { updated: { a: '10', c: '3' }, removed: ['b'] },
    });
    expect(res.statusCode, res.body).toBe(204);
    const meta = await t.as(demo, { url: `/api/cinder/volumes/${volume.id}/metadata` });
    expect(meta.json()).toEqual({ a: '10', c: '3' });
  });

  it('lets an admin list every project, and refuses a reader’s create', async () => {
    const all = await t.as(admin, { url: '/api/cinder/volumes/?all_projects=true' });
    const projects = new Set(all.json<VolumeList>().items.map((v) => v.project_id));
    expect(projects.size).toBeGreaterThan(1);
    const refused = await t.as(reader, {
      method: 'POST',
      url: '/api/cinder/volumes/',
      payload: { size: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('volume types', () => {
  it('lists types, the default, one type, and its extra specs as metadata', async () => {
    const list = await t.as(demo, { url: '/api/cinder/volumetypes/' });
    const types = list.json<VolumeTypeList>().items;
    expect(types.map((type) => type.name)).toEqual(expect.arrayContaining(['lvmdriver-1', 'ssd']));
    expect(types.map((type) => type.name)).not.toContain('gold-private');
    const fallback = await t.as(demo, { url: '/api/cinder/volumetypes/default' });
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(fallback.json<VolumeType>()).toMatchObject({
      name: expect.any(String),
      is_public: true,
    });
    const ssd = types.find((type) => type.name === 'ssd');
    const one = await t.as(demo, { url: `/api/cinder/volumetypes/${ssd?.id}` });
    expect(one.json<VolumeType>()).toMatchObject({
      name: 'ssd',
      description: 'Fast SSD-backed volumes with guaranteed IOPS',
    });
    const specs = await t.as(admin, { url: `/api/cinder/volumetypes/${ssd?.id}/metadata` });
    expect(specs.json()).toMatchObject({ volume_backend_name: 'lvmdriver-1' });
  });

  it('lets an admin edit a type’s extra specs, and refuses a member', async () => {
    const list = await t.as(admin, { url: '/api/cinder/volumetypes/' });
    const types = list.json<VolumeTypeList>().items;
    const ssd = types.find((type) => type.name === 'ssd');
    const refused = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/volumetypes/${ssd?.id}/metadata`,
      payload: { updated: { 'capabilities:tier': 'fast' }, removed: [] },
    });
    expect(refused.statusCode).toBe(403);
    // A type no volume uses yet (Cinder refuses spec changes on types in use).
    const gold = types.find((type) => type.name === 'gold-private');
    const done = await t.as(admin, {
      method: 'PATCH',
      url: `/api/cinder/volumetypes/${gold?.id}/metadata`,
      payload: { updated: { 'capabilities:tier': 'gold' }, removed: ['replication_enabled'] },
    });
    expect(done.statusCode, done.body).toBe(204);
    const specs = await t.as(admin, { url: `/api/cinder/volumetypes/${gold?.id}/metadata` });
    expect(specs.json()).toEqual({
      volume_backend_name: 'lvmdriver-1',
      'capabilities:tier': 'gold',
    });
  });
});

describe('snapshots', () => {
  it('pages back with prev_marker', async () => {
    const first = await t.as(admin, {
      url: '/api/cinder/volumesnapshots/?all_projects=true&limit=1&sort_key=name&sort_dir=asc',
    });
    const page = first.json<VolumeSnapshotList>();
    expect(page.items).toHaveLength(1);
    const before = await t.as(admin, {
      url: `/api/cinder/volumesnapshots/?all_projects=true&limit=1&sort_key=name&sort_dir=asc&prev_marker=${page.items[0]?.id}`,
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<VolumeSnapshotList>()).toEqual({
      items: [],
      has_more_data: true,
      has_prev_data: false,
    });
    const both = await t.as(demo, { url: '/api/cinder/volumesnapshots/?marker=a&prev_marker=b' });
    expect(both.statusCode).toBe(400);
  });

  it('lists snapshots and edits their metadata', async () => {
    const res = await t.as(demo, { url: '/api/cinder/volumesnapshots/' });
    expect(res.statusCode).toBe(200);
    const snapshots = res.json<VolumeSnapshotList>().items;
    expect(snapshots.length).toBeGreaterThan(0);
    const snapshot = snapshots[0];
    expect(snapshot).toMatchObject({ volume_id: expect.any(String), size: expect.any(Number) });
    const patched = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/volumesnapshots/${snapshot?.id}/metadata`,
      payload: { updated: { note: 'kept' }, removed: [] },
    });
    expect(patched.statusCode, patched.body).toBe(204);
    const meta = await t.as(demo, { url: `/api/cinder/volumesnapshots/${snapshot?.id}/metadata` });
    expect(meta.json()).toMatchObject({ note: 'kept' });
  });
});
