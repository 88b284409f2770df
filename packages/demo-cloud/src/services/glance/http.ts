import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { routedMethods } from '../../core/routeTable';
import type { CloudContext } from '../../core/service';
import { pyRepr } from '../../core/python';
import { negotiateErrorBody } from '../../core/webob';

/**
 * Glance answers errors as webob HTTP exceptions: the body is HTML, JSON or plain text depending
 * on the request's Accept header, built from an explanation and an optional detail.
 */
export class GlanceFault extends Fault {
  constructor(
    status: number,
    explanation: string,
    readonly options: {
      readonly detail?: string;
      readonly headers?: Readonly<Record<string, string>>;
      /** A body webob builds from its own template instead of explanation and detail (415, 405). */
      readonly body?: string;
    } = {},
  ) {
    super(status, explanation, options.headers ?? {});
    this.name = 'GlanceFault';
  }
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  416: 'Request Range Not Satisfiable',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** webob's explanation when the raiser gives none. */
const DEFAULT_EXPLANATIONS: Readonly<Record<number, string>> = {
  400: 'The server could not comply with the request since it is either malformed or otherwise incorrect.',
  403: 'Access was denied to this resource.',
  404: 'The resource could not be found.',
  409: 'There was a conflict when trying to complete your request.',
  410: 'This resource is no longer available.  No forwarding address is given.',
  413: 'The request is larger than the server is willing or able to process.',
  416: 'The Range requested is not available.',
  500: 'The server has either erred or is incapable of performing the requested operation.',
};

export const defaultExplanation = (status: number): string => DEFAULT_EXPLANATIONS[status] ?? '';

/** `webob.exc.HTTP<...>()` raised without an explanation. */
export const webobFault = (status: number, detail?: string): GlanceFault =>
  new GlanceFault(status, defaultExplanation(status), detail === undefined ? {} : { detail });

export const badRequest = (explanation: string): GlanceFault => new GlanceFault(400, explanation);
export const forbidden = (explanation: string): GlanceFault => new GlanceFault(403, explanation);
export const notFound = (explanation?: string): GlanceFault =>
  new GlanceFault(404, explanation ?? defaultExplanation(404));
export const conflict = (explanation: string): GlanceFault => new GlanceFault(409, explanation);

/** 415 as webob renders HTTPUnsupportedMediaType (its own template names the request's type). */
export const unsupportedMediaType = (
  contentType: string | undefined,
  headers: Readonly<Record<string, string>> = {},
): GlanceFault =>
  new GlanceFault(415, '', {
    headers,
    body: `The request media type ${contentType ?? ''} is not supported by this server.\n<br /><br />\n`,
  });

const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

const plainStrip = (body: string): string =>
  body
    .replaceAll('\n', ' ')
    .replaceAll('\r', '')
    .replace(/<br.*?>/gis, '\n')
    .replace(/<!--|-->/g, '')
    .replace(/<.*?>/gs, '');

/** Sends a webob-style error for `status` in the representation the client accepts. */
export const sendWebobError = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  explanation: string,
  options: GlanceFault['options'] = {},
): FastifyReply => {
  const title = TITLES[status] ?? 'Error';
  const statusLine = `${status} ${title}`;
  const kind = negotiateErrorBody(request.headers.accept);
  const make = (escape: (s: string) => string): string =>
    options.body ?? `${escape(explanation)}<br /><br />\n${escape(options.detail ?? '')}\n\n`;
  reply.code(status).headers(options.headers ?? {});
  if (kind === 'json') {
    return reply
      .type('application/json')
      .send(JSON.stringify({ message: make((s) => s), code: statusLine, title }));
  }
  if (kind === 'html') {
    const body = make(escapeHtml);
    return reply
      .type('text/html; charset=UTF-8')
      .send(
        `<html>\n <head>\n  <title>${statusLine}</title>\n </head>\n <body>\n  <h1>${statusLine}</h1>\n  ${body}\n </body>\n</html>`,
      );
  }
  return reply
    .type('text/plain; charset=UTF-8')
    .send(`${statusLine}\n\n${plainStrip(make((s) => s))}`);
};

/** Error and not-found handling of the /image scope, in webob's shapes. */
export const installGlanceFaults = (app: FastifyInstance): void => {
  app.setNotFoundHandler((request, reply) =>
    sendWebobError(request, reply, 404, defaultExplanation(404)),
  );
  app.setErrorHandler((error: FastifyError | Fault, request, reply) => {
    if (error instanceof GlanceFault) {
      return sendWebobError(request, reply, error.status, error.message, error.options);
    }
    if (error instanceof Fault) {
      return sendWebobError(request, reply, error.status, error.message, {
        headers: error.headers,
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return sendWebobError(request, reply, 400, 'Malformed JSON in request body.');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendWebobError(request, reply, 413, defaultExplanation(413));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendWebobError(request, reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendWebobError(request, reply, 500, defaultExplanation(500));
  });
};

/** oslo.middleware's request id, which glance returns on every answer. */
export const installRequestIds = (app: FastifyInstance): void => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-openstack-request-id')) {
      reply.header('x-openstack-request-id', `req-${randomUUID()}`);
    }
    return payload;
  });
};

/** glance's `timeutils.isotime`: `2015-11-29T22:21:42Z` (no fraction). */
export const isoTime = (iso: string): string => `${iso.slice(0, 19)}Z`;

/** Task rows are serialized straight from the database: `2020-12-18T05:20:38.000000`. */
export const dbTime = (iso: string): string => `${iso.slice(0, 23)}000`;

/** The glance endpoint (`<base>/image`). */
export const glanceBase = (ctx: CloudContext, request?: FastifyRequest): string =>
  `${ctx.baseUrl(request)}/image`;

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The query string as (name, value) pairs in order, repeated names kept (webob's MultiDict). */
export const queryPairs = (request: FastifyRequest): Array<[string, string]> => {
  const raw = request.raw.url ?? '';
  const index = raw.indexOf('?');
  if (index < 0) return [];
  return [...new URLSearchParams(raw.slice(index + 1)).entries()];
};

/** Python's `int()` of a query value, or undefined. */
export const pyInt = (value: string): number | undefined => {
  const trimmed = value.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
};

/** The order glance's router names allowed methods in. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * glance's router after authentication: a path it maps asked with a method it does not take gets
 * 405 and the allowed ones (its RejectMethodController), an unknown path webob's 404.
 */
export const installMethodRouting = (app: FastifyInstance): void => {
  app.setNotFoundHandler((request, reply) => {
    const routed = routedMethods(request);
    if (routed.length === 0) return sendWebobError(request, reply, 404, defaultExplanation(404));
    return sendWebobError(request, reply, 405, '', {
      headers: { Allow: METHODS.filter((m) => routed.includes(m)).join(', ') },
      body: `The method ${request.method} is not allowed for this resource. <br /><br />\n`,
    });
  });
};

/** glance itself refuses an unauthenticated request (keystonemiddleware delays the decision). */
export const unauthorized = (wwwAuthenticate: string): GlanceFault =>
  new GlanceFault(
    401,
    'This server could not verify that you are authorized to access the document you requested. Either you supplied the wrong credentials (e.g., bad password), or your browser does not understand how to supply the credentials required.',
    { headers: { 'WWW-Authenticate': wwwAuthenticate } },
  );

export { pyRepr };
