import { collectionDefOf, createCollectionTable, defineCollection } from '../store/collection';
import type { Collection, CollectionDef, Document } from '../store/collection';
import type { Migration, Store } from '../store/store';
import { uuid } from './ids';
import type { CloudContext } from './service';

/**
 * Status lifecycles (BUILD → ACTIVE, creating → available, queued → saving → active ...).
 *
 * A service schedules work "at time T" instead of keeping timers of its own: the work is a row of
 * a persisted table, so a restart loses nothing. Due work is applied by one timer per cloud and,
 * before every request, lazily (app.ts calls `applyDueTransitions`), so a client never reads a
 * state that should already have moved on.
 *
 * Two forms:
 * - `scheduleTransition(ctx, { collection, id, set, when, afterMs })` sets fields of a stored
 *   document, optionally only while it still matches `when` (e.g. still `creating`);
 * - `schedule(ctx, { kind, id, afterMs, payload })` runs the handler registered for `kind` with
 *   `registerTransitionHandler(kind, handler)` (at module load, so it exists after a restart).
 *
 * Durations are nominal milliseconds, multiplied by `lifecycleScale` (DemoCloudOptions, default 1;
 * tests use a small scale, and 0 makes every transition due at the next request).
 * Handlers run in a transaction of their own; they may schedule further work (chains).
 */

type Json = Record<string, unknown>;

interface TransitionDoc {
  readonly id: string;
  readonly kind: string;
  /** The resource the work is about (for cancelling and inspection). */
  readonly target_id: string;
  /** Due time, epoch milliseconds. */
  readonly at: number;
  readonly payload: Json;
  readonly created_at: string;
}

const transitions = defineCollection<TransitionDoc>('lifecycle_transitions', {
  target_id: (t) => t.target_id,
  kind: (t) => t.kind,
});

const MIGRATIONS: readonly Migration[] = [
  { version: 1, up: (db) => createCollectionTable(db, transitions) },
];

/** Kinds for field transitions are `set:<table>`; their handler is built in. */
const SET_PREFIX = 'set:';

export interface ScheduledWork {
  /** The resource id given when scheduling. */
  readonly id: string;
  readonly kind: string;
  readonly payload: Json;
  /** When it was due (epoch ms); may be in the past after a restart or a quiet period. */
  readonly dueAt: number;
}

export type TransitionHandler = (ctx: CloudContext, work: ScheduledWork) => void;

const handlers = new Map<string, TransitionHandler>();

/** Registers the handler of a work kind; call it at module load so pending work finds it after a restart. */
export const registerTransitionHandler = (kind: string, handler: TransitionHandler): void => {
  if (kind.startsWith(SET_PREFIX)) throw new Error(`lifecycle kind ${kind}: prefix is reserved`);
  handlers.set(kind, handler);
};

interface LifecycleState {
  readonly ctx: CloudContext;
  timer: NodeJS.Timeout | undefined;
  /** Earliest due time of runnable work; Infinity when none. */
  nextDueAt: number;
  applying: boolean;
  stopped: boolean;
}

const states = new WeakMap<Store, LifecycleState>();
const migrated = new WeakSet<Store>();

const table = (store: Store): Collection<TransitionDoc> => {
  if (!migrated.has(store)) {
    store.migrate('lifecycle', MIGRATIONS);
    migrated.add(store);
  }
  return store.collection(transitions);
};

const runnable = (doc: TransitionDoc): boolean =>
  doc.kind.startsWith(SET_PREFIX)
    ? collectionDefOf(doc.kind.slice(SET_PREFIX.length)) !== undefined
    : handlers.has(doc.kind);

/** Longest sleep of the timer, so a clock jump or a missed wake-up is noticed soon enough. */
const MAX_SLEEP_MS = 30_000;

const arm = (state: LifecycleState): void => {
  if (state.stopped) return;
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  if (!Number.isFinite(state.nextDueAt)) return;
  const wait = Math.min(Math.max(state.nextDueAt - state.ctx.now().getTime(), 0), MAX_SLEEP_MS);
  state.timer = setTimeout(() => {
    state.timer = undefined;
    if (state.stopped) return;
    try {
      applyDueTransitions(state.ctx);
    } catch (error) {
      process.emitWarning(`lifecycle timer: ${String(error)}`);
    }
    arm(state);
  }, wait);
  // The timer must never keep a process (or a test run) alive.
  state.timer.unref();
};

/** A nominal duration scaled by the cloud's lifecycleScale. */
export const lifecycleDelay = (ctx: CloudContext, nominalMs: number): number =>
  Math.max(0, nominalMs * ctx.options.lifecycleScale);

const dueTime = (ctx: CloudContext, when: { afterMs?: number; at?: Date }): number =>
  when.at ? when.at.getTime() : ctx.now().getTime() + lifecycleDelay(ctx, when.afterMs ?? 0);

const insert = (ctx: CloudContext, kind: string, id: string, at: number, payload: Json): string => {
  const doc: TransitionDoc = {
    id: uuid(),
    kind,
    target_id: id,
    at,
    payload,
    created_at: ctx.now().toISOString(),
  };
  table(ctx.store).insert(doc);
  const state = states.get(ctx.store);
  if (state && at < state.nextDueAt) {
    state.nextDueAt = at;
    arm(state);
  }
  return doc.id;
};

export interface ScheduleOptions {
  readonly kind: string;
  /** The resource the work is about. */
  readonly id: string;
  /** Nominal delay (scaled by lifecycleScale); ignored when `at` is given. */
  readonly afterMs?: number;
  /** An absolute due time (not scaled). */
  readonly at?: Date;
  /** JSON data handed to the handler. */
  readonly payload?: Json;
}

/** Schedules handler work; returns the schedule id. Joins the caller's transaction, if any. */
export const schedule = (ctx: CloudContext, options: ScheduleOptions): string =>
  insert(ctx, options.kind, options.id, dueTime(ctx, options), options.payload ?? {});

export interface FieldTransition<T extends Document> {
  readonly collection: CollectionDef<T>;
  readonly id: string;
  /** Fields to set. */
  readonly set: Partial<T>;
  /** Applied only while the document still has these field values (e.g. `{ status: 'creating' }`). */
  readonly when?: Partial<T>;
  /** Fields set to the ISO time at which the transition applies (e.g. `['updated_at']`). */
  readonly stamp?: ReadonlyArray<keyof T & string>;
  readonly afterMs?: number;
  readonly at?: Date;
}

/** Schedules "set these fields of document `id` at time T"; a missing document makes it a no-op. */
export const scheduleTransition = <T extends Document>(
  ctx: CloudContext,
  transition: FieldTransition<T>,
): string =>
  insert(
    ctx,
    `${SET_PREFIX}${transition.collection.table}`,
    transition.id,
    dueTime(ctx, transition),
    {
      set: transition.set as Json,
      ...(transition.when ? { when: transition.when as Json } : {}),
      ...(transition.stamp ? { stamp: [...transition.stamp] } : {}),
    },
  );

/** Drops pending work about resource `id` (all kinds, or one). Returns how many were dropped. */
export const cancelScheduled = (
  ctx: CloudContext,
  options: { readonly id: string; readonly kind?: string },
): number => {
  const col = table(ctx.store);
  let dropped = 0;
  for (const doc of col.where('target_id', options.id)) {
    if (options.kind !== undefined && doc.kind !== options.kind) continue;
    if (col.delete(doc.id)) dropped++;
  }
  return dropped;
};

export interface PendingWork {
  readonly kind: string;
  readonly dueAt: number;
  readonly payload: Json;
}

/** Pending work about resource `id`, earliest first. */
export const pendingFor = (ctx: CloudContext, id: string): PendingWork[] =>
  table(ctx.store)
    .where('target_id', id)
    .map((d) => ({ kind: d.kind, dueAt: d.at, payload: d.payload }))
    .sort((a, b) => a.dueAt - b.dueAt);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const applyFieldTransition = (ctx: CloudContext, doc: TransitionDoc): void => {
  const def = collectionDefOf(doc.kind.slice(SET_PREFIX.length));
  if (!def) return;
  const set = (doc.payload['set'] ?? {}) as Json;
  const when = doc.payload['when'] as Json | undefined;
  const stamp = (doc.payload['stamp'] ?? []) as string[];
  const stampValue = ctx.now().toISOString();
  ctx.store.collection(def).update(doc.target_id, (current) => {
    const fields = current as unknown as Json;
    if (when && !Object.entries(when).every(([k, v]) => same(fields[k], v))) return current;
    const next: Json = { ...fields, ...set };
    for (const field of stamp) next[field] = stampValue;
    return next as unknown as Document;
  });
};

/** Chains scheduled with no delay are followed within one call, up to this many rounds. */
const MAX_ROUNDS = 50;

/**
 * Applies every transition that is due, in due order; returns how many ran. Cheap when nothing
 * is due (an in-memory check), so it runs before every request.
 */
export const applyDueTransitions = (ctx: CloudContext): number => {
  const { store } = ctx;
  let state = states.get(store);
  if (state?.applying) return 0;
  if (state && !state.stopped && ctx.now().getTime() < state.nextDueAt) return 0;
  if (state) state.applying = true;
  let applied = 0;
  try {
    const col = table(store);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const now = ctx.now().getTime();
      const due = col
        .all()
        .filter((d) => d.at <= now && runnable(d))
        .sort((a, b) => a.at - b.at);
      if (due.length === 0) break;
      for (const doc of due) {
        const work: ScheduledWork = {
          id: doc.target_id,
          kind: doc.kind,
          payload: doc.payload,
          dueAt: doc.at,
        };
        try {
          store.transaction(() => {
            // Cancelled meanwhile (by an earlier handler of this round)?
            if (!col.delete(doc.id)) return;
            if (doc.kind.startsWith(SET_PREFIX)) applyFieldTransition(ctx, doc);
            else handlers.get(doc.kind)?.(ctx, work);
          });
          applied++;
        } catch (error) {
          // A failing handler must not be retried forever: drop the work and say so.
          col.delete(doc.id);
          process.emitWarning(`lifecycle ${doc.kind} ${doc.target_id}: ${String(error)}`);
        }
      }
    }
  } finally {
    state = states.get(store);
    if (state) {
      state.applying = false;
      state.nextDueAt = earliestDue(store);
      arm(state);
    }
  }
  return applied;
};

const earliestDue = (store: Store): number => {
  let next = Infinity;
  for (const doc of table(store).all()) if (runnable(doc) && doc.at < next) next = doc.at;
  return next;
};

/**
 * Starts applying due work of this cloud on a timer (overdue work from before a restart first);
 * returns the stop function, to call before the store closes.
 */
export const startLifecycle = (ctx: CloudContext): (() => void) => {
  const existing = states.get(ctx.store);
  if (existing && !existing.stopped) return () => stopLifecycle(ctx.store);
  const state: LifecycleState = {
    ctx,
    timer: undefined,
    nextDueAt: earliestDue(ctx.store),
    applying: false,
    stopped: false,
  };
  states.set(ctx.store, state);
  arm(state);
  return () => stopLifecycle(ctx.store);
};

const stopLifecycle = (store: Store): void => {
  const state = states.get(store);
  if (!state) return;
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  states.delete(store);
};
