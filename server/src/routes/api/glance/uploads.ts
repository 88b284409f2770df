import { Transform, finished, type Readable, type TransformCallback } from 'node:stream';
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ImageCreateBody, routeTable as api } from '@skydeck/contract';
import type { GlanceClient, GlanceImage } from '@skydeck/openstack-client';
import { createAjv, formatValidationErrors } from '../../../lib/validation';
import { recordUploadBytes } from '../../../plugins/metrics';
import { createImageWithData, discardImage } from '../../../services/glance/images';
import { serve } from '../../serve';
import type { RouteDeps } from '../../deps';
import { ImageRequestError, imageCreateRequest } from './imageCreate';
import { toImage } from './imageView';

/** More bytes than the operator allows (SKYDECK_MAX_UPLOAD_BYTES). */
export class UploadTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The image is larger than this dashboard accepts (${limit} bytes)`);
  }
}

/** The browser went away before the whole file arrived. */
class UploadAbortedError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The upload was interrupted before the whole file arrived');
  }
}

/** The body is not the multipart/form-data its Content-Type says (no boundary, cut short). */
class MalformedFormError extends Error {
  readonly statusCode = 400;
  constructor(cause: unknown) {
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    super(`The upload is not a well-formed multipart/form-data body${detail}`);
  }
}

/** The file part has a different length than the form's `data_size` said. */
class SizeMismatchError extends Error {
  readonly statusCode = 400;
}

/** Text fields of the multipart form: small, and few (the file is the only big part). */
const FIELD_LIMITS = { fields: 64, fieldSize: 64 * 1024, files: 1, parts: 65 };

// Form fields arrive as text: numbers and booleans are coerced, then checked like the JSON body.
const validateFields = createAjv(true).compile(ImageCreateBody);

const parseJsonField = (name: string, text: string, what: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImageRequestError(`${name} must be ${what}`);
  }
};

/**
 * The form's text fields as the JSON body would carry them: `properties` is a JSON object;
 * `tags` is a JSON list, one field per tag, or a single tag.
 */
const parseFields = (fields: Record<string, string | string[]>): ImageCreateBody => {
  const raw: Record<string, unknown> = { ...fields, source_type: 'file-legacy' };
  const { properties, tags } = fields;
  if (typeof properties === 'string') {
    raw.properties = parseJsonField('properties', properties, 'a JSON object');
  }
  if (typeof tags === 'string') {
    raw.tags = tags.trimStart().startsWith('[')
      ? parseJsonField('tags', tags, 'a JSON list')
      : [tags];
  }
  delete raw.data;
  delete raw.data_size;
  if (!validateFields(raw)) {
    throw new ImageRequestError(formatValidationErrors(validateFields.errors, 'body'));
  }
  return raw as ImageCreateBody;
};

/**
 * The form's optional `data_size`: the file's length in bytes, which the browser knows. With it
 * the data goes to Glance with a Content-Length instead of chunked (chunk framing of every
 * parser-sized piece costs about a sixth of the throughput), and an oversized file is refused
 * before any image exists.
 */
const declaredFileSize = (fields: Record<string, string | string[]>): number | undefined => {
  const value = fields.data_size;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new ImageRequestError('data_size must be the length of the file in bytes');
  }
  return Number(value);
};

/** Stream buffers of the upload path: big enough that each hop keeps working while the next is busy. */
const UPLOAD_HWM = 1024 * 1024;

/**
 * Counts the bytes of a body and stops at `limit`; with `onShort`, ending before `limit` is an
 * error too. Used where nothing else enforces a length: a chunked PUT (the operator's limit) and
 * a multipart file with a declared `data_size` (exactly that many bytes, or Glance would wait
 * for the rest of its Content-Length or take the start of a longer file). A multipart file
 * without one is cut by the parser's own fileSize limit, and a PUT's Content-Length is checked
 * up front and enforced by the HTTP parser.
 */
class Meter extends Transform {
  #seen = 0;

  constructor(
    private readonly limit: number,
    private readonly onOverflow: () => Error,
    private readonly onShort?: () => Error,
  ) {
    super({ highWaterMark: UPLOAD_HWM });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#seen += chunk.length;
    if (this.#seen > this.limit) {
      done(this.onOverflow());
      return;
    }
    done(null, chunk);
  }

  /** Bytes that went through (the upload metric). */
  get seen(): number {
    return this.#seen;
  }

  override _flush(done: TransformCallback): void {
    done(this.onShort && this.#seen < this.limit ? this.onShort() : null);
  }
}

/** What the multipart parser throws for a file over its limit, in our words. */
const ourError = (error: unknown, limit: number): unknown =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
    ? new UploadTooLargeError(limit)
    : error;

/** Abort the Glance call when the browser disconnects before the answer. */
const abortOnDisconnect = (reply: FastifyReply): AbortController => {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new UploadAbortedError());
  });
  return controller;
};

/**
 * Streams `source` into the image's data; resolves when Glance has taken all of it. A failure on
 * this side (too large, browser gone) aborts the call and is what the caller gets, since the
 * HTTP client itself only knows that its body failed.
 */
const streamToGlance = async (
  glance: GlanceClient,
  id: string,
  source: Readable,
  options: {
    limit: number;
    size?: number;
    /** `size` was declared by the form, not enforced by the HTTP parser: meter it exactly. */
    sizeFromForm?: boolean;
    signal: AbortSignal;
  },
): Promise<void> => {
  const controller = new AbortController();
  let failure: Error | undefined;
  const fail = (error: Error): Error => {
    failure ??= error;
    controller.abort(failure);
    return failure;
  };
  const stop = (): void => {
    fail(options.signal.reason instanceof Error ? options.signal.reason : new UploadAbortedError());
  };
  if (options.signal.aborted) stop();
  else options.signal.addEventListener('abort', stop, { once: true });
  const tooLarge = (): Error => fail(new UploadTooLargeError(options.limit));
  // finished(), not an 'error' listener: the multipart parser may have failed the file part
  // (a body cut short) before this call, and such a stream never ends, so the upload would wait
  // for it forever. finished() also reports a stream that failed or closed before now.
  finished(source, (error?: (Error & { statusCode?: number }) | null) => {
    if (!error) return;
    if (error.statusCode === 413) tooLarge();
    else fail(new UploadAbortedError());
  });
  // busboy cuts a file part at its fileSize limit and ends it normally: without this, Glance
  // would get a truncated image as if it were whole.
  source.once('limit', tooLarge);
  const mismatch = (what: string) => (): Error =>
    fail(new SizeMismatchError(`The file is ${what} than its declared size (data_size)`));
  let meter: Meter | undefined;
  if (options.sizeFromForm && options.size !== undefined) {
    meter = new Meter(options.size, mismatch('longer'), mismatch('shorter'));
  } else if (options.limit > 0 && options.size === undefined && !isMultipartFile(source)) {
    meter = new Meter(options.limit, tooLarge);
  }
  let body = source;
  if (meter) {
    // The meter's error must have a listener from the start: it can fail (a short file ends,
    // a long one overflows) before the HTTP client below subscribes, since that client first
    // awaits its own setup; an 'error' nobody listens to would stop the whole process.
    // finished() routes it to this request. Not pipeline(): that would destroy the source,
    // which the caller still drains so the browser gets the answer.
    finished(meter, (error) => {
      if (error) fail(error);
    });
    body = source.pipe(meter);
  }
  try {
    await glance.images.upload(id, body, { size: options.size, signal: controller.signal });
    // For /metrics: the meter counted the bytes, or busboy did, or the HTTP parser held the body
    // to its Content-Length.
    const counted = meter?.seen ?? (source as { bytesRead?: number }).bytesRead;
    recordUploadBytes(counted ?? options.size ?? 0);
  } catch (error) {
    throw failure ?? error;
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
};

/**
 * The form's parts, with the parser's own failures (no boundary, a body cut short, headers that
 * are not part headers) as a 400: they are the client's. The parser's limits (413) keep theirs.
 */
async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const asFormError = (error: unknown): unknown =>
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
      ? error
      : new MalformedFormError(error);
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw asFormError(error);
  }
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw asFormError(error);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // The caller stopped early (a refused part): let the parser's iterator end as well.
    await parts.return?.();
  }
}

/** busboy's file streams carry `truncated`; their size is capped by the parser. */
const isMultipartFile = (source: Readable): boolean => 'truncated' in source;

const declaredLength = (request: FastifyRequest): number | undefined => {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
};

/**
 * Image data through this server, streamed (never held in memory or on disk):
 * - POST /api/glance/images/ (multipart/form-data, `file-legacy`): the create form's fields
 *   (optionally `data_size`, the file's length), then the file in a part named `data`, piped
 *   into Glance's PUT /file; 201 with the image once Glance
 *   has the data. If the data step fails the new image is deleted again.
 * - PUT /api/glance/images/{id}/file/ (application/octet-stream, `file-direct`): the raw file of
 *   an image made by PUT /api/glance/images/; 200 with the image. A failed upload leaves the
 *   image queued, so the browser may try again.
 */
export const imageUploadRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { maxUploadBytes, settings } = deps.config;
  const fileSize = maxUploadBytes > 0 ? maxUploadBytes : Infinity;

  // Octet-stream bodies are handed over as the request stream itself: nothing is buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
    done(null, payload);
  });
  await app.register(fastifyMultipart, {
    limits: { ...FIELD_LIMITS, fileSize },
    fileHwm: UPLOAD_HWM,
    // The request is piped into the parser: at the default 16 KiB every 64 KiB socket read
    // would pause and resume the connection.
    highWaterMark: UPLOAD_HWM,
  });

  const refuseWhenOff = (): void => {
    if (settings.HORIZON_IMAGES_UPLOAD_MODE === 'off') {
      throw new ImageRequestError('Image upload is disabled on this dashboard');
    }
  };

  serve(app, api['glance.images.upload'], async (request, reply) => {
    refuseWhenOff();
    if (!request.isMultipart()) {
      throw new ImageRequestError('A file upload is sent as multipart/form-data');
    }
    const glance = request.openstack.glance;
    const controller = abortOnDisconnect(reply);
    const fields: Record<string, string | string[]> = {};
    let created: GlanceImage | undefined;

    try {
      for await (const part of formParts(request)) {
        if (part.type === 'field') {
          if (created) {
            throw new ImageRequestError('The file part (data) must come after every field');
          }
          const value = String(part.value);
          const seen = fields[part.fieldname];
          fields[part.fieldname] =
            seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
          continue;
        }
        if (created || part.fieldname !== 'data') {
          part.file.resume();
          throw new ImageRequestError(
            created ? 'Only one file may be sent' : 'The file must be sent in a part named data',
          );
        }
        let body: ImageCreateBody;
        let size: number | undefined;
        try {
          if (Object.keys(fields).length === 0) {
            throw new ImageRequestError('The form fields must come before the file part (data)');
          }
          body = parseFields(fields);
          size = declaredFileSize(fields);
          if (maxUploadBytes > 0 && size !== undefined && size > maxUploadBytes) {
            throw new UploadTooLargeError(maxUploadBytes);
          }
        } catch (error) {
          part.file.resume();
          throw error;
        }
        // A file the stream fails on leaves no image behind (the service deletes it).
        created = await createImageWithData(glance, imageCreateRequest(body), async ({ id }) => {
          try {
            await streamToGlance(glance, id, part.file, {
              limit: maxUploadBytes,
              size,
              sizeFromForm: true,
              signal: controller.signal,
            });
          } finally {
            part.file.resume();
          }
        });
      }
    } catch (error) {
      // An error after the upload (a late field, a second file, a broken end of the form)
      // leaves no image behind either.
      if (created) await discardImage(glance, created.id);
      throw ourError(error, maxUploadBytes);
    }
    if (!created) throw new ImageRequestError('The file part (data) is missing');
    return reply.code(201).send(toImage(await glance.images.get(created.id)));
  });

  serve(app, api['glance.images.uploadFile'], async (request, reply) => {
    refuseWhenOff();
    const source = request.body;
    if (!isReadable(source)) {
      throw new ImageRequestError('The file is sent as application/octet-stream');
    }
    const size = declaredLength(request);
    if (maxUploadBytes > 0 && size !== undefined && size > maxUploadBytes) {
      throw new UploadTooLargeError(maxUploadBytes);
    }
    const glance = request.openstack.glance;
    const { id } = request.params;
    try {
      await streamToGlance(glance, id, source, {
        limit: maxUploadBytes,
        size,
        signal: abortOnDisconnect(reply).signal,
      });
    } catch (error) {
      // Read (and drop) what the browser still sends, so it gets the answer rather than a
      // stalled connection.
      source.resume();
      throw error;
    }
    return toImage(await glance.images.get(id));
  });
};

const isReadable = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
