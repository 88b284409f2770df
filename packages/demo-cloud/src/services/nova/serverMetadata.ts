import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { isAdminContext } from './flavors';
import type { ServerDoc } from './model';
import { effectiveQuotas } from './quotas';
import { checkMetadata } from './serverCreate';
import { loadServer, saveServer } from './serverAccess';
import { VM, checkLock, invalidState } from './serverState';

const itemNotFound = (): Fault => new Fault(404, 'Metadata item was not found');

/** Metadata may change while the server is up, paused, suspended or off (any task state). */
const checkChangeable = (request: FastifyRequest, server: ServerDoc, action: string): void => {
  checkLock(server, isAdminContext(request));
  const states: string[] = [VM.ACTIVE, VM.PAUSED, VM.SUSPENDED, VM.STOPPED];
  if (!states.includes(server.vm_state))
    throw invalidState(action, server.id, 'vm_state', server.vm_state);
};

const checkQuota = (
  ctx: CloudContext,
  server: ServerDoc,
  metadata: Record<string, string>,
): void => {
  const allowed = effectiveQuotas(ctx.store, server.project_id).metadata_items;
  if (allowed >= 0 && Object.keys(metadata).length > allowed) {
    throw new Fault(403, `Maximum number of metadata items exceeds ${allowed}`);
  }
};

export const serverMetadataRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const load = (request: FastifyRequest<{ Params: { id: string } }>, rule: string): ServerDoc => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', `os_compute_api:server-metadata:${rule}`, {
      project_id: server.project_id,
    });
    return server;
  };

  app.get<{ Params: { id: string } }>('/servers/:id/metadata', async (request) => ({
    metadata: load(request, 'index').metadata,
  }));

  const writeAll = (
    request: FastifyRequest<{ Params: { id: string } }>,
    replace: boolean,
  ): object => {
    const server = load(request, replace ? 'update_all' : 'create');
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || !('metadata' in body)) {
      throw badRequest("'metadata' is a required property");
    }
    const metadata = checkMetadata(body['metadata'], 'metadata');
    const next = replace ? metadata : { ...server.metadata, ...metadata };
    checkChangeable(request, server, 'update metadata');
    checkQuota(ctx, server, next);
    saveServer(ctx, server.id, () => ({ metadata: next }));
    return { metadata: next };
  };

  app.post<{ Params: { id: string } }>('/servers/:id/metadata', async (request) =>
    writeAll(request, false),
  );
  app.put<{ Params: { id: string } }>('/servers/:id/metadata', async (request) =>
    writeAll(request, true),
  );

  app.get<{ Params: { id: string; key: string } }>(
    '/servers/:id/metadata/:key',
    async (request) => {
      const server = load(request, 'show');
      const value = server.metadata[request.params.key];
      if (value === undefined) throw itemNotFound();
      return { meta: { [request.params.key]: value } };
    },
  );

  app.put<{ Params: { id: string; key: string } }>(
    '/servers/:id/metadata/:key',
    async (request) => {
      const server = load(request, 'update');
      const body = request.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || !('meta' in body)) {
        throw badRequest("'meta' is a required property");
      }
      const meta = checkMetadata(body['meta'], 'meta');
      const keys = Object.keys(meta);
      if (keys.length > 1) throw badRequest('Request body contains too many items');
      const key = keys[0];
      if (key === undefined || !(key in meta) || key !== request.params.key)
        throw badRequest('Request body and URI mismatch');
      const next = { ...server.metadata, [key]: meta[key] ?? '' };
      checkChangeable(request, server, 'update metadata');
      checkQuota(ctx, server, next);
      saveServer(ctx, server.id, () => ({ metadata: next }));
      return { meta };
    },
  );

  app.delete<{ Params: { id: string; key: string } }>(
    '/servers/:id/metadata/:key',
    async (request, reply) => {
      const server = load(request, 'delete');
      if (server.metadata[request.params.key] === undefined) throw itemNotFound();
      checkChangeable(request, server, 'delete metadata');
      const next = { ...server.metadata };
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete next[request.params.key];
      saveServer(ctx, server.id, () => ({ metadata: next }));
      return reply.code(204).send();
    },
  );
};
