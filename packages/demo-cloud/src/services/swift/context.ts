import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import { authorize, identityOf } from './acl';
import type { Authorization, SwiftIdentity } from './acl';
import { header, pathOf, plainError, queryOf, swiftTimestamp, SwiftError, titleCase } from './http';
import { swiftDbOf } from './model';
import type { SwiftDb, StoredHeaders } from './model';
import { createObjectFiles } from './storage';
import type { ObjectFiles } from './storage';

/** Swift's constraints (swift.common.constraints defaults, as /info reports them). */
export const LIMITS = {
  maxFileSize: 5_368_709_122,
  maxMetaNameLength: 128,
  maxMetaValueLength: 256,
  maxMetaCount: 90,
  maxMetaOverallSize: 4096,
  maxHeaderSize: 8192,
  maxObjectNameLength: 1024,
  maxAccountNameLength: 256,
  maxContainerNameLength: 256,
} as const;

/** What every Swift handler shares for one cloud. */
export interface Swift {
  readonly ctx: CloudContext;
  readonly db: SwiftDb;
  readonly files: ObjectFiles;
  /** The current Swift timestamp (seconds, 5 decimals). */
  now(): number;
}

export const createSwift = (ctx: CloudContext): Swift => ({
  ctx,
  db: swiftDbOf(ctx.store),
  files: createObjectFiles(ctx.options.dataDir),
  now: () => swiftTimestamp(ctx.now()),
});

/** One request, resolved to its account, container and object (split_path(1, 4, True)). */
export interface SwiftCall {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly method: string;
  readonly account: string;
  readonly container?: string;
  readonly object?: string;
  readonly query: URLSearchParams;
  /** The token's caller; null for anonymous (or an invalid token: keystonemiddleware's delay_auth_decision). */
  readonly identity: SwiftIdentity | null;
}

const VALID_VERSIONS = ['v1', 'v1.0'];

/** Parses `/v1/<account>[/<container>[/<object>]]` under the service prefix. */
export const resolveCall = (
  swift: Swift,
  request: FastifyRequest,
  reply: FastifyReply,
  prefix: string,
): SwiftCall => {
  let path = pathOf(request).slice(prefix.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    throw new SwiftError(412, 'Invalid UTF8 or contains NULL');
  }
  if (path.includes('\u0000')) throw new SwiftError(412, 'Invalid UTF8 or contains NULL');
  const segments = path.split('/');
  const [lead, version, account, container] = segments;
  // `/v1/a/c/` is the container: an empty object name is no object.
  const object = segments.length > 4 ? segments.slice(4).join('/') || undefined : undefined;
  if (lead !== '' || !version) throw new SwiftError(404);
  if (account && !VALID_VERSIONS.includes(version)) throw new SwiftError(400);
  if (!account || (object !== undefined && !container)) throw new SwiftError(412, 'Bad URL');
  const token = header(request, 'x-auth-token') ?? header(request, 'x-storage-token');
  const auth = token ? swift.ctx.resolveToken(token) : undefined;
  if (auth) request.auth = auth;
  return {
    request,
    reply,
    method: request.method,
    account,
    container: container ? container : undefined,
    object: container ? object : undefined,
    query: queryOf(request),
    identity: auth ? identityOf(auth) : null,
  };
};

/** Headers of the request in the casing swift stores them (`X-Object-Meta-Color`). */
export const titledHeaders = (request: FastifyRequest): Array<[string, string]> =>
  Object.entries(request.headers).flatMap(([name, value]) =>
    value === undefined
      ? []
      : [[titleCase(name), Array.isArray(value) ? value.join(',') : value] as [string, string]],
  );

/**
 * constraints.check_metadata: the request's `X-<type>-Meta-*` headers within swift's limits;
 * throws 400 with swift's sentence otherwise.
 */
export const checkMetadata = (
  request: FastifyRequest,
  type: 'account' | 'container' | 'object',
): void => {
  const prefix = `x-${type}-meta-`;
  let count = 0;
  let size = 0;
  for (const [rawName, rawValue] of Object.entries(request.headers)) {
    const value = Array.isArray(rawValue) ? rawValue.join(',') : (rawValue ?? '');
    if (value.length > LIMITS.maxHeaderSize) {
      throw plainError(400, `Header value too long: ${rawName.slice(0, LIMITS.maxMetaNameLength)}`);
    }
    if (!rawName.startsWith(prefix)) continue;
    // swob title-cases header names: the remainder reads `Color`, the prefix is quoted lower-case.
    const key = titleCase(rawName).slice(prefix.length);
    if (!key) throw plainError(400, 'Metadata name cannot be empty');
    count++;
    size += key.length + value.length;
    if (key.length > LIMITS.maxMetaNameLength) {
      throw plainError(400, `Metadata name too long: ${prefix}${key}`);
    }
    if (value.length > LIMITS.maxMetaValueLength) {
      throw plainError(
        400,
        `Metadata value longer than ${LIMITS.maxMetaValueLength}: ${prefix}${key}`,
      );
    }
    if (count > LIMITS.maxMetaCount) {
      throw plainError(400, `Too many metadata items; max ${LIMITS.maxMetaCount}`);
    }
    if (size > LIMITS.maxMetaOverallSize) {
      throw plainError(400, `Total metadata too large; max ${LIMITS.maxMetaOverallSize}`);
    }
  }
};

/**
 * Applies the request's metadata headers to stored ones the way the account and container servers
 * do: `X-<Type>-Meta-K: v` sets, an empty value or `X-Remove-<Type>-Meta-K` removes.
 */
export const mergeMetadata = (
  stored: StoredHeaders,
  request: FastifyRequest,
  type: 'account' | 'container',
): StoredHeaders => {
  const meta = new Map(Object.entries(stored));
  const prefix = `x-${type}-meta-`;
  const remove = `x-remove-${type}-meta-`;
  for (const [name, value] of titledHeaders(request)) {
    const lower = name.toLowerCase();
    if (lower.startsWith(remove)) {
      meta.delete(titleCase(`x-${type}-meta-${lower.slice(remove.length)}`));
    } else if (lower.startsWith(prefix)) {
      if (value === '') meta.delete(name);
      else meta.set(name, value);
    }
  }
  return Object.fromEntries(meta);
};

/** Owner-only metadata (swift_owner_headers) hidden from callers allowed in by an ACL; sysmeta is never shown. */
const OWNER_ONLY_META = ['-Meta-Temp-Url-Key', '-Meta-Temp-Url-Key-2'];

export const visibleMetadata = (meta: StoredHeaders, owner: boolean): StoredHeaders =>
  Object.fromEntries(
    Object.entries(meta).filter(
      ([k]) => !k.includes('-Sysmeta-') && (owner || !OWNER_ONLY_META.some((s) => k.endsWith(s))),
    ),
  );

/**
 * keystoneauth's decision for this call (see acl.ts), taken as the proxy takes it: first without
 * any ACL (an operator is the owner), then, for the calls that delay a denial until the container
 * is known, once more with the container's `acl`.
 */
export const allow = (call: SwiftCall, acl: string | null | undefined): Authorization => {
  const target = {
    method: call.method,
    account: call.account,
    container: call.container,
    object: call.object,
    referrer: header(call.request, 'referer'),
  };
  try {
    return authorize(call.identity, target, null);
  } catch (error) {
    if (!acl) throw error;
    return authorize(call.identity, target, acl);
  }
};
