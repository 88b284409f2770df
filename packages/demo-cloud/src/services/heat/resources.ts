import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queryValue } from '../../core/paging';
import type { CloudContext } from '../../core/service';
import { boolQuery, enforce, heatTime, intQuery, isDeleted, stackLink, stackOf } from './common';
import type { StackParams } from './common';
import { attributeOf, childStacksOf, resourceKey, resourcesOf } from './engine';
import { badRequest, heatError, resourceNotFound } from './http';
import type { Json } from './http';
import { stackEvents, stackResources, stacks } from './model';
import type { EventDoc, ResourceDoc, StackDoc } from './model';
import { signalHandle } from './plugins/heat';
import { pluginOf } from './plugins/registry';
import { typeData } from './typeData';

type ResourceParams = StackParams & { readonly resource_name: string };

const requiredBy = (all: readonly ResourceDoc[], r: ResourceDoc): string[] =>
  all.filter((o) => o.requires.includes(r.name)).map((o) => o.name);

/** The stack a nested resource's physical id names (a group's nested stack). */
const nestedStackOf = (ctx: CloudContext, r: ResourceDoc): StackDoc | undefined =>
  pluginOf(r.type)?.nested && r.physical_resource_id
    ? ctx.store.collection(stacks).get(r.physical_resource_id)
    : undefined;

const shownAttributes = (ctx: CloudContext, r: ResourceDoc): Json => {
  const plugin = pluginOf(r.type);
  if (plugin?.shownAttributes) return plugin.shownAttributes(ctx, r);
  const out: Json = {};
  for (const name of Object.keys(typeData(r.type)?.attributes ?? {})) {
    if (name !== 'show') out[name] = attributeOf(ctx, r, name);
  }
  return out;
};

const resourceView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  r: ResourceDoc,
  all: readonly ResourceDoc[],
  detail: boolean,
): Json => {
  const nested = nestedStackOf(ctx, r);
  return {
    updated_time: heatTime(r.updated_at ?? r.created_at),
    creation_time: heatTime(r.created_at),
    logical_resource_id: r.name,
    resource_name: r.name,
    physical_resource_id: r.physical_resource_id,
    resource_status: `${r.action}_${r.status}`,
    resource_status_reason: r.status_reason,
    resource_type: r.type,
    links: [
      { href: `${stackLink(ctx, request, s)}/resources/${r.name}`, rel: 'self' },
      { href: stackLink(ctx, request, s), rel: 'stack' },
      ...(nested ? [{ href: stackLink(ctx, request, nested), rel: 'nested' }] : []),
    ],
    required_by: requiredBy(all, r),
    ...(s.parent_resource ? { parent_resource: s.parent_resource } : {}),
    ...(detail ? { description: '', attributes: shownAttributes(ctx, r) } : {}),
  };
};

const eventView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  e: EventDoc,
  root: StackDoc | undefined,
  detail: boolean,
): Json => {
  const base = stackLink(ctx, request, s);
  return {
    id: e.id,
    links: [
      { href: `${base}/resources/${e.resource_name}/events/${e.id}`, rel: 'self' },
      { href: `${base}/resources/${e.resource_name}`, rel: 'resource' },
      { href: base, rel: 'stack' },
      ...(root ? [{ href: stackLink(ctx, request, root), rel: 'root_stack' }] : []),
    ],
    event_time: `${e.event_time}Z`,
    logical_resource_id: e.logical_resource_id,
    resource_name: e.resource_name,
    physical_resource_id: e.physical_resource_id,
    resource_status: `${e.resource_action}_${e.resource_status}`,
    resource_status_reason: e.resource_status_reason,
    ...(detail
      ? { resource_type: e.resource_type, resource_properties: e.resource_properties }
      : {}),
  };
};

const resourceOf = (ctx: CloudContext, s: StackDoc, name: string): ResourceDoc => {
  const r = ctx.store.collection(stackResources).get(resourceKey(s.id, name));
  if (!r) throw resourceNotFound(name, s.name);
  return r;
};

/** `nested_depth`: a non-negative integer. */
const depthOf = (request: FastifyRequest): number => {
  const depth = queryValue(request.query, 'nested_depth');
  if (depth === undefined) return 0;
  if (!/^\d+$/.test(depth)) throw badRequest(`Only integer is acceptable by 'nested_depth'.`);
  return Number(depth);
};

/** A stack and its nested stacks down to `depth` levels, the stack first. */
const withNested = (ctx: CloudContext, s: StackDoc, depth: number): StackDoc[] => {
  const out = [s];
  if (depth <= 0) return out;
  for (const child of childStacksOf(ctx, s.id)) {
    if (!isDeleted(child)) out.push(...withNested(ctx, child, depth - 1));
  }
  return out;
};

const matches = (wanted: string | undefined, ...values: string[]): boolean =>
  wanted === undefined || wanted.split(',').some((w) => values.includes(w));

const listEvents = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  resourceName: string | undefined,
): Json => {
  const depth = resourceName === undefined ? depthOf(request) : 0;
  const tree = withNested(ctx, s, depth);
  const byStack = new Map(tree.map((x) => [x.id, x]));
  let list = tree.flatMap((x) => ctx.store.collection(stackEvents).where('stack_id', x.id));
  if (resourceName !== undefined) {
    list = list.filter((e) => e.resource_name === resourceName);
    if (list.length === 0) {
      throw heatError(404, 'HTTPNotFound', `No events found for resource ${resourceName}`);
    }
  }
  const q = (name: string): string | undefined => queryValue(request.query, name);
  list = list.filter(
    (e) =>
      matches(q('resource_action'), e.resource_action) &&
      matches(
        q('resource_status'),
        e.resource_status,
        `${e.resource_action}_${e.resource_status}`,
      ) &&
      matches(q('resource_name'), e.resource_name) &&
      matches(q('resource_type'), e.resource_type),
  );
  list.sort((a, b) => a.seq - b.seq);
  const dir = q('sort_dir') ?? 'desc';
  if (dir !== 'asc' && dir !== 'desc') {
    throw badRequest('Unknown sort direction, must be one of: asc, desc');
  }
  if (dir === 'desc') list.reverse();
  const marker = q('marker');
  if (marker !== undefined) {
    const index = list.findIndex((e) => e.id === marker);
    if (index < 0)
      throw heatError(404, 'EntityNotFound', `The Event (${marker}) could not be found.`);
    list = list.slice(index + 1);
  }
  const limit = intQuery(request, 'limit');
  if (limit !== undefined) list = list.slice(0, limit);
  const root = depth > 0 ? s : undefined;
  return {
    events: list.map((e) => eventView(ctx, request, byStack.get(e.stack_id) ?? s, e, root, false)),
  };
};

export const resourceRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/resources', async (request) => {
    enforce(request, 'resource:index', request.params.tenant_id);
    const s = stackOf(ctx, request, { deleted: true });
    const depth = depthOf(request);
    const detail = boolQuery(request, 'with_detail');
    const q = (name: string): string | undefined => queryValue(request.query, name);
    const resources = withNested(ctx, s, depth).flatMap((owner) => {
      const all = resourcesOf(ctx, owner.id);
      return all
        .filter(
          (r) =>
            matches(q('name'), r.name) &&
            matches(q('type'), r.type) &&
            matches(q('status'), r.status, `${r.action}_${r.status}`) &&
            matches(q('action'), r.action) &&
            matches(q('id'), r.uuid) &&
            matches(q('physical_resource_id'), r.physical_resource_id),
        )
        .map((r) => resourceView(ctx, request, owner, r, all, detail));
    });
    return { resources };
  });

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name',
    async (request) => {
      enforce(request, 'resource:show', request.params.tenant_id);
      const s = stackOf(ctx, request);
      const r = resourceOf(ctx, s, request.params.resource_name);
      return { resource: resourceView(ctx, request, s, r, resourcesOf(ctx, s.id), true) };
    },
  );

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/metadata',
    async (request) => {
      enforce(request, 'resource:metadata', request.params.tenant_id);
      const s = stackOf(ctx, request);
      return { metadata: resourceOf(ctx, s, request.params.resource_name).metadata };
    },
  );

  app.post<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/signal',
    async (request, reply) => {
      enforce(request, 'resource:signal', request.params.tenant_id);
      const s = stackOf(ctx, request);
      const r = resourceOf(ctx, s, request.params.resource_name);
      if (r.type === 'OS::Heat::WaitConditionHandle') {
        ctx.store.transaction(() => signalHandle(ctx, r, request.body));
      } else if (r.type !== 'OS::Heat::TestResource' && r.type !== 'OS::Heat::None') {
        throw heatError(400, 'ResourceActionNotSupported', `${r.type} doesn't support signal.`);
      }
      return reply.code(200).send();
    },
  );

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/events', async (request) => {
    enforce(request, 'events:index', request.params.tenant_id);
    return listEvents(ctx, request, stackOf(ctx, request, { deleted: true }), undefined);
  });

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events',
    async (request) => {
      enforce(request, 'events:index', request.params.tenant_id);
      const s = stackOf(ctx, request, { deleted: true });
      return listEvents(ctx, request, s, request.params.resource_name);
    },
  );

  app.get<{ Params: ResourceParams & { event_id: string } }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events/:event_id',
    async (request) => {
      enforce(request, 'events:show', request.params.tenant_id);
      const s = stackOf(ctx, request, { deleted: true });
      const e = ctx.store.collection(stackEvents).get(request.params.event_id);
      if (!e || e.stack_id !== s.id || e.resource_name !== request.params.resource_name) {
        throw heatError(404, 'HTTPNotFound', `No event ${request.params.event_id} found`);
      }
      return { event: eventView(ctx, request, s, e, undefined, true) };
    },
  );
};
