import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the request body arrives. `json` (the default when `body` is set) is validated against
 * `body`; `form` is a JSON body or a classic form post (login); `multipart` and `stream` are
 * parsed by the handler itself (uploads), so `body` describes nothing for them.
 */
export type BodyKind = 'json' | 'form' | 'multipart' | 'stream';

/**
 * One route of /api or /auth, declared once (foundation issue §1): the server registers its
 * handler from this value with these schemas, and the web app calls it by its id with the types
 * derived from it. `path` is relative to the web root and starts with `/`; `:name` segments are
 * the params. Error answers are always `{ message }` (ApiError), so only successes are listed.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly bodyKind?: BodyKind;
  readonly response: { readonly [status: number]: TSchema };
}

/** Identity with `const` inference, so a route keeps its literal method, path and schemas. */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

/**
 * A family of routes under one id prefix: `routes('nova.keypairs', { list, get })` gives ids
 * `nova.keypairs.list` and `nova.keypairs.get`. Ids are what the web app calls and what query
 * keys start with (split at the dots), so they read as service, resource, operation.
 */
export type Prefixed<P extends string, T> = {
  readonly [K in keyof T & string as `${P}.${K}`]: T[K];
};
export const routes = <const P extends string, const T extends Record<string, RouteSpec>>(
  prefix: P,
  family: T,
): Prefixed<P, T> =>
  Object.fromEntries(
    Object.entries(family).map(([name, spec]) => [`${prefix}.${name}`, spec]),
  ) as Prefixed<P, T>;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The path params, query and body a route takes, and what it answers. */
export type RouteParams<R extends RouteSpec> = StaticOr<R['params'], undefined>;
export type RouteQuery<R extends RouteSpec> = StaticOr<R['query'], undefined>;
export type RouteBody<R extends RouteSpec> = R['bodyKind'] extends 'multipart' | 'stream'
  ? FormData | Blob
  : StaticOr<R['body'], undefined>;
/** The success answers by status. */
export type RouteReplies<R extends RouteSpec> = {
  [S in keyof R['response']]: R['response'][S] extends TSchema ? Static<R['response'][S]> : never;
};
/** Any success answer (a 204's `null` included). */
export type RouteAnswer<R extends RouteSpec> = RouteReplies<R>[keyof RouteReplies<R>];

/** What a caller passes: only the parts the route has, each required when the route has it. */
export type RouteArgs<R extends RouteSpec> = (R['params'] extends TSchema
  ? { params: RouteParams<R> }
  : { params?: undefined }) &
  (R['query'] extends TSchema ? { query?: RouteQuery<R> } : { query?: undefined }) &
  (R['body'] extends TSchema
    ? { body: RouteBody<R> }
    : R['bodyKind'] extends 'multipart' | 'stream'
      ? { body: RouteBody<R> }
      : { body?: undefined });

/** The TypeBox-free view of the table the web app ships: id → [method, path]. */
export type RoutePathTable<T extends Record<string, RouteSpec>> = {
  readonly [K in keyof T]: readonly [T[K]['method'], T[K]['path']];
};

/** `/api/nova/keypairs/:name/` with `{ name: 'a b' }` → `/api/nova/keypairs/a%20b/`. */
export const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value as string | number));
  });
