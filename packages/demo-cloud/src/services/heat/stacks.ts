import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { uuid } from '../../core/ids';
import { queryValue } from '../../core/paging';
import type { CloudContext } from '../../core/service';
import {
  boolQuery,
  enforce,
  findStack,
  heatTime,
  intQuery,
  isDeleted,
  isHeatAdmin,
  stackLink,
  stackOf,
  stackStatus,
  tenantBase,
} from './common';
import type { StackParams, TenantParams } from './common';
import {
  beginCreate,
  beginUpdate,
  cancelUpdate,
  loadStack,
  loadWith,
  outputsOf,
  runSimpleAction,
  startDelete,
  validateStack,
  validationScope,
} from './engine';
import type { LoadedStack } from './engine';
import { evaluate } from './functions';
import {
  badRequest,
  bareError,
  heatError,
  isObject,
  stackNotFound,
  validationFailed,
} from './http';
import type { Json } from './http';
import { stacks } from './model';
import type { StackDoc } from './model';
import { checkGivenTypes, immutableChanged, paramText } from './parameters';
import { pluginOf } from './plugins/registry';
import { defaultedProperties } from './properties';
import { loadTemplate, parseTemplateText } from './template';
import type { ResourceDef } from './template';
import { typeData } from './typeData';

const STACK_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$/;

const ACCEPTED_BODY = {
  message: 'The request is accepted for processing.<br /><br />\n\n\n',
  code: '202 Accepted',
  title: 'Accepted',
};

const descriptionOf = (template: Json): string =>
  typeof template['description'] === 'string' ? template['description'] : 'No description';

/** GET /stacks's view of a stack (heat lists no description; `project` only for an admin). */
const listView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  withProject: boolean,
): Json => ({
  id: s.id,
  links: [{ href: stackLink(ctx, request, s), rel: 'self' }],
  ...(withProject ? { project: s.project_id } : {}),
  stack_name: s.name,
  description: '',
  stack_status: stackStatus(s),
  stack_status_reason: s.status_reason,
  creation_time: heatTime(s.created_at),
  updated_time: heatTime(s.updated_at),
  deletion_time: heatTime(s.deleted_at),
  stack_owner: s.username,
  parent: s.parent,
  stack_user_project_id: s.stack_user_project_id,
  tags: s.tags,
});

/** Stack parameters as heat shows them: its pseudo parameters first, hidden ones masked. */
const parametersView = (s: StackDoc): Json => {
  const pseudo = {
    'OS::stack_id': s.id,
    'OS::project_id': s.project_id,
    'OS::stack_name': s.name,
  };
  if (isDeleted(s)) return pseudo;
  try {
    const { template, params } = loadStack(s);
    return {
      ...pseudo,
      ...Object.fromEntries(
        Object.values(template.parameters).map((p) => [
          p.name,
          p.hidden ? '******' : paramText(params[p.name]),
        ]),
      ),
    };
  } catch {
    return pseudo;
  }
};

const showView = (
  ctx: CloudContext,
  request: FastifyRequest,
  s: StackDoc,
  withOutputs: boolean,
): Json => {
  const list = listView(ctx, request, s, isHeatAdmin(request));
  return {
    stack_name: s.name,
    id: s.id,
    links: list['links'],
    ...(isHeatAdmin(request) ? { project: s.project_id } : {}),
    creation_time: list['creation_time'],
    updated_time: list['updated_time'],
    deletion_time: list['deletion_time'],
    notification_topics: [],
    parameters: parametersView(s),
    description: descriptionOf(s.template),
    template_description: descriptionOf(s.template),
    capabilities: [],
    disable_rollback: s.disable_rollback,
    timeout_mins: s.timeout_mins,
    stack_owner: s.username,
    parent: s.parent,
    stack_user_project_id: s.stack_user_project_id,
    tags: s.tags ?? [],
    stack_status: stackStatus(s),
    stack_status_reason: s.status_reason,
    ...(withOutputs && !isDeleted(s) ? { outputs: outputsOf(ctx, s) } : {}),
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
  const values = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
  return values.flatMap((x) => x.split(','));
};

const TRUE_WORDS = ['true', '1', 'yes', 'on', 't', 'y'];
const FALSE_WORDS = ['false', '0', 'no', 'off', 'f', 'n'];

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
    let text: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`${response.status}`);
      text = await response.text();
    } catch {
      throw badRequest(`Could not retrieve template: Failed to retrieve template from ${url}`);
    }
    return parseTemplateText(text);
  }
  throw badRequest('No template specified');
};

const ENV_SECTIONS = new Set([
  'parameters',
  'parameter_defaults',
  'resource_registry',
  'event_sinks',
  'encrypted_param_names',
  'parameter_merge_strategies',
]);

/** The `environment` of a body (a map or YAML text), checked as heat-api does. */
export const environmentOfBody = (body: Json): Json => {
  let env = body['environment'];
  if (env === undefined || env === null || env === '') return {};
  if (typeof env === 'string') {
    try {
      env = parseTemplateText(env);
    } catch {
      throw badRequest(
        'Environment not in valid format: The environment is not a valid YAML mapping data type.',
      );
    }
  }
  if (!isObject(env)) {
    throw badRequest(
      'Environment not in valid format: The environment is not a valid YAML mapping data type.',
    );
  }
  for (const key of Object.keys(env)) {
    if (!ENV_SECTIONS.has(key)) {
      throw badRequest(`Environment not in valid format: environment has wrong section "${key}"`);
    }
  }
  return env;
};

/** The parameter values a body gives: `parameters` over the environment's `parameters`. */
export const paramsOfBody = (body: Json, environment: Json): Json => {
  const given = body['parameters'];
  if (given !== undefined && given !== null && !isObject(given)) {
    throw heatError(
      400,
      'HTTPBadRequest',
      'The server could not comply with the request since it is either malformed or otherwise incorrect.',
    );
  }
  const envParams = isObject(environment['parameters']) ? environment['parameters'] : {};
  return { ...envParams, ...(isObject(given) ? given : {}) };
};

export const filesOfBody = (body: Json): Record<string, string> => {
  const files = body['files'];
  if (files === undefined || files === null) return {};
  if (!isObject(files)) throw bareError(400, 'ValueError');
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, String(v)]));
};

const timeoutOf = (body: Json): number | null => {
  const raw = body['timeout_mins'];
  if (raw === undefined || raw === null || raw === '') return null;
  const text = String(raw).trim();
  if (!/^-?\d+$/.test(text)) throw badRequest(`Only integer is acceptable by 'timeout_mins'.`);
  const n = Number(text);
  if (n < 0) {
    throw badRequest(
      `Value '${text}' is invalid for 'timeout_mins' which only accepts non-negative integer.`,
    );
  }
  return n;
};

const rollbackOf = (body: Json, current: boolean): boolean => {
  const raw = body['disable_rollback'];
  if (raw === undefined || raw === null) return current;
  if (typeof raw === 'boolean') return raw;
  const text = String(raw).toLowerCase();
  if (TRUE_WORDS.includes(text)) return true;
  if (FALSE_WORDS.includes(text)) return false;
  throw bareError(400, 'ValueError');
};

const tagsOf = (body: Json): string[] | null => {
  const t = body['tags'];
  if (typeof t === 'string') return t === '' ? null : t.split(',');
  if (Array.isArray(t)) return t.length === 0 ? null : t.map(String);
  return null;
};

/** Checks a template and parameters as heat's engine does before anything is created or updated. */
const checkStack = (
  rawTemplate: Json,
  params: Json,
  environment: Json,
  files: Record<string, string>,
  pseudo: { stackId: string; stackName: string; projectId: string },
): LoadedStack => {
  const template = loadTemplate(rawTemplate);
  checkGivenTypes(template.parameters, params);
  const loaded = loadWith(template, params, environment, files, pseudo);
  validateStack(loaded, files);
  return loaded;
};

const checkName = (name: unknown): string => {
  if (typeof name !== 'string' || name === '') throw badRequest('No stack name specified');
  if (!STACK_NAME.test(name)) {
    throw validationFailed({
      message: `Invalid stack name ${name} must contain only alphanumeric or "_-." characters, must start with alpha and must be 255 characters or less.`,
    });
  }
  return name;
};

const identity = (tenant: string, name: string, path: string): Json => ({
  tenant,
  stack_name: name,
  stack_id: 'None',
  path,
});

/** POST /stacks/preview's view of one resource (a group previews its members instead). */
const previewResource = (
  def: { name: string; type: string; properties: Json },
  stackName: string,
  tenant: string,
  requiredBy: string[],
  properties: Json,
  parentResource?: string,
): Json => {
  const data = typeData(def.type);
  const plugin = pluginOf(def.type);
  const attributes: Json = {};
  if (!plugin?.anyAttribute) {
    for (const name of Object.keys(data?.attributes ?? {})) {
      if (name !== 'show') attributes[name] = null;
    }
    for (const name of data?.hidden_attributes ?? []) attributes[name] = null;
  }
  return {
    updated_time: null,
    creation_time: null,
    resource_name: def.name,
    physical_resource_id: '',
    resource_action: 'INIT',
    resource_status: 'COMPLETE',
    resource_status_reason: '',
    resource_type: def.type,
    resource_identity: identity(tenant, stackName, `/resources/${def.name}`),
    stack_identity: identity(tenant, stackName, ''),
    stack_name: stackName,
    required_by: requiredBy,
    ...(parentResource ? { parent_resource: parentResource } : {}),
    description: '',
    metadata: {},
    attributes: { ...attributes, ...plugin?.previewAttributes?.(properties) },
    properties: plugin?.anyProperty ? properties : defaultedProperties(def.type, properties),
  };
};

const previewResources = (
  loaded: LoadedStack,
  files: Record<string, string>,
  stackName: string,
  tenant: string,
): unknown[] => {
  const scope = { ...validationScope(loaded, files), resourceRef: () => undefined };
  const active = loaded.template.resources.filter((r) => loaded.enabled.has(r.name));
  return active.map((def: ResourceDef) => {
    const evaluated = evaluate(def.properties, scope);
    const properties = isObject(evaluated) ? evaluated : {};
    const requiredBy = active.filter((o) => o.requires.includes(def.name)).map((o) => o.name);
    const members = pluginOf(def.type)?.previewMembers?.(properties);
    if (members) {
      const nestedName = `${stackName}-${def.name}`;
      return members.map((m) => previewResource(m, nestedName, tenant, [], m.properties, def.name));
    }
    return previewResource(def, stackName, tenant, requiredBy, properties);
  });
};

/** Outputs as preview shows them: resources are named, attributes are null. */
const previewOutputs = (loaded: LoadedStack, files: Record<string, string>): Json[] => {
  const scope = validationScope(loaded, files);
  return Object.entries(loaded.template.outputs).map(([key, o]) => {
    let value: unknown = null;
    try {
      value = evaluate(o.value, scope);
    } catch {
      value = null;
    }
    return { output_key: key, description: o.description, output_value: value };
  });
};

export const stackRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const col = ctx.store.collection(stacks);

  app.get<{ Params: TenantParams }>('/stacks', async (request) => {
    const tenant = request.params.tenant_id;
    const global = boolQuery(request, 'global_tenant');
    enforce(request, global ? 'stacks:global_index' : 'stacks:index', tenant);
    const admin = isHeatAdmin(request);
    let list = admin || global ? col.all() : col.where('project_id', tenant);
    if (!boolQuery(request, 'show_deleted')) list = list.filter((s) => !isDeleted(s));
    if (!boolQuery(request, 'show_nested')) list = list.filter((s) => s.parent === null);
    const names = queryList(request.query, 'name');
    if (names.length > 0) list = list.filter((s) => names.includes(s.name));
    const ids = queryList(request.query, 'id');
    if (ids.length > 0) list = list.filter((s) => ids.includes(s.id));
    const statuses = queryList(request.query, 'status');
    if (statuses.length > 0) {
      list = list.filter((s) => statuses.includes(s.status) || statuses.includes(stackStatus(s)));
    }
    const actions = queryList(request.query, 'action');
    if (actions.length > 0) list = list.filter((s) => actions.includes(s.action));
    const owners = queryList(request.query, 'username');
    if (owners.length > 0) list = list.filter((s) => owners.includes(s.username));
    const tags = queryList(request.query, 'tags');
    if (tags.length > 0) list = list.filter((s) => tags.every((t) => s.tags?.includes(t)));
    const anyTags = queryList(request.query, 'tags_any');
    if (anyTags.length > 0) list = list.filter((s) => anyTags.some((t) => s.tags?.includes(t)));
    const notTags = queryList(request.query, 'not_tags');
    if (notTags.length > 0) list = list.filter((s) => !notTags.every((t) => s.tags?.includes(t)));
    const notAny = queryList(request.query, 'not_tags_any');
    if (notAny.length > 0) list = list.filter((s) => !notAny.some((t) => s.tags?.includes(t)));
    // heat ignores sort keys it does not know.
    const sortKeys = queryList(request.query, 'sort_keys').filter((k) => k in SORT_KEYS);
    const dir = queryValue(request.query, 'sort_dir') ?? 'desc';
    if (dir !== 'asc' && dir !== 'desc') throw bareError(400, 'ValueError');
    const keys = sortKeys.length > 0 ? sortKeys : ['creation_time'];
    const sign = dir === 'asc' ? 1 : -1;
    list = [...list].sort((a, b) => {
      for (const key of keys) {
        const c = (SORT_KEYS[key]?.(a) ?? '').localeCompare(SORT_KEYS[key]?.(b) ?? '');
        if (c !== 0) return c * sign;
      }
      return a.id.localeCompare(b.id) * sign;
    });
    const count = list.length;
    // An unknown marker is ignored, as oslo.db's pagination does without a marker row.
    const marker = queryValue(request.query, 'marker');
    const index = marker === undefined ? -1 : list.findIndex((s) => s.id === marker);
    if (index >= 0) list = list.slice(index + 1);
    const limit = intQuery(request, 'limit');
    const answer: Json = {};
    if (limit !== undefined && list.length > limit) list = list.slice(0, limit);
    answer['stacks'] = list.map((s) => listView(ctx, request, s, admin));
    const last = list.at(-1);
    if (limit !== undefined && last && list.length === limit) {
      const query = new URLSearchParams(
        request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
      );
      query.delete('marker');
      query.append('marker', last.id);
      answer['links'] = [
        { rel: 'next', href: `${tenantBase(ctx, request, tenant)}/stacks?${query}` },
      ];
    }
    if (boolQuery(request, 'with_count')) answer['count'] = count;
    return answer;
  });

  app.post<{ Params: TenantParams }>('/stacks', async (request, reply) => {
    const tenant = request.params.tenant_id;
    enforce(request, 'stacks:create', tenant);
    const body = isObject(request.body) ? request.body : {};
    const name = checkName(body['stack_name']);
    const rawTemplate = await templateOfBody(body);
    const environment = environmentOfBody(body);
    const params = paramsOfBody(body, environment);
    const files = filesOfBody(body);
    const timeout = timeoutOf(body);
    const disableRollback = rollbackOf(body, true);
    if (col.where('name', name).some((s) => s.project_id === tenant && !isDeleted(s))) {
      throw heatError(409, 'StackExists', `The Stack (${name}) already exists.`);
    }
    const id = uuid();
    checkStack(rawTemplate, params, environment, files, {
      stackId: id,
      stackName: name,
      projectId: tenant,
    });
    const caller = callerOf(request);
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
      environment,
      files,
      timeout_mins: timeout,
      disable_rollback: disableRollback,
      tags: tagsOf(body),
      created_at: ctx.now().toISOString(),
      updated_at: null,
      deleted_at: null,
      stack_user_project_id: tenant,
      parent: null,
    };
    ctx.store.transaction(() => {
      col.insert(doc);
      beginCreate(ctx, doc);
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
    const name = checkName(body['stack_name']);
    const rawTemplate = await templateOfBody(body);
    const environment = environmentOfBody(body);
    const params = paramsOfBody(body, environment);
    const files = filesOfBody(body);
    const pseudo = { stackId: 'None', stackName: name, projectId: tenant };
    const loaded = checkStack(rawTemplate, params, environment, files, pseudo);
    const description = descriptionOf(rawTemplate);
    return {
      stack: {
        stack_name: name,
        id: 'None',
        links: [{ href: `${tenantBase(ctx, request, tenant)}/stacks/${name}/None`, rel: 'self' }],
        creation_time: heatTime(ctx.now().toISOString()),
        updated_time: null,
        deletion_time: null,
        notification_topics: [],
        parameters: Object.fromEntries(
          Object.entries(loaded.params).map(([k, v]) => [
            k,
            loaded.template.parameters[k]?.hidden ? '******' : paramText(v),
          ]),
        ),
        description,
        template_description: description,
        capabilities: [],
        disable_rollback: rollbackOf(body, true),
        timeout_mins: timeoutOf(body),
        stack_owner: callerOf(request).user.name,
        parent: null,
        stack_user_project_id: null,
        tags: tagsOf(body) ?? [],
        outputs: previewOutputs(loaded, files),
        resources: previewResources(loaded, files, name, tenant),
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
        message: `The resource was found at <a href="${location}">${location}</a>;\nyou should be redirected automatically.\n\n`,
        code: '302 Found',
        title: 'Found',
      });
  };
  for (const sub of ['', 'resources', 'events', 'outputs', 'template', 'environment', 'files']) {
    app.get<{ Params: TenantParams & { stack_name: string } }>(
      `/stacks/:stack_name${sub ? `/${sub}` : ''}`,
      async (request, reply) => lookup(request, reply, sub),
    );
  }

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', async (request) => {
    enforce(request, 'stacks:show', request.params.tenant_id);
    const s = stackOf(ctx, request, { deleted: true });
    const resolve = queryValue(request.query, 'resolve_outputs');
    return {
      stack: showView(
        ctx,
        request,
        s,
        resolve === undefined || boolQuery(request, 'resolve_outputs'),
      ),
    };
  });

  app.delete<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', async (request, reply) => {
    enforce(request, 'stacks:delete', request.params.tenant_id);
    const s = stackOf(ctx, request);
    if (!(s.action === 'DELETE' && s.status === 'IN_PROGRESS')) {
      ctx.store.transaction(() => startDelete(ctx, s));
    }
    return reply.code(204).send();
  });

  const update =
    (patch: boolean) =>
    async (
      request: FastifyRequest<{ Params: StackParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply> => {
      enforce(request, patch ? 'stacks:update_patch' : 'stacks:update', request.params.tenant_id);
      const s = stackOf(ctx, request);
      const body = isObject(request.body) ? request.body : {};
      const hasTemplate =
        (body['template'] !== undefined && body['template'] !== null) ||
        (body['template_url'] !== undefined && body['template_url'] !== null);
      const rawTemplate = hasTemplate || !patch ? await templateOfBody(body) : s.template;
      if (s.action === 'SUSPEND') {
        throw heatError(
          400,
          'NotSupported',
          'Updating a stack when it is suspended is not supported.',
        );
      }
      if (s.action === 'DELETE') {
        throw heatError(
          400,
          'NotSupported',
          'Updating a stack when it is deleting is not supported.',
        );
      }
      const given = environmentOfBody(body);
      const environment = patch
        ? {
            ...s.environment,
            ...given,
            parameter_defaults: {
              ...(isObject(s.environment['parameter_defaults'])
                ? s.environment['parameter_defaults']
                : {}),
              ...(isObject(given['parameter_defaults']) ? given['parameter_defaults'] : {}),
            },
          }
        : given;
      let params = patch
        ? { ...s.params, ...paramsOfBody(body, given) }
        : paramsOfBody(body, given);
      const cleared = body['clear_parameters'];
      if (patch && Array.isArray(cleared)) {
        params = Object.fromEntries(Object.entries(params).filter(([k]) => !cleared.includes(k)));
      }
      const files = { ...(patch ? s.files : {}), ...filesOfBody(body) };
      const loaded = checkStack(rawTemplate, params, environment, files, {
        stackId: s.id,
        stackName: s.name,
        projectId: s.project_id,
      });
      const before = loadStack(s);
      const immutable = immutableChanged(loaded.template.parameters, before.params, loaded.params);
      if (immutable) throw immutable;
      const next: StackDoc = {
        ...s,
        template: rawTemplate,
        params,
        environment,
        files,
        timeout_mins: body['timeout_mins'] !== undefined ? timeoutOf(body) : s.timeout_mins,
        disable_rollback: rollbackOf(body, s.disable_rollback),
        tags: body['tags'] !== undefined ? tagsOf(body) : s.tags,
        updated_at: ctx.now().toISOString(),
      };
      ctx.store.transaction(() => {
        col.put(next);
        beginUpdate(ctx, next, s);
      });
      return reply.code(202).send(ACCEPTED_BODY);
    };
  app.put<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', update(false));
  app.patch<{ Params: StackParams }>('/stacks/:stack_name/:stack_id', update(true));

  app.post<{ Params: StackParams }>(
    '/stacks/:stack_name/:stack_id/actions',
    async (request, reply) => {
      const body = isObject(request.body) ? request.body : {};
      const keys = Object.keys(body);
      const ACTIONS = ['suspend', 'resume', 'check', 'cancel_update', 'cancel_without_rollback'];
      if (keys.length === 0) throw badRequest('No action specified');
      if (keys.length > 1) throw badRequest('Multiple actions specified');
      const action = keys[0] ?? '';
      if (!ACTIONS.includes(action)) throw badRequest(`Invalid action ${action} specified`);
      enforce(request, `actions:${action}`, request.params.tenant_id);
      const s = stackOf(ctx, request);
      if (action === 'cancel_update' || action === 'cancel_without_rollback') {
        if (!(s.action === 'UPDATE' && s.status === 'IN_PROGRESS')) {
          throw heatError(
            400,
            'NotSupported',
            `Cancelling update when stack is ${stackStatus(s)} is not supported.`,
          );
        }
        ctx.store.transaction(() => cancelUpdate(ctx, s, action === 'cancel_update'));
        return reply.code(200).send();
      }
      const verb = action.toUpperCase() as 'SUSPEND' | 'RESUME' | 'CHECK';
      if (verb === 'CHECK' && s.status === 'IN_PROGRESS') {
        throw heatError(
          409,
          'ActionInProgress',
          `Stack ${s.name} already has an action (${s.action}) in progress.`,
        );
      }
      ctx.store.transaction(() => runSimpleAction(ctx, s, verb));
      return reply.code(200).send();
    },
  );

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/template', async (request) => {
    enforce(request, 'stacks:template', request.params.tenant_id);
    return stackOf(ctx, request, { deleted: true }).template;
  });

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/environment', async (request) => {
    enforce(request, 'stacks:environment', request.params.tenant_id);
    const s = stackOf(ctx, request, { deleted: true });
    return {
      resource_registry: { resources: {} },
      parameters: s.params,
      parameter_defaults: isObject(s.environment['parameter_defaults'])
        ? s.environment['parameter_defaults']
        : {},
      event_sinks: [],
      encrypted_param_names: [],
    };
  });

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/files', async (request) => {
    enforce(request, 'stacks:files', request.params.tenant_id);
    return stackOf(ctx, request, { deleted: true }).files;
  });

  // Zed's heat ships with enable_stack_abandon off: abandon and export are refused.
  const abandon = (rule: string) => async (request: FastifyRequest<{ Params: StackParams }>) => {
    enforce(request, rule, request.params.tenant_id);
    stackOf(ctx, request);
    throw heatError(400, 'NotSupported', 'Stack Abandon is not supported.');
  };
  app.delete<{ Params: StackParams }>(
    '/stacks/:stack_name/:stack_id/abandon',
    abandon('stacks:abandon'),
  );
  app.get<{ Params: StackParams }>(
    '/stacks/:stack_name/:stack_id/export',
    abandon('stacks:export'),
  );

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/snapshots', async (request) => {
    enforce(request, 'stacks:list_snapshots', request.params.tenant_id);
    stackOf(ctx, request);
    return { snapshots: [] };
  });

  app.get<{ Params: StackParams }>('/stacks/:stack_name/:stack_id/outputs', async (request) => {
    enforce(request, 'stacks:list_outputs', request.params.tenant_id);
    const s = stackOf(ctx, request);
    let outputs: Json[] = [];
    try {
      outputs = Object.entries(loadStack(s).template.outputs).map(([key, o]) => ({
        output_key: key,
        description: o.description,
      }));
    } catch {
      outputs = [];
    }
    return { outputs };
  });

  app.get<{ Params: StackParams & { output_key: string } }>(
    '/stacks/:stack_name/:stack_id/outputs/:output_key',
    async (request) => {
      enforce(request, 'stacks:show_output', request.params.tenant_id);
      const s = stackOf(ctx, request);
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
