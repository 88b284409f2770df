import { routeQuery } from '../api/api';
import { msg } from '../i18n/msg';

/** Extension lists the permission checks can ask for (spec 2 §6 "API extensions"). */
export type ExtensionService = 'compute' | 'volume';

const EXTENSION_ROUTES = {
  compute: 'nova.extensions',
  volume: 'cinder.extensions',
} as const;

/**
 * What the shell needs on every page. Spec 2 §4: settings, session and catalog are cached (one
 * entry each) — they only change on login, logout or a switch, and those reset the whole cache.
 */
export const shellQueries = {
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
