import type { GroupCreateBody, GroupUpdateBody, KeystoneGroup } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { userQueries } from './users';

const LIST_FAILED = msg('Unable to retrieve the groups.');

/** Groups (/api/keystone/groups/). */
export const groupQueries = {
  all: () => resourceKey('keystone.groups'),
  list: (filters: Record<string, string>) =>
    routeQuery(
      'keystone.groups.list',
      { query: filters.name ? { name__icontains: filters.name } : {} },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'keystone.groups.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the group.'), silentStatuses: [404] } },
    ),
  members: (id: string) =>
    routeQuery(
      'keystone.groups.members',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the group members.') } },
    ),
};

/** Who to add and who to remove so that the members become exactly `wanted`. */
export function membershipChanges(
  current: readonly string[],
  wanted: readonly string[],
): { add: string[]; remove: string[] } {
  const now = new Set(current);
  const next = new Set(wanted);
  return {
    add: [...next].filter((id) => !now.has(id)),
    remove: [...now].filter((id) => !next.has(id)),
  };
}

export const groupMutations = {
  create: mutation({
    fn: (body: GroupCreateBody) => api('keystone.groups.create', { body }),
    invalidates: [groupQueries.all()],
    successMessage: (_d, body) =>
      t(msg('Group "{{name}}" was successfully created.'), { name: body.name }),
    errorMessage: msg('Unable to create group.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: GroupUpdateBody }) =>
      api('keystone.groups.update', { params: { id }, body }),
    invalidates: [groupQueries.all()],
    successMessage: (d) => t(msg('Group "{{name}}" was successfully updated.'), { name: d.name }),
    errorMessage: msg('Unable to update the group.'),
    inlineErrors: true,
  }),
  /** Adds and removes members one call each (Keystone has no bulk membership call). */
  setMembers: mutation({
    fn: async ({ id, add, remove }: { id: string; add: string[]; remove: string[] }) => {
      for (const userId of add) {
        await api('keystone.groups.addMember', { params: { id, userId } });
      }
      for (const userId of remove) {
        await api('keystone.groups.removeMember', { params: { id, userId } });
      }
    },
    invalidates: [groupQueries.all(), userQueries.all()],
    successMessage: () => t(msg('Group members have been updated.')),
    errorMessage: msg('Unable to update the group members.'),
    inlineErrors: true,
  }),
};

export async function removeGroup(group: KeystoneGroup): Promise<void> {
  await api('keystone.groups.delete', { params: { id: group.id } });
}
