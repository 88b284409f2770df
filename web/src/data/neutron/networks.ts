import type {
  Network,
  NetworkCreateBody,
  NetworkListQuery,
  NetworkUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { markerQuery, sortKeyIn } from '../paging';
import type { PageRequest } from '../../registry/types';

const LIST_FAILED = msg('Unable to retrieve the networks.');

type NetworkSortKey = NonNullable<NetworkListQuery['sort_key']>;
const SORT_KEYS: readonly NetworkSortKey[] = ['name', 'status', 'shared', 'admin_state_up', 'id'];

const BOOLEAN_FILTERS = ['shared', 'external', 'admin_state_up'] as const;

/** The facet values as the list route's query: Neutron's own filters, booleans as booleans. */
export function networkListQuery(filters: Record<string, string>): NetworkListQuery {
  const query: NetworkListQuery = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === '') continue;
    if ((BOOLEAN_FILTERS as readonly string[]).includes(key)) {
      query[key as (typeof BOOLEAN_FILTERS)[number]] = value === 'true';
    } else if (key === 'name' || key === 'status' || key === 'project_id') {
      query[key] = value;
    }
  }
  return query;
}

/** Networks (/api/neutron/networks/, spec 2 §7 "Network"). */
export const networkQueries = {
  all: () => resourceKey('neutron.networks'),
  /**
   * The networks a project can use: its own, shared and external ones (the project panel, and
   * the launch wizard's choices).
   */
  mine: (filters: Record<string, string> = {}) =>
    routeQuery(
      'neutron.networks.list',
      { query: { ...networkListQuery(filters), mine: true } },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** One page of every project's networks (the admin panel), with its neighbours' markers. */
  page: (filters: Record<string, string>, page: PageRequest) =>
    routeQuery(
      'neutron.networks.list',
      {
        query: {
          ...networkListQuery(filters),
          paginate: true,
          ...markerQuery(page, sortKeyIn(SORT_KEYS, page.sort_key, 'name')),
        },
      },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'neutron.networks.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the network.'), silentStatuses: [404] } },
    ),
};

export const NETWORK_CREATED = msg('Network {{name}} was successfully created');
export const NETWORK_UPDATED = msg('Network {{name}} was successfully updated');

export const networkMutations = {
  create: mutation({
    fn: (body: NetworkCreateBody) => api('neutron.networks.create', { body }),
    invalidates: [networkQueries.all()],
    successMessage: (network) => t(NETWORK_CREATED, { name: network.name || network.id }),
    errorMessage: msg('Unable to create the network.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: NetworkUpdateBody }) =>
      api('neutron.networks.update', { params: { id }, body }),
    invalidates: [networkQueries.all()],
    successMessage: (network) => t(NETWORK_UPDATED, { name: network.name || network.id }),
    errorMessage: msg('Unable to update the network.'),
    inlineErrors: true,
  }),
};

export async function removeNetwork(network: Network): Promise<void> {
  await api('neutron.networks.delete', { params: { id: network.id } });
}
