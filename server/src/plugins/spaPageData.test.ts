import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';
import { PAGE_DATA_ID, scriptSafeJson } from './spa';

const INDEX =
  '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>';

const dist = mkdtempSync(join(tmpdir(), 'skydeck-page-data-'));
writeFileSync(join(dist, 'index.html'), INDEX);
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'preloads.json'),
  JSON.stringify({
    shell: ['assets/AppLayout-1.js'],
    panels: {
      '/project/images': ['assets/images.resource-2.js', 'assets/images.resource-2.css'],
      // Not a chunk name the build writes: left out, never put in the page.
      '/project/evil': ['assets/x.js"><script>alert(1)</script>'],
    },
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { t, demo } = useTestApp(['demo'], { config: { webDist: dist } });

/** The JSON of the page's data block, or undefined without one. */
function pageData(html: string): unknown {
  const block = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script></body></html>$`,
  ).exec(html);
  return block ? JSON.parse(block[1] ?? '') : undefined;
}

describe("a signed-in user's page carries the bootstrap (foundation issue §5)", () => {
  it('writes what GET /api/bootstrap/ answers into the page, last in its body, never cached', async () => {
    const page = await t.as(demo, {
      url: '/project/images?q=x',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.startsWith('<!doctype html><html><head><base href="/">')).toBe(true);
    const api = await t.as(demo, { url: '/api/bootstrap/' });
    expect(pageData(page.body)).toEqual(api.json());
    // The Keystone token stays on the server, as in the API's answer.
    expect(page.body).not.toContain(await t.tokenOf(demo));
  });

  it("names the shell's and the panel's chunks as modulepreload links after the root", async () => {
    const links = (html: string): string[] =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1] ?? '',
      );
    const page = async (url: string): Promise<string> =>
      (await t.as(demo, { url, headers: { accept: 'text/html' } })).body;
    const list = await page('/project/images?q=x');
    expect(links(list)).toEqual(['./assets/AppLayout-1.js', './assets/images.resource-2.js']);
    // The panel's stylesheets are linked in the head too, so the lazy chunk does not wait for them.
    expect(list).toContain(
      '<link rel="stylesheet" crossorigin href="./assets/images.resource-2.css">',
    );
    expect(list.indexOf('images.resource-2.css')).toBeLessThan(list.indexOf('</head>'));
    // The chunks come after the root's markup (parsed first), before the data block.
    expect(list.indexOf('modulepreload')).toBeGreaterThan(list.indexOf('<div id="root">'));
    expect(list.indexOf('modulepreload')).toBeLessThan(list.indexOf(PAGE_DATA_ID));
    // A page under the panel (its details) loads the same; a path of no panel, nothing.
    expect(links(await page('/project/images/abc'))).toEqual(links(list));
    expect(links(await page('/project/imagesX'))).toEqual([]);
    expect(links(await page('/project/evil'))).toEqual([]);
    // The data block is still whole, after the links.
    expect(pageData(list)).toEqual((await t.as(demo, { url: '/api/bootstrap/' })).json());
    const anonymous = await t.app.inject({
      url: '/project/images',
      headers: { accept: 'text/html' },
    });
    expect(links(anonymous.body)).toEqual([]);
  });

  it('writes nothing without a session, nor on a HEAD request', async () => {
    const anonymous = await t.app.inject({
      url: '/project/images',
      headers: { accept: 'text/html' },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.body).toBe(INDEX.replace('<head>', '<head><base href="/">'));
    const stale = await t.app.inject({
      url: '/project/images',
      headers: { accept: 'text/html', cookie: 'sessionid=0123456789abcdef0123456789abcdef' },
    });
    expect(pageData(stale.body)).toBeUndefined();
    const head = await t.as(demo, { method: 'HEAD', url: '/project/images' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('scriptSafeJson', () => {
  it('leaves nothing that could end the script element or a string, and reads back the same', () => {
    const hostile = {
      name: '</script><script>alert(1)</script><!-- & -->',
      line: 'a\u2028b\u2029c',
    };
    const safe = scriptSafeJson(JSON.stringify(hostile));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(hostile);
  });
});
