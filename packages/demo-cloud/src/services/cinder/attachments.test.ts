import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

const SERVER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('cinder attachments API (3.27+)', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('reserves, connects, completes and deletes an attachment as Nova does', async () => {
    const s = await cinder.session('demo', 'demo');
    const created = await cinder.call<{ volume: { id: string } }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, name: 'attach-me' } },
    });
    const volumeId = created.body.volume.id;
    await cinder.waitFor(s, `/volumes/${volumeId}`, 'volume', 'available');

    const old = await cinder.call(s, 'POST', '/attachments', {
      body: { attachment: { volume_uuid: volumeId, instance_uuid: SERVER } },
      version: '3.26',
    });
    expect(old.status).toBe(404);

    const reserve = await cinder.call<{ attachment: Body }>(s, 'POST', '/attachments', {
      body: { attachment: { volume_uuid: volumeId, instance_uuid: SERVER } },
      version: '3.44',
    });
    expect(reserve.status).toBe(200);
    expect(reserve.body.attachment).toEqual({
      id: expect.any(String),
      status: 'reserved',
      instance: SERVER,
      volume_id: volumeId,
      attached_at: '',
      detached_at: '',
      attach_mode: 'null',
      connection_info: {},
    });
    const attachmentId = String(reserve.body.attachment['id']);
    const reserved = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${volumeId}`);
    expect(reserved.body.volume['status']).toBe('reserved');

    const update = await cinder.call<{ attachment: Body }>(
      s,
      'PUT',
      `/attachments/${attachmentId}`,
      {
        body: {
          attachment: { connector: { host: 'demo-compute', mountpoint: '/dev/vdb', mode: 'rw' } },
        },
        version: '3.44',
      },
    );
    expect(update.body.attachment).toMatchObject({
      status: 'attaching',
      attach_mode: 'rw',
      connection_info: expect.objectContaining({
        driver_volume_type: 'iscsi',
        attachment_id: attachmentId,
      }),
    });
    const complete = await cinder.call(s, 'POST', `/attachments/${attachmentId}/action`, {
      body: { 'os-complete': null },
      version: '3.44',
    });
    expect(complete.status).toBe(204);
    const inUse = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${volumeId}`);
    expect(inUse.body.volume).toMatchObject({
      status: 'in-use',
      attachments: [
        expect.objectContaining({
          server_id: SERVER,
          device: '/dev/vdb',
          attachment_id: attachmentId,
        }),
      ],
    });
    const list = await cinder.call<{ attachments: Body[] }>(
      s,
      'GET',
      `/attachments?volume_id=${volumeId}`,
      {
        version: '3.27',
      },
    );
    expect(list.body.attachments).toEqual([
      { id: attachmentId, status: 'attached', instance: SERVER, volume_id: volumeId },
    ]);
    const alt = await cinder.session('demo', 'alt_demo');
    const hidden = await cinder.call(alt, 'GET', `/attachments/${attachmentId}`, {
      version: '3.27',
    });
    expect(hidden.body).toEqual({
      itemNotFound: {
        code: 404,
        message: `Volume attachment could not be found with filter: attachment_id = ${attachmentId}.`,
      },
    });
    const reader = await cinder.session('reader', 'demo');
    const denied = await cinder.call(reader, 'DELETE', `/attachments/${attachmentId}`, {
      version: '3.27',
    });
    expect(denied.status).toBe(403);
    const removed = await cinder.call<{ attachments: Body[] }>(
      s,
      'DELETE',
      `/attachments/${attachmentId}`,
      {
        version: '3.27',
      },
    );
    expect(removed.body).toEqual({ attachments: [] });
    const available = await cinder.call<{ volume: Body }>(s, 'GET', `/volumes/${volumeId}`);
    expect(available.body.volume).toMatchObject({ status: 'available', attachments: [] });
  });

  it('refuses to reserve a volume in error or already attached', async () => {
    const s = await cinder.session('demo', 'demo');
    const broken = (await cinder.call<{ volumes: Body[] }>(s, 'GET', '/volumes?name=broken-vol'))
      .body.volumes[0];
    const r = await cinder.call(s, 'POST', '/attachments', {
      body: { attachment: { volume_uuid: broken?.['id'], instance_uuid: SERVER } },
      version: '3.27',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(
      'Volume attachments can not be created if the volume is in an error state.',
    );
  });
});
