import { queryOptions } from '@tanstack/react-query';
import type {
  AuthOptions,
  ExtensionList,
  FeatureAnswer,
  ProjectList,
  ServiceCatalog,
  Settings,
  UserSession,
} from '@skydeck/contract';
import { msg } from '../i18n/msg';
import { apiFetch } from './http';

/** Extension lists the permission checks can ask for (spec 2 §6 "API extensions"). */
export type ExtensionService = 'compute' | 'volume' | 'network';

const EXTENSION_PATHS: Record<ExtensionService, string> = {
  compute: 'api/nova/extensions/',
  volume: 'api/cinder/extensions/',
  network: 'api/neutron/extensions/',
};

/**
 * Query factories for what the shell needs on every page. Spec 2 §4: settings, session and
 * catalog are cached (one entry each) — they only change on login, logout or a switch, and those
 * reset the whole cache.
 */
export const shellQueries = {
  session: () =>
    queryOptions({
      queryKey: ['keystone', 'user-session'] as const,
      queryFn: ({ signal }) => apiFetch<UserSession>('api/keystone/user-session/', { signal }),
      staleTime: Infinity,
      // A 401 here means "not signed in": the protected route redirects to the login page.
      meta: { errorMessage: msg('Unable to retrieve the session.'), silentStatuses: [401] },
    }),
  settings: () =>
    queryOptions({
      queryKey: ['settings'] as const,
      queryFn: ({ signal }) => apiFetch<Settings>('api/settings/', { signal }),
      staleTime: Infinity,
      meta: { errorMessage: msg('Unable to retrieve settings') },
    }),
  catalog: () =>
    queryOptions({
      queryKey: ['keystone', 'svc-catalog'] as const,
      queryFn: ({ signal }) => apiFetch<ServiceCatalog>('api/keystone/svc-catalog/', { signal }),
      staleTime: Infinity,
      meta: { errorMessage: msg('Cannot get service catalog from keystone') },
    }),
  userProjects: () =>
    queryOptions({
      queryKey: ['keystone', 'projects', 'list', { user: 'current' }] as const,
      queryFn: ({ signal }) =>
        apiFetch<ProjectList>('api/keystone/projects/', { query: { user: 'current' }, signal }),
      staleTime: 5 * 60_000,
      meta: { errorMessage: msg('Unable to retrieve the projects.') },
    }),
  authOptions: () =>
    queryOptions({
      queryKey: ['auth', 'options'] as const,
      queryFn: ({ signal }) => apiFetch<AuthOptions>('auth/options/', { signal }),
      staleTime: Infinity,
      meta: { errorMessage: msg('An error occurred. Please try again later.') },
    }),
  extensions: (service: ExtensionService) =>
    queryOptions({
      queryKey: ['extensions', service] as const,
      queryFn: ({ signal }) => apiFetch<ExtensionList>(EXTENSION_PATHS[service], { signal }),
      staleTime: Infinity,
      meta: { errorMessage: msg('Cannot get the extension list') },
    }),
  novaFeature: (feature: string) =>
    queryOptions({
      queryKey: ['nova', 'features', feature] as const,
      queryFn: ({ signal }) =>
        apiFetch<FeatureAnswer>(`api/nova/features/${encodeURIComponent(feature)}`, { signal }),
      staleTime: Infinity,
    }),
};
