import { Readable, finished } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { routeTable as api, type SwiftObject, type SwiftObjectDetails } from '@skydeck/contract';
import { nodeBodyOf, type SwiftClient, type SwiftListingEntry } from '@skydeck/openstack-client';
import { deleteObject, uploadObject } from '../../../services/swift/objects';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';
import { SwiftRequestError, checkContainerName, isoFromTimestamp } from './containers';

const DELIMITER = '/';
const DEFAULT_PAGE = 100;
/** Stream buffers of the object paths: a hop keeps working while the next is busy. */
const STREAM_HWM = 1024 * 1024;

/** The last part of a path (a folder's without its trailing `/`). */
const baseName = (path: string): string => {
  const trimmed = path.endsWith(DELIMITER) ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf(DELIMITER) + 1);
};

export const toObjectRow = (entry: SwiftListingEntry): SwiftObject => {
  if ('subdir' in entry) {
    return {
      name: baseName(entry.subdir),
      path: entry.subdir,
      bytes: 0,
      is_object: false,
      is_subdir: true,
    };
  }
  // A folder's marker object (`a/b/`) lists as an object; it is the folder.
  const folder = entry.name.endsWith(DELIMITER);
  return {
    name: baseName(entry.name),
    path: entry.name,
    bytes: entry.bytes,
    is_object: !folder,
    is_subdir: folder,
    ...(entry.content_type ? { content_type: entry.content_type } : {}),
    ...(entry.last_modified ? { last_modified: entry.last_modified } : {}),
  };
};

const details = async (
  swift: SwiftClient,
  container: string,
  name: string,
): Promise<SwiftObjectDetails> => {
  const head = await swift.headObject(container, name);
  return {
    name: baseName(name),
    path: name,
    container,
    bytes: head.bytes,
    ...(head.contentType ? { content_type: head.contentType } : {}),
    ...(head.etag ? { etag: head.etag } : {}),
    ...(isoFromTimestamp(head.timestamp) ? { timestamp: isoFromTimestamp(head.timestamp) } : {}),
    is_large: head.isStaticLargeObject,
  };
};

/** An object name we accept: no empty or dot segments, no NUL (Swift refuses them). */
const checkObjectName = (name: string, what = 'Object name'): void => {
  if (name.includes('\u0000')) throw new SwiftRequestError(`${what} must not contain NUL.`);
  const inner = name.endsWith(DELIMITER) ? name.slice(0, -1) : name;
  if (inner.split(DELIMITER).some((part) => part === '' || part === '.' || part === '..')) {
    throw new SwiftRequestError(`${what} must not have empty, "." or ".." parts.`);
  }
};

/** The browser went away before the whole file arrived. */
class UploadAbortedError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The upload was interrupted before the whole file arrived');
  }
}

const abortOnDisconnect = (reply: FastifyReply): AbortController => {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new UploadAbortedError());
  });
  return controller;
};

const isReadable = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A file name for Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266). */
const disposition = (kind: 'inline' | 'attachment', name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** /api/swift/containers/{container}/objects|object|folder|copy|metadata/… (spec 3 §7). */
export const swiftObjectRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const segmentBytes = deps.config.swiftSegmentBytes ?? 1024 ** 3;

  // The file arrives as the request stream itself: nothing is buffered.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
    done(null, payload);
  });

  serve(app, api['swift.objects.list'], async (request) => {
    const { container } = request.params;
    checkContainerName(container);
    const { path = '', filter = '', recursive, marker } = request.query;
    if (path !== '' && !path.endsWith(DELIMITER)) {
      throw new SwiftRequestError('path must name a folder (end with "/").');
    }
    const limit = request.query.limit ?? DEFAULT_PAGE;
    const prefix = `${path}${filter}`;
    const listed = await request.openstack.swift.listObjects(container, {
      prefix: prefix || undefined,
      delimiter: recursive ? undefined : DELIMITER,
      marker,
      // One more to know whether a next page exists, and one for the folder's own marker.
      limit: limit + (path === '' ? 1 : 2),
    });
    // The folder's own marker object is the folder shown, not a row of it.
    const rows = listed.filter((row) => 'subdir' in row || row.name !== path);
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toObjectRow),
      has_more_data: more,
      ...(more && last ? { next_marker: 'subdir' in last ? last.subdir : last.name } : {}),
    };
  });

  serve(app, api['swift.objects.details'], async (request) => {
    const { container, name } = request.params;
    checkContainerName(container);
    return details(request.openstack.swift, container, name);
  });

  serve(app, api['swift.objects.upload'], async (request, reply) => {
    const { container, name } = request.params;
    const source = request.body;
    const refuse = (error: Error): never => {
      if (isReadable(source)) source.resume();
      throw error;
    };
    if (!isReadable(source)) {
      throw new SwiftRequestError('The file is sent as application/octet-stream');
    }
    try {
      checkContainerName(container);
      checkObjectName(name);
      if (name.endsWith(DELIMITER))
        throw new SwiftRequestError('Object name must not end with "/".');
    } catch (error) {
      refuse(error as Error);
    }
    const header = request.headers['content-length'];
    if (header === undefined || !/^\d+$/.test(header)) {
      refuse(new SwiftRequestError('The upload must say its length (Content-Length)', 411));
    }
    const size = Number(header);
    const swift = request.openstack.swift;
    const controller = abortOnDisconnect(reply);
    const type = request.headers['x-object-content-type'];
    try {
      await uploadObject(swift, container, name, source, {
        size,
        segmentBytes,
        contentType: typeof type === 'string' && type !== '' ? type : undefined,
        signal: controller.signal,
      });
    } catch (error) {
      // Read (and drop) what the browser still sends, so it gets the answer.
      source.resume();
      throw controller.signal.aborted ? controller.signal.reason : error;
    }
    return reply.code(201).send(await details(swift, container, name));
  });

  serve(
    app,
    api['swift.objects.download'],
    async (request, reply) => {
      const { container, name } = request.params;
      checkContainerName(container);
      if (name.endsWith(DELIMITER)) throw new SwiftRequestError('A folder cannot be downloaded.');
      const controller = new AbortController();
      const response = await request.openstack.swift.getObject(container, name, {
        signal: controller.signal,
      });
      // On Node the body is the upstream socket's own stream, piped as it arrives; a web body
      // (another fetch) goes through fromWeb, a promise per piece.
      const body =
        nodeBodyOf(response) ??
        (response.body
          ? Readable.fromWeb(response.body as NodeReadableStream, {
              highWaterMark: STREAM_HWM,
            })
          : Readable.from([]));
      // The browser went away: stop reading from Swift too.
      finished(reply.raw, () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const length = response.headers.get('content-length');
      if (length !== null) reply.header('content-length', length);
      reply
        .header('content-type', response.headers.get('content-type') ?? 'application/octet-stream')
        .header(
          'content-disposition',
          disposition(
            request.query.download ? 'attachment' : 'inline',
            name.split('/').at(-1) ?? name,
          ),
        )
        // A viewed object is the user's content, not ours: it runs no script in our origin.
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
        )
        .header('x-content-type-options', 'nosniff');
      return reply.code(200).send(body);
    },
    { config: { navigable: true } },
  );

  serveNoContent(app, api['swift.objects.delete'], async (request) => {
    const { container, name } = request.params;
    checkContainerName(container);
    await deleteObject(request.openstack.swift, container, name);
  });

  serve(app, api['swift.objects.createFolder'], async (request, reply) => {
    const { container } = request.params;
    checkContainerName(container);
    const name = request.params.name.endsWith(DELIMITER)
      ? request.params.name
      : `${request.params.name}${DELIMITER}`;
    checkObjectName(name, 'Folder name');
    await request.openstack.swift.putObject(container, name, new Uint8Array(0), {
      size: 0,
      contentType: 'application/directory',
    });
    return reply.code(201).send(null);
  });

  serve(app, api['swift.objects.copy'], async (request, reply) => {
    const { container, name } = request.params;
    const { dest_container: destContainer, dest_name: destName } = request.body;
    checkContainerName(container);
    checkContainerName(destContainer);
    checkObjectName(destName, 'Destination name');
    if (destName.endsWith(DELIMITER)) {
      throw new SwiftRequestError('Destination name must not end with "/".');
    }
    await request.openstack.swift.copyObject(
      { container, name },
      { container: destContainer, name: destName },
    );
    return reply.code(201).send(null);
  });
};
