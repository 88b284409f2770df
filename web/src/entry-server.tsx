import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import './i18n/i18n';
import { AppFrame } from './app/App';
import { prefetchesSettled } from './app/prefetches';
import { createRoutes, routerBasename } from './app/routes';
import { manifest } from './app/manifest';
import { SERVER_STYLE_ATTRIBUTE, type PageState } from './app/pageState';
import { storedLanguage } from './settings/preferences';
import { resourceEntries, type PanelDecl, type ResourceEntry } from './registry/types';

export { setEnvironmentSource, type PageEnvironment } from './api/environment';
export { PAGE_STATE_ID, type PageState } from './app/pageState';

/**
 * The server's first render of a signed-in page (foundation issue §5): the browser paints the
 * panel's rows as the document arrives, before any script has run, and then hydrates exactly
 * this markup with exactly this data (main.tsx), asking for nothing it was given.
 *
 * Built by `vite build --ssr` into the web build (dist/.ssr/); the server loads it from there
 * and calls renderPage() with the request's environment installed (api/environment.ts).
 */

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  state: PageState;
}

/**
 * The markup with each style attribute renamed (applyInlineStyles sets them in the browser): the
 * strict CSP refuses style attributes in a document. React escapes `"` in text and attribute
 * values, so ` style="` only ever begins a style attribute.
 */
export function withoutStyleAttributes(html: string): string {
  return html.replaceAll(' style="', ` ${SERVER_STYLE_ATTRIBUTE}="`);
}

/** How long the render may wait for a lazy part before it gives up on the page. */
const RENDER_TIMEOUT_MS = 3000;

/** The resource panel a path shows, if any: only those pages are rendered on the server. */
function panelAt(path: string): { entry: ResourceEntry; panel: PanelDecl } | undefined {
  for (const entry of resourceEntries(manifest)) {
    const panel = entry.panels.find((p) => p.path === path);
    if (panel) return { entry, panel };
  }
  return undefined;
}

/**
 * Everything the first paint shows comes from the cache: the route's loaders started filling it
 * (the list, the table's and the sidebar's checks); wait for that. A page with a failed query is
 * left to the browser, which reports it as it always does (and would not hydrate the same).
 */
async function cacheFilled(queryClient: QueryClient): Promise<boolean> {
  await prefetchesSettled(queryClient);
  return !queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error');
}

/**
 * The page for a URL (absolute, as the browser asked it), or undefined when it is not one the
 * server renders: not a resource panel, a redirect (no session), a call that failed. Rejects
 * when a part of the page threw while rendering (the server logs it).
 */
export async function renderPage(href: string): Promise<RenderedPage | undefined> {
  const url = new URL(href);
  const base = routerBasename();
  const path =
    base && url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
  const target = panelAt(path || '/');
  // One catalogue is loaded here, English: a page in another language is the browser's to render.
  if (!target || storedLanguage() !== 'en') return undefined;

  // Not the app's client: its error handlers toast and sign out, through stores every request
  // of this process shares. Here a failure only means the browser renders the page itself,
  // at once (no retries: the document is waiting).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const handler = createStaticHandler(createRoutes(queryClient, manifest), {
      basename: base || '/',
    });
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response || context.errors) return undefined;
    if (!(await cacheFilled(queryClient))) return undefined;

    const router = createStaticRouter(handler.dataRoutes, context);
    // A part that throws is left by React to the browser behind its Suspense boundary, and the
    // browser then reports a hydration error: such a page is better not rendered here at all.
    const failures: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <AppFrame queryClient={queryClient}>
          {/* The router's state goes in the page's own data block: no inline script (CSP). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>,
      {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        // Never outlined: an outlined boundary is revealed by an inline script, which the
        // strict CSP forbids; the page is complete when it leaves, so nothing streams anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => {
          failures.push(error);
        },
      },
    );
    const html = await new Response(prelude).text();
    // Thrown, not dropped: the server logs why the page went out unrendered.
    if (failures.length > 0) throw failures[0];
    return {
      html: withoutStyleAttributes(html),
      state: {
        queries: dehydrate(queryClient),
        router: {
          loaderData: context.loaderData,
          actionData: context.actionData,
          errors: context.errors,
        },
      },
    };
  } finally {
    // Nothing of one request outlives it (polls, timers of the cache).
    queryClient.clear();
  }
}
