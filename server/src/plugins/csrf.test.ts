import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { anonymousBrowser, type AnonymousBrowser } from '../testing/buildTestApp';
import { sessionData } from '../testing/sessionData';
import { CROSS_SITE_MESSAGE, PRESESSION_COOKIE, csrfTokenForSession } from './csrf';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const SESSION_A = 'A'.repeat(43);
const SESSION_B = 'B'.repeat(43);
/** inject() talks to host localhost:80 over http. */
const OWN = 'http://localhost:80';

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name);

/** One unsafe route per method under /api/; without a session they answer 401 past CSRF. */
const UNSAFE = [
  ['POST', '/api/policy/'],
  ['PUT', '/api/glance/images/'],
  ['PATCH', '/api/nova/flavors/f1/'],
  ['DELETE', '/api/nova/keypairs/k1/'],
] as const;

describe('CSRF', () => {
  let app: FastifyInstance;
  let browser: AnonymousBrowser;

  beforeAll(async () => {
    ({ app } = await buildOfflineApp());
    browser = await anonymousBrowser(app);
    await app.sessionStore.set(SESSION_A, sessionData(), 600);
    await app.sessionStore.set(SESSION_B, sessionData(), 600);
  });

  afterAll(async () => {
    await app.close();
  });

  it('hands out a readable token and an HttpOnly pre-session id, once', async () => {
    const options = await app.inject({ url: '/auth/options/' });
    const token = cookieOf(options, 'csrftoken');
    expect(token).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(token?.httpOnly).toBeFalsy();
    expect(token?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const presession = cookieOf(options, PRESESSION_COOKIE);
    expect(presession).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: true });
    expect(presession?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await app.inject({
      url: '/auth/options/',
      headers: { cookie: browser.cookie },
    });
    expect(again.cookies).toEqual([]);
  });

  it('replaces a token bound to nothing (a planted or old random one)', async () => {
    const res = await app.inject({
      url: '/auth/options/',
      headers: { cookie: 'csrftoken=planted' },
    });
    const token = cookieOf(res, 'csrftoken')?.value;
    expect(token).toBeTruthy();
    expect(token).not.toBe('planted');
    expect(cookieOf(res, PRESESSION_COOKIE)?.value).toBeTruthy();
    // Also on any /api answer, so the web app heals without a reload.
    const api = await app.inject({
      url: '/api/settings/',
      headers: { ...XHR, cookie: `sessionid=${SESSION_A}; csrftoken=stale` },
    });
    expect(cookieOf(api, 'csrftoken')?.value).toBe(csrfTokenForSession(SESSION_A));
  });

  it('refuses unsafe /auth/ calls without the cookie, without the header, or with a wrong one', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/auth/logout/', headers });
    expect((await post({})).json()).toEqual({
      message: 'CSRF verification failed: the csrftoken cookie is missing.',
    });
    const noHeader = await post({ cookie: browser.cookie });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().message).toMatch(/X-CSRFToken header is missing/);
    const wrong = await post({ cookie: browser.cookie, 'x-csrftoken': `${browser.csrf}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/incorrect/);
    expect((await post(browser.headers)).statusCode).toBe(204);
  });

  it('takes the token as a form field on form posts', async () => {
    const form = (field: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `csrfmiddlewaretoken=${field}`,
      });
    const ok = await form(browser.csrf);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/login');
    expect((await form('nope')).statusCode).toBe(403);
  });

  it('refuses a matching cookie/header pair that is not bound to the browser', async () => {
    // Planted by another site (a sibling host can set cookies): any value, repeated.
    const planted = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: {
        cookie: `${PRESESSION_COOKIE}=${'P'.repeat(43)}; csrftoken=chosen`,
        'x-csrftoken': 'chosen',
      },
      payload: { username: 'demo', password: 'demo' },
    });
    expect(planted.statusCode).toBe(403);
    expect(planted.json().message).toMatch(/incorrect/);
    // The attacker's own valid pair, with the victim's pre-session id.
    const attacker = await anonymousBrowser(app);
    const victim = await anonymousBrowser(app);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: {
        cookie: `${victim.cookie.split(';')[0]}; csrftoken=${attacker.csrf}`,
        'x-csrftoken': attacker.csrf,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `username=demo&password=demo&csrfmiddlewaretoken=${attacker.csrf}`,
    });
    expect(login.statusCode).toBe(403);
    // A form post with the field from another browser.
    const formPost = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: {
        cookie: victim.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `username=demo&password=demo&csrfmiddlewaretoken=${attacker.csrf}`,
    });
    expect(formPost.statusCode).toBe(403);
  });

  it('refuses the token of another session, on every unsafe method', async () => {
    for (const [method, url] of UNSAFE) {
      const other = await app.inject({
        method,
        url,
        headers: {
          ...XHR,
          cookie: `sessionid=${SESSION_A}; csrftoken=${csrfTokenForSession(SESSION_B)}`,
          'x-csrftoken': csrfTokenForSession(SESSION_B),
        },
        payload: {},
      });
      expect(other.statusCode, `${method} ${url}`).toBe(403);
      expect(other.json().message).toMatch(/incorrect/);
      // A pre-session token is not the session's either.
      const pre = await app.inject({
        method,
        url,
        headers: {
          ...XHR,
          cookie: `sessionid=${SESSION_A}; ${browser.cookie}`,
          'x-csrftoken': browser.csrf,
        },
        payload: {},
      });
      expect(pre.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('takes every unsafe method only from this site', async () => {
    const token = csrfTokenForSession(SESSION_A);
    const session = { ...XHR, cookie: `sessionid=${SESSION_A}; csrftoken=${token}` };
    for (const [method, url] of UNSAFE) {
      const what = `${method} ${url}`;
      const send = (headers: Record<string, string>) =>
        app.inject({ method, url, headers: { ...session, ...headers }, payload: {} });
      for (const headers of <Array<Record<string, string>>>[
        {},
        { 'x-csrftoken': 'x'.repeat(43) },
        { 'x-csrftoken': token, origin: 'https://evil.example' },
        { 'x-csrftoken': token, origin: 'http://localhost:8080' },
        { 'x-csrftoken': token, origin: 'null' },
        { 'x-csrftoken': token, 'sec-fetch-site': 'cross-site' },
        { 'x-csrftoken': token, 'sec-fetch-site': 'same-site' },
        { 'x-csrftoken': token, origin: OWN, 'sec-fetch-site': 'cross-site' },
        { 'x-csrftoken': token, referer: 'https://evil.example/page' },
      ]) {
        const res = await send(headers);
        expect(res.statusCode, `${what} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().message).toMatch(/^CSRF verification failed/);
      }
      const crossSite = await send({ 'x-csrftoken': token, 'sec-fetch-site': 'cross-site' });
      expect(crossSite.json()).toEqual({ message: CROSS_SITE_MESSAGE });
      // Past CSRF, the offline cloud answers (no 403): from a browser on this site, or from a
      // client that sends neither Origin nor Sec-Fetch-Site.
      for (const headers of <Array<Record<string, string>>>[
        { 'x-csrftoken': token, origin: OWN, 'sec-fetch-site': 'same-origin' },
        { 'x-csrftoken': token, origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
        { 'x-csrftoken': token, 'sec-fetch-site': 'same-origin' },
        { 'x-csrftoken': token },
        { 'x-csrftoken': token, referer: `${OWN}/project/` },
      ]) {
        const res = await send(headers);
        expect(res.statusCode, `${what} ${JSON.stringify(headers)}`).not.toBe(403);
        expect(res.body).not.toMatch(/CSRF/);
      }
    }
  });

  it('checks the origin on /auth/ form posts too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: {
        cookie: browser.cookie,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `username=demo&password=demo&csrfmiddlewaretoken=${browser.csrf}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CROSS_SITE_MESSAGE });
  });

  it('requires X-Requested-With on /api/', async () => {
    const noXhr = await app.inject({ url: '/api/settings/' });
    expect(noXhr.statusCode).toBe(403);
    expect(noXhr.json().message).toMatch(/X-Requested-With/);
  });

  it('binds the token anew when the session cookie changes', async () => {
    // A session whose Keystone token died: the cookie goes, and with it the session's token.
    const dead = 'D'.repeat(43);
    await app.sessionStore.set(dead, sessionData({ expiresAt: Date.now() - 1 }), 600);
    const res = await app.inject({
      url: '/api/keystone/user-session/',
      headers: { ...XHR, cookie: `sessionid=${dead}; csrftoken=${csrfTokenForSession(dead)}` },
    });
    expect(res.statusCode).toBe(401);
    expect(cookieOf(res, 'sessionid')?.value).toBe('');
    const presession = cookieOf(res, PRESESSION_COOKIE)?.value ?? '';
    const token = cookieOf(res, 'csrftoken')?.value ?? '';
    expect(presession).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new pair works for the next sign-in attempt (it gets as far as Keystone).
    const next = await app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: {
        cookie: `${PRESESSION_COOKIE}=${presession}; csrftoken=${token}`,
        'x-csrftoken': token,
      },
    });
    expect(next.statusCode).toBe(204);
  });
});

/**
 * A fresh anonymous browser's logout posts (its cookie and token sent) with the given headers
 * added: the proxy and trusted-origin cases differ only in the headers and the app's config.
 */
const logoutPoster = async (
  app: FastifyInstance,
): Promise<(headers: Record<string, string>) => Promise<LightMyRequestResponse>> => {
  const browser = await anonymousBrowser(app);
  return (headers) =>
    app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: { ...browser.headers, ...headers },
    });
};

describe('CSRF behind a proxy and with trusted origins', () => {
  it('compares with the origin the browser used, when the proxy is trusted', async () => {
    const { app } = await buildOfflineApp({ trustProxy: true });
    try {
      const post = await logoutPoster(app);
      const proxied = {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'dash.example.com',
        origin: 'https://dash.example.com',
        'sec-fetch-site': 'same-origin',
      };
      expect((await post(proxied)).statusCode).toBe(204);
      expect((await post({ ...proxied, origin: 'http://dash.example.com' })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
    const { app: untrusting } = await buildOfflineApp();
    try {
      const post = await logoutPoster(untrusting);
      const res = await post({
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'dash.example.com',
        origin: 'https://dash.example.com',
      });
      expect(res.statusCode).toBe(403);
    } finally {
      await untrusting.close();
    }
  });

  it('lets a configured origin through, same-site or not; others stay out', async () => {
    const { app } = await buildOfflineApp({ csrfTrustedOrigins: ['https://portal.example.com'] });
    try {
      const post = await logoutPoster(app);
      const portal = { origin: 'https://portal.example.com', 'sec-fetch-site': 'same-site' };
      expect((await post(portal)).statusCode).toBe(204);
      expect((await post({ ...portal, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(204);
      expect((await post({ ...portal, origin: 'https://other.example.com' })).statusCode).toBe(403);
      expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('cookie Secure flag', () => {
  it("'auto' marks cookies Secure behind an https proxy that is trusted", async () => {
    const { app } = await buildOfflineApp({ trustProxy: true, secureCookies: 'auto' });
    const viaHttps = await app.inject({
      url: '/auth/options/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cookieOf(viaHttps, 'csrftoken')?.secure).toBe(true);
    expect(cookieOf(viaHttps, PRESESSION_COOKIE)?.secure).toBe(true);
    const plain = await app.inject({ url: '/auth/options/' });
    expect(cookieOf(plain, 'csrftoken')?.secure).toBeFalsy();
    await app.close();
  });

  it('true always marks them Secure', async () => {
    const { app } = await buildOfflineApp({ secureCookies: true });
    const res = await app.inject({ url: '/auth/options/' });
    expect(cookieOf(res, 'csrftoken')?.secure).toBe(true);
    await app.close();
  });
});
