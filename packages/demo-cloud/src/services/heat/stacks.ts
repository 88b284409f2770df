import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { hexId, uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { parseLimit, queryValue } from '../../core/paging';
import {
  enforce,
  findStack,
  heatTime,
  stackLink,
  stackOf,
  stackStatus,
  tenantBase,
} from './common';
import type { StackParams, TenantParams } from './common';
import {
  beginCreate,
  runSimpleAction,
  scopeOf,
  stackTemplate,
  startDelete,
  startUpdate,
} from './engine';
import { badRequest, heatError, isObject, stackNotFound } from './http';
import type { Json } from './http';
import { stacks } from './model';
import type { StackDoc } from './model';
import {
  loadTemplate,
  parseTemplateText,
  resolveParameters,
  resolveValue,
  validateResources,
} from './template';
import type { Template } from './template';

const STACK_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$/;

const paramText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(',');
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
};

const listView = (ctx: CloudContext, request: FastifyRequest, s: StackDoc): Json => ({
  creation_time: heatTime(s.created_at),
  deletion_time: heatTime(s.deleted_at),
  description: descriptionOf(s),
  id: s.id,
  links: [{ href: stackLink(ctx, request, s), rel: 'self' }],
  parent: s.parent,
  project: s.project_id,
  stack_name: s.name,
  stack_owner: s.username,
  stack_status: stackStatus(s),
  stack_status_reason: s.status_reason,
  stack_user_project_id: s.stack_user_project_id,
  tags: s.tags,
  updated_time: heatTime(s.updated_at),
});

const descriptionOf = (s: StackDoc): string =>
  typeof s.template['description'] === 'string' ? s.template['description'] : 'No description';

/** Outputs with get_attr/get_resource/get_param resolved against the current resources. */
export const outputsOf = (ctx: CloudContext, s: StackDoc, only?: string): Json[] => {
  let template: Template;
  let params: Record<string, unknown>;
  try {
    ({ template, params } = stackTemplate(s));
  } catch {
    return [];
  }
  const scope = scopeOf(ctx, s, params);
  return Object.entries(template.outputs)
    .filter(([key]) => only === undefined || key === only)
    .map(([key, def]) => {
      try {
        return {
          output_key: key,
          output_value: resolveValue(def.value, scope),
          description: def.description,
        };
      } catch (error) {
        return {
          output_key: key,
          output_value: null,
          description: def.description,
          output_error: error instanceof Error ? error.message : String(error),
        };
      }
    });
};

const showView = (ctx: CloudContext, request: FastifyRequest, s: StackDoc): Json => {
  let parameters: Json = {};
  try {
    const { template, params } = stackTemplate(s);
    parameters = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [
        k,
        template.parameters[k]?.hidden ? '******' : paramText(v),
      ]),
    );
  } catch {
    parameters = {};
  }
  return {
    ...listView(ctx, request, s),
    capabilities: [],
    disable_rollback: s.disable_rollback,
    notification_topics: [],
    outputs: outputsOf(ctx, s),
    parameters,
    template_description: descriptionOf(s),
    timeout_mins: s.timeout_mins,
  };
};

const SORT_KEYS: Readonly<Record<string, (s: StackDoc) => string>> = {
  stack_name: (s) => s.name,
  stack_status: (s) => stackStatus(s),
  creation_time: (s) => s.created_at,
  updated_time: (s) => s.updated_at ?? '',
};

const queryList = (query: unknown, name: string): string[] => {
  if (typeof query !== 'object' || query === null) return [];
  const v = (query as Record<string, unknown>)[name];
  if (Array.isArray(v)) return v.map(String);
  return typeof v === 'string' ? [v] : [];
};

const truthy = (v: string | undefined): boolean =>
  v !== undefined && ['true', '1', 'yes', 'on', 't', 'y'].includes(v.toLowerCase());

/** The template of a create/update/validate/preview body (template, or template_url fetched). */
export const templateOfBody = async (body: Json): Promise<Json> => {
  if (body['template'] !== undefined && body['template'] !== null && body['template'] !== '') {
    return parseTemplateText(body['template']);
  }
  const url = body['template_url'];
  if (typeof url === 'string' && url !== '') {
    if (!/^https?:\/\//.test(url)) {
      throw badRequest(
        `Could not retrieve template: Invalid URL scheme ${url.split(':')[0] ?? ''}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`${response.status}`);
      return parseTemplateText(await response.text());
    } catch (error) {
      if (error instanceof Error && error.name === 'HeatFault') throw error;
      throw badRequest(`Could not retrieve template: Failed to retrieve template: ${url}`);
    }
  }
  throw badRequest('No template specified');
};

const paramsOfBody = (body: Json): Json => {
  const env = body['environment'];
  let envParams: Json = {};
  if (isObject(env) && isObject(env['parameters'])) envParams = env['parameters'];
  else if (typeof env === 'string' && env.trim() !== '') {
    const parsed = parseTemplateText(env);
    if (isObject(parsed['parameters'])) envParams = parsed['parameters'];
  }
  const given = isObject(body['parameters']) ? body['parameters'] : {};
  return { ...envParams, ...given };
};

const filesOf = (body: Json): Record<string, string> => {
  const files = body['files'];
  if (!isObject(files)) return {};
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, String(v)]));
};

const timeoutOf = (body: Json): number | null => {
  const raw = body['timeout_mins'];
  if (raw === undefined || raw === null || raw === '') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw badRequest(`Only integer is acceptable by 'timeout_mins'.`);
  return n;
};

const tagsOf = (body: Json): string[] | null => {
  const t = body['tags'];
  if (typeof t === 'string') return t === '' ? null : t.split(',');
  if (Array.isArray(t)) return t.map(String);
  return null;
};

/** Checks a template and parameters as heat's engine does before anything is created. */
const checkNewStack = (
  rawTemplate: Json,
  params: Json,
  pseudo: { stackId: string; stackName: string; projectId: string },
): Template => {
  const template = loadTemplate(rawTemplate);
  validateResources(template);
  resolveParameters(template, params, pseudo);
  return template;
};

export const stackRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(stacks);

  app.get<{ Params: TenantParams }>('/stacks', async (request) => {
    const tenant = request.params.tenant_id;
    const global = truthy(queryValue(request.query, 'global_tenant'));
    enforce(request, global ? 'stacks:global_index' : 'stacks:index', tenant);
    let list = global ? col.all() : col.where('project_id', tenant);
    const names = queryList(request.query, 'name');
    if (names.length > 0) list = list.filter((s) => names.includes(s.name));
    const statuses = queryList(request.query, 'status');
    if (statuses.length > 0) {
      list = list.filter((s) => statuses.includes(s.status) || statuses.includes(stackStatus(s)));
    }
    const actions = queryList(request.query, 'action');
    if (actions.length > 0) list = list.filter((s) => actions.includes(s.action));
    const tags = queryValue(request.query, 'tags');
    if (tags) {
      const wanted = tags.split(',');
      list = list.filter((s) => wanted.every((t) => s.tags?.includes(t)));
    }
    const sortKeys = queryList(request.query, 'sort_keys').flatMap((k) => k.split(','));
    for (const key of sortKeys) {
      if (!(key in SORT_KEYS)) {
        throw badRequest(
          `Sort key "${key}" not allowed. Allowed sort keys: ${Object.keys(SORT_KEYS).join(', ')}`,
        );
      }
    }
    const dir = queryValue(request.query, 'sort_dir') ?? 'desc';
    if (dir !== 'asc' && dir !== 'desc') {
      throw badRequest(`Unknown sort direction, must be one of: asc, desc`);
    }
    const keys = sortKeys.length > 0 ? sortKeys : ['creation_time'];
    const sign = dir === 'asc' ? 1 : -1;
    list = [...list].sort((a, b) => {
      for (const key of keys) {
        const f = SORT_KEYS[key];
        if (!f) continue;
        const c = f(a).localeCompare(f(b));
        if (c !== 0) return c * sign;
      }
      return a.id.localeCompare(b.id) * sign;
    });
    const marker = queryValue(request.query, 'marker');
    if (marker !== undefined) {
      const index = list.findIndex((s) => s.id === marker);
      if (index < 0) throw stackNotFound(marker);
      list = list.slice(index + 1);
    }
    const limit = parseLimit(queryValue(request.query, 'limit'));
    if (limit !== undefined) list = list.slice(0, limit);
    return { stacks: list.map((s) => listView(ctx, request, s)) };
  });

  app.post<{ Params: TenantParams }>('/stacks', async (request, reply) => {
    const tenant = request.params.tenant_id;
    enforce(request, 'stacks:create', tenant);
    const body = isObject(request.body) ? request.body : {};
    const name = body['stack_name'];
    if (typeof name !== 'string' || name === '') throw badRequest('No stack name specified');
    if (!STACK_NAME.test(name)) {
      throw heatError(
        400,
        'StackValidationFailed',
        `Invalid stack name ${name} must contain only alphanumeric or "_-." characters, must start with alpha and must be 255 characters or less.`,
      );
    }
    const rawTemplate = await templateOfBody(body);
    if (col.where('name', name).some((s) => s.project_id === tenant)) {
      throw heatError(409, 'StackExists', `The Stack (${name}) already exists.`);
    }
    const id = uuid();
    const params = paramsOfBody(body);
    const template = checkNewStack(rawTemplate, params, {
      stackId: id,
      stackName: name,
      projectId: tenant,
    });
    const caller = callerOf(request);
    const now = ctx.now().toISOString();
    const doc: StackDoc = {
      id,
      name,
      project_id: tenant,
      user_id: caller.user.id,
      username: caller.user.name,
      action: 'INIT',
      status: 'COMPLETE',
      status_reason: '',
      template: rawTemplate,
      params,
      environment: isObject(body['environment']) ? body['environment'] : {},
      files: filesOf(body),
      timeout_mins: timeoutOf(body),
      disable_rollback:
        body['disable_rollback'] === undefined
          ? true
          : body['disable_rollback'] === true || body['disable_rollback'] === 'true',
      tags: tagsOf(body),
      created_at: now,
      updated_at: null,
      deleted_at: null,
      stack_user_project_id: hexId(),
      parent: null,
    };
    ctx.store.transaction(() => {
      col.insert(doc);
      beginCreate(ctx, doc, template);
    });
    const href = stackLink(ctx, request, doc);
    return reply
      .code(201)
      .header('Location', href)
      .send({ stack: { id, links: [{ href, rel: 'self' }] } });
  });

  app.post<{ Params: TenantParams }>('/stacks/preview', async (request) => {
    const tenant = request.params.tenant_id;
    enforce(request, 'stacks:preview', tenant);
    const body = isObject(request.body) ? request.body : {};
    const name = typeof body['stack_name'] === 'string' ? body['stack_name'] : '';
    if (name === '') throw badRequest('No stack name specified');
    const rawTemplate = await templateOfBody(body);
    const params = paramsOfBody(body);
    const pseudo = { stackId: 'None', stackName: name, projectId: tenant };
    const template = checkNewStack(rawTemplate, params, pseudo);
    const values = resolveParameters(template, params, pseudo);
    const caller = callerOf(request);
    const scope = {
      params: values,
      files: filesOf(body),
      resourceId: () => '',
      attribute: () => null,
    };
    return {
      stack: {
        capabilities: [],
        creation_time: heatTime(ctx.now().toISOString()),
        deletion_time: null,
        description: template.description || 'No description',
        disable_rollback: body['disable_rollback'] !== false,
        id: 'None',
        links: [{ href: `${tenantBase(ctx, request, tenant)}/stacks/${name}/None`, rel: 'self' }],
        notification_topics: [],
        parameters: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, paramText(v)])),
        parent: null,
        stack_name: name,
        stack_owner: caller.user.name,
        stack_user_project_id: null,
        tags: tagsOf(body),
        template_description: template.description || 'No description',
        timeout_mins: timeoutOf(body),
        updated_time: null,
        resources: template.resources.map((r) => ({
          attributes: {},
          description: '',
          metadata: {},
          physical_resource_id: '',
          properties: resolveValue(r.properties, scope),
          required_by: template.resources
            .filter((o) => o.requires.includes(r.name))
            .map((o) => o.name),
          resource_action: 'INIT',
          resource_identity: {
            stack_name: name,
            stack_id: 'None',
            tenant,
            path: `/resources/${r.name}`,
          },
          resource_name: r.name,
          resource_status: 'COMPLETE',
          resource_status_reason: '',
          resource_type: r.type,
          stack_identity: { stack_name: name, stack_id: 'None', tenant, path: '' },
          stack_name: name,
          updated_time: heatTime(ctx.now().toISOString()),
        })),
      },
    };
  });

  // heat's lookup: a stack by name or id answers with a redirect to its canonical path.
  const lookup = (
    request: FastifyRequest<{ Params: TenantParams & { stack_name: string } }>,
    reply: FastifyReply,
    sub: string,
  ): FastifyReply => {
    const tenant = request.params.tenant_id;
    enforce(request, 'stacks:lookup', tenant);
    const s = findStack(ctx, tenant, request.params.stack_name);
    if (!s) throw stackNotFound(request.params.stack_name);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const location = `${stackLink(ctx, request, s)}${sub ? `/${sub}` : ''}${query}`;
    return reply
      .code(302)
      .header('Location', location)
      .send({
        code: '302 Found',
        message: `The resource was found at ${location}; you should be redirected automatically.`,
        title: 'Found',
      });
  };
  for (const sub of ['', 'resources', 'events', 'outputs', 'template']) {
    app.get<{ Params: TenantParams & { stack_name: string } }>(
      `/stacks/:stack_name${sub ? `/${sub}` : ''}`,
      async (request, reply) => lookup(request, reply, sub),
    );
  }

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', async (request) => {
    enforce(request, 'stacks:show', request.params.tenant_id);
    return { stack: showView(ctx, request, stackOf(ctx, request.params)) };
  });

  app.delete<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', async (request, reply) => {
    enforce(request, 'stacks:delete', request.params.tenant_id);
    const s = stackOf(ctx, request.params);
    if (s.action === 'DELETE' && s.status === 'IN_PROGRESS') {
      return reply.code(204).send();
    }
    ctx.store.transaction(() => startDelete(ctx, s));
    return reply.code(204).send();
  });

  const update =
    (patch: boolean) =>
    async (
      request: FastifyRequest<{ Params: StackParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      enforce(request, patch ? 'stacks:update_patch' : 'stacks:update', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      if (s.status === 'IN_PROGRESS') {
        throw heatError(
          409,
          'ActionInProgress',
          `Stack ${s.name} already has an action (${s.action}) in progress.`,
        );
      }
      const body = isObject(request.body) ? request.body : {};
      const hasTemplate = body['template'] !== undefined || body['template_url'] !== undefined;
      const rawTemplate = hasTemplate || !patch ? await templateOfBody(body) : s.template;
      const params = patch ? { ...s.params, ...paramsOfBody(body) } : paramsOfBody(body);
      const template = checkNewStack(rawTemplate, params, {
        stackId: s.id,
        stackName: s.name,
        projectId: s.project_id,
      });
      const next: StackDoc = {
        ...s,
        template: rawTemplate,
        params,
        files: { ...(patch ? s.files : {}), ...filesOf(body) },
        timeout_mins: body['timeout_mins'] !== undefined ? timeoutOf(body) : s.timeout_mins,
        disable_rollback:
          body['disable_rollback'] !== undefined
            ? body['disable_rollback'] === true
            : s.disable_rollback,
        tags: body['tags'] !== undefined ? tagsOf(body) : s.tags,
        updated_at: ctx.now().toISOString(),
      };
      ctx.store.transaction(() => {
        col.put(next);
        startUpdate(ctx, next, template);
      });
      return reply.code(202).send();
    };
  app.put<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', update(false));
  app.patch<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', update(true));

  app.post<{ Params: StackParams }>(
    '/stacks/:stack_name/:stack_id/actions',
    async (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      const keys = Object.keys(body);
      const ACTIONS = ['suspend', 'resume', 'check', 'cancel_update', 'cancel_without_rollback'];
      if (keys.length !== 1) throw badRequest('Multiple actions specified');
      const action = keys[0] ?? '';
      if (!ACTIONS.includes(action)) throw badRequest(`Invalid action ${action}`);
      enforce(request, `actions:${action}`, request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      if (action === 'cancel_update' || action === 'cancel_without_rollback') {
        if (!(s.action === 'UPDATE' && s.status === 'IN_PROGRESS')) {
          throw heatError(
            400,
            'NotSupported',
            `Cancelling update when stack is ${stackStatus(s)} is not supported.`,
          );
        }
        ctx.store.transaction(() => {
          const failed = {
            ...s,
            action: 'UPDATE' as const,
            status: 'FAILED' as const,
            status_reason: 'Stack UPDATE cancelled',
          };
          col.put(failed);
        });
        return reply.code(200).send();
      }
      if (s.status === 'IN_PROGRESS') {
        throw heatError(
          409,
          'ActionInProgress',
          `Stack ${s.name} already has an action (${s.action}) in progress.`,
        );
      }
      const verb = action.toUpperCase() as 'SUSPEND' | 'RESUME' | 'CHECK';
      if (verb === 'RESUME' && !(s.action === 'SUSPEND' && s.status === 'COMPLETE')) {
        throw heatError(
          400,
          'NotSupported',
          `Resume of stack in state ${stackStatus(s)} is not supported.`,
        );
      }
      ctx.store.transaction(() => runSimpleAction(ctx, s, verb));
      return reply.code(200).send();
    },
  );

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/template', async (request) => {
    enforce(request, 'stacks:template', request.params.tenant_id);
    return stackOf(ctx, request.params).template;
  });

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/outputs', async (request) => {
    enforce(request, 'stacks:list_outputs', request.params.tenant_id);
    const s = stackOf(ctx, request.params);
    return {
      outputs: outputsOf(ctx, s).map((o) => ({
        output_key: o['output_key'],
        description: o['description'],
      })),
    };
  });

  app.get<{ Params: StackParams & { output_key: string } }>(
    '/stacks/:stack_name/:stack_id/outputs/:output_key',
    async (request) => {
      enforce(request, 'stacks:show_output', request.params.tenant_id);
      const s = stackOf(ctx, request.params);
      const [output] = outputsOf(ctx, s, request.params.output_key);
      if (!output) {
        throw heatError(
          404,
          'NotFound',
          `Specified output key ${request.params.output_key} not found.`,
        );
      }
      return { output };
    },
  );
};
