import { createElement } from 'react';
import type { QosPolicy } from '@skydeck/contract';
import { qosPolicyQueries, removeQosPolicy } from '../../data/neutron/qosPolicies';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { booleanFacet, textFacet } from '../../registry/facets';
import { booleanField, customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy } from '../../registry/types';
import { QosRules } from './QosRules';

const CREATE = policy('network', 'create_policy');
const UPDATE = policy('network', 'update_policy');
const DELETE = policy('network', 'delete_policy');
const ownTarget = (p: QosPolicy): { project_id: string } => ({ project_id: p.project_id });

const remove = {
  requires: [DELETE],
  remove: removeQosPolicy,
  invalidates: [qosPolicyQueries.all()],
  policyTarget: ownTarget,
};

/** Network QoS policies (spec 2 §2, §3, §6, §9): list, create, edit, delete, and the rules. */
export const qosPolicies = defineResource<QosPolicy>({
  key: (p) => p.id,
  label: (p) => p.name || p.id,
  list: () => asList(qosPolicyQueries.list()),
  detail: (id) => asDetail(qosPolicyQueries.detail(id)),
  indexPath: () => '/project/network_qos',
  columns: [
    nameColumn<QosPolicy>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (p) => p.id,
    }),
    textColumn('description', msg('Description'), (p) => p.description, { priority: 1 }),
    booleanColumn('shared', msg('Shared'), (p) => p.shared, { priority: 1 }),
  ],
  facets: [
    textFacet('name', msg('Name'), (p) => p.name),
    textFacet('description', msg('Description'), (p) => p.description),
    booleanFacet('shared', msg('Shared'), (p) => p.shared),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create QoS Policy'), [CREATE], () =>
        import('./QosPolicyModals').then((m) => m.CreateQosPolicyModal),
      ),
    ],
    row: [
      modalAction<QosPolicy>(
        'edit',
        msg('Edit QoS Policy'),
        [UPDATE],
        () => import('./QosPolicyModals').then((m) => m.EditQosPolicyModal),
        { policyTarget: ownTarget, primary: true },
      ),
      deleteAction<QosPolicy>({ ...remove, label: msg('Delete QoS Policy') }),
    ],
    batch: [deleteAction<QosPolicy[]>({ ...remove, label: msg('Delete QoS Policies') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (p) => p.name),
      field(msg('ID'), (p) => p.id),
      field(msg('Description'), (p) => p.description || '-'),
      booleanField(msg('Shared'), (p) => p.shared),
      booleanField(msg('Default'), (p) => p.is_default),
      field(msg('Project ID'), (p) => p.project_id),
      dateField(msg('Created'), (p) => p.created_at ?? null),
      dateField(msg('Updated'), (p) => p.updated_at ?? null),
    ]),
    customTab('rules', msg('Rules'), (p) => createElement(QosRules, { policy: p })),
  ],
});
