import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

interface Backup extends Body {
  id: string;
  status: string;
}

describe('cinder backups', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('lists backups: summary, detail and fields by microversion', async () => {
    const s = await cinder.session('demo', 'demo');
    const list = await cinder.call<{ backups: Backup[] }>(s, 'GET', '/backups');
    expect(list.body.backups).toEqual([
      {
        id: expect.any(String),
        name: 'data-vol-backup',
        links: [
          {
            rel: 'self',
            href: `${cloud().url}/volume/v3/${s.projectId}/backups/${list.body.backups[0]?.id}`,
          },
          {
            rel: 'bookmark',
            href: `${cloud().url}/volume/${s.projectId}/backups/${list.body.backups[0]?.id}`,
          },
        ],
      },
    ]);
    const detail = await cinder.call<{ backups: Backup[] }>(s, 'GET', '/backups/detail');
    expect(detail.body.backups[0]).toMatchObject({
      status: 'available',
      size: 10,
      object_count: expect.any(Number),
      availability_zone: 'nova',
      container: 'volumebackups',
      description: 'Nightly backup',
      fail_reason: null,
      volume_id: await cinder.volumeId(s, 'data-vol'),
      is_incremental: false,
      has_dependent_backups: false,
      snapshot_id: null,
      data_timestamp: expect.any(String),
    });
    expect(detail.body.backups[0]).not.toHaveProperty('metadata');
    const v343 = await cinder.call<{ backups: Backup[] }>(s, 'GET', '/backups/detail', {
      version: '3.43',
    });
    expect(v343.body.backups[0]).toHaveProperty('metadata', {});
    // The project attribute is an admin's.
    expect(v343.body.backups[0]).not.toHaveProperty('os-backup-project-attr:project_id');
    const admin = await cinder.session('admin', 'admin');
    const adminList = await cinder.call<{ backups: Backup[] }>(
      admin,
      'GET',
      '/backups/detail?all_tenants=true',
      { version: '3.56' },
    );
    expect(adminList.body.backups[0]).toMatchObject({
      'os-backup-project-attr:project_id': s.projectId,
      user_id: s.userId,
    });
    const alt = await cinder.session('demo', 'alt_demo');
    expect((await cinder.call<{ backups: Backup[] }>(alt, 'GET', '/backups')).body.backups).toEqual(
      [],
    );
  });

  it('backs up a volume: creating (the volume backing-up), then available', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = await cinder.volumeId(s, 'fast-scratch');
    const r = await cinder.call<{ backup: Backup }>(s, 'POST', '/backups', {
      body: { backup: { volume_id: vol, name: 'scratch-backup', description: 'first' } },
    });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body.backup).sort()).toEqual(['id', 'links', 'name']);
    const id = r.body.backup.id;
    const backing = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${vol}`);
    // Transitions are due at the next request: the volume is already back.
    expect(['backing-up', 'available']).toContain(backing.body.volume['status']);
    const done = await cinder.waitFor(s, `/backups/${id}`, 'backup', 'available');
    expect(done).toMatchObject({ size: 5, name: 'scratch-backup' });
    expect(
      (await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${vol}`)).body.volume['status'],
    ).toBe('available');

    const incremental = await cinder.call<{ backup: Backup }>(s, 'POST', '/backups', {
      body: { backup: { volume_id: vol, incremental: true } },
    });
    await cinder.waitFor(s, `/backups/${incremental.body.backup.id}`, 'backup', 'available');
    const parent = await cinder.call<{ backup: Backup }>(s, 'GET', `/backups/${id}`);
    expect(parent.body.backup['has_dependent_backups']).toBe(true);
    const blocked = await cinder.call(s, 'DELETE', `/backups/${id}`);
    expect(blocked.body).toEqual({
      badRequest: {
        code: 400,
        message: 'Invalid backup: Incremental backups exist for this backup.',
      },
    });
    expect((await cinder.call(s, 'DELETE', `/backups/${incremental.body.backup.id}`)).status).toBe(
      202,
    );
    await cinder.waitFor(s, `/backups/${incremental.body.backup.id}`, 'backup', null);
    expect((await cinder.call(s, 'DELETE', `/backups/${id}`)).status).toBe(202);
    await cinder.waitFor(s, `/backups/${id}`, 'backup', null);
  });

  it('refuses in-use volumes without force and readers', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = await cinder.volumeId(s, 'broken-vol');
    const errorVol = await cinder.call(s, 'POST', '/backups', {
      body: { backup: { volume_id: vol } },
    });
    expect(errorVol.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid volume: Volume to be backed up must be available or in-use, but the current status is "error".',
      },
    });
    const reader = await cinder.session('reader', 'demo');
    const denied = await cinder.call(reader, 'POST', '/backups', {
      body: { backup: { volume_id: await cinder.volumeId(s, 'fast-scratch') } },
    });
    expect(denied.status).toBe(403);
  });

  it('restores to a new volume and to an existing one', async () => {
    const s = await cinder.session('demo', 'demo');
    const backup = (await cinder.call<{ backups: Backup[] }>(s, 'GET', '/backups')).body.backups[0];
    const r = await cinder.call<{ restore: Body }>(s, 'POST', `/backups/${backup?.id}/restore`, {
      body: { restore: { name: 'restored' } },
    });
    expect(r.status).toBe(202);
    expect(r.body.restore).toEqual({
      backup_id: backup?.id,
      volume_id: expect.any(String),
      volume_name: 'restored',
    });
    const restored = await cinder.waitFor(
      s,
      `/volumes/${String(r.body.restore['volume_id'])}`,
      'volume',
      'available',
    );
    expect(restored).toMatchObject({
      size: 10,
      description: 'auto-created_from_restore_from_backup',
    });
    await cinder.waitFor(s, `/backups/${backup?.id}`, 'backup', 'available');
    const small = await cinder.volumeId(s, 'cirros-vol');
    const tooSmall = await cinder.call(s, 'POST', `/backups/${backup?.id}/restore`, {
      body: { restore: { volume_id: small } },
    });
    expect(tooSmall.body).toEqual({
      badRequest: {
        code: 400,
        message: 'Invalid volume: volume size 1 is too small to restore backup of size 10.',
      },
    });
  });

  it('updates name and metadata from 3.9 and 3.43', async () => {
    const s = await cinder.session('demo', 'demo');
    const backup = (await cinder.call<{ backups: Backup[] }>(s, 'GET', '/backups')).body.backups[0];
    const old = await cinder.call(s, 'PUT', `/backups/${backup?.id}`, {
      body: { backup: { name: 'x' } },
    });
    expect(old.status).toBe(404);
    const r = await cinder.call<{ backup: Backup }>(s, 'PUT', `/backups/${backup?.id}`, {
      body: { backup: { name: 'renamed', metadata: { k: 'v' } } },
      version: '3.43',
    });
    expect(r.body.backup['name']).toBe('renamed');
    const shown = await cinder.call<{ backup: Backup }>(s, 'GET', `/backups/${backup?.id}`, {
      version: '3.43',
    });
    expect(shown.body.backup['metadata']).toEqual({ k: 'v' });
  });
});
