import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { injectBase } from './spa';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="./assets/app-1234.js"></script></head><body><div id="root"></div></body></html>';

const ASSET = `console.log(${'"hello", '.repeat(200)})`;
const STYLE = `.a { color: red; }\n`.repeat(100);

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
    writeFileSync(join(dir, 'assets', 'app-1234.js'), ASSET);
    writeFileSync(join(dir, 'assets', 'app-1234.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(dir, 'assets', 'app-1234.js.gz'), gzipSync(ASSET));
    // Only a gzip variant: a br-first client gets gzip.
    writeFileSync(join(dir, 'assets', 'style-1234.css'), STYLE);
    writeFileSync(join(dir, 'assets', 'style-1234.css.gz'), gzipSync(STYLE));
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

  it('serves the pre-compressed variant the client accepts, with Vary and immutable caching', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'br;q=0.5, gzip', encoding: 'gzip' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const res = await app.inject({
        url: '/dash/assets/app-1234.js',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy'], accept).toContain("script-src 'self'");
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString(), accept).toBe(ASSET);
      if (encoding) {
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
        expect(res.rawPayload.length, accept).toBeLessThan(ASSET.length);
      }
    }
  });

  it('falls back to the next encoding, then the file itself, when a variant is missing', async () => {
    const css = await app.inject({
      url: '/dash/assets/style-1234.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.rawPayload).toString()).toBe(STYLE);
    const icon = await app.inject({
      url: '/dash/favicon.ico',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers.vary).toMatch(/accept-encoding/i);
    expect(icon.body).toBe('icon');
  });

  it('never serves a compressed variant as a file of its own', async () => {
    for (const url of ['/dash/assets/app-1234.js.br', '/dash/assets/app-1234.js.gz']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers index.html uncompressed and not cached, whatever the client accepts', async () => {
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
    const res = await app.inject({
      url: '/dash/project/key_pairs',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<base href="/dash/">');
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

  it('answers the root webroot with the app, and a directory path never with 403', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skydeck-spa-root-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    const { app: rooted } = await buildOfflineApp({ webDist: dir });
    try {
      const home = await rooted.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<base href="/">');
      const folder = await rooted.inject({ url: '/assets/' });
      expect(folder.statusCode).not.toBe(403);
    } finally {
      await rooted.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
