import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export interface SpaPluginOptions {
  webroot: string;
  /** The built web app (vite build output). */
  webDist: string;
}

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

const NOT_BUILT = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8"><title>Skydeck</title></head>',
  '<body><h1>Skydeck</h1>',
  '<p>The web app has not been built yet. Run <code>npm run build</code>, then reload this page.</p>',
  '</body></html>',
].join('');

const plugin: FastifyPluginAsync<SpaPluginOptions> = async (app, options) => {
  const { webroot, webDist } = options;
  const indexFile = join(webDist, 'index.html');
  const reserved = [`${webroot}api/`, `${webroot}auth/`];
  const assets = join(webDist, 'assets', sep);
  let cached: { mtimeMs: number; html: string } | undefined;

  // Re-read only when the build changed; no synchronous fs on requests.
  const loadIndex = async (): Promise<string | undefined> => {
    try {
      const info = await stat(indexFile);
      if (cached?.mtimeMs !== info.mtimeMs) {
        cached = {
          mtimeMs: info.mtimeMs,
          html: injectBase(await readFile(indexFile, 'utf8'), webroot),
        };
      }
      return cached.html;
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
    this.issueCsrfToken();
    const html = await loadIndex();
    this.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (html === undefined) return this.code(503).send(NOT_BUILT);
    return this.code(200).send(html);
  });
};

export const spa = fp(plugin, {
  name: 'skydeck-spa',
  fastify: '5.x',
  dependencies: ['skydeck-csrf'],
});
