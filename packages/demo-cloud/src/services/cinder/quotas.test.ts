import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

describe('cinder quotas and limits', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('answers absolute limits with usage', async () => {
    const s = await cinder.session('demo', 'demo');
    const r = await cinder.call<{ limits: { rate: unknown[]; absolute: Record<string, number> } }>(
      s,
      'GET',
      '/limits',
    );
    expect(r.body.limits.rate).toEqual([]);
    const absolute = r.body.limits.absolute;
    expect(Object.keys(absolute).sort()).toEqual(
      [
        'maxTotalBackupGigabytes',
        'maxTotalBackups',
        'maxTotalSnapshots',
        'maxTotalVolumeGigabytes',
        'maxTotalVolumes',
        'totalBackupGigabytesUsed',
        'totalBackupsUsed',
        'totalGigabytesUsed',
        'totalSnapshotsUsed',
        'totalVolumesUsed',
      ].sort(),
    );
    expect(absolute).toMatchObject({
      maxTotalVolumes: 10,
      maxTotalSnapshots: 10,
      maxTotalVolumeGigabytes: 1000,
      maxTotalBackups: 10,
      maxTotalBackupGigabytes: 1000,
      totalVolumesUsed: 5,
      totalSnapshotsUsed: 1,
      totalBackupsUsed: 1,
      totalBackupGigabytesUsed: 10,
    });
    // Volume sizes plus snapshot sizes.
    expect(absolute['totalGigabytesUsed']).toBe(10 + 5 + 2 + 1 + 1 + 10);

    // An admin may ask for another project from 3.39.
    const admin = await cinder.session('admin', 'admin');
    const own = await cinder.call<{ limits: { absolute: Record<string, number> } }>(
      admin,
      'GET',
      `/limits?project_id=${s.projectId}`,
      { version: '3.38' },
    );
    expect(own.body.limits.absolute['totalVolumesUsed']).toBe(0);
    const other = await cinder.call<{ limits: { absolute: Record<string, number> } }>(
      admin,
      'GET',
      `/limits?project_id=${s.projectId}`,
      { version: '3.39' },
    );
    expect(other.body.limits.absolute['totalVolumesUsed']).toBe(5);
  });

  it('shows quota sets with per-type entries and usage', async () => {
    const s = await cinder.session('demo', 'demo');
    const r = await cinder.call<{ quota_set: Body }>(s, 'GET', `/os-quota-sets/${s.projectId}`);
    expect(r.body.quota_set).toEqual({
      id: s.projectId,
      volumes: 10,
      per_volume_gigabytes: -1,
      snapshots: 10,
      gigabytes: 1000,
      backups: 10,
      backup_gigabytes: 1000,
      groups: 10,
      volumes___DEFAULT__: -1,
      gigabytes___DEFAULT__: -1,
      snapshots___DEFAULT__: -1,
      'volumes_lvmdriver-1': -1,
      'gigabytes_lvmdriver-1': -1,
      'snapshots_lvmdriver-1': -1,
      volumes_ssd: -1,
      gigabytes_ssd: -1,
      snapshots_ssd: -1,
      'volumes_gold-private': -1,
      'gigabytes_gold-private': -1,
      'snapshots_gold-private': -1,
    });
    const usage = await cinder.call<{ quota_set: Record<string, Body> }>(
      s,
      'GET',
      `/os-quota-sets/${s.projectId}?usage=true`,
    );
    expect(usage.body.quota_set['volumes']).toEqual({ limit: 10, in_use: 5, reserved: 0 });
    expect(usage.body.quota_set['volumes_ssd']).toEqual({ limit: -1, in_use: 1, reserved: 0 });
    const defaults = await cinder.call<{ quota_set: Body }>(
      s,
      'GET',
      `/os-quota-sets/${s.projectId}/defaults`,
    );
    expect(defaults.body.quota_set['gigabytes']).toBe(1000);
    const reader = await cinder.session('reader', 'demo');
    expect((await cinder.call(reader, 'GET', `/os-quota-sets/${s.projectId}`)).status).toBe(200);
    const alt = await cinder.session('demo', 'alt_demo');
    const foreign = await cinder.call(alt, 'GET', `/os-quota-sets/${s.projectId}`);
    expect(foreign.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume_extension:quotas:show to be performed.",
      },
    });
  });

  it('lets an admin update and reset quotas, and enforces them', async () => {
    const s = await cinder.session('demo', 'demo');
    const admin = await cinder.session('admin', 'admin');
    const path = `/os-quota-sets/${s.projectId}`;
    const denied = await cinder.call(s, 'PUT', path, { body: { quota_set: { volumes: 20 } } });
    expect(denied.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume_extension:quotas:update to be performed.",
      },
    });
    const bad = await cinder.call(admin, 'PUT', path, { body: { quota_set: { bogus: 1 } } });
    expect(bad.body).toEqual({
      badRequest: { code: 400, message: 'Invalid input received: Bad key(s) in quota set: bogus' },
    });
    const notInt = await cinder.call(admin, 'PUT', path, { body: { quota_set: { volumes: 'x' } } });
    expect(notInt.body).toEqual({
      badRequest: { code: 400, message: 'volumes must be an integer' },
    });
    const belowUsage = await cinder.call(admin, 'PUT', path, {
      body: { quota_set: { volumes: 2 } },
    });
    expect(belowUsage.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Quota volumes limit must be equal or greater than existing resources. Current usage is 5 and the requested limit is 2.',
      },
    });
    const updated = await cinder.call<{ quota_set: Body }>(admin, 'PUT', path, {
      body: { quota_set: { volumes: 5, volumes_ssd: 1 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.quota_set).toMatchObject({ volumes: 5, volumes_ssd: 1 });
    expect(updated.body.quota_set).not.toHaveProperty('id');

    const full = await cinder.call(s, 'POST', '/volumes', { body: { volume: { size: 1 } } });
    expect(full.body).toEqual({
      overLimit: {
        code: 413,
        message:
          "VolumeLimitExceeded: Maximum number of volumes allowed (5) exceeded for quota 'volumes'.",
        retryAfter: '0',
      },
    });
    await cinder.call(admin, 'PUT', path, { body: { quota_set: { volumes: 10 } } });
    const typed = await cinder.call(s, 'POST', '/volumes', {
      body: { volume: { size: 1, volume_type: 'ssd' } },
    });
    expect(typed.body).toEqual({
      overLimit: {
        code: 413,
        message:
          "VolumeLimitExceeded: Maximum number of volumes allowed (1) exceeded for quota 'volumes_ssd'.",
        retryAfter: '0',
      },
    });
    const reset = await cinder.call(admin, 'DELETE', path);
    expect(reset.status).toBe(200);
    const after = await cinder.call<{ quota_set: Body }>(admin, 'GET', path);
    expect(after.body.quota_set).toMatchObject({ volumes: 10, volumes_ssd: -1 });
  });

  it('lets an admin set the default quota class', async () => {
    const admin = await cinder.session('admin', 'admin');
    const s = await cinder.session('demo', 'demo');
    const shown = await cinder.call<{ quota_class_set: Body }>(
      admin,
      'GET',
      '/os-quota-class-sets/default',
    );
    expect(shown.body.quota_class_set).toMatchObject({
      id: 'default',
      volumes: 10,
      gigabytes: 1000,
    });
    expect((await cinder.call(s, 'GET', '/os-quota-class-sets/default')).status).toBe(403);
    const set = await cinder.call<{ quota_class_set: Body }>(
      admin,
      'PUT',
      '/os-quota-class-sets/default',
      { body: { quota_class_set: { backups: 20 } } },
    );
    expect(set.body.quota_class_set).toMatchObject({ backups: 20 });
    const defaults = await cinder.call<{ quota_set: Body }>(
      s,
      'GET',
      `/os-quota-sets/${s.projectId}/defaults`,
    );
    expect(defaults.body.quota_set['backups']).toBe(20);
  });
});
