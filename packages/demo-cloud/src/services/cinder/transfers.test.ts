import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body, Session } from './testSupport';

interface Transfer extends Body {
  id: string;
  auth_key?: string;
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('cinder volume transfers', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  /** A fresh available volume of the session's project. */
  const newVolume = async (s: Session, name: string): Promise<string> => {
    const created = await cinder.call<{ volume: Body }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, name } },
    });
    const id = String(created.body.volume['id']);
    await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    return id;
  };
  const offer = async (
    s: Session,
    volumeId: string,
    version?: string,
  ): Promise<{ status: number; transfer: Transfer }> => {
    const answer = await cinder.call<{ transfer: Transfer }>(s, 'POST', '/os-volume-transfer', {
      body: { transfer: { volume_id: volumeId, name: ' move me ' } },
      ...(version ? { version } : {}),
    });
    return { status: answer.status, transfer: answer.body.transfer };
  };

  it('offers a volume: awaiting-transfer, shown by version, one offer at a time', async () => {
    const demo = await cinder.session('demo', 'demo');
    const volumeId = await newVolume(demo, 'xfer-shape');
    const { status, transfer } = await offer(demo, volumeId);
    expect(status).toBe(202);
    expect(Object.keys(transfer)).toEqual([
      'id',
      'created_at',
      'name',
      'volume_id',
      'auth_key',
      'links',
    ]);
    expect(transfer.name).toBe('move me');
    expect(transfer.auth_key).toMatch(/^[0-9a-f]{16}$/);
    expect((transfer['links'] as Array<{ href: string }>)[0]?.href).toMatch(
      new RegExp(`/volume/v3/${demo.projectId}/os-volume-transfer/${transfer.id}$`),
    );
    const volume = await cinder.call<{ volume: Body }>(demo, 'GET', `/volumes/${volumeId}`);
    expect(volume.body.volume['status']).toBe('awaiting-transfer');
    const again = await offer(demo, volumeId);
    expect(again.status).toBe(400);
    const refused = await cinder.call(demo, 'DELETE', `/volumes/${volumeId}`);
    expect(refused.status).toBe(400);

    const list = await cinder.call<{ transfers: Body[] }>(demo, 'GET', '/os-volume-transfer');
    const listed = list.body.transfers.find((t) => t['id'] === transfer.id);
    expect(Object.keys(listed ?? {})).toEqual(['id', 'volume_id', 'name', 'links']);
    const shown = await cinder.call<{ transfer: Body }>(
      demo,
      'GET',
      `/volume-transfers/${transfer.id}`,
      { version: '3.57' },
    );
    expect(shown.body.transfer).toMatchObject({
      created_at: expect.stringMatching(/\.000000$/) as unknown,
      no_snapshots: false,
      destination_project_id: null,
      source_project_id: demo.projectId,
      accepted: false,
    });
    expect(shown.body.transfer).not.toHaveProperty('auth_key');
    // Every query key is a column filter on the extension's list; an unknown one matches nothing.
    const byName = await cinder.call<{ transfers: Body[] }>(
      demo,
      'GET',
      '/os-volume-transfer?name=move%20me',
    );
    expect(byName.body.transfers.map((t) => t['id'])).toContain(transfer.id);
    const limited = await cinder.call<{ transfers: Body[] }>(
      demo,
      'GET',
      '/os-volume-transfer?limit=1',
    );
    expect(limited.body.transfers).toEqual([]);
    const paged = await cinder.call<{ transfers: Body[] }>(
      demo,
      'GET',
      '/volume-transfers?limit=1',
      { version: '3.59' },
    );
    expect(paged.body.transfers).toHaveLength(1);
  });

  it('keeps transfers to their project, readers read-only, and admins all_tenants', async () => {
    const demo = await cinder.session('demo', 'demo');
    const volumeId = await newVolume(demo, 'xfer-policy');
    const { transfer } = await offer(demo, volumeId);
    const reader = await cinder.session('reader', 'demo');
    expect((await cinder.call(reader, 'GET', `/os-volume-transfer/${transfer.id}`)).status).toBe(
      200,
    );
    expect((await cinder.call(reader, 'DELETE', `/os-volume-transfer/${transfer.id}`)).status).toBe(
      403,
    );
    const alt = await cinder.session('demo', 'alt_demo');
    const hidden = await cinder.call(alt, 'GET', `/os-volume-transfer/${transfer.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      itemNotFound: { code: 404, message: `Transfer ${transfer.id} could not be found.` },
    });
    const admin = await cinder.session('admin', 'admin');
    const own = await cinder.call<{ transfers: Body[] }>(admin, 'GET', '/os-volume-transfer');
    expect(own.body.transfers).toEqual([]);
    const all = await cinder.call<{ transfers: Body[] }>(
      admin,
      'GET',
      '/os-volume-transfer?all_tenants=1',
    );
    expect(all.body.transfers.map((t) => t['id'])).toContain(transfer.id);

    const deleted = await cinder.call(demo, 'DELETE', `/os-volume-transfer/${transfer.id}`);
    expect(deleted.status).toBe(202);
    const volume = await cinder.call<{ volume: Body }>(demo, 'GET', `/volumes/${volumeId}`);
    expect(volume.body.volume['status']).toBe('available');
    expect((await cinder.call(demo, 'GET', `/os-volume-transfer/${transfer.id}`)).status).toBe(404);
  });

  it('moves the volume and its snapshots to the accepting project', async () => {
    const demo = await cinder.session('demo', 'demo');
    const volumeId = await newVolume(demo, 'xfer-accept');
    const snap = await cinder.call<{ snapshot: Body }>(demo, 'POST', '/snapshots', {
      body: { snapshot: { volume_id: volumeId, name: 'xfer-snap' } },
    });
    const snapshotId = String(snap.body.snapshot['id']);
    await cinder.waitFor(demo, `/snapshots/${snapshotId}`, 'snapshot', 'available');
    const { transfer } = await offer(demo, volumeId);
    const alt = await cinder.session('demo', 'alt_demo');
    const wrong = await cinder.call(alt, 'POST', `/os-volume-transfer/${transfer.id}/accept`, {
      body: { accept: { auth_key: 'not-the-key' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid auth key: Attempt to transfer ${transfer.id} with invalid auth key.`,
      },
    });
    const missing = await cinder.call(alt, 'POST', `/os-volume-transfer/${MISSING}/accept`, {
      body: { accept: { auth_key: 'x' } },
    });
    expect(missing.status).toBe(404);
    const accepted = await cinder.call<{ transfer: Body }>(
      alt,
      'POST',
      `/volume-transfers/${transfer.id}/accept`,
      { body: { accept: { auth_key: transfer.auth_key } }, version: '3.70' },
    );
    expect(accepted.status).toBe(202);
    expect(Object.keys(accepted.body.transfer)).toEqual(['id', 'volume_id', 'name', 'links']);

    const moved = await cinder.call<{ volume: Body }>(alt, 'GET', `/volumes/${volumeId}`);
    expect(moved.body.volume).toMatchObject({ status: 'available', user_id: alt.userId });
    expect((await cinder.call(demo, 'GET', `/volumes/${volumeId}`)).status).toBe(404);
    const snapshot = await cinder.call<{ snapshot: Body }>(alt, 'GET', `/snapshots/${snapshotId}`);
    expect(snapshot.status).toBe(200);
    expect((await cinder.call(alt, 'GET', `/os-volume-transfer/${transfer.id}`)).status).toBe(404);
  });

  it('leaves snapshots behind with no_snapshots (3.55) and checks the taker’s quota', async () => {
    const demo = await cinder.session('demo', 'demo');
    const volumeId = await newVolume(demo, 'xfer-nosnap');
    const early = await cinder.call(demo, 'POST', '/volume-transfers', {
      body: { transfer: { volume_id: volumeId, no_snapshots: true } },
      version: '3.54',
    });
    expect(early.status).toBe(400);
    const created = await cinder.call<{ transfer: Transfer }>(demo, 'POST', '/volume-transfers', {
      body: { transfer: { volume_id: volumeId, no_snapshots: true } },
      version: '3.55',
    });
    expect(created.body.transfer['no_snapshots']).toBe(true);
    const admin = await cinder.session('admin', 'admin');
    const alt = await cinder.session('demo', 'alt_demo');
    // No room left: the limit is what alt_demo already holds.
    const usage = await cinder.call<{ quota_set: Record<string, Body> }>(
      admin,
      'GET',
      `/os-quota-sets/${alt.projectId}?usage=true`,
    );
    const full = await cinder.call(admin, 'PUT', `/os-quota-sets/${alt.projectId}`, {
      body: { quota_set: { volumes: usage.body.quota_set['volumes']?.['in_use'] } },
    });
    expect(full.status).toBe(200);
    const over = await cinder.call<Body>(
      alt,
      'POST',
      `/os-volume-transfer/${created.body.transfer.id}/accept`,
      {
        body: { accept: { auth_key: created.body.transfer.auth_key } },
      },
    );
    expect(over.status).toBe(413);
    expect(over.body).toHaveProperty('overLimit');
    const volume = await cinder.call<{ volume: Body }>(demo, 'GET', `/volumes/${volumeId}`);
    expect(volume.body.volume['status']).toBe('awaiting-transfer');
    await cinder.call(admin, 'DELETE', `/os-quota-sets/${alt.projectId}`);
  });

  it('validates the create body as cinder’s schema does', async () => {
    const demo = await cinder.session('demo', 'demo');
    const bad = await cinder.call(demo, 'POST', '/os-volume-transfer', {
      body: { transfer: { volume_id: 'x' } },
    });
    expect(bad.body).toEqual({
      badRequest: {
        code: 400,
        message: "Invalid input for field/attribute volume_id. Value: x. 'x' is not a 'uuid'",
      },
    });
    const unknown = await cinder.call(demo, 'POST', '/os-volume-transfer', {
      body: { transfer: { volume_id: MISSING } },
    });
    expect(unknown.status).toBe(404);
    const reader = await cinder.session('reader', 'demo');
    const volumeId = await newVolume(demo, 'xfer-reader');
    const forbidden = await cinder.call(reader, 'POST', '/os-volume-transfer', {
      body: { transfer: { volume_id: volumeId } },
    });
    expect(forbidden.status).toBe(403);
  });
});
