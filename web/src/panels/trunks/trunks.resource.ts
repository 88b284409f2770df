import { createElement } from 'react';
import type { Trunk } from '@skydeck/contract';
import { removeTrunk, trunkQueries } from '../../data/neutron/trunks';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { labelColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { serverFacet, YES_NO_OPTIONS } from '../../registry/facets';
import { customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy, type Column, type Facet } from '../../registry/types';
import { PortLink, TrunkSubports } from './TrunkSubports';

const ADMIN = '/admin/trunks';
const PROJECT = '/project/trunks';
const CREATE = policy('network', 'create_trunk');
const DELETE = policy('network', 'delete_trunk');
const ownTarget = (tr: Trunk): { project_id: string } => ({ project_id: tr.project_id });

export const TRUNK_STATUS_LABELS = {
  ACTIVE: msg('Active'),
  DOWN: msg('Down'),
  BUILD: msg('Build'),
  DEGRADED: msg('Degraded'),
  ERROR: msg('Error'),
};
const ADMIN_STATE_LABELS = { UP: msg('UP'), DOWN: msg('DOWN') };

const remove = {
  requires: [DELETE],
  remove: removeTrunk,
  invalidates: [trunkQueries.all()],
  policyTarget: ownTarget,
};

// Spec 2 §6: create and edit are offered only on the project panel.
const projectOnly = { panels: [PROJECT] };

/** Trunks, project and admin (spec 2 §2, §3, §4, §6, §9). */
export const trunks = defineResource<Trunk>({
  key: (tr) => tr.id,
  label: (tr) => tr.name_or_id,
  list: (scope, filters) => asList(trunkQueries.list(scope.path === ADMIN, filters)),
  detail: (id) => asDetail(trunkQueries.detail(id)),
  // Spec 2 §2: after a delete the user goes to the trunks panel they came from.
  indexPath: (scope) => (scope?.path === ADMIN ? ADMIN : PROJECT),
  // Spec 2 §2: a trunk that fails to load sends the browser back one page.
  detailFailure: 'back',
  columns: [
    nameColumn<Trunk>({
      id: 'name_or_id',
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      value: (tr) => tr.name_or_id,
    }),
    textColumn('port_id', msg('Parent Port'), (tr) => tr.port_id, {
      priority: 1,
      cell: (tr) => createElement(PortLink, { id: tr.port_id }),
    }),
    textColumn('subport_count', msg('Subports'), (tr) => String(tr.subport_count), {
      priority: 1,
    }),
    labelColumn('admin_state', msg('Admin State'), (tr) => tr.admin_state, {
      priority: 1,
      labels: ADMIN_STATE_LABELS,
    }),
    labelColumn('status', msg('Status'), (tr) => tr.status, {
      priority: 1,
      labels: TRUNK_STATUS_LABELS,
      color: (s) => (s === 'ACTIVE' ? 'green' : s === 'ERROR' || s === 'DEGRADED' ? 'red' : 'grey'),
    }),
  ] satisfies Column<Trunk>[],
  facets: [
    serverFacet('name', msg('Name')),
    serverFacet('port_id', msg('Parent Port')),
    serverFacet(
      'status',
      msg('Status'),
      Object.entries(TRUNK_STATUS_LABELS).map(([key, label]) => ({ key, label })),
    ),
    serverFacet('admin_state_up', msg('Admin State'), [
      { key: 'true', label: YES_NO_OPTIONS[0]?.label ?? msg('Yes') },
      { key: 'false', label: YES_NO_OPTIONS[1]?.label ?? msg('No') },
    ]),
  ] satisfies Facet<Trunk>[],
  actions: {
    table: [
      {
        ...modalAction('create', msg('Create Trunk'), [CREATE], () =>
          import('./TrunkWizards').then((m) => m.CreateTrunkWizard),
        ),
        ...projectOnly,
      },
    ],
    row: [
      {
        ...modalAction<Trunk>(
          'edit',
          msg('Edit Trunk'),
          [policy('network', 'add_subports'), policy('network', 'remove_subports')],
          () => import('./TrunkWizards').then((m) => m.EditTrunkWizard),
          { policyTarget: ownTarget, primary: true },
        ),
        ...projectOnly,
      },
      deleteAction<Trunk>({ ...remove, label: msg('Delete Trunk') }),
    ],
    batch: [deleteAction<Trunk[]>({ ...remove, label: msg('Delete Trunks') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (tr) => tr.name || '-'),
      field(msg('ID'), (tr) => tr.id),
      field(msg('Description'), (tr) => tr.description || '-'),
      field(msg('Project ID'), (tr) => tr.project_id),
      field(msg('Parent Port'), (tr) => createElement(PortLink, { id: tr.port_id })),
      field(msg('Subports'), (tr) => String(tr.subport_count)),
      field(msg('Status'), (tr) => {
        const label = (TRUNK_STATUS_LABELS as Record<string, string>)[tr.status];
        return label ? t(label) : tr.status;
      }),
      field(msg('Admin State'), (tr) => t(ADMIN_STATE_LABELS[tr.admin_state])),
      field(msg('Revision Number'), (tr) =>
        tr.revision_number === undefined ? '-' : String(tr.revision_number),
      ),
      dateField(msg('Created'), (tr) => tr.created_at ?? null),
      dateField(msg('Updated'), (tr) => tr.updated_at ?? null),
    ]),
    customTab('subports', msg('Subports'), (tr) => createElement(TrunkSubports, { trunk: tr })),
  ],
});
