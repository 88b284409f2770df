import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { atLeast, computeUrl, invalidInput, isObject, pyRepr } from './http';
import type { ServerDoc } from './model';
import { MAX_TAGS, checkTag } from './serverCreate';
import { loadServer, saveServer } from './serverAccess';
import { VM, invalidState } from './serverState';

/** Tags change in any settled state but BUILD and the like (nova's _check_instance_in_valid_state). */
const TAGGABLE: readonly string[] = [
  VM.ACTIVE,
  VM.PAUSED,
  VM.RESCUED,
  VM.RESIZED,
  VM.SOFT_DELETED,
  VM.STOPPED,
  VM.SUSPENDED,
  VM.ERROR,
  VM.SHELVED,
  VM.SHELVED_OFFLOADED,
];

const tagNotFound = (server: ServerDoc, tag: string): Fault =>
  new Fault(404, `Instance ${server.id} has no tag '${tag}'`);

const tooMany = (): Fault =>
  badRequest(`The number of tags exceeded the per-server limit ${MAX_TAGS}`);

export const serverTagRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const load = (
    request: FastifyRequest<{ Params: { id: string } }>,
    rule: string,
    action?: string,
  ): ServerDoc => {
    // Server tags exist from 2.26.
    if (!atLeast(request, '2.26')) throw new Fault(404, 'The resource could not be found.');
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', `os_compute_api:os-server-tags:${rule}`, {
      project_id: server.project_id,
    });
    if (action && !TAGGABLE.includes(server.vm_state)) {
      throw invalidState(action, server.id, 'vm_state', server.vm_state);
    }
    return server;
  };

  app.get<{ Params: { id: string } }>('/servers/:id/tags', async (request) => ({
    tags: load(request, 'index').tags,
  }));

  app.put<{ Params: { id: string } }>('/servers/:id/tags', async (request) => {
    const server = load(request, 'update_all', 'update tags');
    const body = request.body;
    if (!isObject(body) || body['tags'] === undefined)
      throw badRequest("'tags' is a required property");
    const raw = body['tags'];
    if (!Array.isArray(raw))
      throw invalidInput('tags', raw, `${pyRepr(raw)} is not of type 'array'`);
    const tags = [...new Set(raw.map((t: unknown, i) => checkTag(t, `tags/${i}`)))];
    if (tags.length > MAX_TAGS) throw tooMany();
    saveServer(ctx, server.id, () => ({ tags }));
    return { tags };
  });

  app.delete<{ Params: { id: string } }>('/servers/:id/tags', async (request, reply) => {
    const server = load(request, 'delete_all', 'delete tags');
    saveServer(ctx, server.id, () => ({ tags: [] }));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string; tag: string } }>(
    '/servers/:id/tags/:tag',
    async (request, reply) => {
      const server = load(request, 'show');
      if (!server.tags.includes(request.params.tag)) throw tagNotFound(server, request.params.tag);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { id: string; tag: string } }>(
    '/servers/:id/tags/:tag',
    async (request, reply) => {
      const server = load(request, 'update', 'update tag');
      const tag = checkTag(request.params.tag, 'tag');
      if (server.tags.includes(tag)) return reply.code(204).send();
      if (server.tags.length >= MAX_TAGS) throw tooMany();
      saveServer(ctx, server.id, (s) => ({ tags: [...s.tags, tag] }));
      return reply
        .code(201)
        .header(
          'Location',
          computeUrl(ctx, request, `/servers/${server.id}/tags/${encodeURIComponent(tag)}`),
        )
        .send();
    },
  );

  app.delete<{ Params: { id: string; tag: string } }>(
    '/servers/:id/tags/:tag',
    async (request, reply) => {
      const server = load(request, 'delete', 'delete tag');
      if (!server.tags.includes(request.params.tag)) throw tagNotFound(server, request.params.tag);
      saveServer(ctx, server.id, (s) => ({ tags: s.tags.filter((t) => t !== request.params.tag) }));
      return reply.code(204).send();
    },
  );
};
