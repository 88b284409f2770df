import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Navigate, type RouteObject, redirect } from 'react-router';
import { ApiError, webRoot } from '../api/http';
import { shellQueries } from '../data/shell';
import type { ManifestEntry } from '../registry/types';
import { loginPath } from './authActions';
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
 * Protected routes need a session: a 401 on GET user-session sends the user to the login page
 * with `next` pointing back. The settings and catalog are then fetched alongside the page.
 */
function requireSession(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    try {
      await queryClient.ensureQueryData(shellQueries.session());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        throw redirect(loginPath(appPath(request)));
      throw error;
    }
    void queryClient.prefetchQuery(shellQueries.settings());
    void queryClient.prefetchQuery(shellQueries.catalog());
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
      path: panel.path,
      lazy: async () => {
        const { PanelRoute } = await import('./PanelRoute');
        return { element: <PanelRoute manifest={manifest} entry={entry} panel={panel} /> };
      },
    })),
  );
  const itemRoutes: RouteObject[] = manifest.flatMap((entry) =>
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
          loader: requireSession(queryClient),
          lazy: async () => {
            const { AppLayout } = await import('./AppLayout');
            return { element: <AppLayout manifest={manifest} /> };
          },
          children: [
            {
              index: true,
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
