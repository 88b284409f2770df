import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allow, checkMetadata, LIMITS, titledHeaders } from './context';
import type { Swift, SwiftCall } from './context';
import { containerOf } from './containers';
import {
  configTrue,
  defaultBody,
  header,
  HTML,
  httpDate,
  normalTimestamp,
  parseHttpDate,
  plainError,
  SwiftError,
  swiftNotFound,
} from './http';
import { guessContentType } from './mime';
import type { ObjectRow, StoredHeaders } from './model';
import { syntheticContent } from './storage';

/** Headers the object server keeps besides user metadata (its default `allowed_headers`). */
const KEPT_HEADERS = [
  'Content-Disposition',
  'Content-Encoding',
  'Cache-Control',
  'Content-Language',
  'Expires',
  'X-Robots-Tag',
];
const USER_META = 'x-object-meta-';

/** The user metadata and kept headers of a request, in swift's casing. */
const requestMetadata = (request: FastifyRequest): StoredHeaders => {
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

/** swob's Match: the tags of If-Match / If-None-Match, quotes removed; `*` matches any. */
const matchTags = (value: string | undefined): Set<string> | undefined => {
  if (value === undefined) return undefined;
  const tags = new Set<string>();
  for (const tag of value.split(',')) {
    const t = tag.trim();
    if (t) tags.add(t.replace(/^"(.*)"$/, '$1'));
  }
  return tags;
};
const matches = (tags: Set<string>, etag: string): boolean => tags.has('*') || tags.has(etag);

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

const isExpired = (row: ObjectRow, now: number): boolean =>
  row.delete_at !== null && row.delete_at <= now;

/** The live object of a call (an expired one is deleted on sight, as if the expirer had run). */
export const liveObject = (
  swift: Swift,
  account: string,
  container: string,
  name: string,
): ObjectRow | undefined => {
  const row = swift.db.getObject(account, container, name);
  if (row && isExpired(row, swift.now())) {
    expireObject(swift, row);
    return undefined;
  }
  return row;
};

const expireObject = (swift: Swift, row: ObjectRow): void => {
  const removed = swift.ctx.store.transaction(() =>
    swift.db.deleteObject(row.account, row.container, row.name),
  );
  if (removed) swift.files.discard(removed.file);
};

/** The object expirer's work, done lazily: removes objects whose X-Delete-At has passed. */
export const expireDue = (swift: Swift): void => {
  for (const row of swift.db.expired(swift.now(), 100)) expireObject(swift, row);
};

const objectHeaders = (row: ObjectRow): Record<string, string> => ({
  'Content-Type': row.content_type,
  ...row.meta,
  ...(row.delete_at !== null ? { 'X-Delete-At': String(row.delete_at) } : {}),
  Etag: row.etag,
  'Last-Modified': httpDate(row.created_at),
  'X-Timestamp': normalTimestamp(row.created_at),
  'Accept-Ranges': 'bytes',
});

// ---- ranges (swob.Range) -------------------------------------------------------------------

type ByteRange = readonly [number | null, number | null];

/** The ranges of a Range header, or undefined when it is malformed (and so ignored). */
const parseRange = (value: string | undefined): ByteRange[] | undefined => {
  if (!value) return undefined;
  const text = value.replaceAll(' ', '');
  if (!text.toLowerCase().startsWith('bytes=')) return undefined;
  const ranges: ByteRange[] = [];
  for (const spec of text.slice(6).split(',')) {
    const dash = spec.indexOf('-');
    if (dash < 0) return undefined;
    const [a, b] = [spec.slice(0, dash), spec.slice(dash + 1)];
    if ((a && !/^\d+$/.test(a)) || (b && !/^\d+$/.test(b))) return undefined;
    const start = a ? Number(a) : null;
    const end = b ? Number(b) : null;
    if (start === null && end === null) return undefined;
    if (start !== null && end !== null && end < start) return undefined;
    ranges.push([start, end]);
  }
  return ranges;
};

/** swob's ranges_for_length: half-open [start, stop) pairs; [] when nothing is satisfiable. */
const rangesForLength = (ranges: readonly ByteRange[], length: number): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  for (const [begin, end] of ranges) {
    if (begin === null) {
      if (end === 0 || end === null) continue;
      out.push(end > length ? [0, length] : [length - end, length]);
    } else if (end === null) {
      if (begin < length) out.push([begin, length]);
    } else if (begin < length) {
      out.push([begin, Math.min(end + 1, length)]);
    }
  }
  // RFC 7233 §6.1: too many, overlapping or disordered ranges are refused.
  if (out.length > 50) return [];
  let overlaps = 0;
  let nonAscending = 0;
  for (let i = 0; i < out.length; i++) {
    const [s1, e1] = out[i] ?? [0, 0];
    for (let j = i + 1; j < out.length; j++) {
      const [s2, e2] = out[j] ?? [0, 0];
      if (s1 < e2 && s2 < e1) overlaps++;
    }
    if (i > 0 && s1 < (out[i - 1]?.[0] ?? 0)) nonAscending++;
  }
  if (overlaps > 2 || nonAscending > 8) return [];
  return out;
};

const contentRange = (start: number, stop: number, length: number): string =>
  `bytes ${start}-${stop - 1}/${length}`;

/** The bytes [start, stop) of an object, streamed from its file. */
const bodyOf = (swift: Swift, row: ObjectRow, start: number, stop: number): Readable => {
  if (stop <= start) return Readable.from([]);
  if (row.synthetic) {
    return Readable.from([syntheticContent(row.name, row.size).subarray(start, stop)]);
  }
  if (!row.file) return Readable.from([]);
  return swift.files.open(row.file, start, stop - 1);
};

const multipartBody = (
  swift: Swift,
  row: ObjectRow,
  ranges: ReadonlyArray<[number, number]>,
  boundary: string,
): Readable =>
  Readable.from(
    (async function* () {
      for (const [start, stop] of ranges) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Type: ${row.content_type}\r\nContent-Range: ${contentRange(start, stop, row.size)}\r\n\r\n`,
        );
        for await (const chunk of bodyOf(swift, row, start, stop)) yield chunk as Buffer;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--`);
    })(),
  );

const multipartLength = (
  row: ObjectRow,
  ranges: ReadonlyArray<[number, number]>,
  boundary: string,
): number => {
  let total = 0;
  for (const [start, stop] of ranges) {
    total += Buffer.byteLength(
      `--${boundary}\r\nContent-Type: ${row.content_type}\r\nContent-Range: ${contentRange(start, stop, row.size)}\r\n\r\n`,
    );
    total += stop - start + 2;
  }
  return total + boundary.length + 4;
};

// ---- GET / HEAD ----------------------------------------------------------------------------

/** swob's conditional answer (304 or 412) for an existing object, if any. */
const conditionalStatus = (request: FastifyRequest, row: ObjectRow): number | undefined => {
  const noneMatch = matchTags(header(request, 'if-none-match'));
  if (noneMatch && matches(noneMatch, row.etag)) return 304;
  const match = matchTags(header(request, 'if-match'));
  if (match && !matches(match, row.etag)) return 412;
  const lastModified = Math.ceil(row.created_at);
  const since = parseHttpDate(header(request, 'if-modified-since'));
  if (since !== undefined && lastModified <= since) return 304;
  const unmodified = parseHttpDate(header(request, 'if-unmodified-since'));
  if (unmodified !== undefined && lastModified > unmodified) return 412;
  return undefined;
};

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
  const conditional = conditionalStatus(call.request, row);
  if (conditional === 412) {
    // The object server's refusal: the object's identity, none of its content headers.
    const { 'Content-Type': _type, 'Accept-Ranges': _ranges, ...headers } = objectHeaders(row);
    return call.reply
      .code(412)
      .headers(headers)
      .header('content-type', HTML)
      .header('content-length', '0')
      .send();
  }
  const reply = call.reply.headers(objectHeaders(row));
  if (conditional === 304) return reply.code(304).header('content-length', '0').send();
  if (call.method === 'HEAD') {
    return reply.code(200).header('content-length', String(row.size)).send();
  }
  const requested = parseRange(header(call.request, 'range'));
  if (requested && row.size > 0) {
    const ranges = rangesForLength(requested, row.size);
    if (ranges.length === 0) {
      // The object's own Content-Type stays, with swob's page as the body.
      return reply.code(416).header('content-range', `bytes */${row.size}`).send(defaultBody(416));
    }
    const [only] = ranges;
    if (ranges.length === 1 && only) {
      const [start, stop] = only;
      return reply
        .code(206)
        .header('content-range', contentRange(start, stop, row.size))
        .header('content-length', String(stop - start))
        .send(bodyOf(swift, row, start, stop));
    }
    const boundary = randomBytes(16).toString('hex');
    return reply
      .code(206)
      .header('content-type', `multipart/byteranges;boundary=${boundary}`)
      .header('content-length', String(multipartLength(row, ranges, boundary)))
      .send(multipartBody(swift, row, ranges, boundary));
  }
  return reply
    .code(200)
    .header('content-length', String(row.size))
    .send(bodyOf(swift, row, 0, row.size));
};

// ---- PUT -----------------------------------------------------------------------------------

interface NewObject {
  readonly contentType: string;
  readonly deleteAt: number | null;
  readonly meta: StoredHeaders;
}

/** The proxy's checks of an object write: name length, delete headers, metadata. */
const checkCreation = (call: SwiftCall, now: number): number | undefined => {
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

const checkIfNoneMatch = (request: FastifyRequest): boolean => {
  const tags = matchTags(header(request, 'if-none-match'));
  if (tags && !tags.has('*')) throw plainError(400, 'If-None-Match only supports *');
  return tags !== undefined;
};

/** Stores a new object row and retires the file it replaces. */
const commitObject = (swift: Swift, row: ObjectRow, onlyIfAbsent: boolean): void => {
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

const createdReply = (call: SwiftCall, row: ObjectRow): FastifyReply =>
  call.reply
    .code(201)
    .header('content-type', HTML)
    .header('etag', row.etag)
    .header('last-modified', httpDate(row.created_at))
    .send();

export const objectPut = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  if (header(call.request, 'x-copy-from') !== undefined) return copyObject(swift, call, 'PUT');
  const onlyIfAbsent = checkIfNoneMatch(call.request);
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
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
    throw new SwiftError(422);
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
const contentTypeOf = (request: FastifyRequest, name: string): string => {
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

/** Python's `quote` (safe `/`), as X-Copied-From is written. */
const pyQuote = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '/');

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
  const meta = fresh
    ? requestMetadata(call.request)
    : { ...original.meta, ...requestMetadata(call.request) };
  const keptDeleteAt = fresh ? null : original.delete_at;
  const name = dest.object ?? '';
  if (onlyIfAbsent && liveObject(swift, dest.account, destContainer.name, name)) {
    throw new SwiftError(412);
  }
  const givenType = header(call.request, 'content-type');
  const file = original.file ? await swift.files.duplicate(original.file) : null;
  const row: ObjectRow = {
    account: dest.account,
    container: destContainer.name,
    name,
    created_at: swift.now(),
    size: original.size,
    etag: original.etag,
    content_type: givenType ? givenType : original.content_type,
    file,
    synthetic: original.synthetic,
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
  return createdReply(call, row);
};

// ---- POST / DELETE -------------------------------------------------------------------------

export const objectPost = (swift: Swift, call: SwiftCall): FastifyReply => {
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
  if (!container) throw swiftNotFound();
  checkMetadata(call.request, 'object');
  const now = swift.now();
  const deleteAt = deleteAtOf(call.request, now);
  const row = liveObject(swift, call.account, container.name, call.object ?? '');
  if (!row) throw swiftNotFound();
  // A POST replaces all metadata, X-Delete-At included unless sent again.
  const givenType = header(call.request, 'content-type');
  swift.db.updateObjectMeta({
    account: row.account,
    container: row.container,
    name: row.name,
    created_at: now,
    content_type: givenType ? givenType : row.content_type,
    delete_at: deleteAt ?? null,
    meta: requestMetadata(call.request),
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
