import { describe, expect, it } from 'vitest';
import type {
  Volume,
  VolumeBackup,
  VolumeBackupList,
  VolumeBackupRestored,
  VolumeList,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo, admin } = useTestApp(['demo', 'admin']);
const SETTLE = { timeout: 20_000, interval: 200 };

const volumeNamed = async (name: string): Promise<Volume> => {
  const res = await t.as(demo, { url: `/api/cinder/volumes/?name=${name}` });
  const found = res.json<VolumeList>().items.find((v) => v.name === name);
  if (!found) throw new Error(`no volume ${name}`);
  return found;
};

describe('/api/cinder/backups/', { timeout: 60_000 }, () => {
  it('backs a volume up, restores it to a new volume and deletes the backup', async () => {
    const volume = await volumeNamed('fast-scratch');
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/backups/',
      payload: { volume_id: volume.id, name: 'nightly', incremental: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const backup = res.json<VolumeBackup>();
    expect(backup).toMatchObject({ name: 'nightly', volume_id: volume.id });
    const url = `/api/cinder/backups/${backup.id}/`;
    await expect
      .poll(async () => (await t.as(demo, { url })).json<VolumeBackup>().status, SETTLE)
      .toBe('available');
    const listed = (await t.as(demo, { url: '/api/cinder/backups/' })).json<VolumeBackupList>();
    expect(listed.items.map((b) => b.id)).toContain(backup.id);

    const restore = await t.as(demo, {
      method: 'POST',
      url: `${url}restore/`,
      payload: { name: 'restored' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    const restored = restore.json<VolumeBackupRestored>();
    expect(restored.backup_id).toBe(backup.id);
    await expect
      .poll(async () => (await t.as(demo, { url })).json<VolumeBackup>().status, SETTLE)
      .toBe('available');
    expect((await t.as(demo, { method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    for (const payload of [{}, { volume_id: '' }, { volume_id: 'x', incremental: 'maybe' }]) {
      const res = await t.as(demo, { method: 'POST', url: '/api/cinder/backups/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.as(demo, { url: `/api/cinder/backups/${missing}/` })).statusCode).toBe(404);
    const restore = await t.as(demo, {
      method: 'POST',
      url: `/api/cinder/backups/${missing}/restore/`,
      payload: {},
    });
    expect(restore.statusCode).toBe(404);
  });

  it("lets an admin reset a backup's status to available or error, and no one else", async () => {
    const volume = await volumeNamed('fast-scratch');
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/backups/',
      payload: { volume_id: volume.id, name: 'reset-me' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/cinder/backups/${created.json<VolumeBackup>().id}/`;
    const status = async (): Promise<string> =>
      (await t.as(demo, { url })).json<VolumeBackup>().status;
    await expect.poll(status, SETTLE).toBe('available');
    const reset = (session: typeof admin, payload: unknown, at = `${url}reset-status/`) =>
      t.as(session, { method: 'POST', url: at, payload: payload as object });

    const toError = await reset(admin, { status: 'error' });
    expect(toError.statusCode, toError.body).toBe(204);
    expect(await status()).toBe('error');

    // A member: Cinder's volume_extension:backup_admin_actions:reset_status is admin-only.
    const refused = await reset(demo, { status: 'available' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/reset_status/);
    // Only the two statuses Cinder takes; anything else is the route's own 400.
    for (const payload of [{ status: 'creating' }, {}, { status: 'Available' }]) {
      expect((await reset(admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    const gone = await reset(
      admin,
      { status: 'error' },
      `/api/cinder/backups/${missing}/reset-status/`,
    );
    expect(gone.statusCode).toBe(404);

    expect((await reset(admin, { status: 'available' })).statusCode).toBe(204);
    expect(await status()).toBe('available');
    expect((await t.as(demo, { method: 'DELETE', url })).statusCode).toBe(204);
  });
});
