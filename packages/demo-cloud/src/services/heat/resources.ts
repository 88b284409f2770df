import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CloudContext } from '../../core/service';
import { parseLimit, queryValue } from '../../core/paging';
import { enforce, heatTime, stackLink, stackOf } from './common';
import type { StackParams } from './common';
import { attributesOf, resourceKey, resourcesOf } from './engine';
import { heatError, resourceNotFound } from './http';
import type { Json } from './http';
import { stackEvents, stackResources } from './model';
import type { EventDoc, ResourceDoc, StackDoc } from './model';
import { pluginOf } from './resourceTypes';

type ResourceParams = StackParams & { readonly resource_name: string };

const requiredBy = (all: readonly ResourceDoc[], r: ResourceDoc): string[] =>
  all.filter((o) => o.requires.includes(r.name)).map((o) => o.name);

const resourceLinks = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  r: ResourceDoc,
): Json[] => [
  { href: `${stackLink(ctx, request, s)}/resources/${r.name}`, rel: 'self' },
  { href: stackLink(ctx, request, s), rel: 'stack' },
];

const resourceView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  r: ResourceDoc,
  all: readonly ResourceDoc[],
  detail: boolean,
): Json => ({
  creation_time: heatTime(r.created_at),
  links: resourceLinks(ctx, request, s, r),
  logical_resource_id: r.name,
  physical_resource_id: r.physical_resource_id,
  required_by: requiredBy(all, r),
  resource_name: r.name,
  resource_status: `${r.action}_${r.status}`,
  resource_status_reason: r.status_reason,
  resource_type: r.type,
  updated_time: heatTime(r.updated_at ?? r.created_at),
  ...(detail
    ? {
        attributes: shownAttributes(ctx, r),
        description: '',
        parent_resource: null,
        stack_name: s.name,
        stack_identity: { stack_name: s.name, stack_id: s.id, tenant: s.project_id, path: '' },
      }
    : {}),
});

const shownAttributes = (ctx: CloudContext, r: ResourceDoc): Json => {
  const plugin = pluginOf(r.type);
  const values = attributesOf(ctx, r);
  const out: Json = {};
  for (const name of Object.keys(plugin?.attributes ?? {})) out[name] = values[name] ?? null;
  return out;
};

const eventView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  e: EventDoc,
  detail: boolean,
): Json => ({
  event_time: `${e.event_time}Z`,
  id: e.id,
  links: [
    {
      href: `${stackLink(ctx, request, s)}/resources/${e.resource_name}/events/${e.id}`,
      rel: 'self',
    },
    { href: `${stackLink(ctx, request, s)}/resources/${e.resource_name}`, rel: 'resource' },
    { href: stackLink(ctx, request, s), rel: 'stack' },
  ],
  logical_resource_id: e.logical_resource_id,
  physical_resource_id: e.physical_resource_id,
  resource_name: e.resource_name,
  resource_status: `${e.resource_action}_${e.resource_status}`,
  resource_status_reason: e.resource_status_reason,
  ...(detail ? { resource_type: e.resource_type, resource_properties: e.resource_properties } : {}),
});

const resourceOf = (ctx: CloudContext, s: StackDoc, name: string): ResourceDoc => {
  const r = ctx.store.collection(stackResources).get(resourceKey(s.id, name));
  if (!r) throw resourceNotFound(name, s.name);
  return r;
};

const truthy = (v: string | undefined): boolean =>
  v !== undefined && ['true', '1', 'yes', 'on', 't', 'y'].includes(v.toLowerCase());

const listEvents = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  resourceName: string | undefined,
): Json => {
  let list = ctx.store.collection(stackEvents).where('stack_id', s.id);
  if (resourceName !== undefined) list = list.filter((e) => e.resource_name === resourceName);
  for (const field of [
    'resource_action',
    'resource_status',
    'resource_name',
    'resource_type',
  ] as const) {
    const wanted = queryValue(request.query, field);
    if (wanted !== undefined) {
      list = list.filter((e) =>
        field === 'resource_status'
          ? e.resource_status === wanted || `${e.resource_action}_${e.resource_status}` === wanted
          : e[field] === wanted,
      );
    }
  }
  list.sort((a, b) => a.seq - b.seq);
  const dir = queryValue(request.query, 'sort_dir') ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc')
    throw heatError(400, 'HTTPBadRequest', 'Unknown sort direction, must be one of: asc, desc');
  if (dir === 'desc') list.reverse();
  const marker = queryValue(request.query, 'marker');
  if (marker !== undefined) {
    const index = list.findIndex((e) => e.id === marker);
    if (index < 0)
      throw heatError(404, 'EntityNotFound', `The Event (${marker}) could not be found.`);
    list = list.slice(index + 1);
  }
  const limit = parseLimit(queryValue(request.query, 'limit'));
  if (limit !== undefined) list = list.slice(0, limit);
  return { events: list.map((e) => eventView(ctx, request, s, e, false)) };
};

export const resourceRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/resources', async (request) => {
    enforce(request, 'resource:index', request.params.tenant_id);
    const s = stackOf(ctx, request.params);
    const depth = queryValue(request.query, 'nested_depth');
    if (depth !== undefined && !/^\d+$/.test(depth)) {
      throw heatError(400, 'HTTPBadRequest', `Only integer is acceptable by 'nested_depth'.`);
    }
    const detail = truthy(queryValue(request.query, 'with_detail'));
    const all = resourcesOf(ctx, s.id);
    const names = queryValue(request.query, 'name');
    const types = queryValue(request.query, 'type');
    const statuses = queryValue(request.query, 'status');
    const listed = all.filter(
      (r) =>
        (names === undefined || r.name === names) &&
        (types === undefined || r.type === types) &&
        (statuses === undefined || r.status === statuses || `${r.action}_${r.status}` === statuses),
    );
    return { resources: listed.map((r) => resourceView(ctx, request, s, r, all, detail)) };
  });

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name',
    async (request) => {
      enforce(request, 'resource:show', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      const r = resourceOf(ctx, s, request.params.resource_name);
      return { resource: resourceView(ctx, request, s, r, resourcesOf(ctx, s.id), true) };
    },
  );

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/metadata',
    async (request) => {
      enforce(request, 'resource:metadata', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      return { metadata: resourceOf(ctx, s, request.params.resource_name).metadata };
    },
  );

  app.post<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/signal',
    async (request, reply) => {
      enforce(request, 'resource:signal', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      const r = resourceOf(ctx, s, request.params.resource_name);
      if (r.type !== 'OS::Heat::TestResource' && r.type !== 'OS::Heat::None') {
        throw heatError(400, 'ResourceActionNotSupported', `${r.type} doesn't support signal.`);
      }
      return reply.code(200).send();
    },
  );

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/events', async (request) => {
    enforce(request, 'events:index', request.params.tenant_id);
    return listEvents(ctx, request, stackOf(ctx, request.params), undefined);
  });

  app.get<{ Params: ResourceParams }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events',
    async (request) => {
      enforce(request, 'events:index', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      const name = request.params.resource_name;
      if (name !== s.name) resourceOf(ctx, s, name);
      return listEvents(ctx, request, s, name);
    },
  );

  app.get<{ Params: ResourceParams & { event_id: string } }>(
    '/stacks/:stack_name/:stack_id/resources/:resource_name/events/:event_id',
    async (request) => {
      enforce(request, 'events:show', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      const e = ctx.store.collection(stackEvents).get(request.params.event_id);
      if (!e || e.stack_id !== s.id || e.resource_name !== request.params.resource_name) {
        throw heatError(
          404,
          'EntityNotFound',
          `The Event (${request.params.event_id}) could not be found.`,
        );
      }
      return { event: eventView(ctx, request, s, e, true) };
    },
  );
};
