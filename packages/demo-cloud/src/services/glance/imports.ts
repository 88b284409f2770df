import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { existsSync, renameSync } from 'node:fs';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { callerContext, getImage, imagePolicy } from './access';
import type { Caller } from './access';
import { badRequest, conflict, isObject } from './http';
import type { Json } from './http';
import { IMPORT_METHODS } from './images';
import { readHead } from './imageData';
import { images, tasks } from './model';
import type { ImageDoc, TaskDoc } from './model';
import {
  HASH_ALGO,
  STORE_ID,
  imageFile,
  inspectVirtualSize,
  removeFile,
  stagingFile,
  writeStreamed,
} from './storage';

/** How long a glance-direct import takes to move the staged data into the store (nominal). */
const DIRECT_IMPORT_MS = 1000;
/** web-download gives up when the remote sends nothing for this long. */
const DOWNLOAD_IDLE_MS = 60_000;
/** A web-download still unfinished after this long (e.g. lost in a restart) is failed. */
const DOWNLOAD_GUARD_MS = 10 * 60_000;
/** glance's `[task] task_time_to_live`, hours. */
const TASK_TTL_HOURS = 48;

const IMPORT_DIRECT = 'glance.import-direct';
const IMPORT_GUARD = 'glance.import-guard';

/** Downloads running in this process, by task id. */
const running = new Set<string>();

const imageCol = (ctx: CloudContext) => ctx.store.collection(images);
const taskCol = (ctx: CloudContext) => ctx.store.collection(tasks);

/** Ends an import: the image gets its data (or goes back to queued) and the import lock is dropped. */
const finishImport = (
  ctx: CloudContext,
  imageId: string,
  taskId: string,
  outcome:
    | { ok: true; data: Pick<ImageDoc, 'size' | 'checksum' | 'os_hash_value' | 'virtual_size'> }
    | { ok: false; message: string },
): boolean => {
  const now = ctx.now().toISOString();
  const task = taskCol(ctx).get(taskId);
  if (task && (task.status === 'pending' || task.status === 'processing')) {
    const expires = new Date(ctx.now().getTime() + TASK_TTL_HOURS * 3_600_000).toISOString();
    taskCol(ctx).put({
      ...task,
      status: outcome.ok ? 'success' : 'failure',
      result: outcome.ok ? { image_id: imageId } : null,
      message: outcome.ok ? '' : outcome.message,
      expires_at: expires,
      updated_at: now,
    });
  }
  const image = imageCol(ctx).get(imageId);
  if (!image || image.deleted || image.status !== 'importing') return false;
  if (image.properties['os_glance_import_task'] !== taskId) return false;
  const properties = { ...image.properties };
  delete properties['os_glance_import_task'];
  properties['os_glance_importing_to_stores'] = '';
  if (!outcome.ok) {
    properties['os_glance_failed_import'] = STORE_ID;
    imageCol(ctx).put({
      ...image,
      status: 'queued',
      size: null,
      virtual_size: null,
      staged: null,
      properties,
      updated_at: now,
    });
    return false;
  }
  imageCol(ctx).put({
    ...image,
    status: 'active',
    size: outcome.data.size,
    virtual_size: outcome.data.virtual_size,
    checksum: outcome.data.checksum,
    os_hash_algo: HASH_ALGO,
    os_hash_value: outcome.data.os_hash_value,
    location: { store: STORE_ID, size: outcome.data.size ?? 0 },
    staged: null,
    properties,
    updated_at: now,
  });
  return true;
};

registerTransitionHandler(IMPORT_DIRECT, (ctx, work) => {
  const taskId = String(work.payload['task_id']);
  const image = imageCol(ctx).get(work.id);
  const staged = image?.staged;
  const source = stagingFile(ctx, work.id);
  if (!image || !staged || !existsSync(source)) {
    finishImport(ctx, work.id, taskId, { ok: false, message: 'Staged image data not found.' });
    return;
  }
  const target = imageFile(ctx, work.id);
  renameSync(source, target);
  const finished = finishImport(ctx, work.id, taskId, {
    ok: true,
    data: {
      size: staged.size,
      checksum: staged.checksum,
      os_hash_value: staged.os_hash_value,
      virtual_size: inspectVirtualSize(image.disk_format, readHead(target), staged.size),
    },
  });
  if (!finished) removeFile(target);
});

registerTransitionHandler(IMPORT_GUARD, (ctx, work) => {
  const taskId = String(work.payload['task_id']);
  if (running.has(taskId)) {
    schedule(ctx, {
      kind: IMPORT_GUARD,
      id: work.id,
      at: new Date(ctx.now().getTime() + DOWNLOAD_GUARD_MS),
      payload: { task_id: taskId },
    });
    return;
  }
  finishImport(ctx, work.id, taskId, { ok: false, message: 'The import was interrupted.' });
});

const isLinkLocal = (address: string): boolean =>
  /^169\.254\./.test(address) || /^fe[89ab][0-9a-f]:/i.test(address);

/**
 * glance's `validate_uri` with the default import filtering options: http(s), ports 80 and 443,
 * a host that resolves to an address other than a link-local one.
 */
const isImportUriAllowed = async (uri: unknown): Promise<boolean> => {
  if (typeof uri !== 'string' || uri === '') return false;
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // glance also refuses loopback hosts; the demo cloud lets them in on any port, so demos and
  // tests can serve images locally.
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
  if (!loopback && parsed.port !== '' && !['80', '443'].includes(parsed.port)) return false;
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    return addresses.some(({ address }) => !isLinkLocal(address));
  } catch {
    return false;
  }
};

/** Fetches `uri` following redirects (each one filtered again), with an idle timeout. */
const download = async (
  ctx: CloudContext,
  imageId: string,
  taskId: string,
  uri: string,
): Promise<void> => {
  const target = stagingFile(ctx, `${imageId}.download`);
  const controller = new AbortController();
  let idle: NodeJS.Timeout | undefined;
  const touch = (): void => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => controller.abort(new Error('timed out')), DOWNLOAD_IDLE_MS);
    idle.unref();
  };
  running.add(taskId);
  try {
    touch();
    let url = uri;
    let response: Response | undefined;
    for (let hop = 0; hop <= 5; hop++) {
      response = await fetch(url, { redirect: 'manual', signal: controller.signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).toString();
        if (!(await isImportUriAllowed(url))) {
          throw new Error(`URI for web-download does not pass filtering: ${url}`);
        }
        await response.body?.cancel();
        continue;
      }
      break;
    }
    if (!response) throw new Error('No response');
    if (response.status >= 400) {
      throw new Error(`HTTP Error ${response.status}: ${response.statusText}`);
    }
    if (response.status >= 300) throw new Error('Too many redirects');
    const body = response.body
      ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>)
      : Readable.from([]);
    body.on('data', touch);
    const written = await writeStreamed(body, target, ctx.options.imageSizeCap);
    const expected = Number(response.headers.get('content-length'));
    if (
      Number.isFinite(expected) &&
      response.headers.has('content-length') &&
      expected !== written.size
    ) {
      throw new Error(
        `Task ${taskId} failed because downloaded data size ${written.size} is different from expected ${expected}`,
      );
    }
    ctx.store.transaction(() => {
      const image = imageCol(ctx).get(imageId);
      const finalPath = imageFile(ctx, imageId);
      if (image && !image.deleted && image.status === 'importing') renameSync(target, finalPath);
      const finished = finishImport(ctx, imageId, taskId, {
        ok: true,
        data: {
          size: written.size,
          checksum: written.checksum,
          os_hash_value: written.hash,
          virtual_size: inspectVirtualSize(image?.disk_format ?? null, written.head, written.size),
        },
      });
      if (!finished) {
        removeFile(target);
        if (image && image.status !== 'active') removeFile(finalPath);
      }
    });
  } catch (error) {
    removeFile(target);
    const message = error instanceof Error ? error.message : String(error);
    try {
      ctx.store.transaction(() => finishImport(ctx, imageId, taskId, { ok: false, message }));
    } catch {
      // The cloud closed meanwhile; the guard fails the import on the next start.
    }
  } finally {
    if (idle) clearTimeout(idle);
    running.delete(taskId);
  }
};

/** The `stores` an import targets (glance's get_stores_from_request). */
const requestedStores = (request: FastifyRequest, body: Json): string[] => {
  const header = request.headers['x-image-meta-store'];
  let stores: string[];
  if (body['all_stores'] === true) {
    if ('stores' in body || header !== undefined) {
      throw badRequest(
        "All_stores parameter can't be used with x-image-meta-store header or stores parameter",
      );
    }
    stores = [STORE_ID];
  } else if ('stores' in body) {
    if (header !== undefined) {
      throw badRequest("Stores parameter and x-image-meta-store header can't be both specified");
    }
    stores = Array.isArray(body['stores']) ? body['stores'].map(String) : [];
  } else {
    stores = [typeof header === 'string' ? header : STORE_ID];
  }
  for (const store of stores) {
    if (store !== STORE_ID) throw conflict(`Unknown scheme '${store}' found in URI`);
  }
  return stores;
};

const startImport = async (
  ctx: CloudContext,
  request: FastifyRequest,
  caller: Caller,
  imageId: string,
): Promise<void> => {
  const body = request.body;
  if (body === undefined) throw badRequest('Body expected in request.');
  if (!isObject(body) || !('method' in body)) {
    throw badRequest("Import request requires a 'method' field.");
  }
  const method = body['method'];
  if (!isObject(method) || !('name' in method)) {
    throw badRequest("Import request requires a 'name' field.");
  }
  const name = method['name'];
  if (typeof name !== 'string' || !(IMPORT_METHODS as readonly string[]).includes(name)) {
    throw badRequest(`Unknown import method name '${String(name)}'.`);
  }
  if ('all_stores_must_succeed' in body && typeof body['all_stores_must_succeed'] !== 'boolean') {
    throw badRequest("'all_stores_must_succeed' must be boolean value only");
  }
  if ('all_stores' in body && typeof body['all_stores'] !== 'boolean') {
    throw badRequest("'all_stores' must be boolean value only");
  }

  // Resolved before the transaction (which cannot wait); reported in glance's order below.
  const uriAllowed = name !== 'web-download' || (await isImportUriAllowed(method['uri']));
  const started = ctx.store.transaction(() => {
    const image = getImage(ctx, caller, imageId);
    if (image.status === 'active' && name !== 'copy-image') {
      throw conflict('Image with status active cannot be target for import');
    }
    if (image.status !== 'active' && name === 'copy-image') {
      throw conflict('Only images with status active can be targeted for copying');
    }
    if (image.status !== 'queued' && name === 'web-download') {
      throw conflict(`Image needs to be in 'queued' state to use '${name}' method`);
    }
    if (image.status !== 'uploading' && name === 'glance-direct') {
      throw conflict("Image needs to be staged before 'glance-direct' method can be used");
    }
    if (!image.container_format) throw conflict("'container_format' needs to be set before import");
    if (!image.disk_format) throw conflict("'disk_format' needs to be set before import");
    const policy = imagePolicy(request, ctx, caller, image);
    if (name === 'copy-image') policy.enforce('copy_image');
    else policy.enforceMutable('modify_image');
    const lock = image.properties['os_glance_import_task'];
    if (lock) {
      const holder = taskCol(ctx).get(lock);
      const age = holder ? ctx.now().getTime() - Date.parse(holder.updated_at) : Infinity;
      if (holder && age < 60 * 60_000) throw conflict('Image has active task');
    }
    const stores = requestedStores(request, body);
    if (name === 'copy-image') {
      // The only store already holds the image.
      if (body['all_stores'] === true) return undefined;
      throw badRequest(`Image is already present at store '${STORE_ID}'`);
    }
    if (!uriAllowed) {
      throw badRequest(`URI for web-download does not pass filtering: ${String(method['uri'])}`);
    }
    const now = ctx.now().toISOString();
    const task: TaskDoc = {
      id: uuid(),
      type: 'api_image_import',
      status: 'processing',
      owner: caller.projectId,
      image_id: image.id,
      user_id: caller.userId,
      request_id: `req-${randomUUID()}`,
      input: { image_id: image.id, import_req: body, backend: stores },
      result: null,
      message: '',
      expires_at: null,
      created_at: now,
      updated_at: now,
    };
    taskCol(ctx).insert(task);
    imageCol(ctx).put({
      ...image,
      status: 'importing',
      properties: {
        ...image.properties,
        os_glance_import_task: task.id,
        os_glance_importing_to_stores: stores.join(','),
        os_glance_failed_import: '',
      },
      updated_at: now,
    });
    if (name === 'glance-direct') {
      schedule(ctx, {
        kind: IMPORT_DIRECT,
        id: image.id,
        afterMs: DIRECT_IMPORT_MS,
        payload: { task_id: task.id },
      });
    } else {
      schedule(ctx, {
        kind: IMPORT_GUARD,
        id: image.id,
        at: new Date(ctx.now().getTime() + DOWNLOAD_GUARD_MS),
        payload: { task_id: task.id },
      });
    }
    return { task, uri: String(method['uri']) };
  });
  if (started && name === 'web-download') {
    void download(ctx, imageId, started.task.id, started.uri);
  }
};

export const importRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.post<{ Params: { id: string } }>('/images/:id/import', async (request, reply) => {
    await startImport(ctx, request, callerContext(request), request.params.id);
    return reply.code(202).send();
  });
};
