import { createElement } from 'react';
import type { CinderService, ComputeService, NetworkAgent, QuotaLimit } from '@skydeck/contract';
import type { ListQueryOptions } from '../../registry/types';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { labelColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { formatDateTime } from '../../registry/formatDate';
import { systemInfoQueries, type CatalogRow } from '../../data/system/system';
import { QUOTA_LABELS } from '../../data/quotas/rules';

const STATE_LABELS = { up: msg('Up'), down: msg('Down') };
const STATUS_LABELS = { enabled: msg('Enabled'), disabled: msg('Disabled') };

const statusColumn = <T extends { status: string }>() =>
  labelColumn<T>('status', msg('Status'), (s) => s.status, {
    priority: 1,
    labels: STATUS_LABELS,
    color: (v) => (v === 'enabled' ? 'green' : 'orange'),
  });
const stateColumn = <T extends { state: string }>() =>
  labelColumn<T>('state', msg('State'), (s) => s.state, {
    priority: 1,
    labels: STATE_LABELS,
    color: (v) => (v === 'up' ? 'green' : 'red'),
  });

/** Services tab: the session's catalog, one row per service with its endpoints. */
export const catalogServices = defineResource<CatalogRow>({
  key: (s) => s.id,
  label: (s) => s.name,
  list: () => systemInfoQueries.catalog(),
  columns: [
    textColumn('name', msg('Name'), (s) => s.name, { priority: 1, defaultSort: true }),
    textColumn('type', msg('Service'), (s) => s.type, { priority: 1 }),
    textColumn('region', msg('Region'), (s) => s.regions.join(', '), { priority: 1 }),
    textColumn('endpoints', msg('Endpoints'), (s) => s.endpoints.join(' '), {
      priority: 2,
      sortable: false,
      // One endpoint a line: a service has up to three per region.
      cell: (s) =>
        createElement(
          'div',
          null,
          s.endpoints.map((e) => createElement('div', { key: e }, e)),
        ),
    }),
  ],
  facets: [
    textFacet('name', msg('Name'), (s) => s.name),
    textFacet('type', msg('Service'), (s) => s.type),
  ],
});

/** What Nova's and Cinder's service lists share: a binary on a host in a zone. */
interface ServiceRow {
  binary: string;
  host: string;
  zone: string;
  status: string;
  state: string;
  updated_at: string | null;
}

/**
 * One declaration for both services tabs: Nova's and Cinder's os-services answer the same
 * columns, so only the key and the list differ.
 */
const serviceTable = <T extends ServiceRow>(
  key: (s: T) => string,
  list: () => ListQueryOptions<T>,
) =>
  defineResource<T>({
    key,
    label: (s) => s.binary,
    list,
    columns: [
      textColumn('binary', msg('Name'), (s) => s.binary, { priority: 1, defaultSort: true }),
      textColumn('host', msg('Host'), (s) => s.host, { priority: 1 }),
      textColumn('zone', msg('Zone'), (s) => s.zone, { priority: 1 }),
      statusColumn<T>(),
      stateColumn<T>(),
      textColumn('updated', msg('Last Updated'), (s) => s.updated_at, {
        priority: 2,
        cell: (s) => formatDateTime(s.updated_at),
      }),
    ],
    facets: [textFacet('binary', msg('Name'), (s) => s.binary)],
  });

/** Compute Services tab: every Nova service, read only (Hypervisors enables and disables). */
export const novaServices = serviceTable<ComputeService>(
  (s) => s.id,
  () => asList(systemInfoQueries.computeServices()),
);

/** Block Storage Services tab: Cinder's os-services. */
export const cinderServices = serviceTable<CinderService>(
  (s) => `${s.binary}@${s.host}`,
  () => asList(systemInfoQueries.blockStorageServices()),
);

/** Network Agents tab: Neutron's agents. */
export const networkAgents = defineResource<NetworkAgent>({
  key: (a) => a.id,
  label: (a) => a.agent_type,
  list: () => asList(systemInfoQueries.networkAgents()),
  columns: [
    textColumn('type', msg('Type'), (a) => a.agent_type, { priority: 1, defaultSort: true }),
    textColumn('binary', msg('Name'), (a) => a.binary, { priority: 1 }),
    textColumn('host', msg('Host'), (a) => a.host, { priority: 1 }),
    textColumn('zone', msg('Zone'), (a) => a.availability_zone, { priority: 2 }),
    labelColumn('status', msg('Status'), (a) => (a.admin_state_up ? 'enabled' : 'disabled'), {
      priority: 1,
      labels: STATUS_LABELS,
      color: (v) => (v === 'enabled' ? 'green' : 'orange'),
    }),
    labelColumn('state', msg('State'), (a) => (a.alive ? 'up' : 'down'), {
      priority: 1,
      labels: STATE_LABELS,
      color: (v) => (v === 'up' ? 'green' : 'red'),
    }),
    textColumn('updated', msg('Last Updated'), (a) => a.heartbeat_timestamp, {
      priority: 2,
      cell: (a) => formatDateTime(a.heartbeat_timestamp),
    }),
  ],
  facets: [textFacet('type', msg('Type'), (a) => a.agent_type)],
});

/** A default-quotas table of Admin › Defaults, over the given service's query. */
export const quotaTable = (list: () => ListQueryOptions<QuotaLimit>) =>
  defineResource<QuotaLimit>({
    key: (q) => q.name,
    label: (q) => q.name,
    list,
    columns: [
      textColumn('name', msg('Quota Name'), (q) => QUOTA_LABELS[q.name] ?? q.name, {
        priority: 1,
        defaultSort: true,
        cell: (q) => {
          const label = QUOTA_LABELS[q.name];
          return label ? t(label) : q.name;
        },
      }),
      textColumn('limit', msg('Limit'), (q) => String(q.limit), {
        priority: 1,
        cell: (q) => (q.limit === -1 ? t('Unlimited') : String(q.limit)),
      }),
    ],
  });
