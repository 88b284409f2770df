import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type {
  RouteAnswer,
  RouteArgs,
  RouteId,
  RoutePathTable,
  RouteTable,
} from '@skydeck/contract';
import { fillPath } from '@skydeck/contract/route';
import { routePaths } from 'virtual:skydeck-routes';
import type { AppQueryMeta } from './queryClient';
import { apiFetch, type ApiRequest } from './http';

/** What `api()` takes for a route: its params, query and body, plus the request's extras. */
export type ApiArgs<K extends RouteId> = RouteArgs<RouteTable[K]> &
  Pick<ApiRequest, 'signal' | 'onMessages'>;
export type ApiAnswer<K extends RouteId> = RouteAnswer<RouteTable[K]>;

/** Routes whose call takes nothing may be called without arguments. */
type ArgsParam<K extends RouteId> =
  object extends RouteArgs<RouteTable[K]> ? [args?: ApiArgs<K>] : [args: ApiArgs<K>];

/**
 * Calls one route of the contract's table (foundation issue §1): params, query and body are typed
 * by the route's schemas and so is the answer. `api('nova.keypairs.get', { params: { name } })`.
 */
export function api<K extends RouteId>(id: K, ...[args]: ArgsParam<K>): Promise<ApiAnswer<K>> {
  const [method, path] = routePaths[id];
  const a = (args ?? {}) as {
    params?: Record<string, unknown>;
    query?: ApiRequest['query'];
    body?: unknown;
  } & Pick<ApiRequest, 'signal' | 'onMessages'>;
  return apiFetch<ApiAnswer<K>>(fillPath(path, a.params), {
    method,
    query: a.query,
    body: a.body,
    signal: a.signal,
    onMessages: a.onMessages,
  });
}

/**
 * The query key of a route call: the id's parts (service, resource, operation), then the
 * arguments, so `['nova', 'keypairs']` invalidates every key pair query.
 */
export function routeKey<K extends RouteId>(
  id: K,
  args?: Pick<RouteArgs<RouteTable[K]>, 'params' | 'query'>,
): QueryKey {
  const parts = id.split('.');
  const { params, query } = (args ?? {}) as { params?: unknown; query?: unknown };
  return params === undefined && query === undefined
    ? parts
    : [...parts, { ...(params ? { params } : {}), ...(query ? { query } : {}) }];
}

/** The key prefix of every query of one resource (or one service): what a mutation invalidates. */
export function resourceKey(prefix: string): QueryKey {
  return prefix.split('.');
}

export interface RouteQueryOptions<K extends RouteId, T> {
  /** Shapes the answer once, in the queryFn (e.g. a list's items). */
  map?: (answer: ApiAnswer<K>) => T;
  meta?: AppQueryMeta;
  staleTime?: number;
}

/**
 * queryOptions for a GET route: key and fetch both derived from the route and its arguments,
 * so a data module only says which route, with what, and how to tell a failure.
 */
export function routeQuery<K extends RouteId, T = ApiAnswer<K>>(
  id: K,
  args: Pick<RouteArgs<RouteTable[K]>, 'params' | 'query'> | undefined,
  options: RouteQueryOptions<K, T> = {},
) {
  const { map, ...rest } = options;
  // `map` is not an input of the answer but the owning data module's fixed shaping of it: one
  // owner per key (web/src/data), so one key never holds two shapes.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions<T>({
    queryKey: routeKey(id, args),
    queryFn: async ({ signal }) => {
      const answer = await (api as (id: K, args: object) => Promise<ApiAnswer<K>>)(id, {
        ...args,
        signal,
      });
      return map ? map(answer) : (answer as unknown as T);
    },
    ...rest,
  });
}

/**
 * The address of a route relative to the web root, for the one caller that cannot use api():
 * an upload with progress events (XMLHttpRequest).
 */
export function routeUrl<K extends RouteId>(
  id: K,
  params?: Pick<RouteArgs<RouteTable[K]>, 'params'>['params'],
): { method: RoutePathTable<RouteTable>[K][0]; url: string } {
  const [method, path] = routePaths[id];
  return { method, url: fillPath(path, params as Record<string, unknown>).replace(/^\//, '') };
}
