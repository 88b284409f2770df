import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routedMethods } from './routeTable';

/** An upstream API error; each service renders it in its own JSON shape. */
export class Fault extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'Fault';
  }
}

export const badRequest = (message: string): Fault => new Fault(400, message);
export const unauthorized = (message: string): Fault => new Fault(401, message);
export const forbidden = (message: string): Fault => new Fault(403, message);
export const notFound = (message: string): Fault => new Fault(404, message);
export const conflict = (message: string): Fault => new Fault(409, message);

/** Renders a fault body in a service's upstream shape; `fault` is the thrown Fault, when there is one. */
export type FaultRenderer = (status: number, message: string, fault?: Fault) => unknown;

export interface FaultHandling {
  readonly render: FaultRenderer;
  /** The text upstream gives for a path it does not route. */
  readonly notFoundMessage: string;
  /** The text upstream gives for an unexpected server error (never the internal detail). */
  readonly internalErrorMessage: string;
  readonly malformedBodyMessage: string;
  /** A body answered as-is for unrouted paths, where upstream's router (not the service) answers. */
  readonly unroutedBody?: unknown;
  /** The content type of `unroutedBody` (default JSON). */
  readonly unroutedType?: string;
  /** The answer to an unrouted path when it depends on the request (webob's Accept negotiation). */
  readonly unrouted?: (request: FastifyRequest) => RawAnswer;
  /** Extra headers for every error answer (e.g. a negotiated microversion). */
  readonly headers?: (request: FastifyRequest) => Record<string, string>;
  /**
   * The answer to a path the service routes, asked with a method it does not (`allowed`: the
   * routed methods). Absent, or undefined returned: answered as an unknown path, as the routes
   * mapper of nova and cinder does.
   */
  readonly methodNotAllowed?: (
    request: FastifyRequest,
    allowed: readonly string[],
  ) => RawAnswer | undefined | Promise<RawAnswer | undefined>;
}

/** An answer sent as-is (upstream's router or framework speaks, not the service's fault wrapper). */
export interface RawAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Default JSON. */
  readonly contentType?: string;
}

const sendFault = (
  reply: FastifyReply,
  handling: FaultHandling,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
  fault?: Fault,
): FastifyReply =>
  reply
    .code(status)
    .headers({ ...handling.headers?.(reply.request), ...headers })
    .type('application/json')
    .send(handling.render(status, message, fault));

/**
 * Installs the error and not-found handlers of one service prefix, so every failure under it
 * answers in that service's upstream error shape.
 */
export const installFaultHandling = (app: FastifyInstance, handling: FaultHandling): void => {
  app.setNotFoundHandler(async (request, reply) => {
    const allowed = handling.methodNotAllowed ? routedMethods(request) : [];
    const answer =
      allowed.length > 0 ? await handling.methodNotAllowed?.(request, allowed) : undefined;
    const raw = answer ?? handling.unrouted?.(request);
    if (raw) {
      return reply
        .code(raw.status)
        .headers(raw.headers ?? {})
        .type(raw.contentType ?? 'application/json')
        .send(raw.body);
    }
    return handling.unroutedBody === undefined
      ? sendFault(reply, handling, 404, handling.notFoundMessage)
      : reply
          .code(404)
          .type(handling.unroutedType ?? 'application/json')
          .send(handling.unroutedBody);
  });
  app.setErrorHandler((error: FastifyError | Fault, request, reply) => {
    if (error instanceof Fault) {
      return sendFault(reply, handling, error.status, error.message, error.headers, error);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return sendFault(reply, handling, 400, handling.malformedBodyMessage);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendFault(reply, handling, 415, 'Unsupported Content-Type');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendFault(reply, handling, 413, 'Request is too large.');
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFault(reply, handling, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendFault(reply, handling, 500, handling.internalErrorMessage);
  });
};
