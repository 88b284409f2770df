import { uuid } from '../../../core/ids';
import type { CloudContext } from '../../../core/service';
import {
  attributeOf,
  beginCreate,
  beginUpdate,
  followPath,
  loadWith,
  outputsOf,
  resourcesOf,
  startDelete,
  validateStack,
} from '../engine';
import { isObject, validationFailed } from '../http';
import type { Json } from '../http';
import { stacks } from '../model';
import type { ResourceDoc, StackDoc } from '../model';
import { pyStr } from '../py';
import { loadTemplate, parseTemplateText } from '../template';
import { pluginOf } from './registry';
import { ResourceFailure, shortId } from './types';
import type { CheckResult, CreateRequest, ResourcePlugin } from './types';

/**
 * Resource types backed by a stack of their own: OS::Heat::ResourceGroup and ResourceChain
 * (nested stacks: `parent` is the owning stack) and OS::Heat::Stack (an independent stack).
 */

const childOf = (ctx: CloudContext, r: ResourceDoc): StackDoc | undefined =>
  r.physical_resource_id ? ctx.store.collection(stacks).get(r.physical_resource_id) : undefined;

interface ChildSpec {
  readonly template: Json;
  readonly params?: Json;
  readonly nested: boolean;
  readonly timeoutMins?: number | null;
}

/** Creates and starts the stack that implements resource `request.name`. */
const createChild = (ctx: CloudContext, request: CreateRequest, spec: ChildSpec): StackDoc => {
  const parent = request.stack;
  const doc: StackDoc = {
    id: uuid(),
    name: `${parent.name}-${request.name}-${shortId()}`,
    project_id: parent.project_id,
    user_id: parent.user_id,
    username: parent.username,
    action: 'INIT',
    status: 'COMPLETE',
    status_reason: '',
    template: spec.template,
    params: spec.params ?? {},
    environment: spec.nested ? parent.environment : {},
    files: parent.files,
    timeout_mins: spec.timeoutMins ?? null,
    disable_rollback: true,
    tags: null,
    created_at: ctx.now().toISOString(),
    updated_at: null,
    deleted_at: null,
    stack_user_project_id: parent.stack_user_project_id,
    parent: spec.nested ? parent.id : null,
    parent_resource: spec.nested ? request.name : null,
  };
  ctx.store.collection(stacks).insert(doc);
  return beginCreate(ctx, doc);
};

/** Restarts the child with a new definition (an in-place update of the owning resource). */
const updateChild = (
  ctx: CloudContext,
  r: ResourceDoc,
  template: Json,
  params: Json = {},
): void => {
  const child = childOf(ctx, r);
  if (!child)
    throw new ResourceFailure(
      'NotFound',
      `The Stack (${r.physical_resource_id}) could not be found.`,
    );
  const next: StackDoc = { ...child, template, params, updated_at: ctx.now().toISOString() };
  ctx.store.collection(stacks).put(next);
  beginUpdate(ctx, next, child);
};

/** The reason a failed child gives its owning resource: the child's first failed resource. */
const childFailure = (ctx: CloudContext, child: StackDoc): CheckResult => {
  const failed = resourcesOf(ctx, child.id).find((x) => x.status === 'FAILED');
  return { reason: failed?.status_reason ?? child.status_reason };
};

const waitFor =
  (action: 'CREATE' | 'UPDATE') =>
  (ctx: CloudContext, r: ResourceDoc): CheckResult => {
    const child = childOf(ctx, r);
    if (!child) return `The Stack (${r.physical_resource_id}) could not be found.`;
    if (child.status === 'IN_PROGRESS') return false;
    if (child.action === action && child.status === 'COMPLETE') return true;
    return childFailure(ctx, child);
  };

const deleteChild = (ctx: CloudContext, r: ResourceDoc): void => {
  const child = childOf(ctx, r);
  if (child && !(child.action === 'DELETE' && child.status !== 'FAILED')) startDelete(ctx, child);
};

const childGone = (ctx: CloudContext, r: ResourceDoc): boolean => {
  const child = childOf(ctx, r);
  return !child || (child.action === 'DELETE' && child.status === 'COMPLETE');
};

/** The member resources of a group's child, in index order. */
const members = (ctx: CloudContext, r: ResourceDoc): ResourceDoc[] => {
  const child = childOf(ctx, r);
  if (!child) return [];
  return resourcesOf(ctx, child.id).sort((a, b) => Number(a.name) - Number(b.name));
};

/** get_attr of a group: refs, refs_map, attributes, resource.<n>[.<attr>], or a member attribute as a list. */
const groupAttribute = (
  ctx: CloudContext,
  r: ResourceDoc,
  attr: string,
  path: readonly unknown[],
): unknown => {
  const list = members(ctx, r);
  switch (attr) {
    case 'refs':
      return followPath(
        list.map((m) => m.physical_resource_id || null),
        path,
      );
    case 'refs_map':
      return followPath(
        Object.fromEntries(list.map((m) => [m.name, m.physical_resource_id || null])),
        path,
      );
    case 'removed_rsrc_list':
      return followPath([], path);
    case 'attributes': {
      const [name, ...rest] = path;
      if (name === undefined) return null;
      return Object.fromEntries(list.map((m) => [m.name, attributeOf(ctx, m, pyStr(name), rest)]));
    }
    case 'show':
      return null;
    default:
      break;
  }
  const member = /^resource\.([^.]+)(?:\.(.+))?$/.exec(attr);
  if (member) {
    const m = list.find((x) => x.name === member[1]);
    if (!m) return null;
    return member[2] === undefined
      ? followPath(m.physical_resource_id || null, path)
      : attributeOf(ctx, m, member[2], path);
  }
  return list.map((m) => attributeOf(ctx, m, attr, path));
};

/** Replaces the index variable in every string of a member definition. */
const withIndex = (value: unknown, variable: string, index: string): unknown => {
  if (typeof value === 'string') return value.split(variable).join(index);
  if (Array.isArray(value)) return value.map((v) => withIndex(v, variable, index));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withIndex(v, variable, index)]),
    );
  }
  return value;
};

/** The outputs heat gives a group's nested template: refs and refs_map, and each member attribute. */
const groupOutputs = (count: number, type: string): Json => {
  const names = Array.from({ length: count }, (_, i) => String(i));
  return {
    refs: { value: names.map((n) => ({ get_resource: n })) },
    refs_map: { value: Object.fromEntries(names.map((n) => [n, { get_resource: n }])) },
    ...(type === 'OS::Heat::Value'
      ? { value: { value: names.map((n) => ({ get_attr: [n, 'value'] })) } }
      : {}),
  };
};

const groupTemplate = (p: Json): Json => {
  const def = isObject(p['resource_def']) ? p['resource_def'] : {};
  const type = pyStr(def['type']);
  const count = Number(p['count'] ?? 1);
  const variable = typeof p['index_var'] === 'string' ? p['index_var'] : '%index%';
  const resources: Json = {};
  for (let i = 0; i < count; i++) {
    resources[String(i)] = {
      type,
      ...(isObject(def['properties'])
        ? { properties: withIndex(def['properties'], variable, String(i)) }
        : {}),
      ...(isObject(def['metadata'])
        ? { metadata: withIndex(def['metadata'], variable, String(i)) }
        : {}),
    };
  }
  return { heat_template_version: '2015-04-30', resources, outputs: groupOutputs(count, type) };
};

const checkMemberType = (name: string, type: string): void => {
  if (!pluginOf(type)) {
    throw validationFailed({
      error: 'Property error',
      path: `resources.${name}.properties.resource_def`,
      message: `The Resource Type (${type}) could not be found.`,
    });
  }
};

/** What every stack-backed type shares: it waits on its child, and deletes it with itself. */
const childBacked = {
  checkCreate: waitFor('CREATE'),
  checkUpdate: waitFor('UPDATE'),
  delete: deleteChild,
  checkDelete: childGone,
  deleteWaitMs: () => 400,
} satisfies Partial<ResourcePlugin>;

/** A group-like type: a nested stack built from the properties by `template`. */
const groupLike = (template: (p: Json) => Json) =>
  ({
    ...childBacked,
    nested: true,
    anyAttribute: true,
    create: (ctx, request) => {
      const child = createChild(ctx, request, {
        template: template(request.properties),
        nested: true,
      });
      return { physicalId: child.id, attributes: {} };
    },
    update: (ctx, request) => {
      updateChild(ctx, request.resource, template(request.properties));
      return undefined;
    },
    resolveAttribute: groupAttribute,
  }) satisfies Partial<ResourcePlugin>;

const resourceGroup: ResourcePlugin = {
  ...groupLike(groupTemplate),
  validate: (name, p) => {
    const def = isObject(p['resource_def']) ? p['resource_def'] : {};
    checkMemberType(name, pyStr(def['type']));
  },
  shownAttributes: () => ({ refs_map: null, refs: null, removed_rsrc_list: [], attributes: null }),
  previewMembers: (p) => {
    const template = groupTemplate(p);
    const resources = isObject(template['resources']) ? template['resources'] : {};
    return Object.entries(resources).map(([name, def]) => ({
      name,
      type: isObject(def) ? pyStr(def['type']) : '',
      properties: isObject(def) && isObject(def['properties']) ? def['properties'] : {},
    }));
  },
};

const chainTemplate = (p: Json): Json => {
  const types = Array.isArray(p['resources']) ? p['resources'].map(pyStr) : [];
  const properties = isObject(p['resource_properties']) ? p['resource_properties'] : undefined;
  const resources: Json = {};
  types.forEach((type, i) => {
    resources[String(i)] = {
      type,
      ...(properties ? { properties } : {}),
      ...(i > 0 && p['concurrent'] !== true ? { depends_on: [String(i - 1)] } : {}),
    };
  });
  return {
    heat_template_version: '2015-04-30',
    resources,
    outputs: {
      refs: { value: types.map((_, i) => ({ get_resource: String(i) })) },
    },
  };
};

const resourceChain: ResourcePlugin = {
  ...groupLike(chainTemplate),
  validate: (name, p) => {
    for (const type of Array.isArray(p['resources']) ? p['resources'] : []) {
      checkMemberType(name, pyStr(type));
    }
  },
  shownAttributes: () => ({ refs: null, attributes: null }),
};

/** OS::Heat::Stack's template: a string (YAML or JSON) heat parses as a template of its own. */
const remoteTemplate = (p: Json): Json => parseTemplateText(p['template']);

const remoteStack: ResourcePlugin = {
  ...childBacked,
  validate: (name, p) => {
    const template = loadTemplate(remoteTemplate(p));
    const loaded = loadWith(
      template,
      isObject(p['parameters']) ? p['parameters'] : {},
      {},
      {},
      {
        stackId: 'None',
        stackName: name,
        projectId: '',
      },
    );
    validateStack(loaded, {});
  },
  create: (ctx, request) => {
    const p = request.properties;
    const child = createChild(ctx, request, {
      template: remoteTemplate(p),
      params: isObject(p['parameters']) ? p['parameters'] : {},
      nested: false,
      timeoutMins: typeof p['timeout'] === 'number' ? p['timeout'] : null,
    });
    return { physicalId: child.id, attributes: { stack_name: child.name } };
  },
  update: (ctx, request) => {
    const p = request.properties;
    updateChild(
      ctx,
      request.resource,
      remoteTemplate(p),
      isObject(p['parameters']) ? p['parameters'] : {},
    );
    return undefined;
  },
  liveAttributes: (ctx, r) => {
    const child = childOf(ctx, r);
    if (!child) return {};
    return {
      stack_name: child.name,
      outputs: Object.fromEntries(
        outputsOf(ctx, child).map((o) => [o['output_key'], o['output_value']]),
      ),
    };
  },
};

export const NESTED_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Heat::ResourceChain': resourceChain,
  'OS::Heat::ResourceGroup': resourceGroup,
  'OS::Heat::Stack': remoteStack,
};
