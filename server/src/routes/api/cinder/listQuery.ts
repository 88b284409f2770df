import type { PagingQuery } from '../../../lib/listPage';

/** Cinder's order when the request names none (`get_sort_params`): newest first. */
export const CINDER_DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;

/** The query every Cinder list route takes: paging, sorting, all_projects, then filters. */
interface CinderListQuery extends PagingQuery {
  sort_key?: string | typeof CINDER_DEFAULT_SORT.key;
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
  // Cinder takes a direction alone (the default key), but the client sends `sort=key:dir`, so
  // a direction without a key names the default key rather than being dropped.
  const sortKey: Q['sort_key'] | typeof CINDER_DEFAULT_SORT.key | undefined =
    query.sort_key ?? (query.sort_dir !== undefined ? CINDER_DEFAULT_SORT.key : undefined);
  const common: {
    filters: typeof filters;
    allProjects: Q['all_projects'];
    sortKey: typeof sortKey;
    sortDir: Q['sort_dir'];
  } = { filters, allProjects: all_projects, sortKey, sortDir: query.sort_dir };
  return { paging, common };
};
