import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';

/** Projects (/api/keystone/projects/): every project, or the signed-in user's own. */
export const projectQueries = {
  all: () => resourceKey('keystone.projects'),
  /**
   * Every project (owner columns, flavor access). A user who may not list them gets a 403,
   * which is not toasted: the columns fall back to ids.
   */
  list: () =>
    routeQuery('keystone.projects.list', undefined, {
      map: (r) => r.items,
      staleTime: 5 * 60_000,
      meta: { errorMessage: msg('Unable to retrieve the projects.'), silentStatuses: [403] },
    }),
  /** The projects the user can switch to (the masthead's project switcher). */
  mine: () =>
    routeQuery(
      'keystone.projects.list',
      { query: { user: 'current' } },
      {
        staleTime: 5 * 60_000,
        meta: { errorMessage: msg('Unable to retrieve the projects.') },
      },
    ),
};
