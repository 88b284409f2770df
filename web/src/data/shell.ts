import type { QueryClient } from '@tanstack/react-query';
import type { Bootstrap } from '@skydeck/contract';
import { serverEnvironment } from '../api/environment';
import { routeQuery } from '../api/api';
import { msg } from '../i18n/msg';
import { projectQueries } from './keystone/projects';

/** Extension lists the permission checks can ask for (spec 2 §6 "API extensions"). */
export type ExtensionService = 'compute' | 'volume' | 'network';

const EXTENSION_ROUTES = {
  compute: 'nova.extensions',
  volume: 'cinder.extensions',
  network: 'neutron.extensions.list',
} as const;

/**
 * What the shell needs on every page. Spec 2 §4: settings, session and catalog are cached (one
 * entry each) — they only change on login, logout or a switch, and those reset the whole cache.
 */
export const shellQueries = {
  /**
   * Session, settings, catalog and the user's projects in one answer: read by loadBootstrap,
   * which files each under its own query's key.
   */
  bootstrap: () =>
    routeQuery('bootstrap.get', undefined, {
      // Fresh until loadBootstrap files it away: a caller that comes between its answer and
      // the filing (another loader) takes that answer instead of asking again.
      staleTime: Infinity,
      // A 401 here means "not signed in": the protected route redirects to the login page.
      meta: { errorMessage: msg('Unable to retrieve the session.'), silentStatuses: [401] },
    }),
  session: () =>
    routeQuery('keystone.userSession', undefined, {
      staleTime: Infinity,
      // A 401 here means "not signed in": the protected route redirects to the login page.
      meta: { errorMessage: msg('Unable to retrieve the session.'), silentStatuses: [401] },
    }),
  settings: () =>
    routeQuery('settings.get', undefined, {
      staleTime: Infinity,
      meta: { errorMessage: msg('Unable to retrieve settings') },
    }),
  catalog: () =>
    routeQuery('keystone.catalog', undefined, {
      staleTime: Infinity,
      meta: { errorMessage: msg('Cannot get service catalog from keystone') },
    }),
  authOptions: () =>
    routeQuery('auth.options', undefined, {
      staleTime: Infinity,
      meta: { errorMessage: msg('An error occurred. Please try again later.') },
    }),
  extensions: (service: ExtensionService) =>
    routeQuery(EXTENSION_ROUTES[service], undefined, {
      staleTime: Infinity,
      meta: { errorMessage: msg('Cannot get the extension list') },
    }),
  novaFeature: (feature: string) =>
    routeQuery('nova.feature', { params: { feature } }, { staleTime: Infinity }),
};

/**
 * What the signed-in shell needs before its first page, in one request (GET /api/bootstrap/)
 * instead of the chain session → settings, catalog → projects. Each part goes into the cache
 * under its own query's key, so components read them as before; nothing is asked when they are
 * already there (a signed-in user moving between pages). Rejects as the request does (ApiError).
 */
export async function loadBootstrap(queryClient: QueryClient): Promise<void> {
  const parts = [shellQueries.session(), shellQueries.settings(), shellQueries.catalog()];
  if (parts.every((q) => queryClient.getQueryData(q.queryKey) !== undefined)) return;
  const answer = pageBootstrap() ?? (await queryClient.fetchQuery(shellQueries.bootstrap()));
  queryClient.setQueryData(shellQueries.session().queryKey, answer.session);
  queryClient.setQueryData(shellQueries.settings().queryKey, answer.settings);
  queryClient.setQueryData(shellQueries.catalog().queryKey, answer.catalog);
  if (answer.projects) queryClient.setQueryData(projectQueries.mine().queryKey, answer.projects);
  // The parts are the cache's copies from now on.
  queryClient.removeQueries({ queryKey: shellQueries.bootstrap().queryKey, exact: true });
}

/** The id of the data block the server writes into a signed-in user's page (server plugins/spa). */
export const PAGE_DATA_ID = 'skydeck-page-data';

/**
 * The bootstrap the server wrote into the page on a full load, taken once: the first page then
 * waits for no request of its own (foundation issue §5). Later loads (after a sign-out, a
 * switch) ask the server. A block that does not read as a bootstrap is ignored.
 */
export function pageBootstrap(): Bootstrap | undefined {
  const server = serverEnvironment();
  if (server) return server.takeBootstrap();
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Partial<Bootstrap> | null;
    if (!data?.session || !data.settings || !Array.isArray(data.catalog)) return undefined;
    return data as Bootstrap;
  } catch {
    return undefined;
  }
}
