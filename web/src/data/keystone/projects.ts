import { resourceKey, routeQuery } from '../../api/api';
import { msg } from '../../i18n/msg';
import { policy } from '../../registry/types';

/**
 * Who may call projectQueries.list() (GET /v3/projects): with Zed's new defaults an admin, not a
 * member or reader. Callers ask this first, so a page never sends what policy forbids.
 */
export const LIST_PROJECTS = policy('identity', 'identity:list_projects');

/** Projects (/api/keystone/projects/): every project, or the signed-in user's own. */
export const projectQueries = {
  all: () => resourceKey('keystone.projects'),
  /**
   * Every project (owner columns, flavor access), for users who pass LIST_PROJECTS; a 403 is
   * still not toasted (operator overrides may deny what the defaults allow): names fall back
   * to ids.
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
