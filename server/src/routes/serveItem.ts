import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdParams, RouteAnswer, RouteBody, RouteSpec } from '@skydeck/contract';
import { serve, serveNoContent } from './serve';

/** A route of one item, `/…/:id/`. */
type ItemRoute = RouteSpec & { readonly params: typeof IdParams };

/** The routes that read, edit and delete one item of a collection. */
export interface ItemRoutes<G extends ItemRoute, U extends ItemRoute> {
  readonly get: G;
  readonly update: U;
  readonly delete: ItemRoute & { readonly response: { readonly 204: unknown } };
}

/** An upstream collection's calls on one item by id, as the openstack-client has them. */
export interface UpstreamItemCalls<T, B> {
  get(id: string): Promise<T>;
  update(id: string, body: B): Promise<T>;
  delete(id: string): Promise<unknown>;
}

// The routes' params schema is IdParams (the ItemRoute bound); the request's generic type is
// a conditional on the route that TypeScript does not resolve inside this generic function.
const pathId = (request: FastifyRequest): string => (request.params as IdParams).id;

/**
 * Registers GET, PATCH/PUT and DELETE of `/…/:id/` for a collection whose item routes only pass
 * through to the service: the id and the validated body go upstream as they are, and both the
 * read and the edited item are answered through the same allowlist `view`.
 */
export const serveItemPassThrough = <T, G extends ItemRoute, U extends ItemRoute>(
  app: FastifyInstance,
  routes: ItemRoutes<G, U>,
  callsOf: (request: FastifyRequest) => UpstreamItemCalls<T, RouteBody<U>>,
  view: (item: T) => RouteAnswer<G> & RouteAnswer<U>,
): void => {
  serve(app, routes.get, async (request) => view(await callsOf(request).get(pathId(request))));
  serve(app, routes.update, async (request) =>
    // The body was validated against U's schema; its generic type is deferred like the params'.
    view(await callsOf(request).update(pathId(request), request.body as RouteBody<U>)),
  );
  serveNoContent(app, routes.delete, (request) => callsOf(request).delete(pathId(request)));
};
