import type { PagingQuery } from '../../../lib/listPage';

/** The query every Cinder list route takes: paging, sorting, all_projects, then filters. */
interface CinderListQuery extends PagingQuery {
  sort_key?: string;
  sort_dir?: string;
  all_projects?: boolean;
}

/**
 * A Cinder list query split as the client takes it: the paging part, and the options every
 * call of the list shares (filters are what remains of the query).
 */
export const cinderListParts = <Q extends CinderListQuery>(query: Q) => {
  // The sort fields are read from the query itself below, to keep the route's own (narrower)
  // types; here they are only taken out of the filters.
  const {
    paginate,
    limit,
    marker,
    prev_marker,
    sort_key: _key,
    sort_dir: _dir,
    all_projects,
    ...filters
  } = query;
  const paging: PagingQuery = { paginate, limit, marker, prev_marker };
  const common: {
    filters: typeof filters;
    allProjects: Q['all_projects'];
    sortKey: Q['sort_key'];
    sortDir: Q['sort_dir'];
  } = { filters, allProjects: all_projects, sortKey: query.sort_key, sortDir: query.sort_dir };
  return { paging, common };
};

/** Cinder's order when the request names none (`get_sort_params`): newest first. */
export const CINDER_DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;
