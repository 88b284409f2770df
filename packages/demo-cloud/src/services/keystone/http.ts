import type { FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import type { FaultHandling } from '../../core/faults';
import { requestPath } from '../../core/routeTable';
import type { CloudContext } from '../../core/service';
import { queryValue } from '../../core/paging';
import { pyRepr } from '../../core/python';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

const HTML = 'text/html; charset=utf-8';

/** werkzeug's error page. */
const flaskPage = (status: string, title: string, text: string): string =>
  `<!doctype html>\n<html lang=en>\n<title>${status}</title>\n<h1>${title}</h1>\n<p>${text}</p>\n`;

const METHOD_NOT_ALLOWED = 'The method is not allowed for the requested URL.';
const FLASK_405 = flaskPage('405 Method Not Allowed', 'Method Not Allowed', METHOD_NOT_ALLOWED);

/** The version documents are plain Flask routes, outside the API's JSON error handling. */
const VERSION_PATH = /^\/identity(\/v3)?\/?$/;

export const keystoneFaults: FaultHandling = {
  render: (status, message) => ({
    error: { code: status, message, title: TITLES[status] ?? 'Error' },
  }),
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage: 'An unexpected error prevented the server from fulfilling your request.',
  malformedBodyMessage:
    'The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.',
  // Flask's router answers unknown paths and wrong methods before keystone's code (and its token
  // check) runs: its own HTML pages, except that the API's resources render 405 as JSON.
  unroutedBody: flaskPage(
    '404 Not Found',
    'Not Found',
    'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
  ),
  unroutedType: HTML,
  methodNotAllowed: (request, allowed) => {
    const headers = { Allow: [...allowed, 'OPTIONS'].join(', ') };
    return VERSION_PATH.test(requestPath(request))
      ? { status: 405, headers, contentType: HTML, body: FLASK_405 }
      : { status: 405, headers, body: { message: METHOD_NOT_ALLOWED } };
  },
};

export const UNAUTHORIZED_MESSAGE = 'The request you have made requires authentication.';
export const unauthorizedFault = (): Fault => new Fault(401, UNAUTHORIZED_MESSAGE);

/** Keystone's ValidationError wording for a missing attribute. */
export const expectingFault = (attribute: string, target: string): Fault =>
  new Fault(
    400,
    `Expecting to find ${attribute} in ${target}. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.`,
  );

/**
 * Keystone's JSON-schema failure wording. Keystone validates the entity inside the envelope, so
 * the field path leaves out the envelope key (`user/name` is reported as `name`). Keystone goes on
 * with the failing schema after a blank line; the demo cloud gives the message only.
 */
export const schemaFault = (path: string, message: string): Fault => {
  const field = path.split('/').slice(1).join('/');
  return new Fault(400, field ? `Invalid input for field '${field}': ${message}` : message);
};

export const notFoundFault = (kind: string, id: string): Fault =>
  new Fault(404, `Could not find ${kind}: ${id}.`);

export const duplicateFault = (kind: string, name: string, domainId: string): Fault =>
  new Fault(
    409,
    `Conflict occurred attempting to store ${kind} - Duplicate entry found with name ${name} at domain ID ${domainId}.`,
  );

export const identityUrl = (ctx: CloudContext, request?: FastifyRequest): string =>
  `${ctx.baseUrl(request)}/identity`;

export const v3Url = (ctx: CloudContext, request: FastifyRequest, path: string): string =>
  `${identityUrl(ctx, request)}/v3${path}`;

/** Keystone answers lists with self/previous/next links and never pages. */
export const listLinks = (
  ctx: CloudContext,
  request: FastifyRequest,
): { self: string; previous: null; next: null } => ({
  self: `${ctx.baseUrl(request)}${request.url}`,
  previous: null,
  next: null,
});

export const selfLink = (
  ctx: CloudContext,
  request: FastifyRequest,
  path: string,
): { self: string } => ({ self: v3Url(ctx, request, path) });

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `{ "<key>": {...} }` envelope of a create/update body. Keystone validates
 * `body.get(key, {})`, so a missing envelope fails on the entity's own required fields.
 */
export const envelope = (body: unknown, key: string): Json => {
  const inner = isObject(body) ? body[key] : undefined;
  if (inner === undefined) return {};
  if (!isObject(inner)) throw schemaFault(key, `${pyRepr(inner)} is not of type 'object'`);
  return inner;
};

export const optionalString = (
  obj: Json,
  field: string,
  path: string,
  { min = 0, max = 255 }: { min?: number; max?: number } = {},
): string | undefined => {
  const value = obj[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw schemaFault(`${path}/${field}`, `${pyRepr(value)} is not of type 'string'`);
  }
  if (value.length < min) {
    throw schemaFault(`${path}/${field}`, `'${value}' is too short`);
  }
  if (value.length > max) {
    throw schemaFault(`${path}/${field}`, `'${value}' is too long`);
  }
  return value;
};

export const optionalNullableString = (
  obj: Json,
  field: string,
  path: string,
): string | null | undefined => (obj[field] === null ? null : optionalString(obj, field, path));

export const optionalBoolean = (obj: Json, field: string, path: string): boolean | undefined => {
  const value = obj[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') {
    throw schemaFault(`${path}/${field}`, `${pyRepr(value)} is not of type 'boolean'`);
  }
  return value;
};

export const optionalTags = (obj: Json, path: string): string[] | undefined => {
  const value = obj['tags'];
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.some(
      (t) =>
        typeof t !== 'string' ||
        t.length < 1 ||
        t.length > 255 ||
        t.includes('/') ||
        t.includes(','),
    )
  ) {
    throw schemaFault(
      `${path}/tags`,
      `${pyRepr(value)} is not valid under any of the given schemas`,
    );
  }
  return [...new Set(value as string[])];
};

export const requiredName = (obj: Json, path: string, max = 255): string => {
  if (obj['name'] === undefined) throw schemaFault(path, "'name' is a required property");
  const name = optionalString(obj, 'name', path, { min: 1, max }) ?? '';
  if (name.trim() === '') throw schemaFault(`${path}/name`, `'${name}' does not match '[\\S]+'`);
  return name;
};

/** Reads a boolean-ish query filter the way Keystone does (`?enabled`, `?enabled=false`). */
export const queryFlag = (query: unknown, name: string): boolean | undefined => {
  const value = queryValue(query, name);
  if (value === undefined) return undefined;
  return !['0', 'false', 'no', 'off', 'n', 'f'].includes(value.toLowerCase());
};

export const queryString = queryValue;

/** Attributes Keystone stores as free-form extras on users and projects. */
export const extras = (obj: Json, known: readonly string[]): Json =>
  Object.fromEntries(Object.entries(obj).filter(([key]) => !known.includes(key)));
