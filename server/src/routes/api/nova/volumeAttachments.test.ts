import { describe, expect, it } from 'vitest';
import type { InstanceList, ServerVolumeAttachment, Volume, VolumeList } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo, admin } = useTestApp(['demo', 'admin']);

const serverId = async (session: TestSession, name: string, all = false): Promise<string> => {
  const query = `?name=${name}${all ? '&all_projects=true' : ''}`;
  const res = await t.as(session, { url: `/api/nova/servers/${query}` });
  const id = res.json<InstanceList>().items.find((i) => i.name === name)?.id;
  if (!id) throw new Error(`no server ${name}`);
  return id;
};

const volumeNamed = async (session: TestSession, name: string): Promise<Volume> => {
  const res = await t.as(session, { url: `/api/cinder/volumes/?name=${name}` });
  const volume = res.json<VolumeList>().items.find((v) => v.name === name);
  if (!volume) throw new Error(`no volume ${name}`);
  return volume;
};

const attach = (session: TestSession, server: string, payload: Record<string, unknown>) =>
  t.as(session, { method: 'POST', url: `/api/nova/servers/${server}/volumes/`, payload });

describe('POST and DELETE /api/nova/servers/:id/volumes/', () => {
  it('attaches a volume at the device asked, then detaches it', async () => {
    const server = await serverId(demo, 'web-1');
    const volume = await volumeNamed(demo, 'fast-scratch');
    const res = await attach(demo, server, { volume_id: volume.id, device: '/dev/vdf' });
    expect(res.statusCode, res.body).toBe(200);
    const attached = res.json<ServerVolumeAttachment>();
    expect(attached).toEqual({
      id: expect.any(String),
      server_id: server,
      volume_id: volume.id,
      device: '/dev/vdf',
    });
    const after = await volumeNamed(demo, 'fast-scratch');
    expect(after.status).toBe('in-use');
    expect(after.attachments.map((a) => a.server_id)).toEqual([server]);

    const detached = await t.as(demo, {
      method: 'DELETE',
      url: `/api/nova/servers/${server}/volumes/${volume.id}/`,
    });
    expect(detached.statusCode, detached.body).toBe(204);
    await expect
      .poll(async () => (await volumeNamed(demo, 'fast-scratch')).status)
      .toBe('available');
  });

  it('lets Nova pick the device when none is given', async () => {
    const server = await serverId(demo, 'web-1');
    const volume = await volumeNamed(demo, 'fast-scratch');
    const res = await attach(demo, server, { volume_id: volume.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ServerVolumeAttachment>().device).toMatch(/^\/dev\/[a-z]+$/);
    await t.as(demo, {
      method: 'DELETE',
      url: `/api/nova/servers/${server}/volumes/${volume.id}/`,
    });
    await expect
      .poll(async () => (await volumeNamed(demo, 'fast-scratch')).status)
      .toBe('available');
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const server = await serverId(demo, 'web-1');
    const volume = await volumeNamed(demo, 'fast-scratch');
    for (const payload of [
      {},
      { volume_id: '' },
      { volume_id: 5 },
      { volume_id: volume.id, device: 'vdb; rm' },
    ]) {
      const res = await attach(demo, server, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    expect((await attach(demo, 'no-such-server', { volume_id: volume.id })).statusCode).toBe(404);
    expect((await attach(demo, server, { volume_id: 'no-such-volume' })).statusCode).toBe(404);
    // A volume in error cannot be attached: Cinder's reason comes through as a 400.
    const broken = await volumeNamed(demo, 'broken-vol');
    expect((await attach(demo, server, { volume_id: broken.id })).statusCode).toBe(400);
    const notAttached = await t.as(demo, {
      method: 'DELETE',
      url: `/api/nova/servers/${server}/volumes/${volume.id}/`,
    });
    expect(notAttached.statusCode).toBe(404);
    // Another project's instance is no instance for a member.
    const alt = await serverId(admin, 'alt-server', true);
    expect((await attach(demo, alt, { volume_id: volume.id })).statusCode).toBe(404);
  });
});
