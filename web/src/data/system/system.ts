import type { CatalogService, CinderQuotaUpdate, ServiceCatalog } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import type { ListQueryOptions } from '../../registry/types';
import { computeServiceQueries } from '../nova/computeAdmin';
import { shellQueries } from '../shell';

/** One catalog service as Admin › System Information lists it. */
export interface CatalogRow {
  id: string;
  name: string;
  type: string;
  /** Every region the service has an endpoint in, sorted. */
  regions: string[];
  /** `interface: url`, one per endpoint, public first. */
  endpoints: string[];
}

const INTERFACE_ORDER = ['public', 'internal', 'admin'];

/** The catalog as rows: regions and endpoints gathered per service. */
export function catalogRows(catalog: ServiceCatalog): CatalogRow[] {
  return catalog.map((service: CatalogService) => {
    const endpoints = [...service.endpoints].sort(
      (a, b) =>
        INTERFACE_ORDER.indexOf(a.interface) - INTERFACE_ORDER.indexOf(b.interface) ||
        a.region.localeCompare(b.region),
    );
    return {
      id: service.id,
      name: service.name,
      type: service.type,
      regions: [...new Set(endpoints.map((e) => e.region || e.region_id))].sort(),
      endpoints: endpoints.map((e) => `${e.interface}: ${e.url}`),
    };
  });
}

/**
 * Admin › System Information (issue 13). The services come from the session's catalog, which
 * the shell already holds: no request of its own.
 */
export const systemInfoQueries = {
  catalog: (): ListQueryOptions<CatalogRow> =>
    ({
      ...shellQueries.catalog(),
      select: catalogRows,
    }) as unknown as ListQueryOptions<CatalogRow>,
  /** Every Nova service (scheduler, conductor, compute…), where Hypervisors shows compute only. */
  computeServices: () => computeServiceQueries.everyService(),
  blockStorageServices: () =>
    routeQuery('cinder.services', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve block storage services.') },
    }),
  networkAgents: () =>
    routeQuery('neutron.agents', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve network agents.') },
    }),
};

/** Admin › Defaults: the quotas a new project gets, per service. */
export const defaultQuotaQueries = {
  compute: () =>
    routeQuery('nova.quotas.defaults', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve default compute quotas.') },
    }),
  volume: () =>
    routeQuery('cinder.quotas.defaults', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve default volume quotas.') },
    }),
  network: () =>
    routeQuery('neutron.quotas.defaults', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve default network quotas.') },
    }),
};

export const DEFAULTS_UPDATED = msg('Default quotas updated.');

export const defaultQuotaMutations = {
  updateCompute: mutation({
    fn: (body: CinderQuotaUpdate) => api('nova.quotas.updateDefaults', { body }),
    invalidates: [resourceKey('nova.quotas')],
    successMessage: () => t(DEFAULTS_UPDATED),
    errorMessage: msg('Unable to update default quotas.'),
  }),
  updateVolume: mutation({
    fn: (body: CinderQuotaUpdate) => api('cinder.quotas.updateDefaults', { body }),
    invalidates: [resourceKey('cinder.quotas')],
    successMessage: () => t(DEFAULTS_UPDATED),
    errorMessage: msg('Unable to update default quotas.'),
  }),
};
