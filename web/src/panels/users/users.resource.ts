import { createElement } from 'react';
import type { KeystoneUser } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { booleanColumn, nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import { booleanField, customTab, field, overviewTab } from '../../registry/fields';
import { clearDomainContextAction } from '../../ui/ConfirmChangeModal/domainContextActions';
import { policy, setting } from '../../registry/types';
import { removeUser, userQueries } from '../../data/keystone/users';
import { UserGroups, UserRoleAssignments } from './UserDetails';

const CREATE = policy('identity', 'identity:create_user');
const UPDATE = policy('identity', 'identity:update_user');
const DELETE = policy('identity', 'identity:delete_user');
/** Spec 2 §9: OPENSTACK_KEYSTONE_BACKEND.can_edit_user hides every edit of a user. */
const EDITABLE = setting('OPENSTACK_KEYSTONE_BACKEND.can_edit_user');

const remove = {
  requires: [DELETE, EDITABLE],
  remove: removeUser,
  invalidates: [userQueries.all()],
};

const mailto = (u: KeystoneUser) =>
  u.email ? createElement('a', { href: `mailto:${u.email}` }, u.email) : null;

/** Users (/identity/users, issue 12): paged and filtered by the server. */
export const users = defineResource<KeystoneUser>({
  key: (u) => u.id,
  label: (u) => u.name || u.id,
  list: (_scope, filters) => asList(userQueries.filtered(filters)),
  paging: {
    when: () => true,
    page: (_scope, filters, page) => asPage(userQueries.page(filters, page)),
  },
  detail: (id) => asDetail(userQueries.detail(id)),
  columns: [
    nameColumn<KeystoneUser>({
      priority: 1,
      defaultSort: true,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (u) => u.id,
    }),
    textColumn('email', msg('Email'), (u) => u.email ?? '', {
      priority: 2,
      sortable: false,
      cell: mailto,
    }),
    textColumn('id', msg('User ID'), (u) => u.id, { priority: 2, serverSort: 'id' }),
    booleanColumn('enabled', msg('Enabled'), (u) => u.enabled, {
      priority: 1,
      serverSort: 'enabled',
    }),
    textColumn('domain', msg('Domain ID'), (u) => u.domain_id, { priority: 3, sortable: false }),
  ],
  facets: [serverFacet('name', msg('Name'))],
  actions: {
    table: [
      modalAction('create', msg('Create User'), [CREATE, EDITABLE], () =>
        import('./UserModals').then((m) => m.CreateUserModal),
      ),
      clearDomainContextAction(),
    ],
    row: [
      modalAction<KeystoneUser>(
        'edit',
        msg('Edit'),
        [UPDATE, EDITABLE],
        () => import('./UserModals').then((m) => m.EditUserModal),
        { primary: true },
      ),
      modalAction<KeystoneUser>('password', msg('Change Password'), [UPDATE, EDITABLE], () =>
        import('./UserModals').then((m) => m.ChangeUserPasswordModal),
      ),
      // Spec 3 §4: only the sensible one of the two is offered.
      modalAction<KeystoneUser>(
        'enable',
        msg('Enable User'),
        [UPDATE, EDITABLE],
        () => import('./UserModals').then((m) => m.EnableUserModal),
        { allowed: (u) => !u.enabled },
      ),
      modalAction<KeystoneUser>(
        'disable',
        msg('Disable User'),
        [UPDATE, EDITABLE],
        () => import('./UserModals').then((m) => m.DisableUserModal),
        { allowed: (u) => u.enabled },
      ),
      deleteAction<KeystoneUser>({ ...remove, label: msg('Delete User') }),
    ],
    batch: [deleteAction<KeystoneUser[]>({ ...remove, label: msg('Delete Users') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (u) => u.name),
      field(msg('ID'), (u) => u.id),
      field(msg('Email'), (u) => u.email ?? ''),
      field(msg('Description'), (u) => u.description ?? ''),
      booleanField(msg('Enabled'), (u) => u.enabled),
      field(msg('Domain ID'), (u) => u.domain_id),
      field(msg('Primary Project ID'), (u) => u.default_project_id ?? ''),
    ]),
    customTab('roles', msg('Role Assignments'), (u) =>
      createElement(UserRoleAssignments, { user: u }),
    ),
    customTab('groups', msg('Groups'), (u) => createElement(UserGroups, { user: u })),
  ],
});
