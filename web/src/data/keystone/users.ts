import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';

/** Users (/api/keystone/users/) as the Membership step searches them. */
export const userQueries = {
  all: () => resourceKey('keystone.users'),
  /** The first users whose name holds `text` (any case), by name. */
  search: (text: string, limit = 50) =>
    routeQuery(
      'keystone.users.list',
      { query: { name__icontains: text, limit, sort_key: 'name', sort_dir: 'asc' } },
      { meta: { errorMessage: msg('Unable to retrieve the users.') } },
    ),
};

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
