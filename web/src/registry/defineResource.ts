import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type {
  DetailQueryOptions,
  ListPage,
  ListQueryOptions,
  PageQueryOptions,
  PanelScope,
  ResourceType,
} from './types';

/** Identity, so a declaration's item type is inferred and checked in one place. */
export function defineResource<T>(r: ResourceType<T>): ResourceType<T> {
  return r;
}

/**
 * The manifest holds declarations of many item types side by side; the machinery handles them
 * as `unknown` items it only passes back to the declaration's own functions.
 */
export function lazyResource<T>(
  load: () => Promise<ResourceType<T>>,
): () => Promise<ResourceType<unknown>> {
  return () => load().then((r) => r as unknown as ResourceType<unknown>);
}

/**
 * The generic details route of an item (spec 2 §2 /ngdetails/{type}/{path*}); `nav` is the
 * panel the user came from when it is not the type's usual one (e.g. /admin/images/).
 */
export function detailsPath(type: string, key: string, nav?: string): string {
  const path = `/ngdetails/${type}/${encodeURIComponent(key)}`;
  return nav ? `${path}?nav=${encodeURIComponent(nav)}` : path;
}

/** The panel a details page's delete returns to (spec 2 §2). */
export function indexPathOf(
  resource: ResourceType<unknown>,
  scope?: PanelScope,
): string | undefined {
  return resource.indexPath?.(scope) ?? scope?.path;
}

/**
 * A queryOptions factory's list as a declaration's `list`. TanStack types options by their exact
 * key tuple, and function options (enabled, refetchInterval) make that type invariant; the
 * machinery only needs "some key", so the key type is widened here, once.
 */
export function asList<T, K extends QueryKey>(
  options: UseQueryOptions<T[], Error, T[], K>,
): ListQueryOptions<T> {
  return options as unknown as ListQueryOptions<T>;
}

/** The same widening for a declaration's `detail`. */
export function asDetail<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
): DetailQueryOptions<T> {
  return options as unknown as DetailQueryOptions<T>;
}

/** The same widening for a server-paged declaration's page query. */
export function asPage<T, K extends QueryKey>(
  options: UseQueryOptions<ListPage<T>, Error, ListPage<T>, K>,
): PageQueryOptions<T> {
  return options as unknown as PageQueryOptions<T>;
}

const byPanel = new WeakMap<object, Map<string, unknown>>();

/**
 * The declaration as one panel shows it: columns, facets and actions that name other panels
 * left out (the admin instances' project and host, the project trunks' create and edit). The
 * same object for the same panel, so the table's memos hold; a declaration naming no panels is
 * returned as it is.
 */
export function forPanel<T>(resource: ResourceType<T>, scope: PanelScope): ResourceType<T> {
  const limited = (x: { panels?: readonly string[] }): boolean => x.panels !== undefined;
  const { actions } = resource;
  const lists = [
    resource.columns,
    resource.facets ?? [],
    actions?.table ?? [],
    actions?.row ?? [],
    actions?.batch ?? [],
  ];
  if (!lists.some((list: readonly { panels?: readonly string[] }[]) => list.some(limited)))
    return resource;
  let cache = byPanel.get(resource);
  if (!cache) byPanel.set(resource, (cache = new Map()));
  const hit = cache.get(scope.path) as ResourceType<T> | undefined;
  if (hit) return hit;
  const shown = (x: { panels?: readonly string[] }): boolean =>
    x.panels === undefined || x.panels.includes(scope.path);
  const scoped: ResourceType<T> = {
    ...resource,
    columns: resource.columns.filter(shown),
    ...(resource.facets && { facets: resource.facets.filter(shown) }),
    ...(actions && {
      actions: {
        ...(actions.table && { table: actions.table.filter(shown) }),
        ...(actions.row && { row: actions.row.filter(shown) }),
        ...(actions.batch && { batch: actions.batch.filter(shown) }),
      },
    }),
  };
  cache.set(scope.path, scoped);
  return scoped;
}
