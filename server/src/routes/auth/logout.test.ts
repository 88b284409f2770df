import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OpenStackHttpError,
  authenticatePassword,
  createKeystoneClient,
} from '@skydeck/openstack-client';
import { anonymousBrowser, buildTestApp, type TestApp } from '../../testing/buildTestApp';

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

  it('GET (a plain link) on our own pages signs out and sends the browser to the login page', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      // Typed into the address bar, or a bookmark.
      { 'sec-fetch-site': 'none' },
      // Browsers without Fetch Metadata: the Referer (our pages send it to us).
      { referer: 'http://localhost:80/project/' },
    ]) {
      const session = await t.login('reader');
      const res = await t.app.inject({
        url: '/auth/logout',
        headers: { cookie: session.headers.cookie ?? '', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect(res.headers.location).toBe('/login');
      expect((await t.as(session, { url: '/api/settings/' })).statusCode).toBe(401);
    }
  });

  it('GET from another site only offers a button that posts the sign-out', async () => {
    const session = await t.login('demo');
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/' },
      // A browser that tells nothing where the link was.
      {},
    ]) {
      const res = await t.app.inject({
        url: '/auth/logout/',
        headers: { cookie: session.headers.cookie ?? '', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<form method="post" action="/auth/logout/">');
      expect(res.body).toContain(
        `<input type="hidden" name="csrfmiddlewaretoken" value="${session.csrf}">`,
      );
      expect(res.body).not.toMatch(/<script|style=/);
      expect((await t.as(session, { url: '/api/settings/' })).statusCode).toBe(200);
    }
    // The button: a same-origin form post with the field.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: {
        cookie: session.headers.cookie ?? '',
        origin: 'http://localhost:80',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `csrfmiddlewaretoken=${session.csrf}`,
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/login');
    expect((await t.as(session, { url: '/api/settings/' })).statusCode).toBe(401);
  });

  it('leaves the browser a fresh pre-session token that signs in again', async () => {
    const session = await t.login('demo');
    const out = await t.as(session, { method: 'POST', url: '/auth/logout/' });
    expect(out.statusCode).toBe(204);
    const presession = out.cookies.find((c) => c.name === 'presessionid')?.value ?? '';
    const csrf = out.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    expect(presession).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf).not.toBe(session.csrf);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: `presessionid=${presession}; csrftoken=${csrf}`, 'x-csrftoken': csrf },
      payload: { username: 'demo', password: 'demo' },
    });
    expect(again.statusCode).toBe(200);
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
      headers: (await anonymousBrowser(t.app)).headers,
    });
    expect(anonymous.statusCode).toBe(204);
  });
});
