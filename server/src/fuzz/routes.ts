import { routeTable, type RouteSpec } from '@skydeck/contract';

export type FuzzMethod = RouteSpec['method'];

/** JSON Schema as TypeBox builds it: plain objects, read by keyword. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * One route the fuzzer drives: method, path relative to the web root with `:name` params, and
 * the request schemas. `body` is left out where the handler parses the body itself (multipart
 * uploads, streamed files): the fuzzer then sends files and forms there.
 */
export interface FuzzRoute {
  readonly method: FuzzMethod;
  /** `/api/nova/keypairs/:name/`: relative to the web root, starting with `/`. */
  readonly path: string;
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  readonly body?: JsonSchema;
}

/**
 * Every /api and /auth route, from the contract's route table: the server registers a handler
 * for each entry (and fails a test on any route outside it), so a new route is fuzzed as soon
 * as it is declared. The one place that knows where routes come from.
 */
export const fuzzRoutes = (table: Readonly<Record<string, RouteSpec>> = routeTable): FuzzRoute[] =>
  Object.values(table).map((spec) => ({
    method: spec.method,
    path: spec.path,
    params: spec.params as JsonSchema | undefined,
    query: spec.query as JsonSchema | undefined,
    body:
      spec.bodyKind === 'multipart' || spec.bodyKind === 'stream'
        ? undefined
        : (spec.body as JsonSchema | undefined),
  }));

/** `:name` segments of a path, in order. */
export const paramNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');

export const routeKey = (route: FuzzRoute): string => `${route.method} ${route.path}`;
