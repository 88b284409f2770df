import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';

describe('CSRF and X-Requested-With', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    ({ app } = await buildOfflineApp());
    const options = await app.inject({ url: '/auth/options/' });
    const cookie = options.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    token = cookie?.value ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  afterAll(async () => {
    await app.close();
  });

  it('keeps an existing token and issues one only when absent', async () => {
    const again = await app.inject({
      url: '/auth/options/',
      headers: { cookie: `csrftoken=${token}` },
    });
    expect(again.cookies.find((c) => c.name === 'csrftoken')).toBeUndefined();
  });

  it('refuses unsafe /auth/ calls without the cookie, without the header, or with a wrong one', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/auth/logout/', headers });
    expect((await post({})).json()).toEqual({
      message: 'CSRF verification failed: the csrftoken cookie is missing.',
    });
    const noHeader = await post({ cookie: `csrftoken=${token}` });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().message).toMatch(/X-CSRFToken header is missing/);
    const wrong = await post({ cookie: `csrftoken=${token}`, 'x-csrftoken': `${token.slice(1)}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/incorrect/);
    const right = await post({ cookie: `csrftoken=${token}`, 'x-csrftoken': token });
    expect(right.statusCode).toBe(204);
  });

  it('accepts the token as a form field on form posts', async () => {
    const form = (field: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: {
          cookie: `csrftoken=${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `csrfmiddlewaretoken=${field}`,
      });
    expect((await form(token)).statusCode).toBe(204);
    expect((await form('nope')).statusCode).toBe(403);
  });

  it('requires X-Requested-With on /api/, and CSRF on unsafe /api/ calls', async () => {
    const noXhr = await app.inject({ url: '/api/settings/' });
    expect(noXhr.statusCode).toBe(403);
    expect(noXhr.json().message).toMatch(/X-Requested-With/);
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/policy/',
      headers: xhr,
      payload: {},
    });
    expect(noCsrf.statusCode).toBe(403);
    // With both, the next gate is the session.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/policy/',
      headers: { ...xhr, cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      payload: { rules: [] },
    });
    expect(ok.statusCode).toBe(401);
    expect(ok.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('cookie Secure flag', () => {
  it("'auto' marks cookies Secure behind an https proxy that is trusted", async () => {
    const { app } = await buildOfflineApp({ trustProxy: true, secureCookies: 'auto' });
    const viaHttps = await app.inject({
      url: '/auth/options/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaHttps.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);
    const plain = await app.inject({ url: '/auth/options/' });
    expect(plain.cookies.find((c) => c.name === 'csrftoken')?.secure).toBeFalsy();
    await app.close();
  });

  it('true always marks them Secure', async () => {
    const { app } = await buildOfflineApp({ secureCookies: true });
    const res = await app.inject({ url: '/auth/options/' });
    expect(res.cookies.find((c) => c.name === 'csrftoken')?.secure).toBe(true);
    await app.close();
  });
});
