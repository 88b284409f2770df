import { describe, expect, it } from 'vitest';
import type {
  Volume,
  VolumeBackup,
  VolumeBackupList,
  VolumeBackupRestored,
  VolumeList,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);
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
});
