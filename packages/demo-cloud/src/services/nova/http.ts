import type { FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import type { FaultHandling } from '../../core/faults';
import { Microversion } from '../../core/microversion';
import type { MicroversionRange } from '../../core/microversion';
import { pyRepr } from '../../core/python';
import type { CloudContext } from '../../core/service';

export const NOVA_VERSIONS: MicroversionRange = {
  serviceType: 'compute',
  legacyHeaders: ['x-openstack-nova-api-version'],
  min: Microversion.of('2.1'),
  // Zed's maximum.
  max: Microversion.of('2.93'),
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The negotiated microversion of a microversioned service (null elsewhere). */
    apiVersion: Microversion | null;
  }
}

export const versionOf = (request: FastifyRequest): Microversion =>
  request.apiVersion ?? NOVA_VERSIONS.min;

/** True when the request's microversion is at least `version`. */
export const atLeast = (request: FastifyRequest, version: string): boolean =>
  versionOf(request).atLeast(version);

export const versionHeaders = (request: FastifyRequest): Record<string, string> => {
  if (!request.apiVersion) return {};
  const v = request.apiVersion.toString();
  return {
    'OpenStack-API-Version': `compute ${v}`,
    'X-OpenStack-Nova-API-Version': v,
    Vary: 'OpenStack-API-Version, X-OpenStack-Nova-API-Version',
  };
};

const FAULT_NAMES: Readonly<Record<number, string>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'itemNotFound',
  405: 'badMethod',
  409: 'conflictingRequest',
  413: 'overLimit',
  415: 'badMediaType',
  429: 'overLimit',
  501: 'notImplemented',
  503: 'serviceUnavailable',
};

export const novaFaults: FaultHandling = {
  render: (status, message) => ({
    [FAULT_NAMES[status] ?? 'computeFault']: { code: status, message },
  }),
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage:
    'Unexpected API Error. Please report this at http://bugs.launchpad.net/nova/ and attach the Nova API log if possible.',
  malformedBodyMessage: 'Malformed request body',
  headers: versionHeaders,
  // webob's own 404 for paths nova's router does not map (it bypasses nova's fault wrapper).
  unroutedBody: {
    message: 'The resource could not be found.<br /><br />\n\n\n',
    code: '404 Not Found',
    title: 'Not Found',
  },
};

export const computeUrl = (ctx: CloudContext, request: FastifyRequest, path: string): string =>
  `${ctx.baseUrl(request)}/compute/v2.1${path}`;

/** Nova's self and bookmark links of a resource. */
export const resourceLinks = (
  ctx: CloudContext,
  request: FastifyRequest,
  path: string,
): Array<{ rel: string; href: string }> => [
  { rel: 'self', href: computeUrl(ctx, request, path) },
  { rel: 'bookmark', href: `${ctx.baseUrl(request)}/compute${path}` },
];

/** A `<collection>_links` next link that repeats the query with a new marker. */
export const nextLink = (
  ctx: CloudContext,
  request: FastifyRequest,
  path: string,
  marker: string,
): Array<{ rel: string; href: string }> => {
  const params = new URLSearchParams();
  const query = request.query as Record<string, string | string[] | undefined>;
  for (const [key, value] of Object.entries(query)) {
    if (key === 'marker' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  params.append('marker', marker);
  return [{ rel: 'next', href: `${computeUrl(ctx, request, path)}?${params.toString()}` }];
};

export { pyRepr };

/** Python's str(): strings bare, everything else as repr. */
const pyStr = (value: unknown): string => (typeof value === 'string' ? value : pyRepr(value));

/**
 * Nova's wording for a JSON-schema failure at `path` (slash-joined, like jsonschema's error path):
 * nova names only the last path element and formats the value with str().
 */
export const invalidInput = (path: string, value: unknown, message: string): Fault =>
  new Fault(
    400,
    `Invalid input for field/attribute ${path.split('/').pop() ?? path}. Value: ${pyStr(value)}. ${message}`,
  );

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a `{ "<key>": {...} }` body and returns the inner object. */
export const bodyObject = (
  body: unknown,
  key: string,
  allowed: readonly string[],
  required: readonly string[],
): Json => {
  if (!isObject(body)) {
    throw new Fault(
      400,
      body === undefined
        ? `'${key}' is a required property`
        : `${pyRepr(body)} is not of type 'object'`,
    );
  }
  const extra = Object.keys(body).filter((k) => k !== key);
  if (extra.length > 0) {
    throw new Fault(
      400,
      `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
  const inner = body[key];
  if (inner === undefined) throw new Fault(400, `'${key}' is a required property`);
  if (!isObject(inner)) throw invalidInput(key, inner, `${pyRepr(inner)} is not of type 'object'`);
  for (const name of required) {
    if (inner[name] === undefined)
      throw invalidInput(key, inner, `'${name}' is a required property`);
  }
  const unexpected = Object.keys(inner).filter((k) => !allowed.includes(k));
  if (unexpected.length > 0) {
    throw invalidInput(
      key,
      inner,
      `Additional properties are not allowed (${unexpected.map(pyRepr).join(', ')} ${unexpected.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
  return inner;
};

/** Nova's `name` parameter type: 1–255 printable characters, no leading or trailing whitespace. */
export const checkName = (value: unknown, path: string, max = 255): string => {
  if (typeof value !== 'string')
    throw invalidInput(path, value, `${pyRepr(value)} is not of type 'string'`);
  if (value.length < 1) throw invalidInput(path, value, `${pyRepr(value)} is too short`);
  if (value.length > max) throw invalidInput(path, value, `${pyRepr(value)} is too long`);
  // eslint-disable-next-line no-control-regex
  if (/^\s|\s$/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new Fault(
      400,
      "An invalid 'name' value was provided. The name must be: printable characters. Can not start or end with whitespace.",
    );
  }
  return value;
};

/**
 * Nova's integer parameter types accept integers or digit strings; the types that allow -1
 * (quotas, boot_index) take a sign in their string pattern.
 */
export const checkInteger = (
  value: unknown,
  path: string,
  { min, max = 2147483647 }: { min: number; max?: number },
): number => {
  const pattern = min < 0 ? '^-?[0-9]+$' : '^[0-9]*$';
  let n: number;
  if (typeof value === 'number' && Number.isInteger(value)) n = value;
  else if (typeof value === 'string' && new RegExp(pattern).test(value) && value !== '')
    n = Number(value);
  else if (typeof value === 'string')
    throw invalidInput(path, value, `${pyRepr(value)} does not match '${pattern}'`);
  else throw invalidInput(path, value, `${pyRepr(value)} is not of type 'integer', 'string'`);
  if (n < min)
    throw invalidInput(path, value, `${pyRepr(value)} is less than the minimum of ${min}`);
  if (n > max)
    throw invalidInput(path, value, `${pyRepr(value)} is greater than the maximum of ${max}`);
  return n;
};

const TRUE_STRINGS = ['True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes', 'y', 't'];
const FALSE_STRINGS = [
  'False',
  'FALSE',
  'false',
  '0',
  'OFF',
  'Off',
  'off',
  'NO',
  'No',
  'no',
  'n',
  'f',
];

/** Nova's `boolean` parameter type (booleans or the usual strings). */
export const checkBoolean = (value: unknown, path: string): boolean => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && TRUE_STRINGS.includes(value)) return true;
  if (typeof value === 'string' && FALSE_STRINGS.includes(value)) return false;
  throw invalidInput(
    path,
    value,
    `${pyRepr(value)} is not one of ${pyRepr([true, ...TRUE_STRINGS, false, ...FALSE_STRINGS])}`,
  );
};

/** oslo strutils.bool_from_string(strict=True) for query values. */
export const parseBoolString = (value: string): boolean | undefined => {
  const v = value.trim().toLowerCase();
  if (['1', 't', 'true', 'on', 'y', 'yes'].includes(v)) return true;
  if (['0', 'f', 'false', 'off', 'n', 'no'].includes(v)) return false;
  return undefined;
};
