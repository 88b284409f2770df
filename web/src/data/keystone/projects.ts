import type {
  IdentitySortKey,
  Project,
  ProjectCreateBody,
  ProjectMembersBody,
  ProjectUpdateBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { policy, type PageRequest } from '../../registry/types';
import { markerQuery, sortKeyIn } from '../paging';

/**
 * Who may call projectQueries.list() (GET /v3/projects): with Zed's new defaults an admin, not a
 * member or reader. Callers ask this first, so a page never sends what policy forbids.
 */
export const LIST_PROJECTS = policy('identity', 'identity:list_projects');

const LIST_FAILED = msg('Unable to retrieve the projects.');

const SORT_KEYS: readonly IdentitySortKey[] = ['name', 'id', 'enabled'];
/** The table's page and facets as an identity list's query. */
export const identityPageQuery = (filters: Record<string, string>, page: PageRequest) => ({
  ...markerQuery(page, sortKeyIn(SORT_KEYS, page.sort_key, 'name')),
  ...(filters.name ? { name__icontains: filters.name } : {}),
  ...(filters.domain_id ? { domain_id: filters.domain_id } : {}),
});

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
      meta: { errorMessage: LIST_FAILED, silentStatuses: [403] },
    }),
  /** One page of the Projects table (issue 12: paged and filtered by the server). */
  page: (filters: Record<string, string>, page: PageRequest) =>
    routeQuery(
      'keystone.projects.list',
      { query: identityPageQuery(filters, page) },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  /** Every project whose name holds the facet's text (the table before paging decides). */
  filtered: (filters: Record<string, string>) =>
    routeQuery(
      'keystone.projects.list',
      { query: filters.name ? { name__icontains: filters.name } : {} },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** The projects the user can switch to (the masthead's project switcher). */
  mine: () =>
    routeQuery(
      'keystone.projects.list',
      { query: { user: 'current' } },
      {
        staleTime: 5 * 60_000,
        meta: { errorMessage: LIST_FAILED },
      },
    ),
  detail: (id: string) =>
    routeQuery(
      'keystone.projects.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve the project.'), silentStatuses: [404] } },
    ),
  members: (id: string) =>
    routeQuery(
      'keystone.projects.members',
      { params: { id } },
      {
        map: (r) => r.items,
        meta: { errorMessage: msg('Unable to retrieve the project members.') },
      },
    ),
};

export const PROJECT_CREATED = msg('Created new project "{{name}}".');
export const PROJECT_UPDATED = msg('Modified project "{{name}}".');

export const projectMutations = {
  create: mutation({
    fn: (body: ProjectCreateBody) => api('keystone.projects.create', { body }),
    invalidates: [projectQueries.all()],
    errorMessage: msg('Unable to create project.'),
    inlineErrors: true,
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: ProjectUpdateBody }) =>
      api('keystone.projects.update', { params: { id }, body }),
    invalidates: [projectQueries.all()],
    errorMessage: msg('Unable to modify project.'),
    inlineErrors: true,
  }),
  setMembers: mutation({
    fn: ({ id, body }: { id: string; body: ProjectMembersBody }) =>
      api('keystone.projects.setMembers', { params: { id }, body }),
    invalidates: [projectQueries.all()],
    errorMessage: msg('Unable to modify project members.'),
    inlineErrors: true,
  }),
  /** Enable or disable, from the row menu. */
  setEnabled: mutation({
    fn: ({ project, enabled }: { project: Project; enabled: boolean }) =>
      api('keystone.projects.update', { params: { id: project.id }, body: { enabled } }),
    invalidates: [projectQueries.all()],
    successMessage: (_d, v) =>
      t(
        v.enabled
          ? msg('Project {{name}} was successfully enabled.')
          : msg('Project {{name}} was successfully disabled.'),
        { name: v.project.name },
      ),
    errorMessage: msg('Unable to modify project.'),
  }),
};

export async function removeProject(project: Project): Promise<void> {
  await api('keystone.projects.delete', { params: { id: project.id } });
}
