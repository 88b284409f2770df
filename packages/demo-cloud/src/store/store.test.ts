import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionTable, defineCollection } from './collection';
import { openStore } from './store';
import type { Store } from './store';

interface Pet {
  id: string;
  name: string;
  owner: string | null;
}
const pets = defineCollection<Pet>('test_pets', { name: (p) => p.name, owner: (p) => p.owner });
const migrations = [
  {
    version: 1,
    up: (db: Parameters<typeof createCollectionTable>[0]) => createCollectionTable(db, pets),
  },
];

describe('store', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-cloud-store-'));
    store = openStore({ dataDir: dir });
    store.migrate('test', migrations);
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores documents, filters on indexed columns and keeps insertion order', () => {
    const col = store.collection(pets);
    col.insert({ id: 'b', name: 'rex', owner: 'ann' });
    col.insert({ id: 'a', name: 'tom', owner: null });
    col.insert({ id: 'c', name: 'rex', owner: 'bob' });
    expect(col.all().map((p) => p.id)).toEqual(['b', 'a', 'c']);
    expect(col.where('name', 'rex').map((p) => p.id)).toEqual(['b', 'c']);
    expect(col.findOne('owner', null)?.id).toBe('a');
    expect(col.count('name', 'rex')).toBe(2);
    expect(() => col.insert({ id: 'a', name: 'x', owner: null })).toThrow();
    col.update('b', (p) => ({ ...p, name: 'max' }));
    expect(col.where('name', 'max').map((p) => p.id)).toEqual(['b']);
    expect(col.delete('b')).toBe(true);
    expect(col.get('b')).toBeUndefined();
  });

  it('scans in index order after a keyset position, lazily, one shape inside another', () => {
    const col = store.collection(pets);
    for (const [id, name, owner] of [
      ['p1', 'b', 'ann'],
      ['p2', 'a', 'ann'],
      ['p3', 'b', 'bob'],
      ['p4', 'a', 'ann'],
      ['p5', 'c', 'ann'],
    ] as const) {
      col.insert({ id, name, owner });
    }
    const ids = (rows: Iterable<Pet>): string[] => [...rows].map((p) => p.id);
    expect(ids(col.scan({ orderBy: ['name'] }))).toEqual(['p2', 'p4', 'p1', 'p3', 'p5']);
    expect(ids(col.scan({ orderBy: ['name'], descending: true }))).toEqual([
      'p5',
      'p3',
      'p1',
      'p4',
      'p2',
    ]);
    // After (name b, id p1): the rest of the b's by id, then c.
    expect(ids(col.scan({ orderBy: ['name'], after: ['b', 'p1'] }))).toEqual(['p3', 'p5']);
    expect(
      ids(
        col.scan({
          where: { owner: 'ann' },
          orderBy: ['name'],
          descending: true,
          after: ['b', 'p1'],
        }),
      ),
    ).toEqual(['p4', 'p2']);
    expect(() => col.scan({ orderBy: ['name'], after: ['b'] }).next()).toThrow(/2 values/);
    expect(() => col.scan({ orderBy: ['colour'] }).next()).toThrow(/not indexed/);

    // Stopping early ends the read: the same statement serves the next scan.
    const firstTwo: string[] = [];
    for (const pet of col.scan({ orderBy: ['name'] })) {
      firstTwo.push(pet.id);
      if (firstTwo.length === 2) break;
    }
    expect(firstTwo).toEqual(['p2', 'p4']);
    const pairs: string[] = [];
    for (const outer of col.scan({ orderBy: ['name'] })) {
      for (const inner of col.scan({ orderBy: ['name'] })) {
        pairs.push(`${outer.id}${inner.id}`);
        break;
      }
    }
    expect(pairs).toEqual(['p2p2', 'p4p2', 'p1p2', 'p3p2', 'p5p2']);
  });

  it('rolls a failed transaction back', () => {
    const col = store.collection(pets);
    expect(() =>
      store.transaction(() => {
        col.insert({ id: 'x', name: 'x', owner: null });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(col.get('x')).toBeUndefined();
  });

  it('keeps data and schema versions across reopen, and wipes them on reset', () => {
    store.collection(pets).insert({ id: 'k', name: 'kept', owner: null });
    expect(store.nextSequence('n')).toBe(1);
    store.close();
    store = openStore({ dataDir: dir });
    let applied = 0;
    store.migrate('test', [...migrations, { version: 2, up: () => void applied++ }]);
    store.migrate('test', [...migrations, { version: 2, up: () => void applied++ }]);
    expect(applied).toBe(1);
    expect(store.collection(pets).get('k')?.name).toBe('kept');
    expect(store.nextSequence('n')).toBe(2);
    store.close();
    store = openStore({ dataDir: dir, reset: true });
    store.migrate('test', migrations);
    expect(store.collection(pets).all()).toEqual([]);
  });
});
