import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault } from '../../core/faults';
import type { FaultHandling } from '../../core/faults';
import { Microversion } from '../../core/microversion';
import type { MicroversionRange } from '../../core/microversion';
import type { CloudContext } from '../../core/service';
import { pyRepr, pyStr } from '../../core/python';

export const CINDER_VERSIONS: MicroversionRange = {
  serviceType: 'volume',
  // Cinder never had a per-service version header.
  legacyHeaders: [],
  min: Microversion.of('3.0'),
  // Zed's maximum.
  max: Microversion.of('3.70'),
};

/** The date cinder's version document gives for its newest microversion (Zed). */
export const VERSION_UPDATED = '2022-08-31T00:00:00Z';

declare module 'fastify' {
  interface FastifyRequest {
    /** The negotiated microversion of a microversioned service (null elsewhere). */
    apiVersion: Microversion | null;
  }
}

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const versionOf = (request: FastifyRequest): Microversion =>
  request.apiVersion ?? CINDER_VERSIONS.min;

/** True when the request's microversion is at least `version`. */
export const atLeast = (request: FastifyRequest, version: string): boolean =>
  versionOf(request).atLeast(version);

export const versionHeaders = (request: FastifyRequest): Record<string, string> => {
  if (!request.apiVersion) return {};
  return {
    'OpenStack-API-Version': `volume ${request.apiVersion.toString()}`,
    Vary: 'OpenStack-API-Version',
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
  501: 'notImplemented',
  503: 'serviceUnavailable',
};

/** webob's text for a 500 whose detail cinder does not expose. */
export const INTERNAL_ERROR_MESSAGE =
  'The server has either erred or is incapable of performing the requested operation.';

export const cinderFaults: FaultHandling = {
  render: (status, message, fault) => {
    const body: Json = { code: status, message };
    // Quota errors carry Retry-After, which cinder repeats in the body.
    const retry = fault?.headers['Retry-After'];
    if (status === 413 && retry !== undefined) body['retryAfter'] = retry;
    return { [FAULT_NAMES[status] ?? 'computeFault']: body };
  },
  notFoundMessage: 'The resource could not be found.',
  internalErrorMessage: INTERNAL_ERROR_MESSAGE,
  malformedBodyMessage: 'Malformed request body',
  headers: versionHeaders,
  // The routes mapper answers unknown paths with webob's own 404, outside cinder's fault wrapper.
  unroutedBody: {
    message: 'The resource could not be found.<br /><br />\n\n\n',
    code: '404 Not Found',
    title: 'Not Found',
  },
};

/** The 404 cinder gives for a route that exists at another microversion. */
export const versionNotFound = (): Fault => new Fault(404, 'The resource could not be found.');

/** Routes added by a microversion are not there (404) below it. */
export const requireVersion = (request: FastifyRequest, version: string): void => {
  if (!atLeast(request, version)) throw versionNotFound();
};

/** The `action` a body names (its only key), with cinder's error for an unknown one. */
export const actionOf = (body: unknown, known: readonly string[]): string => {
  if (!isObject(body)) throw new Fault(400, 'Malformed request body');
  const action = Object.keys(body)[0];
  if (action === undefined || !known.includes(action)) {
    throw new Fault(
      400,
      `There is no such action: ${action ?? 'None'}. Verify the request body and Content-Type header and try again.`,
    );
  }
  return action;
};

/** cinder.exception.Invalid* family: 400 with cinder's prefix. */
export const invalidInput = (reason: string): Fault =>
  new Fault(400, `Invalid input received: ${reason}`);
export const invalidVolume = (reason: string): Fault => new Fault(400, `Invalid volume: ${reason}`);
export const invalidSnapshot = (reason: string): Fault =>
  new Fault(400, `Invalid snapshot: ${reason}`);
export const invalidBackup = (reason: string): Fault => new Fault(400, `Invalid backup: ${reason}`);
export const invalidVolumeType = (reason: string): Fault =>
  new Fault(400, `Invalid volume type: ${reason}`);

/** A QuotaError reaching cinder's FaultWrapper: 413, class name prefixed, Retry-After 0. */
export const quotaFault = (exceptionName: string, message: string): Fault =>
  new Fault(413, `${exceptionName}: ${message}`, { 'Retry-After': '0' });

export const volumeNotFound = (id: string): Fault =>
  new Fault(404, `Volume ${id} could not be found.`);
export const snapshotNotFound = (id: string): Fault =>
  new Fault(404, `Snapshot ${id} could not be found.`);
export const backupNotFound = (id: string): Fault =>
  new Fault(404, `Backup ${id} could not be found.`);
export const volumeTypeNotFound = (id: string): Fault =>
  new Fault(404, `Volume type ${id} could not be found.`);
export const volumeTypeNotFoundByName = (name: string): Fault =>
  new Fault(404, `Volume type with name ${name} could not be found.`);
export const qosSpecsNotFound = (id: string): Fault => new Fault(404, `No such QoS spec ${id}.`);

/**
 * Python's repr of a list and of a tuple of strings as cinder's messages print them (plain quotes:
 * the values are status names and ids).
 */
export const pyList = (values: readonly string[]): string =>
  `[${values.map((v) => `'${v}'`).join(', ')}]`;
export const pyTuple = (values: readonly string[]): string =>
  `(${values.map((v) => `'${v}'`).join(', ')})`;

const TRUE_STRINGS = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE_STRINGS = ['0', 'f', 'false', 'off', 'n', 'no'];

/** oslo strutils.bool_from_string; undefined for an unrecognised value (the strict case raises). */
export const boolFromString = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (TRUE_STRINGS.includes(text)) return true;
  if (FALSE_STRINGS.includes(text)) return false;
  return undefined;
};

/** strutils.bool_from_string(strict=True) as cinder uses it (ValueError → 400). */
export const strictBool = (value: unknown): boolean => {
  const parsed = boolFromString(value);
  if (parsed === undefined) {
    throw new Fault(
      400,
      `Unrecognized value '${pyStr(value)}', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'`,
    );
  }
  return parsed;
};

/** An optional boolean of a body: absent or null leaves the setting alone (undefined). */
export const optionalBool = (value: unknown): boolean | undefined =>
  value === undefined || value === null ? undefined : strictBool(value);

/** cinder.utils.get_bool_param: a query flag, strictly parsed when present. */
export const boolParam = (query: Json, name: string): boolean => {
  const raw = query[name];
  if (raw === undefined) return false;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  const parsed = boolFromString(value);
  if (parsed === undefined) {
    throw new Fault(400, `Value '${pyStr(value)}' for '${name}' is not a boolean.`);
  }
  return parsed;
};

/** context.is_admin: what cinder's context_is_admin rule (role:admin) says of the caller. */
export const isAdmin = (request: FastifyRequest): boolean =>
  callerOf(request).roles.some((r) => r.name === 'admin');

export const callerProject = (request: FastifyRequest): string =>
  callerOf(request).project?.id ?? '';

export const callerUser = (request: FastifyRequest): string => callerOf(request).user.id;

/** The policy target of calls not about one row: the caller's own project. */
export const ownTarget = (request: FastifyRequest): Json => ({
  project_id: callerProject(request),
});

/** Keystone-style project ids in cinder URLs (its project_id_regex). */
export const PROJECT_ID_IN_URL = /^[0-9a-f-]+$/;

interface ProjectParams {
  project_id?: string;
}

/** Whether the request URL named the project (links then name it too, as cinder's do). */
const urlProject = (request: FastifyRequest): string => {
  const params = request.params as ProjectParams | undefined;
  return params?.project_id ?? '';
};

const joinPath = (...parts: string[]): string => parts.filter((p) => p !== '').join('/');

/** `<base>/volume/v3[/<project>]`. */
export const apiBase = (ctx: CloudContext, request: FastifyRequest): string =>
  joinPath(`${ctx.baseUrl(request)}/volume/v3`, urlProject(request));

/** Cinder's self and bookmark links of a resource. */
export const resourceLinks = (
  ctx: CloudContext,
  request: FastifyRequest,
  collection: string,
  id: string,
): Array<{ rel: string; href: string }> => [
  { rel: 'self', href: joinPath(apiBase(ctx, request), collection, id) },
  {
    rel: 'bookmark',
    href: joinPath(`${ctx.baseUrl(request)}/volume`, urlProject(request), collection, id),
  },
];

/** Python's urlencode of the query with `marker` replaced, as cinder's next links are built. */
const nextHref = (
  ctx: CloudContext,
  request: FastifyRequest,
  collection: string,
  marker: string,
): string => {
  const params = new URLSearchParams();
  const query = request.query as Record<string, string | string[] | undefined>;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || key === 'marker') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  // webob's MultiDict assignment drops the old marker and appends the new one last.
  params.append('marker', marker);
  return `${joinPath(apiBase(ctx, request), collection)}?${params.toString()}`;
};

/**
 * `<collection>_links` with a next link when the page is as long as the limit (or the total
 * count, when counted), as cinder's _get_collection_links decides.
 */
export const collectionLinks = (
  ctx: CloudContext,
  request: FastifyRequest,
  collection: string,
  page: ReadonlyArray<{ id: string }>,
  limit: number,
  count?: number,
): Array<{ rel: string; href: string }> | undefined => {
  const itemCount = count ?? page.length;
  const last = page[page.length - 1];
  if (!last || limit > itemCount) return undefined;
  return [{ rel: 'next', href: nextHref(ctx, request, collection, last.id) }];
};

export { pyRepr, pyStr };
