import { AsyncLocalStorage } from 'node:async_hooks';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_COOKIE } from '@skydeck/contract/constants';
import type { RenderedRoot } from './spa';

/** What the web app reads from its page, per request (web/src/api/environment.ts). */
interface PageEnvironment {
  cookie: () => string;
  webRoot: () => string;
  fetch: typeof fetch;
  takeBootstrap: () => unknown;
}

/** The module `vite build --ssr` writes (web/src/entry-server.tsx). */
interface EntryServer {
  renderPage(href: string): Promise<{ html: string; state: unknown } | undefined>;
  setEnvironmentSource(get: () => PageEnvironment | undefined): void;
}

export interface PageRendererOptions {
  webroot: string;
  webDist: string;
  /**
   * How long a page's document waits for its render: past it the page goes out without one and
   * the browser renders it as it would without the server (a slow cloud must not hold the
   * scripts back, which run only once the document is complete).
   */
  budgetMs: number;
}

/** The request's cookies with the CSRF cookie the answer leaves in the browser. */
function cookiesWith(header: string | undefined, name: string, value: string): string {
  const others = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${name}=`));
  return [...others, `${name}=${encodeURIComponent(value)}`].join('; ');
}

/**
 * The web app's own calls, answered by this server in-process (`inject`): the same routes,
 * hooks, session, policy and allowlists as the browser's calls, with no socket in between.
 */
function injectFetch(app: FastifyInstance, cookie: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    const body = init?.body;
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(headers),
      ...(typeof body === 'string' && { payload: body }),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: out,
    });
  };
}

/**
 * The server's first render of a signed-in page (foundation issue §5), from the web build's
 * .ssr/entry-server.mjs; without one (a build from before, or a browser-only build) no page is
 * rendered here and the browser renders every page itself.
 */
export function createPageRenderer(app: FastifyInstance, options: PageRendererOptions) {
  const file = join(options.webDist, '.ssr', 'entry-server.mjs');
  const context = new AsyncLocalStorage<PageEnvironment>();
  let loaded: { mtimeMs: number; entry: Promise<EntryServer | undefined> } | undefined;
  let staleLogged = false;

  const load = async (): Promise<EntryServer | undefined> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return undefined;
    }
    if (!loaded) {
      const entry = import(pathToFileURL(file).href).then(
        (module: EntryServer) => {
          module.setEnvironmentSource(() => context.getStore());
          return module;
        },
        (error: unknown) => {
          app.log.warn({ err: error }, 'server rendering unavailable: the web build does not load');
          return undefined;
        },
      );
      loaded = { mtimeMs, entry };
    } else if (loaded.mtimeMs !== mtimeMs) {
      // Rebuilt under a running server: its loaded render is of the old build (whose chunks
      // are gone), and a module cannot be loaded twice. Until a restart, the browser renders.
      if (!staleLogged)
        app.log.warn('the web app was rebuilt: restart to render pages on the server again');
      staleLogged = true;
      return undefined;
    }
    return loaded.entry;
  };

  // Loaded as the server starts: the first page should not wait for a module of a megabyte.
  void load();

  return async (
    request: FastifyRequest,
    pageJson: string,
    csrfToken: string,
  ): Promise<RenderedRoot | undefined> => {
    const entry = await load();
    if (!entry) return undefined;
    const cookie = cookiesWith(request.headers.cookie, CSRF_COOKIE, csrfToken);
    let bootstrap: unknown = JSON.parse(pageJson);
    const environment: PageEnvironment = {
      cookie: () => cookie,
      webRoot: () => options.webroot,
      fetch: injectFetch(app, cookie),
      takeBootstrap: () => {
        const taken = bootstrap;
        bootstrap = undefined;
        return taken;
      },
    };
    const href = `${request.protocol}://${request.host}${request.url}`;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), options.budgetMs);
    });
    const work = context.run(environment, () => entry.renderPage(href));
    // A render past its budget is dropped; its failure, if it fails later, is nobody's.
    work.catch(() => undefined);
    try {
      const rendered = await Promise.race([work, late]);
      if (!rendered) return undefined;
      return { html: rendered.html, stateJson: JSON.stringify(rendered.state) };
    } finally {
      clearTimeout(timer);
    }
  };
}
