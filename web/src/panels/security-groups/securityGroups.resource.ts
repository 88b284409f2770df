import { createElement } from 'react';
import type { SecurityGroup } from '@skydeck/contract';
import { removeSecurityGroup, securityGroupQueries } from '../../data/neutron/securityGroups';
import { msg } from '../../i18n/msg';
import { deleteAction, linkAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource, detailsPath } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { customTab, dateField, field, overviewTab } from '../../registry/fields';
import { policy } from '../../registry/types';
import { SecurityGroupRules } from './SecurityGroupRules';

const CREATE = policy('network', 'create_security_group');
const UPDATE = policy('network', 'update_security_group');
const DELETE = policy('network', 'delete_security_group');
const ownTarget = (g: SecurityGroup): { project_id: string } => ({ project_id: g.project_id });

const TYPE = 'OS::Neutron::SecurityGroup';

/** Neutron refuses to delete the default group; the action says so by not being offered. */
const deletable = (g: SecurityGroup): boolean => g.name !== 'default';

const remove = {
  requires: [DELETE],
  remove: removeSecurityGroup,
  invalidates: [securityGroupQueries.all()],
  allowed: deletable,
  policyTarget: ownTarget,
  notAllowed: msg('You are not allowed to delete the default security group: {{names}}'),
};

/** Security groups of the project (issue 10): create, edit, delete, and their rules. */
export const securityGroups = defineResource<SecurityGroup>({
  key: (g) => g.id,
  label: (g) => g.name || g.id,
  list: () => asList(securityGroupQueries.list()),
  detail: (id) => asDetail(securityGroupQueries.detail(id)),
  columns: [
    nameColumn<SecurityGroup>({ priority: 1, defaultSort: true, linkToDetails: true }),
    textColumn('id', msg('Security Group ID'), (g) => g.id, { priority: 2 }),
    textColumn('description', msg('Description'), (g) => g.description, { priority: 1 }),
    textColumn('rules', msg('Rules'), (g) => String(g.rules.length), { priority: 3 }),
  ],
  facets: [
    textFacet('name', msg('Name'), (g) => g.name),
    textFacet('description', msg('Description'), (g) => g.description),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Security Group'), [CREATE], () =>
        import('./SecurityGroupModal').then((m) => m.CreateSecurityGroupModal),
      ),
    ],
    row: [
      linkAction<SecurityGroup>(
        'rules',
        msg('Manage Rules'),
        (g) => `${detailsPath(TYPE, g.id)}?tab=rules`,
        [],
        { primary: true },
      ),
      modalAction<SecurityGroup>(
        'edit',
        msg('Edit Security Group'),
        [UPDATE],
        () => import('./SecurityGroupModal').then((m) => m.EditSecurityGroupModal),
        { policyTarget: ownTarget },
      ),
      deleteAction<SecurityGroup>({ ...remove, label: msg('Delete Security Group') }),
    ],
    batch: [deleteAction<SecurityGroup[]>({ ...remove, label: msg('Delete Security Groups') })],
  },
  details: [
    customTab('rules', msg('Rules'), (g) => createElement(SecurityGroupRules, { group: g })),
    overviewTab([
      field(msg('Name'), (g) => g.name || '-'),
      field(msg('ID'), (g) => g.id),
      field(msg('Description'), (g) => g.description || '-'),
      field(msg('Project ID'), (g) => g.project_id),
      dateField(msg('Created'), (g) => g.created_at ?? null),
      dateField(msg('Updated'), (g) => g.updated_at ?? null),
    ]),
  ],
});
