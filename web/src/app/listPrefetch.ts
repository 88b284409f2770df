import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Settings } from '@skydeck/contract';
import { prefetchedByRoute } from '../api/queryClient';
import { loadBootstrap, shellQueries } from '../data/shell';
import { forPanel } from '../registry/defineResource';
import { loadResource, type ResourceLoader } from '../registry/loadResource';
import type { PageQueryOptions, PanelScope, ResourceType } from '../registry/types';
import { chipsOf, serverFilters } from '../ui/FacetToolbar/useFacetParams';
import { LIMIT_PARAM, cookiePageSize, tableQuery } from '../ui/ResourceTable/pageParams';

/**
 * Settings as if FILTER_DATA_FIRST named every panel, the only setting a declaration's
 * filterFirst reads: a panel that would list even so need not wait for the real settings.
 */
const FILTER_EVERYTHING_FIRST = {
  FILTER_DATA_FIRST: new Proxy({}, { get: () => true }),
} as unknown as Settings;

/**
 * A panel's list query for a URL, exactly as its table will ask it (same server facets from the
 * query string, same page, same key), or undefined when the table waits for a filter
 * (FILTER_DATA_FIRST).
 */
export function panelListQuery(
  resource: ResourceType<unknown>,
  scope: PanelScope,
  search: URLSearchParams,
  settings: Settings | undefined,
): ReturnType<ResourceType<unknown>['list']> | PageQueryOptions<unknown> | undefined {
  // The panel's own columns and facets, as its table sees them (the same key).
  const shown = forPanel(resource, scope);
  const facets = shown.facets ?? [];
  const filters = serverFilters(facets, chipsOf(search, facets));
  if (shown.filterFirst?.(scope, settings) && Object.keys(filters).length === 0) return undefined;
  return tableQuery(shown, scope, filters, search, settings).options;
}

/** A server page whose size only the settings can tell (no cookie, none in the URL). */
function pageSizeNeedsSettings(
  resource: ResourceType<unknown>,
  scope: PanelScope,
  search: URLSearchParams,
): boolean {
  return (
    !!resource.paging?.when(scope) && !search.get(LIMIT_PARAM) && cookiePageSize() === undefined
  );
}

/**
 * Starts a panel's list the moment its route is known (foundation issue §5): in parallel with
 * the session bootstrap, the policy batch and the loading of the page's code. The table finds
 * it in the cache, or in flight, and does not ask again. Part of the first chunk (it is small),
 * so it waits for nothing but the panel's declaration. Resolves, once the list is in (or
 * failed), to its key; to undefined when no list was asked.
 */
export async function prefetchPanelList(
  queryClient: QueryClient,
  entry: ResourceLoader,
  scope: PanelScope,
  url: URL,
): Promise<QueryKey | undefined> {
  let resource: ResourceType<unknown>;
  try {
    resource = await loadResource(entry);
  } catch {
    return undefined; // the route's lazy() fails the same way and shows the error
  }
  const settingsKey = shellQueries.settings().queryKey;
  if (
    queryClient.getQueryData(settingsKey) === undefined &&
    (resource.filterFirst?.(scope, FILTER_EVERYTHING_FIRST) ||
      pageSizeNeedsSettings(resource, scope, url.searchParams))
  ) {
    // Whether to list at all, or how long a page is, is a setting here: wait for the
    // bootstrap that brings it.
    await loadBootstrap(queryClient).catch(() => undefined);
  }
  const list = panelListQuery(
    resource,
    scope,
    url.searchParams,
    queryClient.getQueryData(settingsKey),
  );
  if (!list) return undefined;
  await queryClient.prefetchQuery(
    prefetchedByRoute(list as ReturnType<ResourceType<unknown>['list']>),
  );
  return list.queryKey;
}
