import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpenStackHttpError,
  authenticatePassword,
  createKeystoneClient,
} from '@skydeck/openstack-client';
import { buildTestApp, type TestApp } from '../../testing/buildTestApp';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

/** Asks Keystone, as admin, whether a token is still valid. */
const tokenStatus = async (token: string): Promise<number> => {
  const admin = await authenticatePassword({
    authUrl: t.cloud.authUrl,
    username: 'admin',
    password: 'admin',
  });
  const keystone = createKeystoneClient({ authUrl: t.cloud.authUrl, token: admin.token });
  try {
    await keystone.validateToken(token);
    return 200;
  } catch (error) {
    if (error instanceof OpenStackHttpError) return error.status;
    throw error;
  }
};

describe('logout', () => {
  it('POST revokes the token at Keystone, destroys the session and clears the cookie', async () => {
    const session = await t.login('demo');
    const token = await t.tokenOf(session);
    expect(await tokenStatus(token)).toBe(200);

    const res = await t.as(session, { method: 'POST', url: '/auth/logout/' });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sessionid');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect([401, 404]).toContain(await tokenStatus(token));

    const after = await t.as(session, { url: '/api/keystone/user-session/' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
  });

  it('GET (a plain link) signs out too and sends the browser to the login page', async () => {
    const session = await t.login('reader');
    const res = await t.app.inject({
      url: '/auth/logout',
      headers: { cookie: session.headers.cookie ?? '' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await t.as(session, { url: '/api/settings/' })).statusCode).toBe(401);
  });

  it('POST needs the CSRF token, and works without a session', async () => {
    const session = await t.login('demo');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { cookie: session.headers.cookie ?? '' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await t.as(session, { url: '/api/settings/' })).statusCode).toBe(200);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { cookie: `csrftoken=${session.csrf}`, 'x-csrftoken': session.csrf },
    });
    expect(anonymous.statusCode).toBe(204);
  });
});
