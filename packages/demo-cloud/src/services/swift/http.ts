import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';

/**
 * Swift speaks text, not JSON: errors are swob's `<html><h1>Title</h1><p>Explanation</p></html>`
 * (text/html) or a short text/plain sentence, listings are text, JSON or XML by negotiation, and
 * every answer carries a transaction id.
 */

/** swob's RESPONSE_REASONS: the title and the default explanation of each status. */
export const RESPONSE_REASONS: Readonly<Record<number, readonly [string, string]>> = {
  200: ['OK', ''],
  201: ['Created', ''],
  202: ['Accepted', 'The request is accepted for processing.'],
  204: ['No Content', ''],
  206: ['Partial Content', ''],
  304: ['Not Modified', ''],
  400: [
    'Bad Request',
    'The server could not comply with the request since it is either malformed or otherwise incorrect.',
  ],
  401: [
    'Unauthorized',
    'This server could not verify that you are authorized to access the document you requested.',
  ],
  403: ['Forbidden', 'Access was denied to this resource.'],
  404: ['Not Found', 'The resource could not be found.'],
  405: ['Method Not Allowed', 'The method is not allowed for this resource.'],
  406: ['Not Acceptable', 'The resource is not available in a format acceptable to your browser.'],
  408: [
    'Request Timeout',
    'The server has waited too long for the request to be sent by the client.',
  ],
  409: ['Conflict', 'There was a conflict when trying to complete your request.'],
  411: ['Length Required', 'Content-Length header required.'],
  412: ['Precondition Failed', 'A precondition for this request was not met.'],
  413: ['Request Entity Too Large', 'The body of your request was too large for this server.'],
  414: ['Request URI Too Long', 'The request URI was too long for this server.'],
  415: ['Unsupported Media Type', 'The request media type is not supported by this server.'],
  416: ['Requested Range Not Satisfiable', 'The Range requested is not available.'],
  422: ['Unprocessable Entity', 'Unable to process the contained instructions'],
  429: ['Too Many Requests', 'The server is processing too many requests.'],
  499: ['Client Disconnect', 'The client was disconnected during request.'],
  500: [
    'Internal Error',
    'The server has either erred or is incapable of performing the requested operation.',
  ],
  501: ['Not Implemented', 'The requested method is not implemented by this server.'],
  502: ['Bad Gateway', 'Bad gateway.'],
  503: [
    'Service Unavailable',
    'The server is currently unavailable. Please try again at a later time.',
  ],
  504: ['Gateway Timeout', 'A timeout has occurred speaking to a backend server.'],
};

export const HTML = 'text/html; charset=UTF-8';
const PLAIN = 'text/plain';

/** `200 OK`, as bulk delete reports statuses. */
export const statusLine = (status: number): string =>
  `${status} ${RESPONSE_REASONS[status]?.[0] ?? 'Unknown'}`;

/** swob's default body for a status without an explicit one. */
export const defaultBody = (status: number, explanation?: string): string => {
  const [title, text] = RESPONSE_REASONS[status] ?? ['Error', ''];
  return `<html><h1>${title}</h1><p>${explanation ?? text}</p></html>`;
};

/**
 * A Swift error answer. Without `body` it is swob's HTML page for the status; with one, the body
 * is sent verbatim (Swift's short sentences such as `Maximum limit is 10000`).
 */
export class SwiftError extends Fault {
  constructor(
    status: number,
    readonly body?: string,
    readonly contentType: string = HTML,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(status, body ?? RESPONSE_REASONS[status]?.[1] ?? '', headers);
    this.name = 'SwiftError';
  }
}

/** A Swift error with a text/plain sentence (constraints.py's style). */
export const plainError = (status: number, body: string): SwiftError =>
  new SwiftError(status, body, PLAIN);

export const swiftNotFound = (): SwiftError => new SwiftError(404);

/** `tx<21 hex>-<10 hex of the time>`, as swift's proxy names a transaction. */
const transactionId = (): string =>
  `tx${randomBytes(11).toString('hex').slice(0, 21)}-${Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(10, '0')}`;

const realmOf = (request: FastifyRequest): string => {
  const segments = pathOf(request).split('/');
  // /object-store/v1/<account>/...: the realm is the account.
  const realm = segments[3];
  return realm && realm !== '' ? realm : 'unknown';
};

/** The request path as sent (percent-encoded, trailing slash kept), without the query. */
export const pathOf = (request: FastifyRequest): string => {
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** The query string as sent, parsed as webob does (blank values kept). */
export const queryOf = (request: FastifyRequest): URLSearchParams => {
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
};

/**
 * Installs Swift's error rendering on its prefix: every failure becomes swob's text answer, a
 * 401 names both the Swift realm and (as keystonemiddleware adds) the Keystone endpoint.
 */
export const installSwiftErrors = (
  app: FastifyInstance,
  identityUri: (request: FastifyRequest) => string,
): void => {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: string,
    contentType: string,
    headers: Readonly<Record<string, string>> = {},
  ): FastifyReply => {
    reply.code(status).headers(headers).header('content-type', contentType);
    if (status === 401) {
      reply.header('www-authenticate', [
        `Swift realm="${realmOf(request)}"`,
        `Keystone uri="${identityUri(request)}"`,
      ]);
    }
    if (request.method === 'HEAD') return reply.header('content-length', '0').send();
    // Bytes, so the content type stays exactly as swift gives it (no charset added).
    return reply.send(Buffer.from(body, 'utf8'));
  };
  app.setNotFoundHandler((request, reply) => send(request, reply, 404, defaultBody(404), HTML));
  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof SwiftError) {
      return send(
        request,
        reply,
        error.status,
        error.body ?? defaultBody(error.status),
        error.contentType,
        error.headers,
      );
    }
    if (error instanceof Fault) {
      // Faults raised outside Swift's own code (e.g. injected by the test knobs).
      return send(
        request,
        reply,
        error.status,
        defaultBody(error.status, error.message),
        HTML,
        error.headers,
      );
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(request, reply, status, defaultBody(status), HTML);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, 500, defaultBody(500), HTML);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const id = transactionId();
    reply.header('x-trans-id', id).header('x-openstack-request-id', id);
    const reason = RESPONSE_REASONS[reply.statusCode]?.[0];
    if (reason) reply.raw.statusMessage = reason;
    // swob states an empty body's length, on a 204 and a HEAD too (Node would leave it out).
    const empty = payload === undefined || payload === null || payload === '';
    if (empty && !reply.hasHeader('content-length')) {
      if (reply.statusCode === 204 || request.method === 'HEAD')
        reply.header('content-length', '0');
    }
    return payload;
  });
};

/** Python's `str.title()`, which swob applies to stored header names. */
export const titleCase = (name: string): string =>
  name.toLowerCase().replace(/[a-z]+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1));

/** A single request header value (the first when repeated). */
export const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Python's `quote` (safe `/`), as swift writes names into headers and reports. */
export const pyQuote = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '/');

/** Python's `unquote`: percent escapes decoded as UTF-8, malformed ones kept as they are. */
export const pyUnquote = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
};

/** swift's TRUE_VALUES. */
export const configTrue = (value: string | undefined | null): boolean =>
  value !== undefined &&
  value !== null &&
  ['true', '1', 'yes', 'on', 't', 'y'].includes(value.trim().toLowerCase());

// ---- time ----------------------------------------------------------------------------------

/** A Swift timestamp: seconds since the epoch, kept to swift's 5 decimal places. */
export const swiftTimestamp = (date: Date): number => Math.round(date.getTime() * 100) / 100_000;

/** `X-Timestamp`'s normal form, `1795313050.18669`. */
export const normalTimestamp = (ts: number): string => ts.toFixed(5);

/** Listing `last_modified`: isoformat with microseconds and no zone. */
export const isoTimestamp = (ts: number): string => {
  const micros = Math.round(ts * 1_000_000);
  const seconds = Math.floor(micros / 1_000_000);
  const frac = micros - seconds * 1_000_000;
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(frac).padStart(6, '0')}`;
};

/** `Last-Modified`: the timestamp rounded up to the second, as an HTTP date. */
export const httpDate = (ts: number): string => new Date(Math.ceil(ts) * 1000).toUTCString();

/** An HTTP date header value as seconds, or undefined when it does not parse. */
export const parseHttpDate = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms / 1000;
};

// ---- content negotiation -------------------------------------------------------------------

const TOKEN = '[^()<>@,;:\\"/\\[\\]?={}\\x00-\\x20\\x7f]+';
const ACCEPT_ENTRY = new RegExp(
  `^\\s*(${TOKEN})/(${TOKEN})((?:\\s*;\\s*(?:${TOKEN})\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*?\\s*)$`,
);

/**
 * swob's `Accept.best_match`: the first offer matching the most preferred pattern, the first
 * offer when there is no header, undefined when nothing matches; throws on a malformed header.
 */
export const bestMatch = (
  accept: string | undefined,
  offers: readonly string[],
): string | undefined => {
  if (!accept) return offers[0];
  const patterns: Array<{ re: RegExp; q: number; exact: boolean }> = [];
  for (const entry of accept.split(',')) {
    const match = ACCEPT_ENTRY.exec(entry);
    if (!match) throw new Error('Invalid accept header');
    const [, type = '', subtype = '', params = ''] = match;
    let q = 1;
    let seenQ = false;
    for (const param of params.split(';')) {
      const trimmed = param.trim();
      if (!trimmed) continue;
      const [name = '', value = ''] = trimmed.split('=').map((p) => p.trim());
      if (name === 'q') {
        if (seenQ) throw new Error('Multiple "q" params');
        seenQ = true;
        q = Number(value);
        if (Number.isNaN(q)) throw new Error('Invalid q');
      }
    }
    const part = (p: string): string =>
      p === '*' ? TOKEN : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns.push({
      re: new RegExp(`^${part(type)}/${part(subtype)}$`),
      q,
      exact: type !== '*' && subtype !== '*',
    });
  }
  // A stable sort: by quality, then exact types before globs.
  patterns.sort((a, b) => b.q - a.q || Number(b.exact) - Number(a.exact));
  for (const { re } of patterns) {
    const offer = offers.find((o) => re.test(o));
    if (offer) return offer;
  }
  return undefined;
};

const LISTING_TYPES = ['text/plain', 'application/json', 'application/xml', 'text/xml'] as const;
const FORMATS: Readonly<Record<string, string>> = {
  plain: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
};

/** listing_formats' choice of listing type: `format=` wins over Accept. */
export const listingContentType = (request: FastifyRequest, query: URLSearchParams): string => {
  const format = query.get('format');
  const accept = format
    ? (FORMATS[format.toLowerCase()] ?? 'text/plain')
    : header(request, 'accept');
  let chosen: string | undefined;
  try {
    chosen = bestMatch(accept, LISTING_TYPES);
  } catch {
    throw new SwiftError(400, 'Invalid Accept header');
  }
  if (!chosen) throw new SwiftError(406);
  return chosen;
};

// ---- serialisation -------------------------------------------------------------------------

const NON_ASCII = /[\u0080-\uffff]/g;

/** A JSON string as Python writes it: non-ASCII characters escaped. */
export const pyString = (text: string): string => {
  const json = JSON.stringify(text);
  NON_ASCII.lastIndex = 0;
  return NON_ASCII.test(json)
    ? json.replace(NON_ASCII, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
};

/** Python's `json.dumps` defaults: `, ` and `: ` separators, non-ASCII escaped. */
export const pyJson = (value: unknown): string => {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    return `{${entries.map(([k, v]) => `${pyJson(k)}: ${pyJson(v)}`).join(', ')}}`;
  }
  return 'null';
};

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

export const xmlEscape = (text: string, attribute = false): string =>
  text.replace(attribute ? /[&<>"]/g : /[&<>]/g, (ch) => XML_ESCAPES[ch] ?? ch);

/** Compares by Unicode code point (UTF-8 byte order), as Python and SQLite order names. */
export const compareNames = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
