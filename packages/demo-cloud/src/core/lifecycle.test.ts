import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionTable, defineCollection } from '../store/collection';
import { openStore } from '../store/store';
import type { Store } from '../store/store';
import {
  applyDueTransitions,
  cancelScheduled,
  pendingFor,
  registerTransitionHandler,
  schedule,
  scheduleTransition,
  startLifecycle,
} from './lifecycle';
import type { CloudContext } from './service';

interface Thing {
  id: string;
  status: string;
  updated_at: string | null;
  log: string[];
}
const things = defineCollection<Thing>('test_lifecycle_things', { status: (t) => t.status });

registerTransitionHandler('test.append', (ctx, work) => {
  ctx.store.collection(things).update(work.id, (t) => ({
    ...t,
    log: [...t.log, String(work.payload['entry'])],
  }));
  if (work.payload['then'] !== undefined) {
    schedule(ctx, { kind: 'test.append', id: work.id, payload: { entry: work.payload['then'] } });
  }
});
registerTransitionHandler('test.fail', () => {
  throw new Error('boom');
});

describe('lifecycle scheduler', () => {
  let dir: string;
  let store: Store;
  let clock: number;
  let stops: Array<() => void>;

  const contextOf = (s: Store, scale: number): CloudContext =>
    ({
      store: s,
      options: { lifecycleScale: scale },
      now: () => new Date(clock),
    }) as unknown as CloudContext;

  const open = (): Store => {
    const s = openStore({ dataDir: dir });
    s.migrate('test_lifecycle', [{ version: 1, up: (db) => createCollectionTable(db, things) }]);
    return s;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-cloud-lifecycle-'));
    store = open();
    clock = Date.parse('2026-01-01T00:00:00Z');
    stops = [];
    store.collection(things).insert({ id: 't1', status: 'creating', updated_at: null, log: [] });
  });
  afterEach(() => {
    for (const stop of stops) stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets fields when due, scaled, only while the guard holds, and stamps times', () => {
    const ctx = contextOf(store, 0.5);
    scheduleTransition(ctx, {
      collection: things,
      id: 't1',
      set: { status: 'available' },
      when: { status: 'creating' },
      stamp: ['updated_at'],
      afterMs: 2000,
    });
    expect(pendingFor(ctx, 't1')).toHaveLength(1);
    clock += 999;
    expect(applyDueTransitions(ctx)).toBe(0);
    expect(store.collection(things).get('t1')?.status).toBe('creating');
    clock += 1;
    expect(applyDueTransitions(ctx)).toBe(1);
    expect(store.collection(things).get('t1')).toMatchObject({
      status: 'available',
      updated_at: new Date(clock).toISOString(),
    });
    // The index column follows the document.
    expect(store.collection(things).where('status', 'available')).toHaveLength(1);

    scheduleTransition(ctx, {
      collection: things,
      id: 't1',
      set: { status: 'error' },
      when: { status: 'creating' },
    });
    applyDueTransitions(ctx);
    expect(store.collection(things).get('t1')?.status).toBe('available');
    expect(pendingFor(ctx, 't1')).toEqual([]);
  });

  it('runs handlers in due order and follows chains scheduled without delay', () => {
    const ctx = contextOf(store, 0);
    schedule(ctx, {
      kind: 'test.append',
      id: 't1',
      at: new Date(clock + 20),
      payload: { entry: 'b' },
    });
    schedule(ctx, {
      kind: 'test.append',
      id: 't1',
      at: new Date(clock + 10),
      payload: { entry: 'a', then: 'a2' },
    });
    clock += 20;
    expect(applyDueTransitions(ctx)).toBe(3);
    expect(store.collection(things).get('t1')?.log).toEqual(['a', 'b', 'a2']);
  });

  it('cancels pending work and drops failing work instead of retrying it', () => {
    const ctx = contextOf(store, 1);
    schedule(ctx, { kind: 'test.append', id: 't1', afterMs: 10, payload: { entry: 'x' } });
    schedule(ctx, { kind: 'test.fail', id: 't1', afterMs: 10 });
    expect(cancelScheduled(ctx, { id: 't1', kind: 'test.append' })).toBe(1);
    clock += 10;
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.message);
    process.on('warning', onWarning);
    expect(applyDueTransitions(ctx)).toBe(0);
    expect(pendingFor(ctx, 't1')).toEqual([]);
    expect(store.collection(things).get('t1')?.log).toEqual([]);
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        process.off('warning', onWarning);
        expect(warnings.some((w) => w.includes('test.fail') && w.includes('boom'))).toBe(true);
        resolve();
      });
    });
  });

  it('keeps pending work across a restart and applies what fell due meanwhile', () => {
    const ctx = contextOf(store, 1);
    scheduleTransition(ctx, {
      collection: things,
      id: 't1',
      set: { status: 'available' },
      afterMs: 5000,
    });
    schedule(ctx, { kind: 'test.append', id: 't1', afterMs: 60_000, payload: { entry: 'later' } });
    store.close();
    clock += 10_000;
    store = open();
    const reopened = contextOf(store, 1);
    stops.push(startLifecycle(reopened));
    expect(applyDueTransitions(reopened)).toBe(1);
    expect(store.collection(things).get('t1')?.status).toBe('available');
    expect(pendingFor(reopened, 't1').map((p) => p.kind)).toEqual(['test.append']);
  });

  it('applies due work on its timer without any read', async () => {
    clock = Date.now();
    const ctx = {
      ...contextOf(store, 1),
      now: () => new Date(),
    } as CloudContext;
    stops.push(startLifecycle(ctx));
    scheduleTransition(ctx, {
      collection: things,
      id: 't1',
      set: { status: 'available' },
      afterMs: 30,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(store.collection(things).get('t1')?.status).toBe('available');
  });
});
