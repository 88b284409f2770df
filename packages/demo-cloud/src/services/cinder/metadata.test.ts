import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

describe('cinder volume metadata', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);

  it('reads, merges, replaces and deletes metadata', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = (await cinder.call<{ volumes: Body[] }>(s, 'GET', '/volumes?name=data-vol')).body
      .volumes[0];
    const path = `/volumes/${String(vol?.['id'])}/metadata`;
    expect((await cinder.call(s, 'GET', path)).body).toEqual({
      metadata: { purpose: 'database', tier: 'gold' },
    });
    const merged = await cinder.call(s, 'POST', path, { body: { metadata: { owner: 'ops' } } });
    expect(merged.body).toEqual({ metadata: { purpose: 'database', tier: 'gold', owner: 'ops' } });
    expect((await cinder.call(s, 'GET', `${path}/owner`)).body).toEqual({ meta: { owner: 'ops' } });
    const item = await cinder.call(s, 'PUT', `${path}/owner`, { body: { meta: { owner: 'dev' } } });
    expect(item.body).toEqual({ meta: { owner: 'dev' } });
    const mismatch = await cinder.call(s, 'PUT', `${path}/owner`, {
      body: { meta: { other: 'x' } },
    });
    expect(mismatch.body).toEqual({
      badRequest: { code: 400, message: 'Request body and URI mismatch' },
    });
    const tooMany = await cinder.call(s, 'PUT', `${path}/owner`, {
      body: { meta: { owner: 'x', other: 'y' } },
    });
    expect(tooMany.body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute meta. Value: {'owner': 'x', 'other': 'y'}. {'owner': 'x', 'other': 'y'} has too many properties",
      },
    });
    const badKey = await cinder.call(s, 'POST', path, { body: { metadata: { 'a b!': 'x' } } });
    expect(badKey.body).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute metadata. Value: {'a b!': 'x'}. 'a b!' does not match any of the regexes: '^[a-zA-Z0-9-_:. /]{1,255}$'",
      },
    });
    expect((await cinder.call(s, 'DELETE', `${path}/owner`)).status).toBe(200);
    const gone = await cinder.call(s, 'DELETE', `${path}/owner`);
    expect(gone.body).toEqual({
      itemNotFound: {
        code: 404,
        message: `Volume ${String(vol?.['id'])} has no metadata with key owner.`,
      },
    });
    const replaced = await cinder.call(s, 'PUT', path, { body: { metadata: { only: 'this' } } });
    expect(replaced.body).toEqual({ metadata: { only: 'this' } });
    await cinder.call(s, 'PUT', path, {
      body: { metadata: { purpose: 'database', tier: 'gold' } },
    });
  });

  it('answers an Etag from 3.15 and honours If-Match', async () => {
    const s = await cinder.session('demo', 'demo');
    const vol = (await cinder.call<{ volumes: Body[] }>(s, 'GET', '/volumes?name=fast-scratch'))
      .body.volumes[0];
    const path = `/volumes/${String(vol?.['id'])}/metadata`;
    expect((await cinder.call(s, 'GET', path)).headers.get('etag')).toBeNull();
    const r = await cinder.call(s, 'GET', path, { version: '3.15' });
    const etag = r.headers.get('etag') ?? '';
    expect(etag).toMatch(/^[0-9a-f]{32}$/);
    const stale = await cinder.call(s, 'PUT', path, {
      body: { metadata: { a: 'b' } },
      version: '3.15',
      headers: { 'If-Match': 'nope' },
    });
    expect(stale.status).toBe(412);
    const ok = await cinder.call(s, 'PUT', path, {
      body: { metadata: { a: 'b' } },
      version: '3.15',
      headers: { 'If-Match': etag },
    });
    expect(ok.status).toBe(200);
  });

  it('follows the roles: readers read, members write, other projects see nothing', async () => {
    const s = await cinder.session('demo', 'demo');
    const reader = await cinder.session('reader', 'demo');
    const alt = await cinder.session('demo', 'alt_demo');
    const vol = (await cinder.call<{ volumes: Body[] }>(s, 'GET', '/volumes?name=fast-scratch'))
      .body.volumes[0];
    const path = `/volumes/${String(vol?.['id'])}/metadata`;
    expect((await cinder.call(reader, 'GET', path)).status).toBe(200);
    expect(
      (await cinder.call(reader, 'POST', path, { body: { metadata: { x: 'y' } } })).body,
    ).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume:create_volume_metadata to be performed.",
      },
    });
    expect((await cinder.call(alt, 'GET', path)).status).toBe(404);
  });
});
