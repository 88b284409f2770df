import type { ComputeService } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { modalAction } from '../../registry/actions';
import { labelColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { optionsFacet, textFacet } from '../../registry/facets';
import { formatDateTime } from '../../registry/formatDate';
import { policy } from '../../registry/types';
import { computeServiceQueries } from '../../data/nova/computeAdmin';

const UPDATE = policy('compute', 'os_compute_api:os-services:update');
const STATE_LABELS = { up: msg('Up'), down: msg('Down') };
const STATUS_LABELS = { enabled: msg('Enabled'), disabled: msg('Disabled') };

/** The compute services table of admin › Hypervisors, with enable and disable (issue 9). */
export const computeServices = defineResource<ComputeService>({
  key: (s) => s.id,
  label: (s) => s.host,
  list: () => asList(computeServiceQueries.list()),
  columns: [
    textColumn('host', msg('Host'), (s) => s.host, { priority: 1, defaultSort: true }),
    textColumn('zone', msg('Zone'), (s) => s.zone, { priority: 1 }),
    labelColumn('status', msg('Status'), (s) => s.status, {
      priority: 1,
      labels: STATUS_LABELS,
      color: (v) => (v === 'enabled' ? 'green' : 'orange'),
    }),
    labelColumn('state', msg('State'), (s) => s.state, {
      priority: 1,
      labels: STATE_LABELS,
      color: (v) => (v === 'up' ? 'green' : 'red'),
    }),
    textColumn('updated', msg('Updated'), (s) => s.updated_at, {
      priority: 2,
      cell: (s) => formatDateTime(s.updated_at),
    }),
    textColumn('reason', msg('Disabled Reason'), (s) => s.disabled_reason, { priority: 2 }),
  ],
  facets: [
    textFacet('host', msg('Host'), (s) => s.host),
    textFacet('zone', msg('Zone'), (s) => s.zone),
    optionsFacet(
      'service_status',
      msg('Status'),
      [
        { key: 'enabled', label: STATUS_LABELS.enabled },
        { key: 'disabled', label: STATUS_LABELS.disabled },
      ],
      (s) => s.status,
    ),
  ],
  actions: {
    row: [
      modalAction<ComputeService>(
        'disable-service',
        msg('Disable Service'),
        [UPDATE],
        () => import('./DisableServiceModal').then((m) => m.DisableServiceModal),
        { allowed: (s) => s.status === 'enabled', primary: true },
      ),
      modalAction<ComputeService>(
        'enable-service',
        msg('Enable Service'),
        [UPDATE],
        () => import('./EnableServiceModal').then((m) => m.EnableServiceModal),
        { allowed: (s) => s.status === 'disabled', primary: true },
      ),
    ],
  },
});
