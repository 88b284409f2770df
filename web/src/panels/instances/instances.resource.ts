import { createElement } from 'react';
import type { Instance } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { labelColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import {
  booleanField,
  customTab,
  dateField,
  field,
  keyValueField,
  overviewTab,
  sizeField,
} from '../../registry/fields';
import { policy, type FacetOption, type PanelScope } from '../../registry/types';
import { instanceQueries } from '../../data/nova/servers';
import { classicLaunchAction, launchInstanceAction } from '../../launch/launchInstanceAction';
import { AgeText, Addresses, ImageName, SecurityGroups } from './instanceCells';
import { InstanceActionLog } from './InstanceActionLog';
import { InstanceConsole } from './InstanceConsole';
import { instanceBatchActions, instanceRowActions } from './instances.actions';
import { InstanceInterfaces } from './InstanceInterfaces';
import { InstanceLog } from './InstanceLog';
import { InstanceVolumes } from './InstanceVolumes';
import {
  INSTANCE_STATUS_LABELS,
  TASK_STATE_LABELS,
  addressText,
  isTransitional,
  powerStateLabel,
} from './instanceRules';

const ADMIN_PANEL = '/admin/instances';
const ADMIN_ONLY = [ADMIN_PANEL];
const PROJECT_ONLY = ['/project/instances'];
const isAdmin = (scope: PanelScope): boolean => scope.path === ADMIN_PANEL;
// Nova shows an instance's host only to whom this rule allows (an admin by default).
const HOST_ATTRIBUTES = policy('compute', 'os_compute_api:os-extended-server-attributes');

// Nova's status filter values (the contract's SERVER_STATUSES); deleted ones are not listed.
const STATUS_OPTIONS: FacetOption[] = Object.entries(INSTANCE_STATUS_LABELS)
  .filter(([key]) => key !== 'DELETED')
  .map(([key, label]) => ({ key, label }));

const statusColor = (status: string, item: Instance): 'green' | 'red' | 'blue' | 'grey' =>
  status === 'ACTIVE'
    ? 'green'
    : status === 'ERROR'
      ? 'red'
      : isTransitional(item)
        ? 'blue'
        : 'grey';

/** The task's words ("None" when there is none, as an operator expects to read it). */
const taskText = (i: Instance): string => {
  if (!i.task_state) return t(msg('None'));
  const label = TASK_STATE_LABELS[i.task_state];
  return label ? t(label) : i.task_state;
};

const powerText = (i: Instance): string => {
  const label = powerStateLabel(i.power_state);
  return label === null ? '' : t(label);
};

const statusText = (i: Instance): string => {
  const label = INSTANCE_STATUS_LABELS[i.status];
  return label ? t(label) : i.status;
};

/** "Progress 40%" beside a status while Nova reports one. */
const withProgress = (i: Instance): string =>
  i.progress !== null && isTransitional(i) && i.progress > 0 && i.progress < 100
    ? `${statusText(i)} (${i.progress}%)`
    : statusText(i);

const flavorName = (i: Instance): string => i.flavor?.name ?? '';
const zoneOf = (i: Instance): string | null => i.availability_zone;
const projectName = (i: Instance): string => i.project_name ?? i.project_id ?? '';

/** Instances: the project panel and the admin one (issue 9; spec 2 §2, §4, §7 Compute). */
export const instances = defineResource<Instance>({
  key: (i) => i.id,
  label: (i) => i.name || i.id,
  list: (scope, filters) => asList(instanceQueries.list(filters, isAdmin(scope))),
  detail: (id) => asDetail(instanceQueries.detail(id)),
  transitional: isTransitional,
  // Polling re-reads only the instances still changing (GET /api/nova/servers/?ids=).
  refresh: (ids) => {
    const query = instanceQueries.byIds(ids);
    return query && asList(query);
  },
  // A project may hold thousands of instances: both panels page on the server (Nova's markers).
  paging: {
    when: () => true,
    page: (scope, filters, page) => asPage(instanceQueries.page(filters, isAdmin(scope), page)),
  },
  columns: [
    { ...textColumn('project', msg('Project'), projectName, { priority: 1 }), panels: ADMIN_ONLY },
    {
      ...textColumn<Instance>('host', msg('Host'), (i) => i.host, {
        priority: 2,
        serverSort: 'host',
      }),
      panels: ADMIN_ONLY,
    },
    nameColumn<Instance>({
      title: msg('Instance Name'),
      priority: 1,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (i) => i.id,
    }),
    textColumn('image', msg('Image Name'), (i) => i.image?.name ?? i.image?.id, {
      priority: 1,
      cell: (i) => createElement(ImageName, { instance: i }),
    }),
    textColumn<Instance>('addresses', msg('IP Address'), addressText, {
      priority: 1,
      sortable: false,
      cell: (i) => createElement(Addresses, { instance: i }),
    }),
    textColumn('flavor', msg('Flavor'), flavorName, { priority: 1 }),
    // The admin panel leaves out key pair and zone (as operators know it): room for project
    // and host in the same width. Neither is sorted: a table of a dozen columns has no room
    // for more sort buttons in a 1400 px window, and these orders are seldom wanted. Both go
    // first when the room narrows, then task and power state (the status says most of it).
    {
      ...textColumn<Instance>('key_name', msg('Key Pair'), (i) => i.key_name, { priority: 3 }),
      panels: PROJECT_ONLY,
    },
    {
      ...labelColumn<Instance>('status', msg('Status'), (i) => i.status, {
        priority: 1,
        serverSort: 'status',
        labels: INSTANCE_STATUS_LABELS,
        inProgress: isTransitional,
        color: statusColor,
      }),
      text: withProgress,
    },
    {
      ...textColumn<Instance>('availability_zone', msg('Availability Zone'), zoneOf, {
        priority: 3,
      }),
      panels: PROJECT_ONLY,
    },
    textColumn('task', msg('Task'), taskText, { priority: 2, serverSort: 'task_state' }),
    // Nova sorts power states by their numbers, an order that means nothing to a reader.
    textColumn('power_state', msg('Power State'), powerText, { priority: 2 }),
    textColumn('age', msg('Age'), (i) => i.created, {
      priority: 1,
      // Nova's own order: newest first.
      defaultSort: 'desc',
      serverSort: 'created',
      cell: (i) => createElement(AgeText, { created: i.created }),
    }),
  ],
  facets: [
    serverFacet('name', msg('Instance Name')),
    serverFacet('status', msg('Status'), STATUS_OPTIONS),
    serverFacet('image', msg('Image ID')),
    serverFacet('flavor', msg('Flavor ID')),
    serverFacet('ip', msg('IP Address')),
    serverFacet('availability_zone', msg('Availability Zone')),
    { ...serverFacet<Instance>('host', msg('Host')), panels: ADMIN_ONLY },
    { ...serverFacet<Instance>('project_id', msg('Project ID')), panels: ADMIN_ONLY },
  ],
  // Declared beside the panel, each with its policy rule, per-row target and availability.
  actions: {
    table: [launchInstanceAction, classicLaunchAction],
    row: instanceRowActions,
    batch: instanceBatchActions,
  },
  details: [
    overviewTab([
      field(msg('Name'), (i) => i.name || i.id),
      field(msg('ID'), (i) => i.id),
      field(msg('Description'), (i) => i.description ?? ''),
      field(msg('Project'), projectName),
      field(msg('Status'), withProgress),
      booleanField(msg('Locked'), (i) => i.locked),
      field(msg('Availability Zone'), (i) => i.availability_zone ?? ''),
      field(msg('Host'), (i) => i.host ?? '', { requires: [HOST_ATTRIBUTES] }),
      field(msg('Hypervisor'), (i) => i.hypervisor_hostname ?? '', {
        requires: [HOST_ATTRIBUTES],
      }),
      dateField(msg('Created'), (i) => i.created),
      dateField(msg('Updated'), (i) => i.updated),
      field(msg('Age'), (i) => createElement(AgeText, { created: i.created })),
      field(msg('Task'), taskText),
      field(msg('Power State'), powerText),
      field(msg('Flavor Name'), flavorName),
      field(msg('Flavor ID'), (i) => i.flavor?.id ?? ''),
      field(msg('VCPUs'), (i) => (i.flavor?.vcpus ?? '').toString()),
      sizeField(msg('RAM'), (i) => i.flavor?.ram, 'MB'),
      sizeField(msg('Disk'), (i) => i.flavor?.disk, 'GB'),
      field(msg('Image'), (i) => createElement(ImageName, { instance: i })),
      field(msg('Key Pair'), (i) => i.key_name ?? t(msg('None'))),
      field(msg('IP Addresses'), (i) => createElement(Addresses, { instance: i })),
      field(msg('Security Groups'), (i) => createElement(SecurityGroups, { id: i.id })),
      keyValueField(msg('Metadata'), (i) => i.metadata),
    ]),
    customTab('interfaces', msg('Interfaces'), (i) =>
      createElement(InstanceInterfaces, { instance: i }),
    ),
    customTab('volumes', msg('Volumes'), (i) => createElement(InstanceVolumes, { instance: i })),
    customTab('log', msg('Log'), (i) => createElement(InstanceLog, { instance: i })),
    customTab('console', msg('Console'), (i) => createElement(InstanceConsole, { instance: i })),
    customTab('action-log', msg('Action Log'), (i) =>
      createElement(InstanceActionLog, { instance: i }),
    ),
  ],
});
