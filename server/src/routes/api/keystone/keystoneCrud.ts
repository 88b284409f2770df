import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import type {
  BulkDeleteResult,
  IdParams,
  IdsBody,
  RouteAnswer,
  RouteBody,
  RouteSpec,
} from '@skydeck/contract';
import { serve, serveNoContent } from '../../serve';
import { mapLimit } from '../../../lib/mapLimit';

/** Why one id of a bulk delete failed: Keystone's own text for a refusal, never a 5xx's. */
export const failureText = (error: unknown): string =>
  error instanceof OpenStackHttpError && error.status < 500
    ? error.message
    : 'The identity service failed.';

/** A route of one item, `/…/:id/`. */
type ItemRoute = RouteSpec & { readonly params: typeof IdParams };

/** The routes of one Keystone collection's items: read, edit and delete (spec 2 §7). */
export interface KeystoneItemRoutes<G extends ItemRoute, U extends ItemRoute> {
  readonly get: G;
  readonly update: U;
  readonly delete: ItemRoute & { readonly response: { readonly 204: unknown } };
}

/** How one collection's items are read, edited and deleted upstream, by Keystone id. */
export interface KeystoneItemCalls<G extends ItemRoute, U extends ItemRoute> {
  readonly get: (request: FastifyRequest, id: string) => Promise<RouteAnswer<G>>;
  readonly update: (
    request: FastifyRequest,
    id: string,
    body: RouteBody<U>,
  ) => Promise<RouteAnswer<U>>;
  readonly remove: (request: FastifyRequest, id: string) => Promise<unknown>;
  /** The Keystone id a path's `:id` names (users: `current` is the signed-in user). */
  readonly id?: (request: FastifyRequest, id: string) => string;
  /** Called before an edit or a delete: lists cached for the tables must be read again. */
  readonly changing?: () => void;
}

// The routes' params schema is IdParams (the ItemRoute bound); the request's generic type is
// a conditional on the route that TypeScript does not resolve inside this generic function.
const pathId = (request: FastifyRequest): string => (request.params as IdParams).id;

/**
 * Registers GET, PATCH and DELETE of `/…/:id/` for one Keystone collection: users, groups,
 * roles, domains and projects differ only in their calls and their allowlist of fields.
 */
export const registerKeystoneItem = <G extends ItemRoute, U extends ItemRoute>(
  app: FastifyInstance,
  routes: KeystoneItemRoutes<G, U>,
  calls: KeystoneItemCalls<G, U>,
): void => {
  const idOf = (request: FastifyRequest): string =>
    calls.id ? calls.id(request, pathId(request)) : pathId(request);
  serve(app, routes.get, (request) => calls.get(request, idOf(request)));
  serve(app, routes.update, (request) => {
    calls.changing?.();
    // The body was validated against U's schema; its generic type is deferred like the params'.
    return calls.update(request, idOf(request), request.body as RouteBody<U>);
  });
  serveNoContent(app, routes.delete, (request) => {
    calls.changing?.();
    return calls.remove(request, idOf(request));
  });
};

/**
 * Registers the bulk delete of a Keystone collection (`DELETE /…/` with `{ ids }`): each id is
 * deleted on its own, four at a time, and the answer says which went and why the others did
 * not, so one refusal does not stop the rest.
 */
export const registerKeystoneDeleteMany = (
  app: FastifyInstance,
  route: RouteSpec & {
    readonly body: typeof IdsBody;
    readonly response: { readonly 200: typeof BulkDeleteResult };
  },
  remove: (request: FastifyRequest, id: string) => Promise<unknown>,
  changing?: () => void,
): void => {
  serve(app, route, async (request) => {
    changing?.();
    const deleted: string[] = [];
    const failed: BulkDeleteResult['failed'] = [];
    await mapLimit([...new Set(request.body.ids)], 4, async (id) => {
      try {
        await remove(request, id);
        deleted.push(id);
      } catch (error) {
        failed.push({ id, message: failureText(error) });
      }
    });
    return { deleted, failed };
  });
};
