import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/useTestApp';
import { PAGE_DATA_ID, PAGE_STATE_ID } from './spa';

const INDEX =
  '<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web build's .ssr/entry-server.mjs with the same interface: it reads the
 * bootstrap it is given and makes the app's calls through the environment the server supplies,
 * a GET and a POST (the policy batch, which needs the CSRF token), and writes what it got.
 */
const ENTRY = `
let source;
export function setEnvironmentSource(get) { source = get; }
export async function renderPage(href) {
  const env = source();
  const path = new URL(href).pathname;
  if (path === '/project/fails') throw new Error('render failed');
  if (path === '/project/slow') await new Promise((r) => setTimeout(r, 1500));
  if (path === '/project/none') return undefined;
  const boot = env.takeBootstrap();
  const again = env.takeBootstrap();
  const csrf = /(?:^|; )csrftoken=([^;]*)/.exec(env.cookie())[1];
  const headers = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const settings = await env.fetch(env.webRoot() + 'api/settings/', { headers });
  const policy = await env.fetch(env.webRoot() + 'api/policy/batch/', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(csrf) },
    body: JSON.stringify({ checks: [{ rules: [['compute', 'os_compute_api:os-keypairs:index']] }] }),
  });
  const answer = await policy.json();
  return {
    html: '<p>' + [boot.session.username, String(again), settings.status, policy.status, JSON.stringify(answer)].join('|') + '</p>',
    state: { href, path },
  };
}
`;

const dist = mkdtempSync(join(tmpdir(), 'skydeck-page-render-'));
writeFileSync(join(dist, 'index.html'), INDEX);
mkdirSync(join(dist, '.ssr'));
writeFileSync(join(dist, '.ssr', 'entry-server.mjs'), ENTRY);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { t, demo } = useTestApp(['demo'], { config: { webDist: dist } });

const block = (html: string, id: string): unknown => {
  const found = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(
    html,
  );
  return found ? JSON.parse(found[1] ?? '') : undefined;
};

const page = (url: string) => t.as(demo, { url, headers: { accept: 'text/html' } });

describe('a signed-in page rendered on the server (foundation issue §5)', () => {
  it("puts the render inside the app's root, and the state it came from after it", async () => {
    const answer = await page('/project/key_pairs?sort=name');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.body;
    // The app's own calls reached the routes with the user's session and passed the CSRF
    // check; the bootstrap is handed over once.
    expect(html).toContain(
      '<div id="root" inert><p>demo|undefined|200|200|{"allowed":[true]}</p></div>',
    );
    expect(block(html, PAGE_STATE_ID)).toEqual({
      href: expect.stringMatching(/^http:\/\/[^/]+\/project\/key_pairs\?sort=name$/),
      path: '/project/key_pairs',
    });
    // The state holds what the bootstrap block would have: it is left out.
    expect(block(html, PAGE_DATA_ID)).toBeUndefined();
    expect(html.indexOf(PAGE_STATE_ID)).toBeGreaterThan(html.indexOf('</p></div>'));
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('sends the page without a render when there is none, it fails or it is late', async () => {
    for (const url of ['/project/none', '/project/fails', '/project/slow']) {
      const html = (await page(url)).body;
      expect(html).toContain('<div id="root"></div>');
      expect(block(html, PAGE_STATE_ID)).toBeUndefined();
      // The browser renders it then, from the bootstrap as before.
      expect(block(html, PAGE_DATA_ID)).toMatchObject({ session: { username: 'demo' } });
    }
  });

  it('renders nothing for a visitor without a session', async () => {
    const anonymous = await t.app.inject({
      url: '/project/key_pairs',
      headers: { accept: 'text/html' },
    });
    expect(anonymous.body).toContain('<div id="root"></div>');
    expect(anonymous.body).not.toContain(PAGE_STATE_ID);
  });
});
