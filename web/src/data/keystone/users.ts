import type { KeystoneUser, UserCreateBody, UserUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import type { PageRequest } from '../../registry/types';
import { identityPageQuery } from './projects';

const LIST_FAILED = msg('Unable to retrieve the users.');

/** Spec 1 §9: a membership list's user search waits this long after the last key. */
export const USER_SEARCH_DELAY_MS = 200;

/** Users (/api/keystone/users/). */
export const userQueries = {
  all: () => resourceKey('keystone.users'),
  /** The first users whose name holds `text` (any case), by name (the Membership step). */
  search: (text: string, limit = 50) =>
    routeQuery(
      'keystone.users.list',
      { query: { name__icontains: text, limit, sort_key: 'name', sort_dir: 'asc' } },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  /** One page of the Users table, paged and filtered by the server. */
  page: (filters: Record<string, string>, page: PageRequest) =>
    routeQuery(
      'keystone.users.list',
      { query: identityPageQuery(filters, page) },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  filtered: (filters: Record<string, string>) =>
    routeQuery(
      'keystone.users.list',
      { query: filters.name ? { name__icontains: filters.name } : {} },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  detail: (id: string) =>
    routeQuery(
      'keystone.users.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the user.'), silentStatuses: [404] } },
    ),
  roleAssignments: (id: string) =>
    routeQuery(
      'keystone.users.roleAssignments',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve role assignments.') } },
    ),
  groups: (id: string) =>
    routeQuery(
      'keystone.users.groups',
      { params: { id } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the groups.') } },
    ),
};

/**
 * The role a member gets when added (spec 1 §6): Keystone's `member` where it exists (the
 * default role of a Zed deployment), else the older `_member_`, else the first role.
 */
export function defaultRoleId(roles: readonly { id: string; name: string }[]): string | undefined {
  const byName = (name: string) => roles.find((r) => r.name.toLowerCase() === name)?.id;
  return byName('member') ?? byName('_member_') ?? roles[0]?.id;
}

/** Roles (/api/keystone/roles/). */
export const roleQueries = {
  all: () => resourceKey('keystone.roles'),
  list: () =>
    routeQuery('keystone.roles.list', undefined, {
      map: (r) => r.items,
      staleTime: 5 * 60_000,
      meta: { errorMessage: msg('Unable to retrieve the roles.') },
    }),
};

export const USER_CREATED = msg('User "{{name}}" was successfully created.');
export const USER_UPDATED = msg('User has been updated successfully.');
export const PASSWORD_UPDATED = msg('User password has been updated successfully.');

export const userMutations = {
  create: mutation({
    fn: (body: UserCreateBody) => api('keystone.users.create', { body }),
    invalidates: [userQueries.all()],
    successMessage: (_d, body) => t(USER_CREATED, { name: body.name }),
    errorMessage: msg('Unable to create user.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: UserUpdateBody }) =>
      api('keystone.users.update', { params: { id }, body }),
    invalidates: [userQueries.all()],
    successMessage: () => t(USER_UPDATED),
    errorMessage: msg('Unable to update the user.'),
    inlineErrors: true,
  }),
  changePassword: mutation({
    fn: ({ id, password }: { id: string; password: string }) =>
      api('keystone.users.update', { params: { id }, body: { password } }),
    successMessage: () => t(PASSWORD_UPDATED),
    errorMessage: msg('Unable to update the user password.'),
    inlineErrors: true,
  }),
  setEnabled: mutation({
    fn: ({ user, enabled }: { user: KeystoneUser; enabled: boolean }) =>
      api('keystone.users.update', { params: { id: user.id }, body: { enabled } }),
    invalidates: [userQueries.all()],
    successMessage: (_d, v) =>
      t(
        v.enabled
          ? msg('User {{name}} was successfully enabled.')
          : msg('User {{name}} was successfully disabled.'),
        { name: v.user.name },
      ),
    errorMessage: msg('Unable to update the user.'),
  }),
};

export async function removeUser(user: KeystoneUser): Promise<void> {
  await api('keystone.users.delete', { params: { id: user.id } });
}
