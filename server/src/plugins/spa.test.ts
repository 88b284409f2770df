import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { injectBase } from './spa';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="./assets/app-1234.js"></script></head><body><div id="root"></div></body></html>';

describe('injectBase', () => {
  it('puts <base href> first in <head>, replacing an existing one', () => {
    expect(injectBase('<html><head><title>x</title></head></html>', '/a/')).toBe(
      '<html><head><base href="/a/"><title>x</title></head></html>',
    );
    expect(injectBase('<head lang="en"><base href="/old/"></head>', '/"x/')).toBe(
      '<head lang="en"><base href="/&quot;x/"></head>',
    );
  });
});

describe('SPA serving under a webroot', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skydeck-spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.ico'), 'icon');
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    ({ app } = await buildOfflineApp({ webroot: '/dash/', webDist: dir }));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers client routes with index.html, base injected, not cached, with a CSRF cookie', async () => {
    for (const url of [
      '/dash/',
      '/dash/project/key_pairs',
      '/dash/ngdetails/OS::Nova::Keypair/a.b',
    ]) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<head><base href="/dash/"><meta charset="utf-8">');
      expect(res.cookies.map((c) => c.name)).toContain('csrftoken');
    }
    const direct = await app.inject({ url: '/dash/index.html', headers: { accept: 'text/html' } });
    expect(direct.body).toContain('<base href="/dash/">');
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const asset = await app.inject({ url: '/dash/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/dash/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for missing files, dotfiles, and unknown /api/ paths', async () => {
    expect((await app.inject({ url: '/dash/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/dash/.env' })).statusCode).toBe(404);
    const api = await app.inject({
      url: '/dash/api/nope/',
      headers: { accept: 'text/html', 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    expect(
      (await app.inject({ url: '/elsewhere', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(404);
  });

  it('redirects the webroot without its slash', async () => {
    const res = await app.inject({ url: '/dash' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dash/');
  });
});

describe('SPA not built', () => {
  it('says how to build it', async () => {
    const { app } = await buildOfflineApp({ webDist: join(tmpdir(), 'skydeck-no-such-dist') });
    const res = await app.inject({ url: '/project/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await app.close();
  });
});
