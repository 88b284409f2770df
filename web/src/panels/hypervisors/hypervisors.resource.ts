import { createElement } from 'react';
import type { Hypervisor } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { labelColumn, numberColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { optionsFacet, textFacet } from '../../registry/facets';
import { field } from '../../registry/fields';
import { HypervisorInstances } from './HypervisorInstances';
import { usedOfTotal } from './usage';
import { hypervisorQueries } from '../../data/nova/computeAdmin';

const STATE_LABELS = { up: msg('Up'), down: msg('Down') };
const STATUS_LABELS = { enabled: msg('Enabled'), disabled: msg('Disabled') };

/** The hypervisors table of admin › Hypervisors (issue 9): one row per compute node. */
export const hypervisors = defineResource<Hypervisor>({
  key: (h) => h.id,
  label: (h) => h.hypervisor_hostname,
  list: () => asList(hypervisorQueries.list()),
  columns: [
    textColumn('hostname', msg('Hostname'), (h) => h.hypervisor_hostname, {
      priority: 1,
      defaultSort: true,
    }),
    textColumn('type', msg('Type'), (h) => h.hypervisor_type, { priority: 2 }),
    // Sorted by what is used; the cell says used of total.
    numberColumn('vcpus', msg('VCPUs (used / total)'), (h) => h.vcpus_used, {
      priority: 1,
      cell: (h) => usedOfTotal(h.vcpus_used, h.vcpus),
    }),
    numberColumn('ram', msg('RAM (used / total)'), (h) => h.memory_mb_used, {
      priority: 1,
      cell: (h) => usedOfTotal(h.memory_mb_used, h.memory_mb, 'MB'),
    }),
    numberColumn('disk', msg('Local Storage (used / total)'), (h) => h.local_gb_used, {
      priority: 2,
      cell: (h) => usedOfTotal(h.local_gb_used, h.local_gb, 'GB'),
    }),
    numberColumn('instances', msg('Instances'), (h) => h.running_vms, { priority: 1 }),
    labelColumn('state', msg('State'), (h) => h.state, {
      priority: 1,
      labels: STATE_LABELS,
      color: (v) => (v === 'up' ? 'green' : 'red'),
    }),
    labelColumn('status', msg('Status'), (h) => h.status, {
      priority: 1,
      labels: STATUS_LABELS,
      color: (v) => (v === 'enabled' ? 'green' : 'orange'),
    }),
  ],
  facets: [
    textFacet('hostname', msg('Hostname'), (h) => h.hypervisor_hostname),
    textFacet('type', msg('Type'), (h) => h.hypervisor_type),
    optionsFacet(
      'status',
      msg('Status'),
      [
        { key: 'enabled', label: STATUS_LABELS.enabled },
        { key: 'disabled', label: STATUS_LABELS.disabled },
      ],
      (h) => h.status,
    ),
  ],
  summary: [
    field(msg('Host IP'), (h) => h.host_ip),
    field(msg('Disabled Reason'), (h) => h.disabled_reason ?? ''),
    field(msg('Instances'), (h) => createElement(HypervisorInstances, { hypervisor: h })),
  ],
});
