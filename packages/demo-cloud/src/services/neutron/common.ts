import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import type { Collection } from '../../store/collection';
import { string } from './attributes';
import { invalidInput, isObject, neutronError, neutronTime } from './http';
import type { Json } from './http';
import type { StandardAttrs } from './model';
import { neutronCaller } from './policy';
import type { NeutronPolicy } from './policy';

/** Fresh standard attributes (description, tags, timestamps, revision). */
export const newStandardAttrs = (ctx: CloudContext, description = ''): StandardAttrs => {
  const now = ctx.now().toISOString();
  return { description, tags: [], created_at: now, updated_at: now, revision_number: 0 };
};

/** A change to a standard-attribute resource bumps its revision and update time. */
export const touched = <T extends StandardAttrs>(ctx: CloudContext, doc: T): T => ({
  ...doc,
  updated_at: ctx.now().toISOString(),
  revision_number: doc.revision_number + 1,
});

export const standardView = (doc: StandardAttrs): Json => ({
  description: doc.description,
  tags: doc.tags,
  created_at: neutronTime(new Date(doc.created_at)),
  updated_at: neutronTime(new Date(doc.updated_at)),
  revision_number: doc.revision_number,
});

/** A resource as neutron's policy and DB layer see its owner. */
export interface Owned {
  readonly project_id: string;
}

export const ownerTarget = (doc: Owned, extra: Json = {}): Json => ({
  tenant_id: doc.project_id,
  project_id: doc.project_id,
  ...extra,
});

const MAX_TAG_LEN = 255;

/**
 * The standard-attr-tag sub-resource (`/<collection>/{id}/tags[/{tag}]`); changing tags needs the
 * parent's update rule, reading them its get rule.
 */
export const tagRoutes = <T extends StandardAttrs & { readonly id: string } & Owned>(
  app: FastifyInstance,
  ctx: CloudContext,
  policy: NeutronPolicy,
  spec: {
    readonly collection: string;
    readonly resource: string;
    readonly col: Collection<T>;
    /** The doc when it exists and the caller's project may reach it (DB-level scoping). */
    readonly reachable: (request: FastifyRequest, doc: T) => boolean;
    readonly target?: (doc: T) => Json;
  },
): void => {
  const base = `/${spec.collection}/:id/tags`;
  const load = (request: FastifyRequest, id: string): T => {
    const doc = spec.col.get(id);
    if (!doc || !spec.reachable(request, doc)) {
      throw neutronError(
        404,
        'TagResourceNotFound',
        `Resource ${spec.resource} ${id} could not be found.`,
      );
    }
    return doc;
  };
  const target = (doc: T): Json => spec.target?.(doc) ?? ownerTarget(doc);
  const write = (request: FastifyRequest, doc: T): void =>
    policy.enforceOrHide(request, `update_${spec.resource}`, `get_${spec.resource}`, target(doc));
  const read = (request: FastifyRequest, doc: T): void => {
    if (!policy.check(request, `get_${spec.resource}`, target(doc))) {
      throw neutronError(
        404,
        'TagResourceNotFound',
        `Resource ${spec.resource} ${doc.id} could not be found.`,
      );
    }
  };
  const checkTag = (tag: string): void => {
    const msg = string(tag, MAX_TAG_LEN);
    if (msg) throw invalidInput(msg);
  };

  app.get<{ Params: { id: string } }>(base, async (request) => {
    const doc = load(request, request.params.id);
    read(request, doc);
    return { tags: doc.tags };
  });
  app.get<{ Params: { id: string; tag: string } }>(`${base}/:tag`, async (request, reply) => {
    const doc = load(request, request.params.id);
    read(request, doc);
    checkTag(request.params.tag);
    if (!doc.tags.includes(request.params.tag)) {
      throw neutronError(404, 'TagNotFound', `Tag ${request.params.tag} could not be found.`);
    }
    return reply.code(204).send();
  });
  app.put<{ Params: { id: string } }>(base, async (request) => {
    const doc = load(request, request.params.id);
    write(request, doc);
    const body = request.body;
    if (!isObject(body) || !('tags' in body)) throw invalidInput('Invalid tags body');
    const tags = body['tags'];
    if (!Array.isArray(tags)) throw invalidInput(`'${String(tags)}' is not a list`);
    const dups = tags.filter((t, i) => tags.indexOf(t) !== i);
    if (dups.length > 0) throw invalidInput(`Duplicate items in the list: '${dups.join(', ')}'`);
    for (const tag of tags) {
      const msg = string(tag, MAX_TAG_LEN);
      if (msg) throw invalidInput(msg);
    }
    spec.col.put(touched(ctx, { ...doc, tags: tags as string[] }));
    return { tags };
  });
  app.put<{ Params: { id: string; tag: string } }>(`${base}/:tag`, async (request, reply) => {
    const doc = load(request, request.params.id);
    write(request, doc);
    checkTag(request.params.tag);
    if (!doc.tags.includes(request.params.tag)) {
      spec.col.put(touched(ctx, { ...doc, tags: [...doc.tags, request.params.tag] }));
    }
    return reply.code(201).send();
  });
  app.delete<{ Params: { id: string } }>(base, async (request, reply) => {
    const doc = load(request, request.params.id);
    write(request, doc);
    spec.col.put(touched(ctx, { ...doc, tags: [] }));
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string; tag: string } }>(`${base}/:tag`, async (request, reply) => {
    const doc = load(request, request.params.id);
    write(request, doc);
    checkTag(request.params.tag);
    if (!doc.tags.includes(request.params.tag)) {
      throw neutronError(404, 'TagNotFound', `Tag ${request.params.tag} could not be found.`);
    }
    spec.col.put(touched(ctx, { ...doc, tags: doc.tags.filter((t) => t !== request.params.tag) }));
    return reply.code(204).send();
  });
};

/** True when the caller's project owns the doc, or the caller is an admin (neutron's DB scoping). */
export const ownsOrAdmin = (request: FastifyRequest, doc: Owned): boolean => {
  const caller = neutronCaller(request);
  return caller.isAdmin || doc.project_id === caller.projectId;
};
