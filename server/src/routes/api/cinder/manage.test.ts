import { describe, expect, it } from 'vitest';
import type { CinderServiceList, Volume } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);
const SETTLE = { timeout: 20_000, interval: 200 };

describe('/api/cinder/volumes/manage/ and …/unmanage/ (admin)', { timeout: 60_000 }, () => {
  it('adopts a backend volume with its fields, then lets it go', async () => {
    const services = (
      await t.as(admin, { url: '/api/cinder/services/' })
    ).json<CinderServiceList>();
    const host = services.items.find((s) => s.binary === 'cinder-volume')?.host;
    if (!host) throw new Error('no volume service');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/cinder/volumes/manage/',
      payload: {
        host,
        id_type: 'source-name',
        identifier: 'volume-legacy',
        name: 'adopted',
        description: 'from the backend',
        bootable: true,
        metadata: { origin: 'backend' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const volume = res.json<Volume>();
    expect(volume).toMatchObject({ name: 'adopted', metadata: { origin: 'backend' } });
    const url = `/api/cinder/volumes/${volume.id}/`;
    await expect
      .poll(async () => (await t.as(admin, { url })).json<Volume>().status, SETTLE)
      .toBe('available');
    expect((await t.as(admin, { url })).json<Volume>().bootable).toBe(true);

    const gone = await t.as(admin, { method: 'POST', url: `${url}unmanage/` });
    expect(gone.statusCode, gone.body).toBe(204);
    await expect.poll(async () => (await t.as(admin, { url })).statusCode, SETTLE).toBe(404);
  });

  it('refuses an unknown host, a bad id type and a member', async () => {
    const payload = { host: 'nowhere@x', id_type: 'source-name', identifier: 'v' };
    const unknown = await t.as(admin, {
      method: 'POST',
      url: '/api/cinder/volumes/manage/',
      payload,
    });
    expect(unknown.statusCode).toBe(400);
    const badType = await t.as(admin, {
      method: 'POST',
      url: '/api/cinder/volumes/manage/',
      payload: { ...payload, id_type: 'source-guess' },
    });
    expect(badType.statusCode).toBe(400);
    const member = await t.as(demo, {
      method: 'POST',
      url: '/api/cinder/volumes/manage/',
      payload,
    });
    expect(member.statusCode).toBe(403);
  });
});
