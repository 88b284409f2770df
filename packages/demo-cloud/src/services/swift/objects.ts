import type { FastifyReply, FastifyRequest } from 'fastify';
import { prepareContent, sendObject } from './content';
import type { Content } from './content';
import { allow, checkMetadata, LIMITS, titledHeaders } from './context';
import type { Swift, SwiftCall } from './context';
import { containerOf } from './containers';
import { isExpired, liveObject } from './expiry';
import {
  configTrue,
  defaultBody,
  header,
  HTML,
  httpDate,
  plainError,
  pyQuote,
  SwiftError,
  swiftNotFound,
} from './http';
import {
  checkManifestHeaders,
  contentOf,
  isLargeObject,
  isSlo,
  OBJECT_MANIFEST,
  objectView,
  persistentMeta,
  SLO_ETAG,
  withoutManifest,
} from './largeObjects';
import { guessContentType } from './mime';
import type { ObjectRow, StoredHeaders } from './model';
import { matchTags } from './ranges';

/** Headers the object server keeps besides user metadata (its default `allowed_headers`). */
const KEPT_HEADERS = [
  'Content-Disposition',
  'Content-Encoding',
  'Cache-Control',
  'Content-Language',
  'Expires',
  'X-Robots-Tag',
  OBJECT_MANIFEST,
];
const USER_META = 'x-object-meta-';

/** The user metadata and kept headers of a request, in swift's casing. */
export const requestMetadata = (request: FastifyRequest): StoredHeaders => {
  const meta: StoredHeaders = {};
  for (const [name, value] of titledHeaders(request)) {
    const lower = name.toLowerCase();
    if (
      (lower.startsWith(USER_META) && lower.length > USER_META.length) ||
      KEPT_HEADERS.includes(name)
    ) {
      meta[name] = value;
    }
  }
  return meta;
};

/** check_delete_headers: X-Delete-After becomes X-Delete-At; both must be integers in the future. */
const deleteAtOf = (request: FastifyRequest, now: number): number | undefined => {
  const after = header(request, 'x-delete-after');
  const at = header(request, 'x-delete-at');
  if (after !== undefined) {
    if (!/^\s*[+-]?\d+\s*$/.test(after)) throw plainError(400, 'Non-integer X-Delete-After');
    const when = Math.floor(now + Number(after));
    if (when <= now) throw plainError(400, 'X-Delete-After in past');
    return when;
  }
  if (at !== undefined) {
    if (!/^\s*[+-]?\d+\s*$/.test(at)) throw plainError(400, 'Non-integer X-Delete-At');
    const when = Number(at);
    if (when <= now) throw plainError(400, 'X-Delete-At in past');
    return when;
  }
  return undefined;
};

// ---- GET / HEAD ----------------------------------------------------------------------------

export const objectGetOrHead = (swift: Swift, call: SwiftCall): FastifyReply => {
  const container = containerOf(swift, call);
  allow(call, container?.read_acl);
  const row = container
    ? liveObject(swift, call.account, container.name, call.object ?? '')
    : undefined;
  if (!row) {
    const match = matchTags(header(call.request, 'if-match'));
    if (match?.has('*')) throw new SwiftError(412, '');
    throw swiftNotFound();
  }
  return sendObject(call, objectView(swift, call, row));
};

// ---- PUT -----------------------------------------------------------------------------------

interface NewObject {
  readonly contentType: string;
  readonly deleteAt: number | null;
  readonly meta: StoredHeaders;
}

/** The proxy's checks of an object write: name length, delete headers, metadata. */
export const checkCreation = (call: SwiftCall, now: number): number | undefined => {
  const name = call.object ?? '';
  if (name.length > LIMITS.maxObjectNameLength) {
    throw plainError(
      400,
      `Object name length of ${name.length} longer than ${LIMITS.maxObjectNameLength}`,
    );
  }
  const deleteAt = deleteAtOf(call.request, now);
  checkMetadata(call.request, 'object');
  return deleteAt;
};

export const checkIfNoneMatch = (request: FastifyRequest): boolean => {
  const tags = matchTags(header(request, 'if-none-match'));
  if (tags && !tags.has('*')) throw plainError(400, 'If-None-Match only supports *');
  return tags !== undefined;
};

/** Stores a new object row and retires the file it replaces. */
export const commitObject = (swift: Swift, row: ObjectRow, onlyIfAbsent: boolean): void => {
  let replaced: ObjectRow | undefined;
  try {
    replaced = swift.ctx.store.transaction(() => {
      if (!swift.db.getContainer(row.account, row.container)) throw swiftNotFound();
      if (onlyIfAbsent) {
        const existing = swift.db.getObject(row.account, row.container, row.name);
        if (existing && !isExpired(existing, row.created_at)) throw new SwiftError(412);
      }
      return swift.db.putObject(row);
    });
  } catch (error) {
    swift.files.discard(row.file);
    throw error;
  }
  if (replaced && replaced.file !== row.file) swift.files.discard(replaced.file);
};

/** 201 for a stored object; `etag` is what the write reports (an SLO's is quoted). */
export const createdReply = (call: SwiftCall, row: ObjectRow, etag = row.etag): FastifyReply =>
  call.reply
    .code(201)
    .header('content-type', HTML)
    .header('etag', etag)
    .header('last-modified', httpDate(row.created_at))
    .send();

export const objectPut = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  if (header(call.request, 'x-copy-from') !== undefined) return copyObject(swift, call, 'PUT');
  const onlyIfAbsent = checkIfNoneMatch(call.request);
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
  checkManifestHeaders(swift, call);
  if (!container) throw swiftNotFound();
  const name = call.object ?? '';

  const lengthHeader = header(call.request, 'content-length');
  const chunked = (header(call.request, 'transfer-encoding') ?? '').toLowerCase() === 'chunked';
  if (lengthHeader !== undefined && !/^\s*\d+\s*$/.test(lengthHeader)) {
    throw plainError(400, 'Invalid Content-Length header value');
  }
  const length = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (length !== undefined && length > LIMITS.maxFileSize) {
    throw plainError(413, 'Your request is too large.');
  }
  if (length === undefined && !chunked) throw plainError(411, 'Missing Content-Length header.');
  const now = swift.now();
  const deleteAt = checkCreation(call, now);
  const spec: NewObject = {
    contentType: contentTypeOf(call.request, name),
    deleteAt: deleteAt ?? null,
    meta: requestMetadata(call.request),
  };
  if (onlyIfAbsent && liveObject(swift, call.account, container.name, name)) {
    throw new SwiftError(412);
  }

  const received = await swift.files.receive(call.request.raw, LIMITS.maxFileSize).catch(() => {
    throw new SwiftError(499);
  });
  if (received.tooLarge) {
    swift.files.discard(received.tmp);
    throw plainError(413, 'Your request is too large.');
  }
  if (length !== undefined && received.size < length) {
    swift.files.discard(received.tmp);
    throw new SwiftError(499);
  }
  const expected = header(call.request, 'etag');
  if (expected !== undefined && expected.replace(/^"(.*)"$/, '$1').toLowerCase() !== received.md5) {
    swift.files.discard(received.tmp);
    throw new SwiftError(422, undefined, HTML, { 'Last-Modified': httpDate(swift.now()) });
  }
  const file = received.size > 0 ? await swift.files.place(received.tmp) : null;
  if (!file) swift.files.discard(received.tmp);
  const row: ObjectRow = {
    account: call.account,
    container: container.name,
    name,
    created_at: swift.now(),
    size: received.size,
    etag: received.md5,
    content_type: spec.contentType,
    file,
    synthetic: false,
    delete_at: spec.deleteAt,
    meta: spec.meta,
  };
  commitObject(swift, row, onlyIfAbsent);
  return createdReply(call, row);
};

/** The stored Content-Type: the request's, or guessed from the name (X-Detect-Content-Type forces it). */
export const contentTypeOf = (request: FastifyRequest, name: string): string => {
  const given = header(request, 'content-type');
  if (configTrue(header(request, 'x-detect-content-type')) || !given) return guessContentType(name);
  return given;
};

// ---- COPY and PUT with X-Copy-From ---------------------------------------------------------

/** check_path_header: `<container>/<object>`, percent-decoded, leading slash optional. */
const splitCopyPath = (value: string, message: string): [string, string] => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    decoded = value;
  }
  if (decoded.startsWith('/')) decoded = decoded.slice(1);
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) throw new SwiftError(412, message);
  return [decoded.slice(0, slash), decoded.slice(slash + 1)];
};

/** What a copy stores: the source's file shared, or a large object's bytes written anew. */
interface CopiedBody {
  readonly file: string | null;
  readonly size: number;
  readonly etag: string;
  readonly synthetic: boolean;
}

/** Streams a large object's assembled bytes into a new file (a copy makes a plain object). */
const assemble = async (swift: Swift, content: Content): Promise<CopiedBody> => {
  prepareContent(content, 0);
  const received = await swift.files
    .receive(content.read(0, content.size), LIMITS.maxFileSize)
    .catch(() => {
      throw new SwiftError(409);
    });
  if (received.tooLarge || received.size !== content.size) {
    swift.files.discard(received.tmp);
    throw new SwiftError(received.tooLarge ? 413 : 409);
  }
  const file = received.size > 0 ? await swift.files.place(received.tmp) : null;
  if (!file) swift.files.discard(received.tmp);
  return { file, size: received.size, etag: received.md5, synthetic: false };
};

export const copyObject = async (
  swift: Swift,
  call: SwiftCall,
  via: 'PUT' | 'COPY',
): Promise<FastifyReply> => {
  let source: { account: string; container: string; object: string };
  let dest: SwiftCall;
  if (via === 'COPY') {
    const destination = header(call.request, 'destination');
    if (!destination) throw new SwiftError(412, 'Destination header required');
    const destAccount = header(call.request, 'destination-account') ?? call.account;
    const [container, object] = splitCopyPath(
      destination,
      'Destination header must be of the form <container name>/<object name>',
    );
    source = { account: call.account, container: call.container ?? '', object: call.object ?? '' };
    dest = { ...call, method: 'PUT', account: decodeURIComponent(destAccount), container, object };
  } else {
    const length = header(call.request, 'content-length');
    if (length !== undefined && Number(length) > 0) {
      throw plainError(400, 'Copy requests require a zero byte body');
    }
    const [container, object] = splitCopyPath(
      header(call.request, 'x-copy-from') ?? '',
      'X-Copy-From header must be of the form <container name>/<object name>',
    );
    const fromAccount = header(call.request, 'x-copy-from-account');
    source = {
      account: fromAccount ? decodeURIComponent(fromAccount) : call.account,
      container,
      object,
    };
    dest = call;
  }

  // The source is read with the caller's rights, as the copy middleware's GET sub-request is.
  const sourceCall: SwiftCall = { ...call, method: 'GET', ...source };
  const sourceContainer = swift.db.getContainer(source.account, source.container);
  allow(sourceCall, sourceContainer?.read_acl);
  const original = sourceContainer
    ? liveObject(swift, source.account, source.container, source.object)
    : undefined;
  if (!original) throw swiftNotFound();

  const onlyIfAbsent = checkIfNoneMatch(dest.request);
  const destContainer = containerOf(swift, dest);
  allow(dest, destContainer?.write_acl);
  if (!destContainer) throw swiftNotFound();
  const now = swift.now();
  const deleteAt = checkCreation(dest, now);
  const fresh = configTrue(header(call.request, 'x-fresh-metadata'));
  // A large object is copied as its assembled bytes, unless the manifest itself is asked for.
  const large =
    call.query.get('multipart-manifest') !== 'get' && isLargeObject(original)
      ? contentOf(swift, sourceCall, original)
      : undefined;
  const meta = {
    ...(fresh ? {} : large ? withoutManifest(original.meta) : original.meta),
    ...requestMetadata(call.request),
    ...(large ? {} : persistentMeta(original.meta)),
  };
  const keptDeleteAt = fresh ? null : original.delete_at;
  const name = dest.object ?? '';
  if (onlyIfAbsent && liveObject(swift, dest.account, destContainer.name, name)) {
    throw new SwiftError(412);
  }
  const givenType = header(call.request, 'content-type');
  const body: CopiedBody = large
    ? await assemble(swift, large)
    : {
        file: original.file ? await swift.files.duplicate(original.file) : null,
        size: original.size,
        etag: original.etag,
        synthetic: original.synthetic,
      };
  const row: ObjectRow = {
    account: dest.account,
    container: destContainer.name,
    name,
    created_at: swift.now(),
    ...body,
    content_type: givenType ? givenType : original.content_type,
    delete_at: deleteAt === undefined ? keptDeleteAt : deleteAt,
    meta,
  };
  commitObject(swift, row, onlyIfAbsent);
  const copied: Record<string, string> = {
    'X-Copied-From-Account': pyQuote(source.account),
    'X-Copied-From': pyQuote(`${source.container}/${source.object}`),
    'X-Copied-From-Last-Modified': httpDate(original.created_at),
  };
  for (const [k, v] of Object.entries(row.meta)) {
    if (k.toLowerCase().startsWith(USER_META)) copied[k] = v;
  }
  if (row.delete_at !== null) copied['X-Delete-At'] = String(row.delete_at);
  call.reply.headers(copied);
  return createdReply(call, row, isSlo(row) ? `"${row.meta[SLO_ETAG] ?? ''}"` : row.etag);
};

// ---- POST / DELETE -------------------------------------------------------------------------

export const objectPost = (swift: Swift, call: SwiftCall): FastifyReply => {
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
  if (!container) throw swiftNotFound();
  checkManifestHeaders(swift, call);
  checkMetadata(call.request, 'object');
  const now = swift.now();
  const deleteAt = deleteAtOf(call.request, now);
  const row = liveObject(swift, call.account, container.name, call.object ?? '');
  if (!row) throw swiftNotFound();
  // A POST replaces all metadata, X-Delete-At included unless sent again; what the data file
  // keeps (an SLO's flag and sysmeta) stays.
  const givenType = header(call.request, 'content-type');
  swift.db.updateObjectMeta({
    account: row.account,
    container: row.container,
    name: row.name,
    created_at: now,
    content_type: givenType ? givenType : row.content_type,
    delete_at: deleteAt ?? null,
    meta: { ...requestMetadata(call.request), ...persistentMeta(row.meta) },
  });
  return call.reply.code(202).header('content-type', HTML).send(defaultBody(202));
};

/** Deletes one object: 204, or 404 when it (or its container) is absent. */
export const deleteObject = (swift: Swift, call: SwiftCall): void => {
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
  if (!container) throw swiftNotFound();
  const removed = swift.ctx.store.transaction(() => {
    const row = swift.db.getObject(call.account, container.name, call.object ?? '');
    if (!row) return undefined;
    swift.db.deleteObject(row.account, row.container, row.name);
    return row;
  });
  if (!removed) throw swiftNotFound();
  swift.files.discard(removed.file);
  if (isExpired(removed, swift.now())) throw swiftNotFound();
};

export const objectDelete = (swift: Swift, call: SwiftCall): FastifyReply => {
  deleteObject(swift, call);
  return call.reply.code(204).header('content-type', HTML).send();
};
