import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type {
  ApiError,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteReplies,
  RouteSpec,
} from '@skydeck/contract';
import { errorResponses } from './responses';

/** Request types of a route of the table: what the schemas validated. */
export interface RouteGenericOf<R extends RouteSpec> {
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: R['bodyKind'] extends 'multipart' | 'stream' ? unknown : RouteBody<R>;
  Reply: RouteReplies<R> & { '4xx': ApiError; '5xx': ApiError };
}

export type RouteRequest<R extends RouteSpec> = FastifyRequest<RouteGenericOf<R>>;
export type RouteReply<R extends RouteSpec> = FastifyReply<RouteGenericOf<R>>;

/** A handler answers one of the route's success shapes, or sends through `reply` itself. */
export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: RouteReply<R>,
) => Promise<RouteReplies<R>[keyof RouteReplies<R>] | RouteReply<R>>;

/** Route options beyond the schemas (hooks, body limits, config), as Fastify takes them. */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the handler of one route of the contract's table (foundation issue §1): method,
 * path and schemas come from the table, so a route cannot exist without its schemas, and every
 * error answer is `{ message }` (the serializer allows nothing else). Route plugins are
 * registered under the web root, so the table's path is used as it is.
 */
export const serve = <R extends RouteSpec>(
  app: FastifyInstance,
  spec: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void => {
  const parsesOwnBody = spec.bodyKind === 'multipart' || spec.bodyKind === 'stream';
  app.route({
    ...options,
    method: spec.method,
    url: spec.path,
    schema: {
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body && !parsesOwnBody ? { body: spec.body } : {}),
      response: { ...spec.response, ...errorResponses },
    },
    handler: refuseDotIds(handler as unknown as RouteHandlerMethod),
  });
};

/**
 * `.` or `..` as a path parameter names no resource. Sent upstream in a path, the URL parser
 * would resolve it to another resource (the client refuses that); sent as a filter value, it
 * would answer an empty list as if the item existed. Either way: not found, before any call.
 */
const refuseDotIds = (handler: RouteHandlerMethod): RouteHandlerMethod =>
  function (request, reply) {
    const params = request.params as Record<string, unknown> | undefined;
    if (params && Object.values(params).some((value) => value === '.' || value === '..')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    // The generic request/reply types above are what these schemas validate and allow.
    return handler.call(this, request, reply);
  };

/**
 * Registers a route that does one thing upstream and answers 204 with no body (deletes,
 * membership and role changes, actions): the handler only does the thing, so no route can
 * forget the status or send a body the 204 schema would refuse.
 */
export const serveNoContent = <
  R extends RouteSpec & { readonly response: { readonly 204: unknown } },
>(
  app: FastifyInstance,
  spec: R,
  action: (request: RouteRequest<R>, reply: RouteReply<R>) => Promise<unknown>,
  options: ServeOptions = {},
): void => {
  serve(
    app,
    spec,
    async (request, reply) => {
      await action(request, reply);
      // R declares 204 (the bound above), which the reply's generic status type cannot see.
      return (reply as FastifyReply).code(204).send(null);
    },
    options,
  );
};
