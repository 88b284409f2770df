import { createElement } from 'react';
import type { KeystoneGroup } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import { customTab, field, overviewTab } from '../../registry/fields';
import { clearDomainContextAction } from '../../ui/ConfirmChangeModal/domainContextActions';
import { policy, setting } from '../../registry/types';
import { groupQueries, removeGroup } from '../../data/keystone/groups';
import { GroupMembers } from './GroupMembers';

const CREATE = policy('identity', 'identity:create_group');
const UPDATE = policy('identity', 'identity:update_group');
const DELETE = policy('identity', 'identity:delete_group');
const ADD_MEMBER = policy('identity', 'identity:add_user_to_group');
const REMOVE_MEMBER = policy('identity', 'identity:remove_user_from_group');
/** Spec 2 §9: OPENSTACK_KEYSTONE_BACKEND.can_edit_group hides every edit of a group. */
const EDITABLE = setting('OPENSTACK_KEYSTONE_BACKEND.can_edit_group');

const remove = {
  requires: [DELETE, EDITABLE],
  remove: removeGroup,
  invalidates: [groupQueries.all()],
};

/** Groups (/identity/groups, issue 12: name, description, id, domain; members). */
export const groups = defineResource<KeystoneGroup>({
  key: (g) => g.id,
  label: (g) => g.name || g.id,
  list: (_scope, filters) => asList(groupQueries.list(filters)),
  detail: (id) => asDetail(groupQueries.detail(id)),
  columns: [
    nameColumn<KeystoneGroup>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (g) => g.id,
    }),
    textColumn('description', msg('Description'), (g) => g.description ?? '', { priority: 2 }),
    textColumn('id', msg('Group ID'), (g) => g.id, { priority: 2 }),
    textColumn('domain', msg('Domain ID'), (g) => g.domain_id, { priority: 3 }),
  ],
  facets: [serverFacet('name', msg('Name'))],
  actions: {
    table: [
      modalAction('create', msg('Create Group'), [CREATE, EDITABLE], () =>
        import('./GroupModals').then((m) => m.CreateGroupModal),
      ),
      clearDomainContextAction(),
    ],
    row: [
      modalAction<KeystoneGroup>(
        'members',
        msg('Manage Members'),
        [ADD_MEMBER, REMOVE_MEMBER, EDITABLE],
        () => import('./GroupModals').then((m) => m.ManageMembersModal),
        { primary: true },
      ),
      modalAction<KeystoneGroup>('edit', msg('Edit Group'), [UPDATE, EDITABLE], () =>
        import('./GroupModals').then((m) => m.EditGroupModal),
      ),
      deleteAction<KeystoneGroup>({ ...remove, label: msg('Delete Group') }),
    ],
    batch: [deleteAction<KeystoneGroup[]>({ ...remove, label: msg('Delete Groups') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (g) => g.name),
      field(msg('Group ID'), (g) => g.id),
      field(msg('Description'), (g) => g.description ?? ''),
      field(msg('Domain ID'), (g) => g.domain_id),
    ]),
    customTab('members', msg('Group Members'), (g) => createElement(GroupMembers, { group: g })),
  ],
});
