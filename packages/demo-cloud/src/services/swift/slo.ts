import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { bulkReport, deleteEach, newOutcome, reportType, sendDeleteReport } from './bulkDelete';
import type { DeleteItem } from './bulkDelete';
import { allow } from './context';
import type { Swift, SwiftCall } from './context';
import { containerOf } from './containers';
import { liveObject } from './expiry';
import { header, isoTimestamp, plainError, pyJson, pyQuote, statusLine, SwiftError } from './http';
import {
  contentOf,
  isSlo,
  manifestOf,
  SLO_ETAG,
  SLO_SIZE,
  splitSegmentPath,
  STATIC_LARGE_OBJECT,
} from './largeObjects';
import type { ManifestEntry } from './largeObjects';
import type { ObjectRow } from './model';
import {
  checkCreation,
  checkIfNoneMatch,
  commitObject,
  contentTypeOf,
  createdReply,
  requestMetadata,
} from './objects';
import { parseRange, rangesForLength } from './ranges';
import type { ByteRange } from './ranges';
import { md5Hex } from './storage';

/** The slo middleware's limits, as /info reports them. */
export const MAX_MANIFEST_SEGMENTS = 1000;
export const MAX_MANIFEST_SIZE = 8_388_608;
const MIN_SEGMENT_SIZE = 1;
const ALLOWED_KEYS = ['path', 'etag', 'size_bytes', 'range'];

/** One segment of a manifest being put, checked for form (parse_and_validate_input). */
interface SegmentSpec {
  readonly path: string;
  readonly container: string;
  readonly object: string;
  readonly etag: string | null;
  readonly sizeBytes: number | null;
  readonly range: ByteRange | null;
}

/** catch_errors' answer to what the slo middleware of the lab's release fails on. */
const internalError = (): SwiftError => new SwiftError(500, 'An error occurred', 'text/plain');

/** Python's `int()` of a JSON value, or undefined when it raises. */
const pythonInt = (value: unknown): number | undefined => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) return Number(value);
  return undefined;
};

const validate = (parsed: readonly unknown[], call: SwiftCall): SegmentSpec[] => {
  const errors: string[] = [];
  const specs: SegmentSpec[] = [];
  parsed.forEach((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item) || !('path' in item)) {
      throw internalError();
    }
    const seg = item as Record<string, unknown>;
    const fail = (message: string): void => {
      errors.push(`Index ${index}: ${message}`);
    };
    const extraneous = Object.keys(seg)
      .filter((k) => !ALLOWED_KEYS.includes(k))
      .sort();
    if (extraneous.length > 0) {
      return fail(`extraneous keys ${extraneous.map((k) => `"${k}"`).join(', ')}`);
    }
    const { path, etag } = seg;
    if (typeof path !== 'string') return fail('"path" must be a string');
    if (etag !== undefined && etag !== null && typeof etag !== 'string') {
      return fail('"etag" must be a string or null (if provided)');
    }
    if (!path.replace(/^\/+|\/+$/g, '').includes('/')) {
      return fail('path does not refer to an object. Path must be of the form /container/object.');
    }
    let sizeBytes: number | null = null;
    if (seg['size_bytes'] !== undefined && seg['size_bytes'] !== null) {
      const size = pythonInt(seg['size_bytes']);
      if (size === undefined) return fail('invalid size_bytes');
      if (size < MIN_SEGMENT_SIZE && index !== parsed.length - 1) {
        return fail('too small; each segment must be at least 1 byte.');
      }
      sizeBytes = size;
    }
    const [container, object] = splitSegmentPath(path);
    if (container === call.container && object === call.object) {
      return fail('manifest must not include itself as a segment');
    }
    let range: ByteRange | null = null;
    const given = seg['range'];
    if (given) {
      const ranges = typeof given === 'string' ? parseRange(`bytes=${given}`) : undefined;
      if (!ranges) return fail('invalid range');
      if (ranges.length > 1) return fail('multiple ranges (only one allowed)');
      range = ranges[0] ?? null;
      if (range && sizeBytes !== null && rangesForLength([range], sizeBytes).length !== 1) {
        return fail('unsatisfiable range');
      }
    }
    specs.push({
      path,
      container,
      object,
      etag: typeof etag === 'string' ? etag.replace(/^"(.*)"$/, '$1') : null,
      sizeBytes,
      range,
    });
  });
  if (errors.length > 0) throw plainError(400, errors.map((e) => `${e}\n`).join(''));
  return specs;
};

/** Reads the manifest body, refusing one over swift's size cap. */
const readManifest = async (call: SwiftCall): Promise<string> => {
  const tooLarge = (): SwiftError =>
    new SwiftError(413, `Manifest File > ${MAX_MANIFEST_SIZE} bytes`);
  const length = Number(header(call.request, 'content-length') ?? '0');
  if (length > MAX_MANIFEST_SIZE) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of call.request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_MANIFEST_SIZE) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** The manifest entry of a segment after its HEAD, or the problems found with it. */
const checkSegment = (
  swift: Swift,
  call: SwiftCall,
  spec: SegmentSpec,
  last: boolean,
): ManifestEntry | string[] => {
  const segment: SwiftCall = {
    ...call,
    method: 'HEAD',
    container: spec.container,
    object: spec.object,
  };
  let row: ObjectRow | undefined;
  try {
    allow(segment, swift.db.getContainer(call.account, spec.container)?.read_acl);
    row = liveObject(swift, call.account, spec.container, spec.object);
  } catch (error) {
    if (error instanceof SwiftError) return [statusLine(error.status)];
    throw error;
  }
  if (!row) return [statusLine(404)];
  const content = contentOf(swift, segment, row);
  const problems: string[] = [];
  let length = content.size;
  let range: string | undefined;
  if (spec.range) {
    const [only] = rangesForLength([spec.range], content.size);
    if (!only) problems.push('Unsatisfiable Range');
    else if (only[0] !== 0 || only[1] !== content.size) {
      range = `${only[0]}-${only[1] - 1}`;
      length = only[1] - only[0];
    }
  }
  if (length < MIN_SEGMENT_SIZE && !last) {
    problems.push('Too small; each segment must be at least 1 byte.');
  }
  if (spec.sizeBytes !== null && spec.sizeBytes !== content.size) problems.push('Size Mismatch');
  if (spec.etag !== null && spec.etag !== content.etag) problems.push('Etag Mismatch');
  if (problems.length > 0) return problems;
  return {
    name: `/${spec.container}/${spec.object}`,
    bytes: content.size,
    hash: content.etag,
    content_type: row.content_type,
    // The segment's Last-Modified, whole seconds.
    last_modified: isoTimestamp(Math.ceil(row.created_at)),
    ...(range === undefined ? {} : { range }),
    ...(isSlo(row) ? { sub_slo: true } : {}),
  };
};

const lengthOf = (entry: ManifestEntry): number => {
  if (!entry.range) return entry.bytes;
  const [first = '0', last = '0'] = entry.range.split('-');
  return Number(last) - Number(first) + 1;
};

/**
 * `PUT ...?multipart-manifest=put`: checks every segment (it must exist, readable by the caller,
 * and match the etag, size and range given), then stores the manifest as the object. Its etag is
 * the MD5 of the segments' etags (`<etag>:<range>;` for a ranged one); its size their total.
 */
export const sloPut = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  const onlyIfAbsent = checkIfNoneMatch(call.request);
  const container = containerOf(swift, call);
  allow(call, container?.write_acl);
  const text = await readManifest(call);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SwiftError(400, 'Manifest must be valid JSON.\n');
  }
  if (!Array.isArray(parsed)) throw new SwiftError(400, 'Manifest must be a list.\n');
  if (parsed.length > MAX_MANIFEST_SEGMENTS) {
    throw new SwiftError(
      413,
      `Number of object-backed segments must be <= ${MAX_MANIFEST_SEGMENTS}`,
    );
  }
  const specs = validate(parsed, call);
  const entries: ManifestEntry[] = [];
  const problems: Array<[string, string]> = [];
  specs.forEach((spec, index) => {
    const checked = checkSegment(swift, call, spec, index === specs.length - 1);
    if (Array.isArray(checked)) {
      for (const problem of checked) problems.push([pyQuote(spec.path), problem]);
    } else entries.push(checked);
  });
  if (problems.length > 0) {
    const type = reportType(call) ?? 'text/plain';
    throw new SwiftError(400, bulkReport(type, {}, problems, 'upload'), type);
  }
  const sloEtag = createHash('md5');
  for (const entry of entries) {
    sloEtag.update(entry.range ? `${entry.hash}:${entry.range};` : entry.hash);
  }
  const etag = sloEtag.digest('hex');
  const expected = header(call.request, 'etag');
  if (expected !== undefined && expected.replace(/^"(.*)"$/, '$1') !== etag) {
    throw new SwiftError(422);
  }
  const deleteAt = checkCreation(call, swift.now());
  if (!container) throw new SwiftError(404);
  const manifest = Buffer.from(pyJson(entries), 'utf8');
  const total = entries.reduce((sum, entry) => sum + lengthOf(entry), 0);
  const row: ObjectRow = {
    account: call.account,
    container: container.name,
    name: call.object ?? '',
    created_at: swift.now(),
    // Stored (and counted in the container) as the manifest; listings show the total.
    size: manifest.length,
    etag: md5Hex(manifest),
    content_type: contentTypeOf(call.request, call.object ?? ''),
    file: swift.files.writeSync(manifest),
    synthetic: false,
    delete_at: deleteAt ?? null,
    meta: {
      ...requestMetadata(call.request),
      [STATIC_LARGE_OBJECT]: 'True',
      [SLO_ETAG]: etag,
      [SLO_SIZE]: String(total),
    },
  };
  commitObject(swift, row, onlyIfAbsent);
  return createdReply(call, row, `"${etag}"`);
};

/** The names an SLO delete removes: segments (nested manifests' first), then the manifest. */
const deletions = (
  swift: Swift,
  call: SwiftCall,
  container: string,
  object: string,
  depth: number,
): DeleteItem[] => {
  const name = `/${container}/${object}`;
  const manifestCall: SwiftCall = { ...call, method: 'GET', container, object };
  let row: ObjectRow | undefined;
  try {
    allow(manifestCall, swift.db.getContainer(call.account, container)?.read_acl);
    row = liveObject(swift, call.account, container, object);
  } catch (error) {
    if (error instanceof SwiftError)
      return [{ name, container, object, failure: statusLine(error.status) }];
    throw error;
  }
  if (!row) return [{ name, container, object }];
  if (!isSlo(row)) return [{ name, container, object, failure: 'Not an SLO manifest' }];
  const items: DeleteItem[] = [];
  for (const entry of manifestOf(swift, row)) {
    const [c, o] = splitSegmentPath(entry.name);
    if (entry.sub_slo && depth < 10) items.push(...deletions(swift, call, c, o, depth + 1));
    else items.push({ name: entry.name, container: c, object: o });
  }
  items.push({ name, container, object });
  return items;
};

/** `DELETE ...?multipart-manifest=delete`: the segments and the manifest, reported as bulk delete. */
export const sloDelete = (swift: Swift, call: SwiftCall): FastifyReply => {
  const type = reportType(call);
  const outcome = newOutcome();
  try {
    if (!type) throw new SwiftError(406);
    const items = deletions(swift, call, call.container ?? '', call.object ?? '', 0);
    deleteEach(swift, call, items, outcome);
  } catch (error) {
    if (!(error instanceof SwiftError)) throw error;
    outcome.status = error.status;
    outcome.body = error.body ?? '';
  }
  return sendDeleteReport(call, type, outcome);
};
