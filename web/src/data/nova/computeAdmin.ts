import type {
  Aggregate,
  AggregateCreateBody,
  AggregateHostsBody,
  AggregateUpdateBody,
  ComputeService,
  ComputeServiceUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Hypervisors (/api/nova/hypervisors/, admin): the list, the sum, one with its servers. */
export const hypervisorQueries = {
  all: () => resourceKey('nova.hypervisors'),
  list: () =>
    routeQuery('nova.hypervisors.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve hypervisor information.') },
    }),
  summary: () =>
    routeQuery('nova.hypervisors.summary', undefined, {
      meta: { errorMessage: msg('Unable to retrieve hypervisor statistics.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'nova.hypervisors.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the instances of the hypervisor.') } },
    ),
};

/** Nova services (/api/nova/services/, admin); the panel shows the compute services. */
export const computeServiceQueries = {
  all: () => resourceKey('nova.services'),
  list: () =>
    routeQuery(
      'nova.services.list',
      { query: { binary: 'nova-compute' } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve compute services.') },
      },
    ),
  /** Every Nova service (scheduler, conductor, compute…): System Information's table. */
  everyService: () =>
    routeQuery('nova.services.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve compute services.') },
    }),
};

export const SERVICE_ENABLED = msg('Enabled compute service {{host}}.');
export const SERVICE_DISABLED = msg('Disabled compute service {{host}}.');

// A service's status shows on the hypervisors too: both lists and the sum are read again.
const SERVICE_CHANGES = [computeServiceQueries.all(), hypervisorQueries.all()];

export const computeServiceMutations = {
  enable: mutation({
    fn: (service: ComputeService) =>
      api('nova.services.update', { params: { id: service.id }, body: { status: 'enabled' } }),
    invalidates: SERVICE_CHANGES,
    successMessage: (_data, service) => t(SERVICE_ENABLED, { host: service.host }),
    errorMessage: msg('Unable to enable the compute service.'),
  }),
  disable: mutation({
    fn: ({ id, body }: { id: string; body: ComputeServiceUpdateBody }) =>
      api('nova.services.update', { params: { id }, body }),
    invalidates: SERVICE_CHANGES,
    successMessage: (data) => t(SERVICE_DISABLED, { host: data.host }),
    errorMessage: msg('Unable to disable the compute service.'),
    inlineErrors: true,
  }),
};

/** Host aggregates (/api/nova/aggregates/, admin). */
export const aggregateQueries = {
  all: () => resourceKey('nova.aggregates'),
  list: () =>
    routeQuery('nova.aggregates.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the host aggregates.') },
    }),
  detail: (id: string) =>
    routeQuery(
      'nova.aggregates.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve the host aggregate.'),
          silentStatuses: [404],
        },
      },
    ),
};

export const AGGREGATE_CREATED = msg('Host aggregate {{name}} was successfully created.');
export const AGGREGATE_UPDATED = msg('Host aggregate {{name}} was successfully updated.');
export const AGGREGATE_HOSTS_UPDATED = msg('The hosts of aggregate {{name}} were updated.');

// Hosts and zones of aggregates show in the services' zones and the availability zones.
const AGGREGATE_CHANGES = [aggregateQueries.all(), computeServiceQueries.all()];

export const aggregateMutations = {
  create: mutation({
    fn: (body: AggregateCreateBody) => api('nova.aggregates.create', { body }),
    invalidates: AGGREGATE_CHANGES,
    successMessage: (_data, body) => t(AGGREGATE_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create the host aggregate.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: AggregateUpdateBody }) =>
      api('nova.aggregates.update', { params: { id }, body }),
    invalidates: AGGREGATE_CHANGES,
    successMessage: (data) => t(AGGREGATE_UPDATED, { name: data.name }),
    errorMessage: msg('Unable to update the host aggregate.'),
    inlineErrors: true,
  }),
  hosts: mutation({
    fn: ({ id, body }: { id: string; body: AggregateHostsBody }) =>
      api('nova.aggregates.hosts', { params: { id }, body }),
    invalidates: AGGREGATE_CHANGES,
    successMessage: (data) => t(AGGREGATE_HOSTS_UPDATED, { name: data.name }),
    errorMessage: msg('Unable to update the hosts of the aggregate.'),
    inlineErrors: true,
  }),
};

export async function removeAggregate(aggregate: Aggregate): Promise<void> {
  await api('nova.aggregates.delete', { params: { id: aggregate.id } });
}
