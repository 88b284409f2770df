import { uuid } from '../../core/ids';
import { Fault } from '../../core/faults';
import { cancelScheduled, registerTransitionHandler, schedule } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { isObject } from './http';
import type { Json } from './http';
import { stackEvents, stackResources, stacks } from './model';
import type { HeatAction, HeatStatus, ResourceDoc, StackDoc } from './model';
import { pluginOf } from './resourceTypes';
import { loadTemplate, resolveParameters, resolveValue } from './template';
import type { Scope, Template } from './template';

/**
 * The stack engine: resources go CREATE_IN_PROGRESS → CREATE_COMPLETE in dependency order, one
 * step of scheduled work (core/lifecycle.ts) at a time, so a poll sees the IN_PROGRESS phases.
 */

export const STACK_WORK = 'heat.stack';
/** Nominal time of one engine step (ms), scaled by lifecycleScale. */
export const STEP_MS = 400;

type Op = 'create' | 'delete' | 'rollback' | 'update';

export const resourceKey = (stackId: string, name: string): string => `${stackId}/${name}`;

export const resourcesOf = (ctx: CloudContext, stackId: string): ResourceDoc[] =>
  ctx.store.collection(stackResources).where('stack_id', stackId);

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
): StackDoc => {
  const next: StackDoc = { ...stack, action, status, status_reason: reason };
  ctx.store.collection(stacks).put(next);
  recordEvent(
    ctx,
    next,
    { name: stack.name, physicalId: stack.id, type: 'OS::Heat::Stack' },
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
    {
      name: r.name,
      physicalId: next.physical_resource_id,
      type: r.type,
      properties: next.properties,
    },
    action,
    status,
    reason,
  );
  return next;
};

/** heat's `<Exception>: resources.<name>: <message>` reason of a failed resource. */
const failureReason = (name: string, error: unknown): string => {
  let kind = 'Error';
  if (error instanceof Fault) {
    const type = (error as Fault & { type?: unknown }).type;
    if (error.status === 404) kind = 'NotFound';
    else if (error.status === 409) kind = 'Conflict';
    else if (error.status === 400) kind = 'BadRequest';
    else if (error.status === 413) kind = 'OverLimit';
    else if (typeof type === 'string') kind = type;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `${kind}: resources.${name}: ${message}`;
};

/** The template of a stack with its parameter values (as stored at create or update). */
export const stackTemplate = (
  stack: StackDoc,
): { template: Template; params: Record<string, unknown> } => {
  const template = loadTemplate(stack.template);
  const params = resolveParameters(template, stack.params, {
    stackId: stack.id,
    stackName: stack.name,
    projectId: stack.project_id,
  });
  return { template, params };
};

/** Intrinsic functions' view of a stack's current resources. */
export const scopeOf = (
  ctx: CloudContext,
  stack: StackDoc,
  params: Record<string, unknown>,
  resources: readonly ResourceDoc[] = resourcesOf(ctx, stack.id),
): Scope => {
  const byName = new Map(resources.map((r) => [r.name, r]));
  return {
    params,
    files: stack.files,
    resourceId: (name) => {
      const r = byName.get(name);
      return r ? r.physical_resource_id : undefined;
    },
    attribute: (name, attr) => {
      const r = byName.get(name);
      if (!r) return null;
      const attrs = attributesOf(ctx, r);
      return attrs[attr] ?? null;
    },
  };
};

export const attributesOf = (ctx: CloudContext, r: ResourceDoc): Json => {
  const plugin = pluginOf(r.type);
  const live =
    r.physical_resource_id && plugin?.liveAttributes ? plugin.liveAttributes(ctx, r) : {};
  return { ...r.attributes, ...live };
};

const withDefaults = (type: string, props: Json): Json => {
  const plugin = pluginOf(type);
  if (!plugin) return props;
  const out: Json = {};
  for (const [k, s] of Object.entries(plugin.properties)) {
    if (k in props) out[k] = props[k];
    else if (s.default !== undefined) out[k] = s.default;
  }
  return out;
};

/** Resources of a template not yet in the stack, as INIT_COMPLETE rows. */
export const insertNewResources = (
  ctx: CloudContext,
  stack: StackDoc,
  template: Template,
): void => {
  const col = ctx.store.collection(stackResources);
  const now = ctx.now().toISOString();
  for (const def of template.resources) {
    const id = resourceKey(stack.id, def.name);
    const existing = col.get(id);
    if (existing) {
      col.put({ ...existing, requires: def.requires });
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
      requires: def.requires,
      properties: {},
      attributes: {},
      metadata: {},
      created_seq: 0,
      created_at: now,
      updated_at: null,
    });
  }
};

export const scheduleStep = (
  ctx: CloudContext,
  stackId: string,
  op: Op,
  afterMs = STEP_MS,
): void => {
  schedule(ctx, { kind: STACK_WORK, id: stackId, afterMs, payload: { op } });
};

const startCreate = (
  ctx: CloudContext,
  stack: StackDoc,
  r: ResourceDoc,
  template: Template,
  params: Record<string, unknown>,
  all: readonly ResourceDoc[],
): { doc: ResourceDoc; waitMs: number } => {
  const plugin = pluginOf(r.type);
  const def = template.resources.find((d) => d.name === r.name);
  const started = setResource(ctx, stack, r, 'CREATE', 'IN_PROGRESS', 'state changed');
  try {
    if (!plugin || !def) throw new Error(`The Resource Type (${r.type}) could not be found.`);
    if (def.externalId !== undefined) {
      const doc: ResourceDoc = {
        ...started,
        physical_resource_id: def.externalId,
        external: true,
        created_seq: ctx.store.nextSequence('heat_resource_created'),
      };
      ctx.store.collection(stackResources).put(doc);
      return { doc, waitMs: 0 };
    }
    const resolved = resolveValue(def.properties, scopeOf(ctx, stack, params, all));
    const properties = withDefaults(r.type, isObject(resolved) ? resolved : {});
    const created = plugin.create(ctx, {
      stackId: stack.id,
      stackName: stack.name,
      projectId: stack.project_id,
      userId: stack.user_id,
      name: r.name,
      properties,
    });
    const doc: ResourceDoc = {
      ...started,
      properties,
      physical_resource_id: created.physicalId,
      attributes: created.attributes,
      created_seq: ctx.store.nextSequence('heat_resource_created'),
    };
    ctx.store.collection(stackResources).put(doc);
    return { doc, waitMs: created.waitMs ?? 0 };
  } catch (error) {
    const doc = setResource(ctx, stack, started, 'CREATE', 'FAILED', failureReason(r.name, error));
    return { doc, waitMs: 0 };
  }
};

const createStep = (
  ctx: CloudContext,
  stack: StackDoc,
  op: 'create' | 'update',
  force = false,
): void => {
  const action: HeatAction = op === 'create' ? 'CREATE' : 'UPDATE';
  let template: Template;
  let params: Record<string, unknown>;
  try {
    ({ template, params } = stackTemplate(stack));
  } catch (error) {
    setStack(ctx, stack, action, 'FAILED', error instanceof Error ? error.message : String(error));
    return;
  }
  let all = resourcesOf(ctx, stack.id);
  // heat's timeout_mins: the whole create or update must end in time.
  const started = Date.parse(
    op === 'create' ? stack.created_at : (stack.updated_at ?? stack.created_at),
  );
  if (
    !force &&
    stack.timeout_mins !== null &&
    stack.timeout_mins > 0 &&
    ctx.now().getTime() - started > stack.timeout_mins * 60_000
  ) {
    for (const r of all) {
      if (r.status === 'IN_PROGRESS')
        setResource(
          ctx,
          stack,
          r,
          r.action,
          'FAILED',
          'CREATE aborted (Task create from Stack timed out)',
        );
    }
    setStack(
      ctx,
      stack,
      action,
      'FAILED',
      `${action.charAt(0)}${action.slice(1).toLowerCase()} timed out`,
    );
    return;
  }
  // Work started in the previous step: done yet?
  for (const r of all) {
    if (r.action !== 'CREATE' || r.status !== 'IN_PROGRESS') continue;
    const check = pluginOf(r.type)?.checkCreate?.(ctx, r) ?? true;
    if (check === true || (force && check === false))
      setResource(ctx, stack, r, 'CREATE', 'COMPLETE', 'state changed');
    else if (typeof check === 'string') {
      setResource(ctx, stack, r, 'CREATE', 'FAILED', failureReason(r.name, new Error(check)));
    }
  }
  all = resourcesOf(ctx, stack.id);
  let waitMs = 0;
  const failed = all.find((r) => r.status === 'FAILED');
  if (!failed) {
    const done = new Set(
      all.filter((r) => r.status === 'COMPLETE' && r.action !== 'INIT').map((r) => r.name),
    );
    for (const r of all) {
      if (r.action !== 'INIT') continue;
      if (!r.requires.every((d) => done.has(d))) continue;
      const started = startCreate(ctx, stack, r, template, params, all);
      waitMs = Math.max(waitMs, started.waitMs);
      all = resourcesOf(ctx, stack.id);
    }
  }
  const failure = all.find((r) => r.status === 'FAILED');
  if (failure) {
    if (all.some((r) => r.status === 'IN_PROGRESS')) {
      scheduleStep(ctx, stack.id, op);
      return;
    }
    const failedStack = setStack(
      ctx,
      stack,
      action,
      'FAILED',
      `Resource ${action} failed: ${failure.status_reason}`,
    );
    if (op === 'create' && !stack.disable_rollback) {
      setStack(ctx, failedStack, 'ROLLBACK', 'IN_PROGRESS', 'Stack ROLLBACK started');
      scheduleStep(ctx, stack.id, 'rollback');
    }
    return;
  }
  if (all.every((r) => r.status === 'COMPLETE' && r.action !== 'INIT')) {
    setStack(ctx, stack, action, 'COMPLETE', `Stack ${action} completed successfully`);
    return;
  }
  scheduleStep(ctx, stack.id, op, STEP_MS + waitMs);
};

/** Removes every trace of a stack (after DELETE_COMPLETE). */
const purgeStack = (ctx: CloudContext, stackId: string): void => {
  ctx.store.collection(stackResources).deleteWhere('stack_id', stackId);
  ctx.store.collection(stackEvents).deleteWhere('stack_id', stackId);
  ctx.store.collection(stacks).delete(stackId);
};

/** One step of deleting resources, dependents first; `names` limits it (an update's removals). */
const deleteStep = (ctx: CloudContext, stack: StackDoc, op: 'delete' | 'rollback'): void => {
  const action: HeatAction = op === 'delete' ? 'DELETE' : 'ROLLBACK';
  let all = resourcesOf(ctx, stack.id);
  for (const r of all) {
    if (r.action !== 'DELETE' || r.status !== 'IN_PROGRESS') continue;
    const gone = r.external === true || (pluginOf(r.type)?.checkDelete?.(ctx, r) ?? true);
    if (gone) setResource(ctx, stack, r, 'DELETE', 'COMPLETE', 'state changed');
  }
  all = resourcesOf(ctx, stack.id);
  const remaining = all.filter((r) => !(r.action === 'DELETE' && r.status === 'COMPLETE'));
  let waitMs = 0;
  let failure: ResourceDoc | undefined;
  for (const r of remaining) {
    if (r.action === 'DELETE') continue;
    const neededBy = remaining.some((o) => o.name !== r.name && o.requires.includes(r.name));
    if (neededBy) continue;
    if (r.action === 'INIT' || !r.physical_resource_id) {
      // Never created: nothing to delete upstream.
      ctx.store.collection(stackResources).put({ ...r, action: 'DELETE', status: 'COMPLETE' });
      continue;
    }
    const started = setResource(ctx, stack, r, 'DELETE', 'IN_PROGRESS', 'state changed');
    try {
      const plugin = pluginOf(r.type);
      if (!r.external) plugin?.delete(ctx, r);
      waitMs = Math.max(waitMs, plugin?.deleteWaitMs?.(r) ?? 0);
    } catch (error) {
      failure = setResource(ctx, stack, started, 'DELETE', 'FAILED', failureReason(r.name, error));
      break;
    }
  }
  if (failure) {
    setStack(ctx, stack, action, 'FAILED', `Resource DELETE failed: ${failure.status_reason}`);
    return;
  }
  all = resourcesOf(ctx, stack.id);
  if (all.every((r) => r.action === 'DELETE' && r.status === 'COMPLETE')) {
    if (op === 'delete') {
      purgeStack(ctx, stack.id);
      return;
    }
    ctx.store.collection(stackResources).deleteWhere('stack_id', stack.id);
    setStack(ctx, stack, 'ROLLBACK', 'COMPLETE', 'Rollback completed');
    return;
  }
  scheduleStep(ctx, stack.id, op, STEP_MS + waitMs);
};

registerTransitionHandler(STACK_WORK, (ctx, work) => {
  const stack = ctx.store.collection(stacks).get(work.id);
  if (!stack) return;
  const op = work.payload['op'] as Op;
  if (op === 'create' || op === 'update') createStep(ctx, stack, op);
  else deleteStep(ctx, stack, op);
});

/** Starts deleting a stack (DELETE_IN_PROGRESS); pending create work is dropped. */
export const startDelete = (ctx: CloudContext, stack: StackDoc): void => {
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  const col = ctx.store.collection(stackResources);
  // A resource whose create was cut short is deleted like a created one.
  for (const r of resourcesOf(ctx, stack.id)) {
    if (r.action === 'DELETE' && r.status === 'FAILED') col.put({ ...r, action: 'CREATE' });
  }
  setStack(ctx, stack, 'DELETE', 'IN_PROGRESS', 'Stack DELETE started');
  scheduleStep(ctx, stack.id, 'delete');
};

/** Starts creating a stored stack's resources. */
export const beginCreate = (ctx: CloudContext, stack: StackDoc, template: Template): StackDoc => {
  insertNewResources(ctx, stack, template);
  const next = setStack(ctx, stack, 'CREATE', 'IN_PROGRESS', 'Stack CREATE started');
  scheduleStep(ctx, stack.id, 'create', 0);
  return next;
};

/**
 * Starts an update: resources no longer in the template are deleted at once (dependents
 * first), new ones are created by the engine's steps.
 */
export const startUpdate = (ctx: CloudContext, stack: StackDoc, template: Template): StackDoc => {
  cancelScheduled(ctx, { id: stack.id, kind: STACK_WORK });
  const keep = new Set(template.resources.map((r) => r.name));
  const next = setStack(ctx, stack, 'UPDATE', 'IN_PROGRESS', 'Stack UPDATE started');
  const removed = resourcesOf(ctx, stack.id)
    .filter((r) => !keep.has(r.name))
    .sort((a, b) => b.created_seq - a.created_seq);
  for (const r of removed) {
    try {
      if (r.physical_resource_id && r.action !== 'INIT' && !r.external) {
        pluginOf(r.type)?.delete(ctx, r);
      }
      setResource(ctx, next, r, 'DELETE', 'COMPLETE', 'state changed');
    } catch (error) {
      setResource(ctx, next, r, 'DELETE', 'FAILED', failureReason(r.name, error));
    }
    ctx.store.collection(stackResources).delete(r.id);
  }
  insertNewResources(ctx, next, template);
  scheduleStep(ctx, stack.id, 'update', 0);
  return next;
};

/** Suspend, resume and check: every resource passes through the action, then the stack. */
export const runSimpleAction = (
  ctx: CloudContext,
  stack: StackDoc,
  action: 'SUSPEND' | 'RESUME' | 'CHECK',
): void => {
  const started = setStack(ctx, stack, action, 'IN_PROGRESS', `Stack ${action} started`);
  for (const r of resourcesOf(ctx, stack.id)) {
    setResource(ctx, started, r, action, 'IN_PROGRESS', 'state changed');
    const reason = action === 'CHECK' ? 'CHECK not supported' : 'state changed';
    const current = ctx.store.collection(stackResources).get(r.id);
    if (current) setResource(ctx, started, current, action, 'COMPLETE', reason);
  }
  schedule(ctx, {
    kind: SIMPLE_WORK,
    id: stack.id,
    afterMs: STEP_MS,
    payload: { action },
  });
};

const SIMPLE_WORK = 'heat.stack-action';

registerTransitionHandler(SIMPLE_WORK, (ctx, work) => {
  const stack = ctx.store.collection(stacks).get(work.id);
  const action = work.payload['action'] as HeatAction;
  if (!stack || stack.action !== action || stack.status !== 'IN_PROGRESS') return;
  setStack(ctx, stack, action, 'COMPLETE', `Stack ${action} completed successfully`);
});

const OP_OF: Partial<Record<HeatAction, Op>> = {
  CREATE: 'create',
  UPDATE: 'update',
  DELETE: 'delete',
  ROLLBACK: 'rollback',
};

/**
 * Runs a stack's pending engine steps now, waits ignored (the seed's stacks: a server is then
 * COMPLETE in the stack while Nova still builds it, for the seconds after the first start).
 */
export const settleNow = (ctx: CloudContext, stackId: string): void => {
  for (let i = 0; i < 100; i++) {
    const stack = ctx.store.collection(stacks).get(stackId);
    if (!stack || stack.status !== 'IN_PROGRESS') break;
    const op = OP_OF[stack.action];
    if (!op) break;
    cancelScheduled(ctx, { id: stackId, kind: STACK_WORK });
    if (op === 'create' || op === 'update') createStep(ctx, stack, op, true);
    else deleteStep(ctx, stack, op);
  }
  cancelScheduled(ctx, { id: stackId, kind: STACK_WORK });
};
