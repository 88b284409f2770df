import { afterAll, describe, expect, it } from 'vitest';
import { applyDueTransitions } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { openStore } from '../../store/store';
import type { Store } from '../../store/store';
import { useTestCloud } from '../../testing/testCloud';
import {
  attachVolume,
  createBootVolume,
  deleteVolume,
  detachVolume,
  findVolumeByName,
  getSnapshot,
  getVolume,
} from './internal';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

const SERVER = '0d9a3e44-5c1b-4a7e-9f7d-2f3b6c1a8e01';
const OTHER_SERVER = '0d9a3e44-5c1b-4a7e-9f7d-2f3b6c1a8e02';

describe('cinder internal API (as Nova uses it)', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);
  let side: Store | undefined;

  /**
   * A second connection on the running cloud's database, standing in for Nova's in-process
   * calls; due transitions are applied on it right after each call.
   */
  const ctx = (): CloudContext => {
    side ??= openStore({ dataDir: cloud().dataDir });
    return {
      store: side,
      options: { lifecycleScale: 0 },
      now: () => new Date(),
    } as unknown as CloudContext;
  };
  const settle = (): void => {
    applyDueTransitions(ctx());
  };
  afterAll(() => side?.close());

  const imageId = async (token: string): Promise<string | undefined> => {
    const r = await cloud().request<{ images?: Array<{ id: string }> }>(
      'GET',
      '/image/v2/images?name=cirros-0.6.2-x86_64-disk',
      { token },
    );
    return r.body.images?.[0]?.id;
  };

  it('creates a boot volume from an image: downloading, then bootable and available', async () => {
    const s = await cinder.session('demo', 'demo');
    const image = (await imageId(s.token)) ?? '';
    expect(image).not.toBe('');
    const { id } = createBootVolume(ctx(), { projectId: s.projectId, imageId: image, name: 'bfv' });
    const fresh = getVolume(ctx(), id, s.projectId);
    expect(fresh).toMatchObject({ status: 'creating', bootable: false, size: 1 });
    settle();
    const ready = await cinder.waitFor(s, `/volumes/${id}`, 'volume', 'available');
    expect(ready).toMatchObject({
      name: 'bfv',
      bootable: 'true',
      volume_image_metadata: expect.objectContaining({
        image_id: image,
        image_name: 'cirros-0.6.2-x86_64-disk',
        disk_format: expect.any(String),
        container_format: 'bare',
        min_disk: expect.any(String),
      }),
    });
    expect(getVolume(ctx(), id, 'someone-else')).toBeNull();
    expect(findVolumeByName(ctx(), 'bfv', s.projectId)?.id).toBe(id);
  });

  it('attaches and detaches as Nova does', async () => {
    const s = await cinder.session('demo', 'demo');
    const { id } = createBootVolume(ctx(), { projectId: s.projectId, size: 2, name: 'data-2' });
    settle();
    const attached = attachVolume(ctx(), id, {
      serverId: SERVER,
      device: '/dev/vdb',
      hostName: 'demo-compute',
    });
    expect(attached.attachment_id).toEqual(expect.any(String));
    // Attaching twice to the same server is the same attachment.
    expect(
      attachVolume(ctx(), id, { serverId: SERVER, device: '/dev/vdb', hostName: 'demo-compute' })
        .attachment_id,
    ).toBe(attached.attachment_id);
    const view = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${id}`);
    expect(view.body.volume).toMatchObject({
      status: 'in-use',
      metadata: { attached_mode: 'rw' },
      attachments: [
        {
          id,
          volume_id: id,
          attachment_id: attached.attachment_id,
          server_id: SERVER,
          device: '/dev/vdb',
          host_name: null,
          attached_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
        },
      ],
    });
    // An admin sees the host.
    const admin = await cinder.session('admin', 'admin');
    const adminView = await cloud().request<{ volume: { attachments: Body[] } }>(
      'GET',
      `/volume/v3/${admin.projectId}/volumes/${id}`,
      { token: admin.token },
    );
    expect(adminView.body.volume.attachments[0]?.['host_name']).toBe('demo-compute');
    // In use: a second server may not attach (not multiattach), and deleting is refused.
    expect(() =>
      attachVolume(ctx(), id, { serverId: OTHER_SERVER, device: '/dev/vdc', hostName: 'x' }),
    ).toThrow(
      /status must be available or downloading to reserve, but the current status is in-use/,
    );
    const refused = await cinder.call(s, 'DELETE', `/volumes/${id}`);
    expect(refused.status).toBe(400);

    detachVolume(ctx(), id, SERVER);
    detachVolume(ctx(), id, SERVER);
    const detached = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${id}`);
    expect(detached.body.volume).toMatchObject({
      status: 'available',
      attachments: [],
      metadata: {},
    });

    deleteVolume(ctx(), id);
    expect(getVolume(ctx(), id, s.projectId)?.status).toBe('deleting');
    settle();
    expect(getVolume(ctx(), id, s.projectId)).toBeNull();
  });

  it('boots from a snapshot or a volume, inheriting size and bootability', async () => {
    const s = await cinder.session('demo', 'demo');
    const snaps = await cinder.call<{ snapshots: Body[] }>(
      s,
      'GET',
      '/snapshots?name=data-vol-snap',
    );
    const snapId = String(snaps.body.snapshots[0]?.['id']);
    expect(getSnapshot(ctx(), snapId, s.projectId)).toMatchObject({
      size: 10,
      status: 'available',
    });
    const fromSnap = createBootVolume(ctx(), {
      projectId: s.projectId,
      snapshotId: snapId,
      name: 's',
    });
    const cirros = findVolumeByName(ctx(), 'cirros-vol', s.projectId);
    const fromVol = createBootVolume(ctx(), {
      projectId: s.projectId,
      sourceVolId: cirros?.id ?? '',
      name: 'v',
    });
    settle();
    const a = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${fromSnap.id}`);
    expect(a.body.volume).toMatchObject({ size: 10, snapshot_id: snapId, status: 'available' });
    const b = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${fromVol.id}`);
    expect(b.body.volume).toMatchObject({
      size: 1,
      source_volid: cirros?.id,
      bootable: 'true',
      status: 'available',
    });
    for (const id of [fromSnap.id, fromVol.id]) deleteVolume(ctx(), id);
    settle();
  });

  it('refuses what cinder refuses', async () => {
    const s = await cinder.session('demo', 'demo');
    expect(() =>
      createBootVolume(ctx(), { projectId: s.projectId, size: 5000, name: 'huge' }),
    ).toThrow(
      /VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota/,
    );
    expect(() =>
      createBootVolume(ctx(), {
        projectId: s.projectId,
        imageId: '7b4c4d5e-0000-4000-8000-000000000000',
        name: 'x',
      }),
    ).toThrow('Invalid image identifier or unable to access requested image.');
    expect(() =>
      attachVolume(ctx(), 'nope', { serverId: SERVER, device: 'x', hostName: 'y' }),
    ).toThrow('Volume nope could not be found.');
  });
});
