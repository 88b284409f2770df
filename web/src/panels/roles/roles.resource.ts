import type { Role } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { textFacet } from '../../registry/facets';
import { field, overviewTab } from '../../registry/fields';
import { policy, setting } from '../../registry/types';
import { removeRole, roleDetail } from '../../data/keystone/domains';
import { roleQueries } from '../../data/keystone/users';

const CREATE = policy('identity', 'identity:create_role');
const UPDATE = policy('identity', 'identity:update_role');
const DELETE = policy('identity', 'identity:delete_role');
/** Spec 2 §9: OPENSTACK_KEYSTONE_BACKEND.can_edit_role hides every edit of a role. */
const EDITABLE = setting('OPENSTACK_KEYSTONE_BACKEND.can_edit_role');

const remove = {
  requires: [DELETE, EDITABLE],
  remove: removeRole,
  invalidates: [roleQueries.all()],
};

/** Roles (/identity/roles, spec 3 §2: name and id). */
export const roles = defineResource<Role>({
  key: (r) => r.id,
  label: (r) => r.name || r.id,
  list: () => asList(roleQueries.list()),
  detail: (id) => asDetail(roleDetail(id)),
  columns: [
    nameColumn<Role>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (r) => r.id,
    }),
    textColumn('id', msg('ID'), (r) => r.id, { priority: 2 }),
  ],
  facets: [textFacet('name', msg('Name'), (r) => r.name), textFacet('id', msg('ID'), (r) => r.id)],
  actions: {
    table: [
      modalAction('create', msg('Create Role'), [CREATE, EDITABLE], () =>
        import('./RoleModals').then((m) => m.CreateRoleModal),
      ),
    ],
    row: [
      modalAction<Role>(
        'edit',
        msg('Edit Role'),
        [UPDATE, EDITABLE],
        () => import('./RoleModals').then((m) => m.EditRoleModal),
        { primary: true },
      ),
      deleteAction<Role>({ ...remove, label: msg('Delete Role') }),
    ],
    batch: [deleteAction<Role[]>({ ...remove, label: msg('Delete Roles') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (r) => r.name),
      field(msg('ID'), (r) => r.id),
      field(msg('Domain ID'), (r) => r.domain_id ?? ''),
    ]),
  ],
});
