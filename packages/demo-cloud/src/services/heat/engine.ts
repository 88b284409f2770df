import { Fault } from '../../core/faults';
import { uuid } from '../../core/ids';
import { cancelScheduled, registerTransitionHandler, schedule } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { checkConditionShape, evaluate, evaluateCondition, FunctionError } from './functions';
import type { Scope } from './functions';
import { heatError, HeatFault, isObject, validationFailed } from './http';
import type { Json } from './http';
import { stackEvents, stackResources, stacks } from './model';
import type { HeatAction, HeatStatus, ReplacedResource, ResourceDoc, StackDoc } from './model';
import { lenientParameters, resolveParameters } from './parameters';
import { changedProperties, checkProperties, updatableInPlace } from './properties';
import { pluginOf } from './plugins/registry';
import { physicalName, ResourceFailure } from './plugins/types';
import { checkTemplate, loadTemplate } from './template';
import type { ResourceDef, Template } from './template';

/**
 * The stack engine. A create, update or rollback is a traversal: resources are created,
 * updated in place or replaced in dependency order, one scheduled step (core/lifecycle.ts) at a
 * time, so a poll sees the IN_PROGRESS phases; a delete removes them dependents first.
 */

export const STACK_WORK = 'heat.stack';
const ACTION_WORK = 'heat.stack-action';
/** Nominal time of one engine step (ms), scaled by lifecycleScale. */
export const STEP_MS = 400;

type Op = 'traverse' | 'delete';

export const resourceKey = (stackId: string, name: string): string => `${stackId}/${name}`;

export const resourcesOf = (ctx: CloudContext, stackId: string): ResourceDoc[] =>
  ctx.store.collection(stackResources).where('stack_id', stackId);

export const childStacksOf = (ctx: CloudContext, stackId: string): StackDoc[] =>
  ctx.store.collection(stacks).where('parent', stackId);

/** The id events and views show for a resource: its physical id, else its physical name. */
export const shownPhysicalId = (r: {
  physical_resource_id: string;
  physical_name?: string;
}): string => r.physical_resource_id || r.physical_name || '';

export const recordEvent = (
  ctx: CloudContext,
  stack: StackDoc,
  subject: { name: string; physicalId: string; type: string; properties?: Json },
  action: HeatAction,
  status: HeatStatus,
  reason: string,
): void => {
  ctx.store.collection(stackEvents).insert({
    id: uuid(),
    seq: ctx.store.nextSequence('heat_events'),
    stack_id: stack.id,
    resource_name: subject.name,
    logical_resource_id: subject.name,
    physical_resource_id: subject.physicalId,
    resource_type: subject.type,
    resource_action: action,
    resource_status: status,
    resource_status_reason: reason,
    event_time: ctx.now().toISOString().slice(0, 19),
    resource_properties: subject.properties ?? {},
  });
};

const setStack = (
  ctx: CloudContext,
  stack: StackDoc,
  action: HeatAction,
  status: HeatStatus,
  reason: string,
  extra: Partial<StackDoc> = {},
): StackDoc => {
  const next: StackDoc = { ...stack, ...extra, action, status, status_reason: reason };
  ctx.store.collection(stacks).put(next);
  recordEvent(
    ctx,
    next,
    { name: next.name, physicalId: next.id, type: 'OS::Heat::Stack' },
    action,
    status,
    reason,
  );
  return next;
};

const setResource = (
  ctx: CloudContext,
  stack: StackDoc,
  r: ResourceDoc,
  action: HeatAction,
  status: HeatStatus,
  reason: string,
  extra: Partial<ResourceDoc> = {},
): ResourceDoc => {
  const next: ResourceDoc = {
    ...r,
    ...extra,
    action,
    status,
    status_reason: reason,
    updated_at: ctx.now().toISOString(),
  };
  ctx.store.collection(stackResources).put(next);
  recordEvent(
    ctx,
    stack,
    { name: r.name, physicalId: shownPhysicalId(next), type: r.type, properties: next.properties },
    action,
    status,
    reason,
  );
  return next;
};

/** How heat names a resource in reasons: `resources.<name>`, inside a group `resources.<group>.resources[<name>]`. */
export const resourcePath = (stack: StackDoc, name: string): string =>
  stack.parent_resource
    ? `resources.${stack.parent_resource}.resources[${name}]`
    : `resources.${name}`;

/** heat's `<Exception>: resources.<name>: <message>` reason of a failed resource. */
export const failureReason = (path: string, error: unknown): string => {
  let kind = 'Error';
  if (error instanceof ResourceFailure) kind = error.kind;
  else if (error instanceof HeatFault) kind = error.type;
  else if (error instanceof Fault) {
    if (error.status === 404) kind = 'NotFound';
    else if (error.status === 409) kind = 'Conflict';
    else if (error.status === 400) kind = 'BadRequest';
    else if (error.status === 403) kind = 'Forbidden';
    else if (error.status === 413) kind = 'OverLimit';
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${kind}: ${path}: ${message}`;
};

/** A stack's template, its parameter values and which resources' conditions hold. */
export interface LoadedStack {
  readonly template: Template;
  readonly params: Record<string, unknown>;
  readonly enabled: ReadonlySet<string>;
  readonly conditions: (name: string) => boolean;
}

const parameterDefaults = (environment: Json): Json =>
  isObject(environment['parameter_defaults']) ? environment['parameter_defaults'] : {};

/** A condition evaluator over a template's `conditions`, memoized, heat's errors. */
const conditionsOf = (
  template: Template,
  params: Record<string, unknown>,
  files: Record<string, string>,
): ((name: string) => boolean) => {
  const known = new Map<string, boolean>();
  const visiting = new Set<string>();
  const scope: Scope = {
    version: template.version,
    params,
    files,
    resourceRef: () => undefined,
    attribute: () => null,
    condition: (name) => {
      const cached = known.get(name);
      if (cached !== undefined) return cached;
      if (!(name in template.conditions) || visiting.has(name)) {
        throw validationFailed({ message: `Invalid condition "${name}"` });
      }
      visiting.add(name);
      try {
        const value = evaluateCondition(template.conditions[name], scope);
        known.set(name, value);
        return value;
      } catch (error) {
        if (error instanceof FunctionError) {
          if (error.message.startsWith('The Parameter (')) {
            throw heatError(400, 'UserParameterMissing', error.message);
          }
          throw validationFailed({ path: `conditions.${name}`, message: error.message });
        }
        throw error;
      } finally {
        visiting.delete(name);
      }
    },
  };
  return (name) => scope.condition(name);
};

/** Whether a resource's `condition` key (name, boolean or inline condition) holds. */
const conditionHolds = (
  r: ResourceDef,
  template: Template,
  params: Record<string, unknown>,
  conditions: (name: string) => boolean,
): boolean => {
  const condition = r.condition;
  if (condition === undefined) return true;
  if (typeof condition === 'string' && !(condition in template.conditions)) {
    throw validationFailed({
      path: `resources.${r.name}.condition`,
      message: `Invalid condition "${condition}"`,
    });
  }
  return evaluateCondition(condition, {
    version: template.version,
    params,
    files: {},
    resourceRef: () => undefined,
    attribute: () => null,
    condition: conditions,
  });
};

/**
 * Loads a template with parameter values (given ones over environment defaults), checked as on
 * create; `lenient` (POST /validate) checks none.
 */
export const loadWith = (
  template: Template,
  given: Json,
  environment: Json,
  files: Record<string, string>,
  pseudo: { stackId: string; stackName: string; projectId: string },
  { lenient = false }: { lenient?: boolean } = {},
): LoadedStack => {
  for (const [name, def] of Object.entries(template.conditions)) {
    checkConditionShape(name, def, template.version);
  }
  const resolve = lenient ? lenientParameters : resolveParameters;
  const params = resolve(template.parameters, given, parameterDefaults(environment), pseudo);
  const conditions = conditionsOf(template, params, files);
  const enabled = new Set(
    template.resources
      .filter((r) => conditionHolds(r, template, params, conditions))
      .map((r) => r.name),
  );
  return { template, params, enabled, conditions };
};

export const loadStack = (stack: StackDoc): LoadedStack =>
  loadWith(loadTemplate(stack.template), stack.params, stack.environment, stack.files, {
    stackId: stack.id,
    stackName: stack.name,
    projectId: stack.project_id,
  });

/** A get_attr path into a value (null where it leads nowhere). */
export const followPath = (value: unknown, path: readonly unknown[]): unknown => {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[String(key)];
    else return null;
    if (current === undefined) return null;
  }
  return current ?? null;
};

/** A resource's attribute as get_attr reads it, path applied (null until it exists). */
export const attributeOf = (
  ctx: CloudContext,
  r: ResourceDoc,
  attr: string | undefined,
  path: readonly unknown[] = [],
): unknown => {
  const plugin = pluginOf(r.type);
  if (r.action === 'INIT' || (!r.physical_resource_id && r.status !== 'COMPLETE')) return null;
  if (attr !== undefined && plugin?.resolveAttribute) {
    return plugin.resolveAttribute(ctx, r, attr, path);
  }
  const live =
    plugin?.liveAttributes && r.physical_resource_id ? plugin.liveAttributes(ctx, r) : {};
  const values: Json = { ...r.attributes, ...live };
  if (attr === undefined) {
    const { show: _show, ...rest } = values;
    return rest;
  }
  return followPath(values[attr] ?? null, path);
};

/** Intrinsic functions' view of a stack's current resources. */
export const scopeOf = (
  ctx: CloudContext,
  stack: StackDoc,
  loaded: LoadedStack,
  resources: readonly ResourceDoc[] = resourcesOf(ctx, stack.id),
): Scope => {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return {
    version: loaded.template.version,
    params: loaded.params,
    files: stack.files,
    resourceRef: (name) => {
      const r = byName.get(name);
      if (!r) return undefined;
      return r.physical_resource_id || name;
    },
    attribute: (name, attr, path) => {
      const r = byName.get(name);
      return r ? attributeOf(ctx, r, attr, path) : null;
    },
    condition: loaded.conditions,
  };
};

/** The scope heat validates properties in: no resource exists yet. */
export const validationScope = (loaded: LoadedStack, files: Record<string, string>): Scope => ({
  version: loaded.template.version,
  params: loaded.params,
  files,
  resourceRef: (name) => name,
  attribute: () => null,
  condition: loaded.conditions,
});

/** A resource's properties evaluated and checked against its type (heat's Property errors). */
export const resolveProperties = (def: ResourceDef, scope: Scope): Json => {
  const plugin = pluginOf(def.type);
  // OS::Heat::None takes any property and never reads one.
  if (plugin?.anyProperty) return {};
  const evaluated: Json = {};
  for (const [key, value] of Object.entries(def.properties)) {
    try {
      evaluated[key] = evaluate(value, scope);
    } catch (error) {
      if (error instanceof FunctionError) {
        throw validationFailed({
          error: 'Property error',
          path: `resources.${def.name}.properties.${key}`,
          message: error.message,
        });
      }
      throw error;
    }
  }
  const checked = checkProperties(def.name, def.type, evaluated);
  plugin?.validate?.(def.name, checked);
  return checked;
};

/**
 * Validates a template with its parameters as heat's engine does before creating anything;
 * `structureOnly` (POST /validate) leaves property values unchecked.
 */
export const validateStack = (
  loaded: LoadedStack,
  files: Record<string, string>,
  { structureOnly = false }: { structureOnly?: boolean } = {},
): void => {
  const { template } = loaded;
  checkTemplate(template, (r) => loaded.enabled.has(r.name));
  if (structureOnly) return;
  const scope = validationScope(loaded, files);
  for (const def of template.resources) {
    if (loaded.enabled.has(def.name) && def.externalId === undefined) resolveProperties(def, scope);
  }
};

const templateResources = (loaded: LoadedStack): ResourceDef[] =>
  loaded.template.resources.filter((d) => loaded.enabled.has(d.name));

const requiresOf = (def: ResourceDef, loaded: LoadedStack): string[] =>
  def.requires.filter((n) => loaded.enabled.has(n));

/** Resources of a template not yet in the stack, as INIT_COMPLETE rows. */
const insertNewResources = (ctx: CloudContext, stack: StackDoc, loaded: LoadedStack): void => {
  const col = ctx.store.collection(stackResources);
  const now = ctx.now().toISOString();
  for (const def of templateResources(loaded)) {
    const id = resourceKey(stack.id, def.name);
    const existing = col.get(id);
    if (existing) {
      col.put({ ...existing, requires: requiresOf(def, loaded) });
      continue;
    }
    col.insert({
      id,
      uuid: uuid(),
      stack_id: stack.id,
      name: def.name,
      type: def.type,
      action: 'INIT',
      status: 'COMPLETE',
      status_reason: '',
      physical_resource_id: '',
      physical_name: physicalName(stack.name, def.name),
      requires: requiresOf(def, loaded),
      properties: {},
      attributes: {},
      metadata: def.metadata,
      created_seq: 0,
      created_at: now,
      updated_at: null,
    });
  }
};

const scheduleStep = (ctx: CloudContext, stackId: string, op: Op, afterMs = STEP_MS): void => {
  schedule(ctx, { kind: STACK_WORK, id: stackId, afterMs, payload: { op } });
};

const startCreate = (
  ctx: CloudContext,
  stack: StackDoc,
  r: ResourceDoc,
  def: ResourceDef,
  scope: Scope,
  traversal: string,
): number => {
  const plugin = pluginOf(r.type);
  const name = r.physical_name ?? physicalName(stack.name, r.name);
  const started = setResource(ctx, stack, r, 'CREATE', 'IN_PROGRESS', 'state changed', {
    physical_name: name,
    physical_resource_id: '',
    traversal,
    created_at: ctx.now().toISOString(),
  });
  try {
    if (!plugin) throw new Error(`The Resource Type (${r.type}) could not be found.`);
    if (def.externalId !== undefined) {
      ctx.store.collection(stackResources).put({
        ...started,
        physical_resource_id: def.externalId,
        external: true,
        created_seq: ctx.store.nextSequence('heat_resource_created'),
      });
      return 0;
    }
    const properties = resolveProperties(def, scope);
    const created = plugin.create(ctx, { stack, name: r.name, physicalName: name, properties });
    ctx.store.collection(stackResources).put({
      ...started,
      properties,
      physical_resource_id: created.physicalId,
      attributes: created.attributes,
      retain: def.deletionPolicy.toLowerCase() === 'retain',
      created_seq: ctx.store.nextSequence('heat_resource_created'),
    });
    return created.waitMs ?? 0;
  } catch (error) {
    setResource(ctx, stack, started, 'CREATE', 'FAILED', reasonOf(stack, r.name, error));
    return 0;
  }
};

/** A validation failure keeps heat's own text; anything else is `<Kind>: resources.<name>: ...`. */
const reasonOf = (stack: StackDoc, name: string, error: unknown): string =>
  error instanceof HeatFault && error.type === 'StackValidationFailed'
    ? `StackValidationFailed: ${resourcePath(stack, name)}: ${error.message}`
    : failureReason(resourcePath(stack, name), error);

/** Updates a created resource to its new definition: nothing, in place, or by replacement. */
const startUpdate = (
  ctx: CloudContext,
  stack: StackDoc,
  r: ResourceDoc,
  def: ResourceDef,
  scope: Scope,
  traversal: string,
): number => {
  const plugin = pluginOf(def.type);
  let properties: Json;
  try {
    properties = def.externalId !== undefined ? r.properties : resolveProperties(def, scope);
  } catch (error) {
    setResource(ctx, stack, r, 'UPDATE', 'FAILED', reasonOf(stack, r.name, error), { traversal });
    return 0;
  }
  const col = ctx.store.collection(stackResources);
  const failedBefore = r.status === 'FAILED' || r.action === 'DELETE';
  const changed = changedProperties(r.properties, properties);
  const replace =
    failedBefore ||
    def.type !== r.type ||
    !updatableInPlace(def.type, changed) ||
    plugin?.replaceOn?.(r.properties, properties) === true;
  if (!replace && changed.length === 0) {
    col.put({ ...r, traversal, requires: r.requires });
    return 0;
  }
  if (!replace) {
    const started = setResource(ctx, stack, r, 'UPDATE', 'IN_PROGRESS', 'state changed', {
      traversal,
    });
    try {
      const updated = plugin?.update?.(ctx, { stack, resource: started, properties, changed });
      col.put({
        ...started,
        properties,
        attributes: { ...started.attributes, ...updated?.attributes },
      });
      return updated?.waitMs ?? 0;
    } catch (error) {
      setResource(ctx, stack, started, 'UPDATE', 'FAILED', reasonOf(stack, r.name, error));
      return 0;
    }
  }
  if (r.physical_resource_id && !failedBefore) {
    const marked = setResource(ctx, stack, r, 'UPDATE', 'IN_PROGRESS', 'state changed');
    setResource(
      ctx,
      stack,
      marked,
      'UPDATE',
      'COMPLETE',
      `The Resource ${r.name} requires replacement.`,
    );
  }
  const old: ReplacedResource | undefined =
    r.physical_resource_id && !r.external
      ? {
          physical_resource_id: r.physical_resource_id,
          physical_name: r.physical_name ?? '',
          properties: r.properties,
          attributes: r.attributes,
        }
      : undefined;
  const fresh: ResourceDoc = {
    ...(col.get(r.id) ?? r),
    uuid: uuid(),
    type: def.type,
    physical_name: physicalName(stack.name, r.name),
    physical_resource_id: '',
    external: false,
    properties: {},
    attributes: {},
    replaced: [...(r.replaced ?? []), ...(old ? [old] : [])],
  };
  col.put(fresh);
  return startCreate(ctx, stack, fresh, def, scope, traversal);
};

/** Deletes one resource's upstream object now (events included); false when it failed. */
const deleteNow = (
  ctx: CloudContext,
  stack: StackDoc,
  r: ResourceDoc,
  phys: {
    physical_resource_id: string;
    physical_name?: string;
    properties: Json;
    attributes: Json;
  },
): string | undefined => {
  const doc: ResourceDoc = { ...r, ...phys };
  setResource(ctx, stack, doc, 'DELETE', 'IN_PROGRESS', 'state changed');
  try {
    if (phys.physical_resource_id && !r.external && !r.retain) pluginOf(r.type)?.delete(ctx, doc);
  } catch (error) {
    const reason = failureReason(resourcePath(stack, r.name), error);
    setResource(ctx, stack, doc, 'DELETE', 'FAILED', reason);
    return reason;
  }
  recordEvent(
    ctx,
    stack,
    { name: r.name, physicalId: shownPhysicalId(doc), type: r.type, properties: doc.properties },
    'DELETE',
    'COMPLETE',
    'state changed',
  );
  return undefined;
};

const timedOut = (ctx: CloudContext, stack: StackDoc): boolean => {
  if (stack.timeout_mins === null || stack.timeout_mins <= 0) return false;
  const started = Date.parse(stack.updated_at ?? stack.created_at);
  return ctx.now().getTime() - started > stack.timeout_mins * 60_000;
};

/** Polls resources whose create or update was started in an earlier step. */
const pollInProgress = (ctx: CloudContext, stack: StackDoc, force: boolean): void => {
  for (const r of resourcesOf(ctx, stack.id)) {
    if (r.status !== 'IN_PROGRESS' || (r.action !== 'CREATE' && r.action !== 'UPDATE')) continue;
    const plugin = pluginOf(r.type);
    const check =
      r.action === 'CREATE'
        ? r.external
          ? true
          : (plugin?.checkCreate?.(ctx, r) ?? true)
        : (plugin?.checkUpdate?.(ctx, r) ?? true);
    if (check === true || (force && check === false)) {
      setResource(ctx, stack, r, r.action, 'COMPLETE', 'state changed');
    } else if (typeof check === 'string') {
      setResource(
        ctx,
        stack,
        r,
        r.action,
        'FAILED',
        failureReason(resourcePath(stack, r.name), new Error(check)),
      );
    } else if (typeof check === 'object') {
      setResource(ctx, stack, r, r.action, 'FAILED', check.reason);
    }
  }
};

/** One step of a create, update or rollback traversal. */
const traverseStep = (ctx: CloudContext, stack: StackDoc, force = false): void => {
  const action = stack.action;
  let loaded: LoadedStack;
  try {
    loaded = loadStack(stack);
  } catch (error) {
    setStack(ctx, stack, action, 'FAILED', error instanceof Error ? error.message : String(error));
    return;
  }
  const traversal = stack.traversal ?? '';
  if (!force && timedOut(ctx, stack)) {
    for (const r of resourcesOf(ctx, stack.id)) {
      if (r.status === 'IN_PROGRESS') {
        setResource(
          ctx,
          stack,
          r,
          r.action,
          'FAILED',
          `${r.action} aborted (Task ${r.action.toLowerCase()} from Stack timed out)`,
        );
      }
    }
    finishFailed(ctx, stack, `${action.charAt(0)}${action.slice(1).toLowerCase()} timed out`);
    return;
  }
  pollInProgress(ctx, stack, force);
  let all = resourcesOf(ctx, stack.id);
  const inThisPass = (r: ResourceDoc): boolean => r.traversal === traversal;
  const done = (r: ResourceDoc): boolean => inThisPass(r) && r.status === 'COMPLETE';
  let failure = all.find((r) => inThisPass(r) && r.status === 'FAILED');
  let waitMs = 0;
  if (!failure) {
    const byName = new Map(all.map((r) => [r.name, r]));
    for (const def of templateResources(loaded)) {
      const r = byName.get(def.name);
      if (!r || done(r) || (inThisPass(r) && r.status === 'IN_PROGRESS')) continue;
      if (r.status === 'IN_PROGRESS') continue;
      const ready = requiresOf(def, loaded).every((n) => {
        const dep = byName.get(n);
        return dep !== undefined && done(dep);
      });
      if (!ready) continue;
      const scope = scopeOf(ctx, stack, loaded, all);
      const started =
        r.action === 'INIT'
          ? startCreate(ctx, stack, r, def, scope, traversal)
          : startUpdate(ctx, stack, r, def, scope, traversal);
      waitMs = Math.max(waitMs, started);
      all = resourcesOf(ctx, stack.id);
      byName.set(def.name, all.find((x) => x.name === def.name) ?? r);
    }
    failure = all.find((r) => inThisPass(r) && r.status === 'FAILED');
  }
  if (failure) {
    if (all.some((r) => inThisPass(r) && r.status === 'IN_PROGRESS')) {
      scheduleStep(ctx, stack.id, 'traverse');
      return;
    }
    finishFailed(ctx, stack, `Resource ${failure.action} failed: ${failure.status_reason}`);
    return;
  }
  const pending = templateResources(loaded).some((def) => {
    const r = all.find((x) => x.name === def.name);
    return !r || !done(r);
  });
  if (pending) {
    scheduleStep(ctx, stack.id, 'traverse', STEP_MS + waitMs);
    return;
  }
  // Every resource is in place: remove what replacements left behind, then the stack is done.
  for (const r of all) {
    for (const old of r.replaced ?? []) deleteNow(ctx, stack, r, old);
    if (r.replaced?.length) ctx.store.collection(stackResources).put({ ...r, replaced: [] });
  }
  const reason =
    action === 'ROLLBACK'
      ? 'Stack ROLLBACK completed successfully'
      : `Stack ${action} completed successfully`;
  setStack(ctx, stack, action, 'COMPLETE', reason, { previous: null });
};

/** A failed create or update: FAILED, then a rollback unless disable_rollback. */
const finishFailed = (ctx: CloudContext, stack: StackDoc, reason: string): void => {
  const failed = setStack(ctx, stack, stack.action, 'FAILED', reason);
  if (stack.disable_rollback || stack.parent) return;
  if (stack.action === 'CREATE') {
    // A rollback of a create deletes (no traversal): settleNow tells the two apart by this.
    setStack(ctx, failed, 'ROLLBACK', 'IN_PROGRESS', 'Stack ROLLBACK started', {
      traversal: undefined,
    });
    scheduleStep(ctx, stack.id, 'delete');
  } else if (stack.action === 'UPDATE' && stack.previous) {
    rollbackUpdate(ctx, failed);
  }
};

/** Goes back to the template before the update (cancel_update, or a failed update). */
const rollbackUpdate = (ctx: CloudContext, stack: StackDoc): void => {
  const previous = stack.previous;
  if (!previous) return;
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  const restored = setStack(ctx, stack, 'ROLLBACK', 'IN_PROGRESS', 'Stack ROLLBACK started', {
    template: previous.template,
    params: previous.params,
    environment: previous.environment,
    files: previous.files,
    previous: null,
    traversal: uuid(),
  });
  beginTraversal(ctx, restored);
};

/** Removes what a traversal no longer wants (absent from the template, or its condition false). */
const removeUnwanted = (ctx: CloudContext, stack: StackDoc, loaded: LoadedStack): void => {
  const removed = resourcesOf(ctx, stack.id)
    .filter(
      (r) =>
        !loaded.enabled.has(r.name) || !loaded.template.resources.some((d) => d.name === r.name),
    )
    .sort((a, b) => b.created_seq - a.created_seq);
  for (const r of removed) {
    if (r.action !== 'INIT' && (r.physical_resource_id || r.status === 'FAILED')) {
      deleteNow(ctx, stack, r, r);
    }
    for (const old of r.replaced ?? []) deleteNow(ctx, stack, r, old);
    ctx.store.collection(stackResources).delete(r.id);
  }
};

const beginTraversal = (ctx: CloudContext, stack: StackDoc): void => {
  const loaded = loadStack(stack);
  removeUnwanted(ctx, stack, loaded);
  insertNewResources(ctx, stack, loaded);
  scheduleStep(ctx, stack.id, 'traverse', 0);
};

/** One step of a delete (or of the rollback of a failed create): dependents first. */
const deleteStep = (ctx: CloudContext, stack: StackDoc): void => {
  const action = stack.action;
  const col = ctx.store.collection(stackResources);
  let all = resourcesOf(ctx, stack.id);
  for (const r of all) {
    if (r.action !== 'DELETE' || r.status !== 'IN_PROGRESS') continue;
    const plugin = pluginOf(r.type);
    const gone = r.external || r.retain || (plugin?.checkDelete?.(ctx, r) ?? true);
    if (gone) setResource(ctx, stack, r, 'DELETE', 'COMPLETE', 'state changed');
  }
  all = resourcesOf(ctx, stack.id);
  const remaining = all.filter((r) => !(r.action === 'DELETE' && r.status === 'COMPLETE'));
  let waitMs = 0;
  for (const r of remaining) {
    if (r.action === 'DELETE') continue;
    if (remaining.some((o) => o.name !== r.name && o.requires.includes(r.name))) continue;
    for (const old of r.replaced ?? []) deleteNow(ctx, stack, r, old);
    if (r.action === 'INIT') {
      // Never created: nothing to delete upstream, and no events.
      col.put({ ...r, action: 'DELETE', status: 'COMPLETE', replaced: [] });
      continue;
    }
    const started = setResource(ctx, stack, r, 'DELETE', 'IN_PROGRESS', 'state changed', {
      replaced: [],
    });
    try {
      const plugin = pluginOf(r.type);
      if (!r.external && !r.retain && r.physical_resource_id) plugin?.delete(ctx, started);
      waitMs = Math.max(waitMs, plugin?.deleteWaitMs?.(r) ?? 0);
    } catch (error) {
      const reason = failureReason(resourcePath(stack, r.name), error);
      setResource(ctx, stack, started, 'DELETE', 'FAILED', reason);
      setStack(ctx, stack, action, 'FAILED', `Resource DELETE failed: ${reason}`);
      return;
    }
  }
  all = resourcesOf(ctx, stack.id);
  if (all.every((r) => r.action === 'DELETE' && r.status === 'COMPLETE')) {
    col.deleteWhere('stack_id', stack.id);
    if (action === 'DELETE') {
      const now = ctx.now().toISOString();
      setStack(ctx, stack, 'DELETE', 'COMPLETE', 'Stack DELETE completed successfully', {
        deleted_at: now,
        updated_at: stack.updated_at ?? now,
        template: { ...stack.template, resources: {} },
      });
      return;
    }
    setStack(ctx, stack, 'ROLLBACK', 'COMPLETE', 'Stack ROLLBACK completed successfully');
    return;
  }
  scheduleStep(ctx, stack.id, 'delete', STEP_MS + waitMs);
};

registerTransitionHandler(STACK_WORK, (ctx, work) => {
  const stack = ctx.store.collection(stacks).get(work.id);
  if (!stack || stack.status !== 'IN_PROGRESS') return;
  // `rollback` is the delete-style rollback of a create, as scheduled before traversals existed.
  const op = work.payload['op'];
  if (op === 'delete' || op === 'rollback') deleteStep(ctx, stack);
  else traverseStep(ctx, stack);
});

/** Starts creating a stored stack's resources. */
export const beginCreate = (ctx: CloudContext, stack: StackDoc): StackDoc => {
  const next = setStack(ctx, stack, 'CREATE', 'IN_PROGRESS', 'Stack CREATE started', {
    traversal: uuid(),
  });
  beginTraversal(ctx, next);
  return next;
};

/**
 * Starts an update to the stack's (already stored) new definition; `previous` is what it was,
 * for a rollback. An update while another is running supersedes it, as heat's convergence does.
 */
export const beginUpdate = (ctx: CloudContext, stack: StackDoc, previous: StackDoc): StackDoc => {
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  const next = setStack(ctx, stack, 'UPDATE', 'IN_PROGRESS', 'Stack UPDATE started', {
    traversal: uuid(),
    previous: {
      template: previous.template,
      params: previous.params,
      environment: previous.environment,
      files: previous.files,
    },
  });
  beginTraversal(ctx, next);
  return next;
};

/** Starts deleting a stack (DELETE_IN_PROGRESS); pending work is dropped, nested stacks follow. */
export const startDelete = (ctx: CloudContext, stack: StackDoc): void => {
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  cancelScheduled(ctx, { id: stack.id, kind: ACTION_WORK });
  const col = ctx.store.collection(stackResources);
  for (const r of resourcesOf(ctx, stack.id)) {
    if (r.action === 'DELETE' && r.status === 'FAILED') col.put({ ...r, action: 'CREATE' });
  }
  setStack(ctx, stack, 'DELETE', 'IN_PROGRESS', 'Stack DELETE started', { previous: null });
  scheduleStep(ctx, stack.id, 'delete');
};

/** cancel_update: back to the previous definition, or (without rollback) just stop. */
export const cancelUpdate = (ctx: CloudContext, stack: StackDoc, rollback: boolean): void => {
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  if (rollback && stack.previous) {
    rollbackUpdate(ctx, stack);
    return;
  }
  setStack(ctx, stack, 'UPDATE', 'FAILED', 'Stack UPDATE cancelled');
};

type SimpleAction = 'SUSPEND' | 'RESUME' | 'CHECK';

/** Creation order: resume and check run in it, suspend in reverse (dependents first). */
const inCreationOrder = (resources: readonly ResourceDoc[]): ResourceDoc[] =>
  [...resources].sort((a, b) => a.created_seq - b.created_seq);

/** Suspend, resume and check: the stack goes IN_PROGRESS now, its resources on the next step. */
export const runSimpleAction = (ctx: CloudContext, stack: StackDoc, action: SimpleAction): void => {
  if (action === 'SUSPEND' && stack.action === 'SUSPEND' && stack.status === 'COMPLETE') {
    setStack(ctx, stack, 'SUSPEND', 'COMPLETE', 'Stack SUSPEND completed successfully');
    return;
  }
  if (action === 'RESUME' && stack.action === 'RESUME' && stack.status === 'COMPLETE') {
    setStack(ctx, stack, 'RESUME', 'COMPLETE', 'Stack RESUME completed successfully');
    return;
  }
  setStack(ctx, stack, action, 'IN_PROGRESS', `Stack ${action} started`);
  schedule(ctx, { kind: ACTION_WORK, id: stack.id, afterMs: STEP_MS, payload: { action } });
};

const simpleActionStep = (ctx: CloudContext, stack: StackDoc, action: SimpleAction): void => {
  const all = inCreationOrder(resourcesOf(ctx, stack.id));
  const ordered = action === 'SUSPEND' ? [...all].reverse() : all;
  const want =
    action === 'RESUME' ? ['SUSPEND'] : ['CREATE', 'UPDATE', 'RESUME', 'CHECK', 'SUSPEND'];
  if (action !== 'CHECK') {
    const bad = ordered.find(
      (r) =>
        r.status !== 'COMPLETE' ||
        !want.includes(r.action) ||
        (action === 'SUSPEND' && r.action === 'SUSPEND'),
    );
    if (bad && !(action === 'SUSPEND' && bad.action === 'SUSPEND' && bad.status === 'COMPLETE')) {
      setStack(
        ctx,
        stack,
        action,
        'FAILED',
        `Resource ${action} failed: Error: resources.${bad.name}: State ('${bad.action}', '${bad.status}') invalid for ${action.toLowerCase()}`,
      );
      return;
    }
  }
  let unsupported = false;
  for (const r of ordered) {
    const plugin = pluginOf(r.type);
    if (action === 'CHECK') {
      if (!plugin?.check) {
        unsupported = true;
        setResource(ctx, stack, r, 'CHECK', 'COMPLETE', `CHECK not supported for ${r.type}`);
        continue;
      }
      const started = setResource(ctx, stack, r, 'CHECK', 'IN_PROGRESS', 'state changed');
      const problem = plugin.check(ctx, r);
      if (problem !== undefined) {
        const reason = failureReason(resourcePath(stack, r.name), new Error(problem));
        setResource(ctx, stack, started, 'CHECK', 'FAILED', reason);
        setStack(ctx, stack, 'CHECK', 'FAILED', `Resource CHECK failed: ${reason}`);
        return;
      }
      setResource(ctx, stack, started, 'CHECK', 'COMPLETE', 'state changed');
      continue;
    }
    const started = setResource(ctx, stack, r, action, 'IN_PROGRESS', 'state changed');
    if (!r.external) {
      if (action === 'SUSPEND') plugin?.suspend?.(ctx, r);
      else plugin?.resume?.(ctx, r);
    }
    setResource(ctx, stack, started, action, 'COMPLETE', 'state changed');
  }
  setStack(
    ctx,
    stack,
    action,
    'COMPLETE',
    action === 'CHECK' && unsupported
      ? "Stack CHECK completed successfully. 'CHECK' not fully supported (see resources)"
      : `Stack ${action} completed successfully`,
  );
};

registerTransitionHandler(ACTION_WORK, (ctx, work) => {
  const stack = ctx.store.collection(stacks).get(work.id);
  const action = work.payload['action'] as SimpleAction;
  if (!stack || stack.action !== action || stack.status !== 'IN_PROGRESS') return;
  simpleActionStep(ctx, stack, action);
});

/**
 * Runs a stack's pending engine steps now, waits ignored (the seed's stacks: a server is then
 * COMPLETE in the stack while Nova still builds it, for the seconds after the first start).
 */
export const settleNow = (ctx: CloudContext, stackId: string): void => {
  for (let i = 0; i < 200; i++) {
    // Nested stacks first, so the resources that own them find them done.
    for (const child of childStacksOf(ctx, stackId)) settleNow(ctx, child.id);
    const stack = ctx.store.collection(stacks).get(stackId);
    if (!stack || stack.status !== 'IN_PROGRESS') break;
    cancelScheduled(ctx, { id: stackId, kind: STACK_WORK });
    if (stack.action === 'DELETE' || (stack.action === 'ROLLBACK' && !stack.traversal)) {
      deleteStep(ctx, stack);
    } else traverseStep(ctx, stack, true);
  }
  cancelScheduled(ctx, { id: stackId, kind: STACK_WORK });
};

/** A stack's outputs evaluated against its current resources (errors per output). */
export const outputsOf = (ctx: CloudContext, stack: StackDoc, only?: string): Json[] => {
  let loaded: LoadedStack;
  try {
    loaded = loadStack(stack);
  } catch {
    return [];
  }
  const scope = scopeOf(ctx, stack, loaded);
  return Object.entries(loaded.template.outputs)
    .filter(([key]) => only === undefined || key === only)
    .map(([key, def]) => {
      const base = { output_key: key, description: def.description };
      try {
        if (def.condition !== undefined && !evaluateCondition(def.condition, scope)) {
          return { ...base, output_value: null };
        }
        return { ...base, output_value: evaluate(def.value, scope) };
      } catch (error) {
        return {
          ...base,
          output_value: null,
          output_error: error instanceof Error ? error.message : String(error),
        };
      }
    });
};
