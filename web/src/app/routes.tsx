import type { QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
  redirect,
} from 'react-router';
import { ApiError, webRoot } from '../api/http';
import { loadBootstrap } from '../data/shell';
import {
  panelScope,
  resourceEntries,
  type ManifestEntry,
  type PanelDecl,
  type ResourceEntry,
} from '../registry/types';
import { loginPath } from './authActions';
import { prefetchPanelList } from './listPrefetch';
import { loadPanelElement, preloadPanel } from './panelElement';
import { track } from './prefetches';
import { RootFallback } from './RootFallback';
import { RouteError } from './RouteError';

/** The router's basename: the web root without its trailing slash ("" for "/"). */
export function routerBasename(): string {
  return webRoot().replace(/\/$/, '');
}

/** The in-app path of a loader request (the basename stripped). */
function appPath(request: Request): string {
  const url = new URL(request.url);
  const base = routerBasename();
  const path =
    base && url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
  return `${path || '/'}${url.search}`;
}

/**
 * Loaders run again on a new path only. A filter, a search keystroke or a page of a table
 * changes the query string alone, and the table's own queries answer that: re-running the
 * session and prefetch loaders there only delayed the rows' paint by a router round.
 */
const onNewPathOnly = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * Protected routes need a session: a 401 on the bootstrap (GET /api/bootstrap/: session,
 * settings, catalog and projects in one answer) sends the user to the login page with `next`
 * pointing back. The sidebar's policy batch is sent the moment the session is known, before
 * the shell renders.
 */
function requireSession(queryClient: QueryClient, manifest: readonly ManifestEntry[]) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    // Its code loads while the session is asked, so the batch leaves the moment it is known.
    const prefetching = import('./routePrefetch');
    prefetching.catch(() => undefined);
    try {
      await loadBootstrap(queryClient);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        throw redirect(loginPath(appPath(request)));
      throw error;
    }
    track(
      queryClient,
      prefetching.then((m) => m.prefetchPanelAccess(queryClient, manifest)),
    );
    return null;
  };
}

/**
 * A resource panel's loader: its list query starts as soon as the route is known, in parallel
 * with the bootstrap and with the page's code (foundation issue §5). Nothing waits for it: not
 * the page (the table shows the rows when they come), not a redirect to the login page.
 */
function prefetchPanelData(queryClient: QueryClient, entry: ResourceEntry, panel: PanelDecl) {
  return ({ request }: LoaderFunctionArgs): null => {
    const scope = panelScope(entry, panel);
    const listed = prefetchPanelList(queryClient, entry, scope, new URL(request.url));
    track(queryClient, listed);
    track(
      queryClient,
      import('./routePrefetch').then((m) =>
        m.prefetchTableChecks(queryClient, entry, scope, listed),
      ),
    );
    return null;
  };
}

/**
 * A page's loader: its first read starts as soon as the route is known (the page takes the
 * answer when it mounts). Nothing waits for it, and a failure is the page's to report.
 */
function prefetchPageData(
  queryClient: QueryClient,
  prefetch: (queryClient: QueryClient) => Promise<unknown>,
) {
  return (): null => {
    prefetch(queryClient).catch(() => undefined);
    return null;
  };
}

/**
 * Every route of the app (spec 1 §2, spec 2 §2). Pages are lazy chunks, so the login page
 * loads none of the shell, panels or tables.
 */
export function createRoutes(
  queryClient: QueryClient,
  manifest: readonly ManifestEntry[],
): RouteObject[] {
  const panelRoutes: RouteObject[] = manifest.flatMap((entry) =>
    entry.panels.map((panel) => ({
      // A page may route within itself (the object browser's /project/containers/container/…).
      path: entry.kind === 'page' ? `${panel.path}/*` : panel.path,
      ...(entry.kind !== 'page' && {
        loader: prefetchPanelData(queryClient, entry, panel),
        shouldRevalidate: onNewPathOnly,
      }),
      ...(entry.kind === 'page' &&
        entry.prefetch && {
          loader: prefetchPageData(queryClient, entry.prefetch),
          shouldRevalidate: onNewPathOnly,
        }),
      lazy: async () => ({ element: await loadPanelElement(manifest, entry, panel) }),
    })),
  );
  const itemRoutes: RouteObject[] = resourceEntries(manifest).flatMap((entry) =>
    (entry.itemRoutes ?? []).map((route) => ({
      path: route,
      lazy: async () => {
        const { ItemRedirect } = await import('./HomeRedirect');
        return { element: <ItemRedirect entry={entry} route={route} /> };
      },
    })),
  );

  return [
    {
      id: 'root',
      HydrateFallback: RootFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          path: '/login',
          lazy: async () => {
            const { LoginPage } = await import('./LoginPage');
            return { Component: LoginPage };
          },
        },
        {
          id: 'shell',
          loader: requireSession(queryClient, manifest),
          shouldRevalidate: onNewPathOnly,
          lazy: async () => {
            const { AppLayout } = await import('./AppLayout');
            return { element: <AppLayout manifest={manifest} /> };
          },
          children: [
            {
              index: true,
              // `/` opens the first panel the user may use, known once the policy batch is
              // answered; most land on the first of them all, whose code loads meanwhile.
              loader: () => {
                void import('./usePanelAccess').then(({ allPanels }) => {
                  const first = allPanels(manifest)[0];
                  if (first) preloadPanel(manifest, first.entry, first.panel);
                });
                return null;
              },
              lazy: async () => {
                const { HomeRedirect } = await import('./HomeRedirect');
                return { element: <HomeRedirect manifest={manifest} /> };
              },
            },
            {
              // Inside the shell: the user keeps the masthead and sidebar to go on from there.
              path: '/not_found',
              lazy: async () => {
                const { NotFoundPage } = await import('./NotFoundPage');
                return { Component: NotFoundPage };
              },
            },
            { path: '/ngdetails/:type', element: <Navigate to="/not_found" replace /> },
            {
              path: '/ngdetails/:type/*',
              lazy: async () => {
                const { NgDetailsRoute } = await import('./NgDetailsRoute');
                return { element: <NgDetailsRoute manifest={manifest} /> };
              },
            },
            ...panelRoutes,
            ...itemRoutes,
            {
              path: '*',
              lazy: async () => {
                const { NotFoundPage } = await import('./NotFoundPage');
                return { Component: NotFoundPage };
              },
            },
          ],
        },
      ],
    },
  ];
}
