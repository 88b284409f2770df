import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { bufferContent, objectHeaders, plainContent, SYSMETA } from './content';
import type { Content, ObjectView } from './content';
import { allow } from './context';
import type { Swift, SwiftCall } from './context';
import { liveObject } from './expiry';
import { configTrue, header, pyJson, pyUnquote, SwiftError } from './http';
import { LISTING_LIMIT, listRange } from './listing';
import type { ListedObject, ObjectRow, StoredHeaders } from './model';
import { md5Hex } from './storage';

/**
 * Large objects, read side. A dynamic large object (DLO) is a manifest object whose
 * `X-Object-Manifest: <container>/<prefix>` names its segments: every object under the prefix,
 * in name order. A static large object (SLO) is a manifest object holding the JSON list of its
 * segments (with their etags, sizes and optional ranges), written by `?multipart-manifest=put`
 * (slo.ts). Either is served as its segments' bytes one after another, streamed segment by
 * segment; the manifest itself is read with `?multipart-manifest=get`.
 */

export const OBJECT_MANIFEST = 'X-Object-Manifest';
export const STATIC_LARGE_OBJECT = 'X-Static-Large-Object';
/** Sysmeta the SLO middleware keeps on the manifest: the large object's etag and size. */
export const SLO_ETAG = `${SYSMETA}Slo-Etag`;
export const SLO_SIZE = `${SYSMETA}Slo-Size`;
/** How deep SLOs may nest (the slo middleware's max_slo_recursion_depth). */
const MAX_DEPTH = 10;

/** One entry of a stored SLO manifest, as the slo middleware writes it. */
export interface ManifestEntry {
  /** `/<container>/<object>` */
  readonly name: string;
  readonly bytes: number;
  readonly hash: string;
  readonly content_type: string;
  readonly last_modified: string;
  /** `<first>-<last>`, inclusive, when only part of the segment is used. */
  readonly range?: string;
  readonly sub_slo?: boolean;
}

export const isSlo = (row: ObjectRow): boolean => configTrue(row.meta[STATIC_LARGE_OBJECT]);

/** `<container>/<prefix>` of a DLO manifest header, or undefined when it is malformed. */
export const parseObjectManifest = (
  value: string,
): { container: string; prefix: string } | undefined => {
  const decoded = pyUnquote(value);
  const slash = decoded.indexOf('/');
  if (decoded.startsWith('/') || slash < 0) return undefined;
  return { container: decoded.slice(0, slash), prefix: decoded.slice(slash + 1) };
};

/** `/<container>/<object>` split in two. */
export const splitSegmentPath = (path: string): [string, string] => {
  const trimmed = path.replace(/^\/+/, '');
  const slash = trimmed.indexOf('/');
  return [trimmed.slice(0, slash), trimmed.slice(slash + 1)];
};

/** The stored manifest of an SLO (small: swift caps it at 8 MiB). */
export const manifestOf = (swift: Swift, row: ObjectRow): ManifestEntry[] => {
  if (!row.file) return [];
  return JSON.parse(swift.files.readSync(row.file).toString('utf8')) as ManifestEntry[];
};

/** A segment of a large object as it is read: which bytes of which object. */
interface Piece {
  readonly container: string;
  readonly name: string;
  /** What the manifest recorded (SLO) or the listing showed (DLO); a change fails the read. */
  readonly etag: string;
  readonly size: number;
  readonly from: number;
  readonly length: number;
  readonly subSlo: boolean;
}

class SegmentError extends Error {}

/** A segment's current content, read with the caller's rights as the segment sub-requests are. */
const segmentContent = (swift: Swift, call: SwiftCall, piece: Piece, depth: number): Content => {
  const segment: SwiftCall = {
    ...call,
    method: 'GET',
    container: piece.container,
    object: piece.name,
  };
  allow(segment, swift.db.getContainer(call.account, piece.container)?.read_acl);
  const row = liveObject(swift, call.account, piece.container, piece.name);
  if (!row) throw new SegmentError(`segment ${piece.container}/${piece.name} is missing`);
  const content =
    piece.subSlo && isSlo(row)
      ? sloContent(swift, segment, row, depth + 1)
      : plainContent(swift, row);
  if (content.etag !== piece.etag || content.size !== piece.size) {
    throw new SegmentError(`segment ${piece.container}/${piece.name} changed`);
  }
  return content;
};

/** The content made of the pieces in order; `etag` is the large object's own. */
const segmentedContent = (
  swift: Swift,
  call: SwiftCall,
  pieces: readonly Piece[],
  etag: string,
  depth: number,
): Content => {
  const size = pieces.reduce((total, piece) => total + piece.length, 0);
  /** The pieces overlapping [start, stop), each with the bytes of its segment to read. */
  const overlapping = function* (
    start: number,
    stop: number,
  ): Generator<readonly [Piece, number, number]> {
    let offset = 0;
    for (const piece of pieces) {
      const end = offset + piece.length;
      if (end > start && offset < stop && piece.length > 0) {
        const from = piece.from + Math.max(start, offset) - offset;
        const to = piece.from + Math.min(stop, end) - offset;
        yield [piece, from, to];
      }
      if (end >= stop) return;
      offset = end;
    }
  };
  return {
    size,
    etag,
    read: (start, stop) =>
      Readable.from(
        (async function* () {
          for (const [piece, from, to] of overlapping(start, stop)) {
            for await (const chunk of segmentContent(swift, call, piece, depth).read(from, to)) {
              yield chunk as Buffer;
            }
          }
        })(),
      ),
    prepare: (start) => {
      for (const [piece] of overlapping(start, size)) {
        segmentContent(swift, call, piece, depth);
        return;
      }
    },
  };
};

const rangeOf = (entry: ManifestEntry): [number, number] => {
  if (!entry.range) return [0, entry.bytes];
  const [first = '0', last = '0'] = entry.range.split('-');
  return [Number(first), Number(last) - Number(first) + 1];
};

/** An SLO's content: the ranges of its segments, nested SLOs expanded. */
const sloContent = (swift: Swift, call: SwiftCall, row: ObjectRow, depth: number): Content => {
  if (depth > MAX_DEPTH) throw new SegmentError('too deeply nested');
  const pieces = manifestOf(swift, row).map((entry): Piece => {
    const [container, name] = splitSegmentPath(entry.name);
    const [from, length] = rangeOf(entry);
    return {
      container,
      name,
      etag: entry.hash,
      size: entry.bytes,
      from,
      length,
      subSlo: entry.sub_slo === true,
    };
  });
  return segmentedContent(swift, call, pieces, row.meta[SLO_ETAG] ?? '', depth);
};

/** Every object under a DLO's prefix, in name order (listed with the caller's rights). */
const dloSegments = (
  swift: Swift,
  call: SwiftCall,
  manifest: { readonly container: string; readonly prefix: string },
): ListedObject[] => {
  const container = swift.db.getContainer(call.account, manifest.container);
  allow(
    { ...call, method: 'GET', container: manifest.container, object: undefined },
    container?.read_acl,
  );
  if (!container) return [];
  const segments: ListedObject[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = listRange(
      {
        limit: LISTING_LIMIT,
        marker,
        endMarker: undefined,
        prefix: manifest.prefix,
        delimiter: undefined,
        path: undefined,
        reverse: false,
      },
      (range) => swift.db.objectRange(call.account, container.name, range),
      (o) => o.name,
    );
    for (const entry of page) if ('row' in entry) segments.push(entry.row);
    const last = segments.at(-1);
    if (page.length < LISTING_LIMIT || !last) break;
    marker = last.name;
  }
  return segments;
};

/** A DLO's content; its etag is the MD5 of its segments' etags, as the dlo middleware makes it. */
const dloContent = (swift: Swift, call: SwiftCall, value: string): Content => {
  const manifest = parseObjectManifest(value);
  const segments = manifest ? dloSegments(swift, call, manifest) : [];
  const etag = createHash('md5');
  for (const segment of segments) etag.update(segment.etag);
  const pieces = segments.map((segment): Piece => ({
    container: manifest?.container ?? '',
    name: segment.name,
    etag: segment.etag,
    size: segment.size,
    from: 0,
    length: segment.size,
    subSlo: false,
  }));
  return segmentedContent(swift, call, pieces, etag.digest('hex'), 0);
};

/**
 * What a client reads of any object: a large object's assembled content, or the object itself.
 * `call` carries the caller's rights for the segments.
 */
export const contentOf = (swift: Swift, call: SwiftCall, row: ObjectRow): Content => {
  if (isSlo(row)) return sloContent(swift, call, row, 0);
  const dlo = row.meta[OBJECT_MANIFEST];
  if (dlo !== undefined) return dloContent(swift, call, dlo);
  return plainContent(swift, row);
};

/** Metadata that lives with the data, not the POSTable metadata: an SLO's flag and sysmeta. */
export const persistentMeta = (meta: StoredHeaders): StoredHeaders =>
  Object.fromEntries(
    Object.entries(meta).filter(([k]) => k === STATIC_LARGE_OBJECT || k.startsWith(SYSMETA)),
  );

/** The metadata of a large object without what makes it one (its copy is a plain object). */
export const withoutManifest = (meta: StoredHeaders): StoredHeaders =>
  Object.fromEntries(
    Object.entries(meta).filter(
      ([k]) => k !== OBJECT_MANIFEST && k !== STATIC_LARGE_OBJECT && !k.startsWith(SYSMETA),
    ),
  );

/**
 * The large-object headers of a PUT or POST: `X-Static-Large-Object` is the slo middleware's
 * own, and a DLO manifest must name `<container>/<prefix>` in a container the caller may list.
 */
export const checkManifestHeaders = (swift: Swift, call: SwiftCall): void => {
  if (header(call.request, 'x-static-large-object') !== undefined) {
    throw new SwiftError(
      400,
      'X-Static-Large-Object is a reserved header. To create a static large object add query param multipart-manifest=put.',
    );
  }
  const value = header(call.request, 'x-object-manifest');
  if (value === undefined) return;
  const manifest = parseObjectManifest(value);
  if (!manifest) {
    throw new SwiftError(400, 'X-Object-Manifest must be in the format container/prefix');
  }
  allow(
    { ...call, method: 'GET', container: manifest.container, object: undefined },
    swift.db.getContainer(call.account, manifest.container)?.read_acl,
  );
};

/** Whether a read of this object assembles segments. */
export const isLargeObject = (row: ObjectRow): boolean =>
  isSlo(row) || row.meta[OBJECT_MANIFEST] !== undefined;

/** `?multipart-manifest=get&format=raw`: the manifest as it was put (sorted keys). */
const rawManifest = (entries: readonly ManifestEntry[]): Buffer =>
  Buffer.from(
    pyJson(
      entries.map((entry) => ({
        etag: entry.hash,
        path: entry.name,
        ...(entry.range ? { range: entry.range } : {}),
        size_bytes: entry.bytes,
      })),
    ),
    'utf8',
  );

/** The answer to GET or HEAD of an object, large objects assembled unless the manifest is asked for. */
export const objectView = (swift: Swift, call: SwiftCall, row: ObjectRow): ObjectView => {
  const headers = objectHeaders(row);
  const timestamp = row.created_at;
  const manifestGet = call.query.get('multipart-manifest') === 'get';
  if (isSlo(row)) {
    if (!manifestGet) {
      const content = sloContent(swift, call, row, 0);
      return {
        headers: { ...headers, 'X-Manifest-Etag': row.etag, Etag: `"${content.etag}"` },
        content,
        timestamp,
      };
    }
    if (call.query.get('format') === 'raw') {
      const raw = rawManifest(manifestOf(swift, row));
      const etag = md5Hex(raw);
      return { headers: { ...headers, Etag: etag }, content: bufferContent(raw, etag), timestamp };
    }
    return {
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
      content: plainContent(swift, row),
      timestamp,
    };
  }
  const dlo = row.meta[OBJECT_MANIFEST];
  if (dlo !== undefined && !manifestGet) {
    const content = dloContent(swift, call, dlo);
    return { headers: { ...headers, Etag: `"${content.etag}"` }, content, timestamp };
  }
  return { headers, content: plainContent(swift, row), timestamp };
};
