import { describe, expect, it } from 'vitest';
import type {
  TransferAccepted,
  Volume,
  VolumeList,
  VolumeSnapshot,
  VolumeTransfer,
  VolumeTransferList,
  VolumeUploadAnswer,
} from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo, admin, reader } = useTestApp(['demo', 'admin', 'reader']);

/** The demo backend takes a few seconds per step (creating, extending…). */
const SETTLE = { timeout: 20_000, interval: 200 };
const SLOW = 60_000;

const newVolume = async (name: string, size = 1): Promise<Volume> => {
  const res = await t.as(demo, {
    method: 'POST',
    url: '/api/cinder/volumes/',
    payload: { name, size },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<Volume>().id;
  await expect.poll(async () => (await get(demo, id)).status, SETTLE).toBe('available');
  return get(demo, id);
};

let sharedVolume: Volume | undefined;
/** One volume for the actions that leave it usable (the quota allows ten). */
const shared = async (): Promise<Volume> => {
  const volume = (sharedVolume ??= await newVolume('shared'));
  await expect.poll(async () => (await get(demo, volume.id)).status, SETTLE).toBe('available');
  return get(demo, volume.id);
};

const get = async (session: TestSession, id: string): Promise<Volume> =>
  (await t.as(session, { url: `/api/cinder/volumes/${id}/` })).json<Volume>();

const post = (session: TestSession, url: string, payload: Record<string, unknown>) =>
  t.as(session, { method: 'POST', url, payload });

describe('volume actions', { timeout: SLOW }, () => {
  it('edits name, description and the bootable flag', async () => {
    const volume = await shared();
    const res = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/volumes/${volume.id}/`,
      payload: { name: 'edited', description: 'now described', bootable: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Volume>()).toMatchObject({
      name: 'edited',
      description: 'now described',
      bootable: true,
    });
    const empty = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/volumes/${volume.id}/`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('extends a volume, and refuses to shrink it with Cinder’s 400', async () => {
    const volume = await shared();
    const bigger = volume.size + 2;
    const res = await post(demo, `/api/cinder/volumes/${volume.id}/extend/`, {
      new_size: bigger,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expect.poll(async () => (await get(demo, volume.id)).size, SETTLE).toBe(bigger);
    await expect.poll(async () => (await get(demo, volume.id)).status, SETTLE).toBe('available');
    const shrink = await post(demo, `/api/cinder/volumes/${volume.id}/extend/`, { new_size: 1 });
    expect(shrink.statusCode).toBe(400);
  });

  it('changes the type with a migration policy', async () => {
    const volume = await shared();
    const res = await post(demo, `/api/cinder/volumes/${volume.id}/retype/`, {
      new_type: 'ssd',
      migration_policy: 'on-demand',
    });
    expect(res.statusCode, res.body).toBe(204);
    await expect.poll(async () => (await get(demo, volume.id)).volume_type, SETTLE).toBe('ssd');
  });

  it('uploads a volume to an image', async () => {
    const volume = await shared();
    const res = await post(demo, `/api/cinder/volumes/${volume.id}/upload-to-image/`, {
      image_name: 'from-volume',
      disk_format: 'qcow2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VolumeUploadAnswer>()).toMatchObject({
      image_id: expect.any(String),
      image_name: 'from-volume',
    });
  });

  it('resets the status for an admin only', async () => {
    const volume = await newVolume('reset-me');
    const url = `/api/cinder/volumes/${volume.id}/reset-status/`;
    expect((await post(demo, url, { status: 'error' })).statusCode).toBe(403);
    const res = await post(admin, url, { status: 'error' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await get(demo, volume.id)).status).toBe('error');
    expect((await post(admin, url, { status: 'nonsense' })).statusCode).toBe(400);
  });

  it('snapshots a volume, renames and deletes the snapshot', async () => {
    const volume = await shared();
    const res = await post(demo, '/api/cinder/volumesnapshots/', {
      volume_id: volume.id,
      name: 'snap-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const snap = res.json<VolumeSnapshot>();
    expect(snap).toMatchObject({ name: 'snap-1', volume_id: volume.id, size: volume.size });
    const url = `/api/cinder/volumesnapshots/${snap.id}/`;
    await expect
      .poll(async () => (await t.as(demo, { url })).json<VolumeSnapshot>().status, SETTLE)
      .toBe('available');
    const renamed = await t.as(demo, { method: 'PATCH', url, payload: { name: 'snap-2' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<VolumeSnapshot>().name).toBe('snap-2');
    // A volume with a snapshot is deleted only with its snapshots (cascade).
    const plain = await t.as(demo, { method: 'DELETE', url: `/api/cinder/volumes/${volume.id}/` });
    expect(plain.statusCode).toBe(400);
    expect((await t.as(demo, { method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('deletes a volume with its snapshots', async () => {
    const volume = await newVolume('cascade-me');
    const snap = await post(demo, '/api/cinder/volumesnapshots/', { volume_id: volume.id });
    const url = `/api/cinder/volumesnapshots/${snap.json<VolumeSnapshot>().id}/`;
    await expect
      .poll(async () => (await t.as(demo, { url })).json<VolumeSnapshot>().status, SETTLE)
      .toBe('available');
    const res = await t.as(demo, {
      method: 'DELETE',
      url: `/api/cinder/volumes/${volume.id}/?cascade=true`,
    });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('transfers a volume to another project, the key shown once', async () => {
    const volume = await newVolume('give-me');
    const res = await post(demo, '/api/cinder/volumetransfers/', {
      volume_id: volume.id,
      name: 'gift',
    });
    expect(res.statusCode, res.body).toBe(201);
    const transfer = res.json<VolumeTransfer>();
    expect(transfer.auth_key).toEqual(expect.any(String));
    const listed = (
      await t.as(demo, { url: '/api/cinder/volumetransfers/' })
    ).json<VolumeTransferList>();
    expect(listed.items.find((x) => x.id === transfer.id)?.auth_key).toBeUndefined();
    const url = `/api/cinder/volumetransfers/${transfer.id}/accept/`;
    expect((await post(admin, url, { auth_key: 'wrong' })).statusCode).toBe(400);
    const accepted = await post(admin, url, { auth_key: transfer.auth_key });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<TransferAccepted>().volume_id).toBe(volume.id);
    const mine = await t.as(demo, { url: '/api/cinder/volumes/' });
    expect(mine.json<VolumeList>().items.some((v) => v.id === volume.id)).toBe(false);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const volume = await shared();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['extend/', { new_size: 0 }],
      ['extend/', { new_size: 'big' }],
      ['extend/', {}],
      ['retype/', { new_type: 'ssd', migration_policy: 'sometimes' }],
      ['retype/', { new_type: 'no-such-type' }],
      ['upload-to-image/', { image_name: '', disk_format: 'raw' }],
      ['upload-to-image/', { image_name: 'x', disk_format: 'exe' }],
      ['migrate/', {}],
    ];
    for (const [path, payload] of cases) {
      const res = await post(demo, `/api/cinder/volumes/${volume.id}/${path}`, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
    }
    const missing = await post(demo, '/api/cinder/volumes/no-such/extend/', { new_size: 5 });
    expect(missing.statusCode).toBe(404);
    const readerTry = await post(reader, `/api/cinder/volumes/${volume.id}/extend/`, {
      new_size: 5,
    });
    expect(readerTry.statusCode).toBe(403);
    expect(
      (
        await post(demo, '/api/cinder/volumesnapshots/', {
          volume_id: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
  });
});
