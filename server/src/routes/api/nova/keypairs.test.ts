import { describe, expect, it } from 'vitest';
import { createKeystoneClient } from '@skydeck/openstack-client';
import type { Keypair } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

describe('/api/nova/keypairs/', () => {
  it('lists the user key pairs', async () => {
    const res = await t.as(demo, { url: '/api/nova/keypairs/' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Keypair[];
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ name: expect.any(String), type: 'ssh' });
    expect(items[0]?.fingerprint).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2})+$/);
  });

  it('creates a generated pair: the private key comes once, never stored', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/keypairs/',
      payload: { name: 'made here', key_type: 'ssh' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ name: 'made here', type: 'ssh' });
    expect(body.private_key).toContain('PRIVATE KEY');
    expect(body.public_key).toMatch(/^ssh-/);

    // Names are URL-decoded; with or without the trailing slash.
    const shown = await t.as(demo, { url: '/api/nova/keypairs/made%20here/' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ name: 'made here', public_key: body.public_key });
    expect(shown.json().private_key).toBeUndefined();
    expect((await t.as(demo, { url: '/api/nova/keypairs/made%20here' })).statusCode).toBe(200);
  });

  it('imports a public key', async () => {
    const source = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/keypairs/',
      payload: { name: 'source' },
    });
    const publicKey = source.json().public_key as string;
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/keypairs/',
      payload: { name: 'imported', public_key: publicKey },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().private_key).toBeUndefined();
    expect(res.json().fingerprint).toBe(source.json().fingerprint);
  });

  it('deletes with 204, then answers 404 with the upstream message', async () => {
    await t.as(demo, { method: 'POST', url: '/api/nova/keypairs/', payload: { name: 'doomed' } });
    const del = await t.as(demo, { method: 'DELETE', url: '/api/nova/keypairs/doomed' });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const gone = await t.as(demo, { url: '/api/nova/keypairs/doomed/' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/doomed/);
  });

  it('passes a conflict through as 409', async () => {
    await t.as(demo, { method: 'POST', url: '/api/nova/keypairs/', payload: { name: 'twice' } });
    const again = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/keypairs/',
      payload: { name: 'twice' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/twice/);
  });

  it('validates with clear messages', async () => {
    const noName = await t.as(demo, { method: 'POST', url: '/api/nova/keypairs/', payload: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ message: 'name is required' });
    const badType = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/keypairs/',
      payload: { name: 'k', key_type: 'rsa' },
    });
    expect(badType.json()).toEqual({ message: "key_type must be one of: 'ssh', 'x509'" });
  });

  it('maps a token revoked behind the session to 401 and ends the session', async () => {
    const session = await t.login('demo');
    const token = await t.tokenOf(session);
    await createKeystoneClient({ authUrl: t.cloud.authUrl, token }).revokeToken(token);
    const res = await t.as(session, { url: '/api/nova/keypairs/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
    expect(res.cookies.find((c) => c.name === 'sessionid')?.value).toBe('');
    const after = await t.as(session, { url: '/api/keystone/user-session/' });
    expect(after.statusCode).toBe(401);
  });
});
