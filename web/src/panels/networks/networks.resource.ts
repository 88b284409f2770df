import { ProjectName, projectCells } from '../../shared/projects/projectNames';
import { createElement } from 'react';
import type { Network } from '@skydeck/contract';
import { networkQueries, removeNetwork } from '../../data/neutron/networks';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, labelColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { YES_NO_OPTIONS, serverFacet } from '../../registry/facets';
import { booleanField, customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy, type Column, type Facet } from '../../registry/types';
import { NetworkPorts } from './NetworkPorts';
import { NetworkSubnets } from './NetworkSubnets';
import { SubnetsCell, subnetsText } from './networkCells';

const ADMIN = '/admin/networks';
const CREATE = policy('network', 'create_network');
const UPDATE = policy('network', 'update_network');
const DELETE = policy('network', 'delete_network');
const ownTarget = (n: Network): { project_id: string } => ({ project_id: n.project_id });

export const NETWORK_STATUS_LABELS = {
  ACTIVE: msg('Active'),
  BUILD: msg('Build'),
  DOWN: msg('Down'),
  ERROR: msg('Error'),
};
const ADMIN_STATE_LABELS = { UP: msg('UP'), DOWN: msg('DOWN') };
const adminState = (n: Network): string => (n.admin_state_up ? 'UP' : 'DOWN');

export const NETWORK_IN_USE = msg(
  'Network {{name}} still has ports in use (instances, routers or other devices). Detach or delete them, then delete the network.',
);

const remove = {
  requires: [DELETE],
  remove: removeNetwork,
  inUse: NETWORK_IN_USE,
  invalidates: [networkQueries.all()],
  policyTarget: ownTarget,
};

const adminOnly = <T extends Column<Network> | Facet<Network>>(item: T): T => ({
  ...item,
  panels: [ADMIN],
});

/** Networks: the project panel (its own, shared and external) and the admin one (issue 10). */
export const networks = defineResource<Network>({
  key: (n) => n.id,
  label: (n) => n.name || n.id,
  list: (_scope, filters) => asList(networkQueries.mine(filters)),
  detail: (id) => asDetail(networkQueries.detail(id)),
  // The admin panel sees every project's networks, a page at a time from Neutron.
  paging: {
    when: (scope) => scope.path === ADMIN,
    page: (_scope, filters, page) => asPage(networkQueries.page(filters, page)),
  },
  columns: [
    adminOnly(
      textColumn('project_id', msg('Project'), (n) => n.project_id, {
        ...projectCells<Network>((n) => n.project_id),
        priority: 2,
      }),
    ),
    nameColumn<Network>({
      priority: 1,
      defaultSort: true,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (n) => `(${n.id.slice(0, 13)})`,
    }),
    textColumn('subnets', msg('Subnets Associated'), subnetsText, {
      priority: 1,
      cell: (n) => createElement(SubnetsCell, { network: n }),
    }),
    adminOnly(
      textColumn('provider_network_type', msg('Network Type'), (n) => n.provider_network_type, {
        priority: 2,
      }),
    ),
    adminOnly(
      textColumn(
        'provider_segmentation_id',
        msg('Segmentation ID'),
        (n) =>
          n.provider_segmentation_id === null || n.provider_segmentation_id === undefined
            ? ''
            : String(n.provider_segmentation_id),
        { priority: 3 },
      ),
    ),
    booleanColumn('shared', msg('Shared'), (n) => n.shared, { priority: 1, serverSort: 'shared' }),
    booleanColumn('external', msg('External'), (n) => n.external, { priority: 1 }),
    labelColumn('status', msg('Status'), (n) => n.status, {
      priority: 1,
      serverSort: 'status',
      labels: NETWORK_STATUS_LABELS,
      color: (status) => (status === 'ACTIVE' ? 'green' : status === 'ERROR' ? 'red' : 'grey'),
    }),
    labelColumn('admin_state', msg('Admin State'), adminState, {
      priority: 2,
      serverSort: 'admin_state_up',
      labels: ADMIN_STATE_LABELS,
    }),
    textColumn(
      'availability_zones',
      msg('Availability Zones'),
      (n) => n.availability_zones.join(', '),
      { priority: 3 },
    ),
  ],
  facets: [
    serverFacet('name', msg('Name')),
    adminOnly(serverFacet<Network>('project_id', msg('Project ID'))),
    serverFacet(
      'status',
      msg('Status'),
      Object.entries(NETWORK_STATUS_LABELS).map(([key, label]) => ({ key, label })),
    ),
    serverFacet('shared', msg('Shared'), YES_NO_OPTIONS),
    serverFacet('external', msg('External'), YES_NO_OPTIONS),
    serverFacet('admin_state_up', msg('Admin State'), [
      { key: 'true', label: msg('UP') },
      { key: 'false', label: msg('DOWN') },
    ]),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Network'), [CREATE], () =>
        import('./CreateNetworkWizard').then((m) => m.CreateNetworkWizard),
      ),
    ],
    row: [
      modalAction<Network>(
        'edit',
        msg('Edit Network'),
        [UPDATE],
        () => import('./EditNetworkModal').then((m) => m.EditNetworkModal),
        { policyTarget: ownTarget, primary: true },
      ),
      deleteAction<Network>({ ...remove, label: msg('Delete Network') }),
    ],
    batch: [deleteAction<Network[]>({ ...remove, label: msg('Delete Networks') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (n) => n.name || '-'),
      field(msg('ID'), (n) => n.id),
      field(msg('Project'), (n) => createElement(ProjectName, { id: n.project_id })),
      field(msg('Status'), (n) => {
        const label = (NETWORK_STATUS_LABELS as Record<string, string>)[n.status];
        return label ? t(label) : n.status;
      }),
      field(msg('Admin State'), (n) => t(ADMIN_STATE_LABELS[n.admin_state_up ? 'UP' : 'DOWN'])),
      booleanField(msg('Shared'), (n) => n.shared),
      booleanField(msg('External Network'), (n) => n.external),
      field(msg('MTU'), (n) => (n.mtu === undefined ? '-' : String(n.mtu))),
      field(msg('Availability Zones'), (n) => n.availability_zones.join(', ') || '-'),
      field(msg('Provider Network Type'), (n) => n.provider_network_type ?? '-'),
      field(msg('Physical Network'), (n) => n.provider_physical_network ?? '-'),
      field(msg('Segmentation ID'), (n) =>
        n.provider_segmentation_id === null || n.provider_segmentation_id === undefined
          ? '-'
          : String(n.provider_segmentation_id),
      ),
      dateField(msg('Created'), (n) => n.created_at ?? null),
      dateField(msg('Updated'), (n) => n.updated_at ?? null),
    ]),
    customTab('subnets', msg('Subnets'), (n) => createElement(NetworkSubnets, { network: n })),
    customTab('ports', msg('Ports'), (n) => createElement(NetworkPorts, { network: n })),
  ],
});
