import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { CONTENT_SECURITY_POLICY, HSTS } from './securityHeaders';

const expectSecurityHeaders = (res: LightMyRequestResponse, what: string): void => {
  expect(res.headers['content-security-policy'], what).toBe(CONTENT_SECURITY_POLICY);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
};

describe('security headers', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-headers-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body></body></html>');
    writeFileSync(join(dir, 'assets', 'a.js'), '1');
    ({ app } = await buildOfflineApp({ webDist: dir }));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the CSP is strict: no inline script or style, no framing', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });

  it('are on every kind of answer', async () => {
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const cases: Array<[string, InjectOptions]> = [
      ['json', { url: '/auth/options/' }],
      ['spa index', { url: '/project/', headers: { accept: 'text/html' } }],
      ['static', { url: '/assets/a.js' }],
      ['missing static', { url: '/assets/b.js' }],
      ['api 401', { url: '/api/settings/', headers: xhr }],
      ['api 403', { url: '/api/settings/' }],
      ['api 404', { url: '/api/none/', headers: xhr }],
      ['csrf 403', { method: 'POST', url: '/auth/logout/' }],
      [
        'bad json 400',
        {
          method: 'POST',
          url: '/auth/login/',
          headers: {
            cookie: 'csrftoken=abc',
            'x-csrftoken': 'abc',
            'content-type': 'application/json',
          },
          payload: '{bad',
        },
      ],
      ['redirect', { url: '/auth/logout/' }],
      ['method not found', { method: 'PUT', url: '/' }],
    ];
    for (const [what, request] of cases) {
      const res = await app.inject(request);
      expectSecurityHeaders(res, `${what} (${res.statusCode})`);
    }
  });

  it('no /auth or /api answer may be stored, 404s and errors included', async () => {
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    const cases: InjectOptions[] = [
      { url: '/auth/options/' },
      { url: '/auth/logout/' },
      { url: '/auth/nothing-here/' },
      { method: 'POST', url: '/auth/login/' },
      { method: 'DELETE', url: '/auth/options/' },
      { url: '/api/none/', headers: xhr },
      { url: '/api/none/' },
      { url: '/api/settings/', headers: xhr },
      { method: 'PATCH', url: '/api/none/', headers: xhr },
    ];
    for (const request of cases) {
      const res = await app.inject(request);
      const what = `${request.method ?? 'GET'} ${request.url} (${res.statusCode})`;
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
    // The web app's own files keep their caching.
    const asset = await app.inject({ url: '/assets/a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ url: '/project/', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('HSTS only over https (a trusted proxy counts), on every kind of answer', async () => {
    const plain = await app.inject({ url: '/auth/options/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without trust in the proxy, its x-forwarded-proto is ignored.
    const untrusted = await app.inject({
      url: '/auth/options/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const { app: proxied } = await buildOfflineApp({ webDist: dir, trustProxy: true });
    try {
      for (const url of ['/auth/options/', '/api/none/', '/project/', '/assets/a.js']) {
        const res = await proxied.inject({
          url,
          headers: { 'x-forwarded-proto': 'https', accept: 'text/html' },
        });
        expect(res.headers['strict-transport-security'], url).toBe(HSTS);
      }
    } finally {
      await proxied.close();
    }
    expect(HSTS).toBe('max-age=31536000');
  });

  it('a 5xx answer leaks nothing', async () => {
    const { app: broken } = await buildOfflineApp();
    broken.get('/boom/', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const res = await broken.inject({ url: '/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'An internal error occurred. Please try again later.' });
    expectSecurityHeaders(res, '500');
    await broken.close();
  });
});
