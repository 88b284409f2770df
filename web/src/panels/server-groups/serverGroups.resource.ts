import { createElement } from 'react';
import type { ServerGroup } from '@skydeck/contract';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { optionsFacet, textFacet } from '../../registry/facets';
import { customTab, field, overviewTab } from '../../registry/fields';
import { feature, policy } from '../../registry/types';
import { ServerGroupMembers } from './ServerGroupMembers';
import { POLICY_LABELS, policyChoices } from './serverGroupPolicies';
import { removeServerGroup, serverGroupQueries } from '../../data/nova/serverGroups';

const CREATE = policy('compute', 'os_compute_api:os-server-groups:create');
const DELETE = policy('compute', 'os_compute_api:os-server-groups:delete');
const USER_INFO = feature('servergroup_user_info');

const remove = {
  requires: [DELETE],
  remove: removeServerGroup,
  invalidates: [serverGroupQueries.all()],
};

/** Server groups (spec 2 §2, §3, §5, §6, §8, §9). */
export const serverGroups = defineResource<ServerGroup>({
  key: (sg) => sg.id,
  label: (sg) => sg.name || sg.id,
  list: () => asList(serverGroupQueries.list()),
  detail: (id) => asDetail(serverGroupQueries.detail(id)),
  columns: [
    nameColumn({ priority: 1, defaultSort: true, linkToDetails: true, fallback: (sg) => sg.id }),
    textColumn('id', msg('ID'), (sg) => sg.id),
    textColumn('policy', msg('Policy'), (sg) => sg.policy),
  ],
  facets: [
    textFacet('name', msg('Name'), (sg) => sg.name),
    textFacet('id', msg('ID'), (sg) => sg.id),
    optionsFacet(
      'policy',
      msg('Policy'),
      policyChoices(true).map((p) => ({ key: p, label: POLICY_LABELS[p] })),
      (sg) => sg.policy,
    ),
  ],
  actions: {
    table: [
      modalAction('create', msg('Create Server Group'), [CREATE], () =>
        import('./CreateServerGroupModal').then((m) => m.CreateServerGroupModal),
      ),
    ],
    row: [deleteAction<ServerGroup>({ ...remove, label: msg('Delete Server Group') })],
    batch: [deleteAction<ServerGroup[]>({ ...remove, label: msg('Delete Server Groups') })],
  },
  details: [
    overviewTab([
      field(msg('ID'), (sg) => sg.id),
      field(msg('Name'), (sg) => sg.name),
      field(msg('Policy'), (sg) => sg.policy),
      field(msg('Project ID'), (sg) => sg.project_id ?? '', { requires: [USER_INFO] }),
      field(msg('User ID'), (sg) => sg.user_id ?? '', { requires: [USER_INFO] }),
    ]),
    customTab('members', msg('Members'), (sg) => createElement(ServerGroupMembers, { group: sg })),
  ],
});
