import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

interface Snapshot extends Body {
  id: string;
  status: string;
}

describe('cinder snapshots', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('lists snapshots with the detail fields by microversion and role', async () => {
    const s = await cinder.session('demo', 'demo');
    const list = await cinder.call<{ snapshots: Snapshot[] }>(s, 'GET', '/snapshots');
    expect(list.body.snapshots).toHaveLength(1);
    expect(list.body.snapshots[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      name: 'data-vol-snap',
      description: 'Before the schema migration',
      volume_id: await cinder.volumeId(s, 'data-vol'),
      status: 'available',
      size: 10,
      metadata: { reason: 'pre-upgrade' },
    });
    const detail = await cinder.call<{ snapshots: Snapshot[] }>(s, 'GET', '/snapshots/detail', {
      version: '3.65',
    });
    expect(detail.body.snapshots[0]).toMatchObject({
      group_snapshot_id: null,
      user_id: s.userId,
      consumes_quota: true,
      'os-extended-snapshot-attributes:progress': '100%',
      'os-extended-snapshot-attributes:project_id': s.projectId,
    });
    const old = await cinder.call<{ snapshots: Snapshot[] }>(s, 'GET', '/snapshots/detail');
    expect(old.body.snapshots[0]).not.toHaveProperty('user_id');
    const alt = await cinder.session('demo', 'alt_demo');
    expect(
      (await cinder.call<{ snapshots: Snapshot[] }>(alt, 'GET', '/snapshots')).body.snapshots,
    ).toEqual([]);
    const other = await cinder.call(alt, 'GET', `/snapshots/${list.body.snapshots[0]?.id}`);
    expect(other.status).toBe(404);
    const counted = await cinder.call<Body>(s, 'GET', '/snapshots?with_count=true', {
      version: '3.45',
    });
    expect(counted.body['count']).toBe(1);
  });

  it('creates a snapshot: creating, then available; deletes it', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = await cinder.volumeId(s, 'fast-scratch');
    const r = await cinder.call<{ snapshot: Snapshot }>(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol, name: 'snap-1', metadata: { k: 'v' } } },
    });
    expect(r.status).toBe(202);
    expect(r.body.snapshot).toMatchObject({
      name: 'snap-1',
      status: 'creating',
      size: 5,
      volume_id: vol,
      metadata: { k: 'v' },
    });
    const id = r.body.snapshot.id;
    await cinder.waitFor(s, `/snapshots/${id}`, 'snapshot', 'available');
    // A volume with a snapshot cannot be deleted; the snapshot can.
    expect((await cinder.call(s, 'DELETE', `/volumes/${vol}`)).status).toBe(400);
    const renamed = await cinder.call<{ snapshot: Snapshot }>(s, 'PUT', `/snapshots/${id}`, {
      body: { snapshot: { name: 'snap-renamed' } },
    });
    expect(renamed.body.snapshot['name']).toBe('snap-renamed');
    expect((await cinder.call(s, 'DELETE', `/snapshots/${id}`)).status).toBe(202);
    await cinder.waitFor(s, `/snapshots/${id}`, 'snapshot', null);
  });

  it('needs an available volume unless forced (or from 3.66)', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = await cinder.volumeId(s, 'fast-scratch');
    const reserve = await cinder.call(s, 'POST', `/volumes/${vol}/action`, {
      body: { 'os-reserve': null },
    });
    expect(reserve.status).toBe(202);
    const refused = await cinder.call(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol } },
    });
    expect(refused.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid volume: Volume ${vol} status must be available, but current status is: attaching.`,
      },
    });
    await cinder.call(s, 'POST', `/volumes/${vol}/action`, { body: { 'os-unreserve': null } });
    const noForce = await cinder.call(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol, force: false } },
      version: '3.66',
    });
    expect(noForce.status).toBe(400);
    const broken = await cinder.volumeId(s, 'broken-vol');
    const errorVol = await cinder.call(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: broken } },
    });
    expect(errorVol.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid volume: The snapshot cannot be created because volume has not been scheduled to any host.',
      },
    });
    const invalid = await cinder.call(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: 'abc' } },
    });
    expect(invalid.body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute volume_id. Value: abc. 'abc' is not valid under any of the given schemas",
      },
    });
  });

  it('enforces policy and the snapshot quota', async () => {
    const reader = await cinder.session('reader', 'demo');
    const s = await cinder.session('demo', 'demo');
    const vol = await cinder.volumeId(s, 'fast-scratch');
    const denied = await cinder.call(reader, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol } },
    });
    expect(denied.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume:create_snapshot to be performed.",
      },
    });
    const admin = await cinder.session('admin', 'admin');
    await cinder.call(admin, 'PUT', `/os-quota-sets/${s.projectId}`, {
      body: { quota_set: { snapshots: 1 } },
    });
    const over = await cinder.call(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol } },
    });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      overLimit: {
        code: 413,
        message: 'SnapshotLimitExceeded: Maximum number of snapshots allowed (1) exceeded',
        retryAfter: '0',
      },
    });
    await cinder.call(admin, 'DELETE', `/os-quota-sets/${s.projectId}`);
  });

  it('keeps snapshot metadata', async () => {
    const s = await cinder.session('demo', 'demo');
    const snap = (await cinder.call<{ snapshots: Snapshot[] }>(s, 'GET', '/snapshots')).body
      .snapshots[0];
    const path = `/snapshots/${snap?.id}/metadata`;
    expect((await cinder.call(s, 'GET', path)).body).toEqual({
      metadata: { reason: 'pre-upgrade' },
    });
    expect((await cinder.call(s, 'POST', path, { body: { metadata: { a: '1' } } })).body).toEqual({
      metadata: { reason: 'pre-upgrade', a: '1' },
    });
    expect((await cinder.call(s, 'GET', `${path}/a`)).body).toEqual({ meta: { a: '1' } });
    expect((await cinder.call(s, 'PUT', `${path}/a`, { body: { meta: { a: '2' } } })).body).toEqual(
      {
        meta: { a: '2' },
      },
    );
    expect((await cinder.call(s, 'PUT', path, { body: { metadata: { only: 'x' } } })).body).toEqual(
      {
        metadata: { only: 'x' },
      },
    );
    expect((await cinder.call(s, 'DELETE', `${path}/only`)).status).toBe(200);
    const missing = await cinder.call(s, 'GET', `${path}/only`);
    expect(missing.body).toEqual({
      itemNotFound: { code: 404, message: `Snapshot ${snap?.id} has no metadata with key only.` },
    });
    const reader = await cinder.session('reader', 'demo');
    expect(
      (await cinder.call(reader, 'POST', path, { body: { metadata: { a: '1' } } })).status,
    ).toBe(403);
  });

  it('lets an admin reset a status and force-delete', async () => {
    const s = await cinder.session('demo', 'demo');
    const admin = await cinder.session('admin', 'admin');
    const vol = await cinder.volumeId(s, 'cirros-vol');
    const r = await cinder.call<{ snapshot: Snapshot }>(s, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: vol, name: 'to-reset' } },
    });
    const id = r.body.snapshot.id;
    const asMember = await cinder.call(s, 'POST', `/snapshots/${id}/action`, {
      body: { 'os-reset_status': { status: 'error' } },
    });
    expect(asMember.status).toBe(403);
    const reset = await cloud().request(
      'POST',
      `/volume/v3/${admin.projectId}/snapshots/${id}/action`,
      {
        token: admin.token,
        body: { 'os-reset_status': { status: 'error' } },
      },
    );
    expect(reset.status).toBe(202);
    expect(
      (await cinder.call<{ snapshot: Snapshot }>(s, 'GET', `/snapshots/${id}`)).body.snapshot
        .status,
    ).toBe('error');
    const forced = await cloud().request(
      'POST',
      `/volume/v3/${admin.projectId}/snapshots/${id}/action`,
      { token: admin.token, body: { 'os-force_delete': {} } },
    );
    expect(forced.status).toBe(202);
    await cinder.waitFor(s, `/snapshots/${id}`, 'snapshot', null);
  });
});
