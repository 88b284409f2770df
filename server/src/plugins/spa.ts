import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export interface SpaPluginOptions {
  webroot: string;
  /** The built web app (vite build output). */
  webDist: string;
  /**
   * What the app would ask for first (a signed-in user's bootstrap), written into the page it
   * asked for. Called before the answer starts (it may set cookies: a session found dead), it
   * gives the work that assembles the JSON text while the page streams, which must not touch
   * the reply; or undefined when there is nothing to write (no session).
   */
  pageData?: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<(() => Promise<string>) | undefined>;
  /**
   * The server's first render of a signed-in page (foundation issue §5): given the page data's
   * JSON and the CSRF token the answer leaves in the browser, the markup of the app's root and
   * the JSON of the state it was rendered from; undefined for a page it does not render.
   */
  renderPage?: (
    request: FastifyRequest,
    pageJson: string,
    csrfToken: string,
  ) => Promise<RenderedRoot | undefined>;
}

/** A rendered app root: its markup, and the state the browser hydrates it with. */
export interface RenderedRoot {
  html: string;
  stateJson: string;
}

/** The id of the state block of a server-rendered page (web/src/app/pageState.ts). */
export const PAGE_STATE_ID = 'skydeck-page-state';

/** The app's root element as the build writes it; a rendered page's markup goes inside. */
const ROOT_OPEN = '<div id="root">';
const ROOT_OPEN_INERT = '<div id="root" inert>';

/** The id of the page's data block, which the web app reads once (web/src/data/shell.ts). */
export const PAGE_DATA_ID = 'skydeck-page-data';

/**
 * JSON made safe inside a <script> element: no `<` (so no `</script>` or `<!--` from a name a
 * user typed), no `>` or `&`, and no line separators older parsers end a string at.
 */
export const scriptSafeJson = (json: string): string =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The data block: a JSON script is never run, so a strict CSP has nothing to allow. */
const dataBlock = (json: string, id = PAGE_DATA_ID): string =>
  `<script type="application/json" id="${id}">${scriptSafeJson(json)}</script>`;

declare module 'fastify' {
  interface FastifyInstance {
    /** True for a GET under the webroot that the SPA's router should answer. */
    isSpaRoute(request: FastifyRequest): boolean;
  }
  interface FastifyReply {
    /** index.html with <base href="{webroot}">, or a page saying the app is not built. */
    sendSpaIndex(): Promise<FastifyReply>;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSED_VARIANT = /\.(br|gz)$/;

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Puts <base href> first in <head> (replacing one the build may carry). */
export const injectBase = (html: string, webroot: string): string => {
  const base = `<base href="${escapeAttr(webroot)}">`;
  const withoutBase = html.replace(/<base\b[^>]*>/i, '');
  const head = /<head\b[^>]*>/i.exec(withoutBase);
  if (!head) return `${base}${withoutBase}`;
  const at = head.index + head[0].length;
  return `${withoutBase.slice(0, at)}${base}${withoutBase.slice(at)}`;
};

/** web/tools/routePreloads.ts's output: the chunks of the shell and of each panel's path. */
interface RoutePreloads {
  shell: string[];
  panels: Record<string, string[]>;
}

async function readPreloads(file: string): Promise<RoutePreloads | undefined> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as Partial<RoutePreloads>;
    const files = (list: unknown): list is string[] =>
      Array.isArray(list) && list.every((f) => typeof f === 'string' && SAFE_ASSET.test(f));
    if (!files(data.shell) || typeof data.panels !== 'object' || data.panels === null) return;
    const panels = Object.entries(data.panels).filter(([, list]) => files(list));
    return { shell: data.shell, panels: Object.fromEntries(panels) as Record<string, string[]> };
  } catch {
    return undefined; // a build without it (or an older one): pages work, just without hints
  }
}

/** A chunk's name as the build writes it: nothing to escape in an attribute. */
const SAFE_ASSET = /^assets\/[\w.-]+\.(?:js|css)$/;

/** The chunks to preload for an app path: the shell's, and its panel's (or a page under it). */
export function routeFiles(preloads: RoutePreloads | undefined, path: string): string[] {
  if (!preloads) return [];
  const panel = Object.keys(preloads.panels).find((p) => path === p || path.startsWith(`${p}/`));
  if (!panel) return [];
  return [...preloads.shell, ...(preloads.panels[panel] ?? [])];
}

/**
 * The route's files as links: a stylesheet per CSS file at the end of the head (Vite's loader
 * finds it there and does not wait for it again; a stylesheet later in the body would hold up
 * the markup after it), and a modulepreload per chunk, returned apart for the page to place.
 */
function withPreloads(html: string, files: readonly string[]): { html: string; scripts: string } {
  const scripts = files
    .filter((f) => !f.endsWith('.css'))
    .map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`)
    .join('');
  const at = html.indexOf('</head>');
  const styles = files
    .filter((f) => f.endsWith('.css'))
    .map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`)
    .join('');
  if (at < 0) return { html, scripts };
  return { html: `${html.slice(0, at)}${styles}${html.slice(at)}`, scripts };
}

const NOT_BUILT = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8"><title>Skydeck</title></head>',
  '<body><h1>Skydeck</h1>',
  '<p>The web app has not been built yet. Run <code>npm run build</code>, then reload this page.</p>',
  '</body></html>',
].join('');

const plugin: FastifyPluginAsync<SpaPluginOptions> = async (app, options) => {
  const { webroot, webDist, pageData, renderPage } = options;
  const indexFile = join(webDist, 'index.html');
  const reserved = [`${webroot}api/`, `${webroot}auth/`];
  const assets = join(webDist, 'assets', sep);
  const preloadsFile = join(webDist, '.vite', 'preloads.json');
  let cached: { mtimeMs: number; html: string; preloads: RoutePreloads | undefined } | undefined;

  // Re-read only when the build changed; no synchronous fs on requests.
  const loadIndex = async (): Promise<typeof cached> => {
    try {
      const info = await stat(indexFile);
      if (cached?.mtimeMs !== info.mtimeMs) {
        cached = {
          mtimeMs: info.mtimeMs,
          html: injectBase(await readFile(indexFile, 'utf8'), webroot),
          preloads: await readPreloads(preloadsFile),
        };
      }
      return cached;
    } catch {
      cached = undefined;
      return undefined;
    }
  };

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: webroot,
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    // The build writes <file>.br and <file>.gz beside each text file; the best one the client
    // accepts is sent with Content-Encoding, and every answer carries Vary: Accept-Encoding.
    preCompressed: true,
    // index.html is only ever answered with its <base> injected, by the fallback below; the
    // compressed variants only ever as the encoding of their file.
    // A directory is never a file to send (send() would answer 403): the webroot itself and any
    // other path ending in `/` fall through to the app, or to a 404.
    allowedPath: (pathName) =>
      !pathName.endsWith('/') &&
      pathName !== '/index.html' &&
      !COMPRESSED_VARIANT.test(pathName) &&
      !pathName.startsWith('/api/') &&
      !pathName.startsWith('/auth/'),
    setHeaders: (reply, path) => {
      // Hashed file names: a changed file gets a new URL, so the old one never goes stale.
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });

  app.decorate('isSpaRoute', (request: FastifyRequest): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith(webroot) || reserved.some((p) => path.startsWith(p))) return false;
    // A missing script or image stays a 404; a navigation (or a dot-less path) gets the app.
    const last = path.slice(path.lastIndexOf('/') + 1);
    const accept = request.headers.accept ?? '';
    return accept.includes('text/html') || !last.includes('.');
  });

  app.decorateReply('sendSpaIndex', async function (this: FastifyReply): Promise<FastifyReply> {
    const csrfToken = this.issueCsrfToken();
    const index = await loadIndex();
    this.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (index === undefined) return this.code(503).send(NOT_BUILT);
    const { request } = this;
    const { html } = index;
    let assemble: (() => Promise<string>) | undefined;
    if (pageData && request.method === 'GET' && html.includes('</body>')) {
      try {
        assemble = await pageData(request, this);
      } catch (error) {
        // The app asks for it itself then, and reports what goes wrong there.
        request.log.warn({ err: error }, 'page data left out');
      }
    }
    if (!assemble) return this.code(200).send(html);
    const work = assemble;
    // A signed-in page also names the chunks its route loads once the entry has run, so they
    // are fetched before the entry asks for them (foundation issue §5).
    const path = (request.url.split('?', 1)[0] ?? '').slice(webroot.length - 1);
    const { html: text, scripts } = withPreloads(html, routeFiles(index.preloads, path));
    const end = text.lastIndexOf('</body>');
    const rootAt = text.indexOf(ROOT_OPEN);
    // The rendered markup goes inside the root, which must come before the data blocks.
    const canRender = renderPage !== undefined && rootAt >= 0 && rootAt < end;
    const upTo = canRender ? rootAt : end;
    const after = canRender ? rootAt + ROOT_OPEN.length : end;
    // The page is personal from here on: never kept by a cache, nor by the back button.
    this.header('cache-control', 'no-store');
    // Streamed: the head (its scripts and styles) leaves at once, so the browser loads and
    // compiles them while the data is assembled (and the page rendered); the scripts run once
    // the page is complete.
    async function* page(): AsyncGenerator<string> {
      yield text.slice(0, upTo);
      let json: string | undefined;
      try {
        json = await work();
      } catch (error) {
        request.log.warn({ err: error }, 'page data left out');
      }
      let rendered: RenderedRoot | undefined;
      if (json !== undefined && renderPage && canRender) {
        try {
          rendered = await renderPage(request, json, csrfToken);
        } catch (error) {
          // The browser renders the page itself then, as it does for any page not rendered here.
          request.log.warn({ err: error }, 'page not rendered on the server');
        }
      }
      // A rendered root is inert until the app has hydrated it (web App.tsx): a click before
      // then would meet markup with no handler yet and be lost.
      if (canRender) yield rendered ? `${ROOT_OPEN_INERT}${rendered.html}` : ROOT_OPEN;
      yield text.slice(after, end);
      // The route's chunks (about a megabyte of shell and panel code) after the markup: linked in
      // the head they were fetched from the cache and compiled on the main thread while the
      // rendered rows waited to be parsed. They are still there before the entry runs (after
      // the document is parsed) and imports them.
      yield scripts;
      // A rendered page's state holds the bootstrap's parts already.
      if (rendered) yield dataBlock(rendered.stateJson, PAGE_STATE_ID);
      else if (json !== undefined) yield dataBlock(json);
      yield text.slice(end);
    }
    return this.code(200).send(Readable.from(page()));
  });
};

export const spa = fp(plugin, {
  name: 'skydeck-spa',
  fastify: '5.x',
  dependencies: ['skydeck-csrf'],
});
