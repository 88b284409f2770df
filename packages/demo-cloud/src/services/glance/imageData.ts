import { createReadStream, existsSync, openSync, readSync, closeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import { callerContext, getImage, imagePolicy } from './access';
import { GlanceFault, badRequest, conflict, forbidden } from './http';
import { checkTransition } from './images';
import { images } from './model';
import type { ImageDoc } from './model';
import {
  HASH_ALGO,
  STORE_ID,
  SizeLimitExceeded,
  fileSize,
  imageFile,
  inspectVirtualSize,
  removeFile,
  stagingFile,
  writeStreamed,
} from './storage';

type DataRequest = FastifyRequest<{ Params: { id: string } }>;

/** The request body as a stream: the raw-body parser hands it over untouched. */
const bodyStream = (request: FastifyRequest): Readable =>
  (request.body as Readable | undefined) ?? request.raw;

/** glance's `get_content_type(('application/octet-stream',))`. */
const requireOctetStream = (request: FastifyRequest): void => {
  const header = request.headers['content-type'];
  const type = header === undefined ? undefined : header.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/octet-stream') {
    throw new GlanceFault(415, `Invalid content type ${header === undefined ? 'None' : type}`);
  }
};

/** Puts an image back to `queued` after a failed write, unless it moved on meanwhile. */
const restoreQueued = (ctx: CloudContext, id: string, from: ImageDoc['status']): void => {
  ctx.store.transaction(() => {
    const current = ctx.store.collection(images).get(id);
    if (!current || current.deleted || current.status !== from) return;
    ctx.store.collection(images).put({
      ...current,
      status: 'queued',
      size: null,
      virtual_size: null,
      staged: null,
      updated_at: ctx.now().toISOString(),
    });
  });
};

const tooLarge = (): GlanceFault =>
  new GlanceFault(413, 'The incoming image is too large: The provided image is too large.');

/** Drains what is left of a refused body so the connection can answer and be reused. */
const discard = (request: FastifyRequest): void => {
  bodyStream(request).resume();
};

const upload = async (ctx: CloudContext, request: DataRequest, reply: FastifyReply) => {
  requireOctetStream(request);
  const store = request.headers['x-image-meta-store'];
  if (typeof store === 'string' && store !== STORE_ID) {
    throw badRequest(`Store for scheme ${store} not found`);
  }
  const caller = callerContext(request);
  const { id } = request.params;
  const cap = ctx.options.imageSizeCap;
  ctx.store.transaction(() => {
    const image = getImage(ctx, caller, id);
    imagePolicy(request, ctx, caller, image).enforceMutable('upload_image');
    checkTransition(image, 'saving');
    ctx.store
      .collection(images)
      .put({ ...image, status: 'saving', updated_at: ctx.now().toISOString() });
  });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) {
    restoreQueued(ctx, id, 'saving');
    discard(request);
    throw tooLarge();
  }
  const target = imageFile(ctx, id);
  let written;
  try {
    written = await writeStreamed(bodyStream(request), target, cap);
  } catch (error) {
    restoreQueued(ctx, id, 'saving');
    if (error instanceof SizeLimitExceeded) {
      discard(request);
      throw tooLarge();
    }
    throw error;
  }
  const done = written;
  ctx.store.transaction(() => {
    const current = ctx.store.collection(images).get(id);
    if (!current || current.deleted || current.status !== 'saving') {
      removeFile(target);
      throw new GlanceFault(
        410,
        `Image ${id} could not be found after upload. The image may have been deleted during the upload, cleaning up the chunks uploaded.`,
      );
    }
    ctx.store.collection(images).put({
      ...current,
      status: 'active',
      size: done.size,
      virtual_size: inspectVirtualSize(current.disk_format, done.head, done.size),
      checksum: done.checksum,
      os_hash_algo: HASH_ALGO,
      os_hash_value: done.hash,
      location: { store: STORE_ID, size: done.size },
      updated_at: ctx.now().toISOString(),
    });
  });
  return reply.code(204).send();
};

/** webob's `Range.parse`: bytes=a-b (end exclusive), bytes=a-, bytes=-n. */
const parseRange = (header: string): { start: number; end: number | null } | undefined => {
  const m = /^bytes *= *(\d*) *- *(\d*)/i.exec(header);
  if (!m) return undefined;
  const [, start = '', end = ''] = m;
  if (start === '') return end === '' ? undefined : { start: -Number(end), end: null };
  if (end === '') return { start: Number(start), end: null };
  const s = Number(start);
  const e = Number(end) + 1;
  return s >= e ? undefined : { start: s, end: e };
};

/** webob's `ContentRange.parse` (glance still honours Content-Range on requests). */
const parseContentRange = (
  header: string,
): { start: number; stop: number; length: number | null } | undefined => {
  const m = /^bytes (?:(\d+)-(\d+)|[*])\/(?:(\d+)|[*])/.exec(header);
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  const start = Number(m[1]);
  const stop = Number(m[2]) + 1;
  const length = m[3] === undefined ? null : Number(m[3]);
  if (length === null) return start < stop ? { start, stop, length } : undefined;
  if (start >= stop || stop > length || start >= length) return undefined;
  return { start, stop, length };
};

const notSatisfiable = (detail: string): GlanceFault =>
  new GlanceFault(416, 'The Range requested is not available.', { detail });

const download = async (ctx: CloudContext, request: DataRequest, reply: FastifyReply) => {
  const caller = callerContext(request);
  const image = getImage(ctx, caller, request.params.id);
  imagePolicy(request, ctx, caller, image).enforce('download_image');
  if (image.status === 'deactivated' && !caller.isAdmin) {
    throw forbidden('The requested image has been deactivated. Image data download is forbidden.');
  }
  const path = imageFile(ctx, image.id);
  if (!image.location || fileSize(path) === undefined) return reply.code(204).send();
  const size = image.size ?? fileSize(path) ?? 0;

  let offset = 0;
  let chunk: number | undefined;
  let end = size - 1;
  const range = request.headers.range;
  const contentRange = request.headers['content-range'];
  if (range !== undefined) {
    if (range.includes(',')) {
      throw badRequest(
        'Requests with multiple ranges are not supported in Glance. You may make multiple single-range requests instead.',
      );
    }
    const parsed = parseRange(range);
    if (!parsed) throw notSatisfiable('Invalid Range header.');
    if (parsed.start >= size) {
      throw notSatisfiable(
        `Invalid start position in Range header. Start position MUST be in the inclusive range [0, ${size - 1}].`,
      );
    }
    if (parsed.start >= 0) offset = parsed.start;
    else if (Math.abs(parsed.start) < size) offset = size + parsed.start;
    if (parsed.end !== null && parsed.end < size) {
      chunk = parsed.end - offset;
      end = parsed.end - 1;
    } else {
      chunk = size - offset;
    }
  } else if (contentRange !== undefined) {
    const parsed = parseContentRange(contentRange);
    if (!parsed) throw notSatisfiable('Invalid Content-Range header.');
    if (parsed.length === null && parsed.stop > size) {
      throw notSatisfiable(
        `Invalid stop position in Content-Range header. The stop position MUST be in the inclusive range [0, ${size - 1}].`,
      );
    }
    if (parsed.start >= size) {
      throw notSatisfiable(
        `Invalid start position in Content-Range header. Start position MUST be in the inclusive range [0, ${size - 1}].`,
      );
    }
    offset = parsed.start;
    chunk = parsed.stop - offset;
    end = parsed.stop - 1;
  }

  reply.header('Content-Type', 'application/octet-stream');
  if (image.checksum) reply.header('Content-MD5', image.checksum);
  if (chunk !== undefined) {
    reply.code(206).header('Content-Range', `bytes ${offset}-${end}/${size}`);
  }
  const length = chunk ?? size;
  reply.header('Content-Length', String(length));
  if (length <= 0) return reply.send('');
  return reply.send(createReadStream(path, { start: offset, end: offset + length - 1 }));
};

const stage = async (ctx: CloudContext, request: DataRequest, reply: FastifyReply) => {
  requireOctetStream(request);
  const caller = callerContext(request);
  const { id } = request.params;
  const cap = ctx.options.imageSizeCap;
  const target = stagingFile(ctx, id);
  ctx.store.transaction(() => {
    const image = getImage(ctx, caller, id);
    imagePolicy(request, ctx, caller, image).enforceMutable('modify_image');
    checkTransition(image, 'uploading');
    if (existsSync(target)) throw conflict(`The image ${id} has data on staging`);
    ctx.store
      .collection(images)
      .put({ ...image, status: 'uploading', updated_at: ctx.now().toISOString() });
  });
  let written;
  try {
    written = await writeStreamed(bodyStream(request), target, cap);
  } catch (error) {
    restoreQueued(ctx, id, 'uploading');
    if (error instanceof SizeLimitExceeded) {
      discard(request);
      throw tooLarge();
    }
    throw error;
  }
  const done = written;
  ctx.store.transaction(() => {
    const current = ctx.store.collection(images).get(id);
    if (!current || current.deleted || current.status !== 'uploading') {
      removeFile(target);
      throw new GlanceFault(
        410,
        `Image ${id} could not be found after upload. The image may have been deleted during the upload, cleaning up the chunks uploaded.`,
      );
    }
    ctx.store.collection(images).put({
      ...current,
      size: done.size,
      staged: {
        size: done.size,
        checksum: done.checksum,
        os_hash_value: done.hash,
        virtual_size: null,
      },
      updated_at: ctx.now().toISOString(),
    });
  });
  return reply.code(204).send();
};

/** The first bytes of a file, for the format inspector. */
export const readHead = (path: string, length = 4096): Buffer => {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
};

/** Routes that take or give image bytes; registered where request bodies stay raw streams. */
export const imageDataRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
  });
  app.put<{ Params: { id: string } }>('/images/:id/file', async (request, reply) =>
    upload(ctx, request, reply),
  );
  app.get<{ Params: { id: string } }>('/images/:id/file', async (request, reply) =>
    download(ctx, request, reply),
  );
  app.put<{ Params: { id: string } }>('/images/:id/stage', async (request, reply) =>
    stage(ctx, request, reply),
  );
};
