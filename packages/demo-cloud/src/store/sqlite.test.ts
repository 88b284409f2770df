import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDriver, loadBetterSqlite3, loadNodeSqlite, openDatabase } from './sqlite';
import type { SqliteDatabase, SqliteDriverName } from './sqlite';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasUnflaggedNodeSqlite = major > 22 || (major === 22 && minor >= 13);

// Each driver this Node can run. better-sqlite3 is left out on Node 24+, where freeing one of its
// statements aborts the whole test worker (the reason node:sqlite is used there); on 22 it runs
// when it is built for this Node (npm install on it), not under test:node-versions.
const drivers: SqliteDriverName[] = [
  ...(loadNodeSqlite() ? (['node:sqlite'] as const) : []),
  ...(major < 24 && loadBetterSqlite3() ? (['better-sqlite3'] as const) : []),
];

describe('driver choice', () => {
  it('is node:sqlite from Node 22.13 on, better-sqlite3 before', () => {
    expect(defaultDriver()).toBe(hasUnflaggedNodeSqlite ? 'node:sqlite' : 'better-sqlite3');
    expect(drivers).toContain(defaultDriver());
  });

  it.runIf(hasUnflaggedNodeSqlite)(
    "drops only node:sqlite's experimental warning, not other warnings",
    () => {
      const sqliteModule = fileURLToPath(new URL('./sqlite.ts', import.meta.url));
      const script = `
        const { openDatabase } = await import(${JSON.stringify(sqliteModule)});
        openDatabase(':memory:').close();
        process.emitWarning('another feature is experimental', 'ExperimentalWarning');
        process.emitWarning('SQLite is not special elsewhere');`;
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('another feature is experimental');
      expect(result.stderr).toContain('SQLite is not special elsewhere');
      expect(result.stderr).not.toContain('SQLite is an experimental feature');
    },
  );
});

describe.each(drivers)('%s', (driver) => {
  let dir: string;
  let db: SqliteDatabase;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-cloud-sqlite-'));
    db = openDatabase(join(dir, 'test.sqlite'), driver);
    db.exec(`PRAGMA journal_mode = WAL;
      CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n REAL, data BLOB);`);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = (): string[] =>
    db
      .prepare<[], { name: string }>('SELECT name FROM t ORDER BY id')
      .all()
      .map((r) => r.name);
  const insert = (name: string): void => {
    db.prepare<[string]>('INSERT INTO t (name) VALUES (?)').run(name);
  };

  it('runs, gets, lists and binds every storage class', () => {
    expect(db.driver).toBe(driver);
    const put = db.prepare<[string, number | null, Uint8Array | null]>(
      'INSERT INTO t (name, n, data) VALUES (?, ?, ?)',
    );
    expect(put.run('a', 1.5, null)).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(put.run('b', null, Buffer.from('xy')).lastInsertRowid).toBe(2);
    const get = db.prepare<[string], { id: number; n: number | null; data: Uint8Array | null }>(
      'SELECT id, n, data FROM t WHERE name = ?',
    );
    expect(get.get('a')).toMatchObject({ id: 1, n: 1.5, data: null });
    expect(Buffer.from(get.get('b')?.data ?? []).toString()).toBe('xy');
    expect(get.get('nobody')).toBeUndefined();
    expect(
      db.prepare<[bigint], { name: string }>('SELECT name FROM t WHERE id = ?').get(2n),
    ).toEqual({ name: 'b' });
    // A JS number binds as REAL, yet LIMIT and integer comparisons take it.
    expect(
      db.prepare<[number], { name: string }>('SELECT name FROM t LIMIT ?').all(1),
    ).toHaveLength(1);
    expect(db.prepare('DELETE FROM t').run().changes).toBe(2);
    expect(() => put.run('c', Number.NaN, null)).not.toThrow();
    expect(() => db.exec('INSERT INTO nowhere VALUES (1)')).toThrow(/no such table/);
  });

  it('iterates lazily, and a statement left mid-way runs again from the start', () => {
    for (const name of ['a', 'b', 'c']) insert(name);
    const stmt = db.prepare<[], { name: string }>('SELECT name FROM t ORDER BY id');
    const seen: string[] = [];
    for (const row of stmt.iterate()) {
      seen.push(row.name);
      if (row.name === 'b') break;
    }
    expect(seen).toEqual(['a', 'b']);
    expect([...stmt.iterate()].map((r) => r.name)).toEqual(['a', 'b', 'c']);
    // The early stop left no read open that would block a write.
    insert('d');
    expect(names()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('commits a transaction and returns its value', () => {
    expect(db.transaction(() => (insert('a'), 42))).toBe(42);
    expect(names()).toEqual(['a']);
  });

  it('rolls a transaction back when it throws, and rethrows', () => {
    expect(() =>
      db.transaction(() => {
        insert('a');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(names()).toEqual([]);
    // The connection is out of the transaction: the next one commits.
    db.transaction(() => insert('b'));
    expect(names()).toEqual(['b']);
  });

  it('nests as savepoints: a failed inner one undoes only its own writes', () => {
    db.transaction(() => {
      insert('outer');
      expect(() =>
        db.transaction(() => {
          insert('inner');
          db.transaction(() => insert('innermost'));
          throw new Error('inner');
        }),
      ).toThrow('inner');
      db.transaction(() => insert('second'));
    });
    expect(names()).toEqual(['outer', 'second']);
  });

  it('rolls everything back when the outer one throws after an inner one committed', () => {
    expect(() =>
      db.transaction(() => {
        db.transaction(() => insert('inner'));
        throw new Error('outer');
      }),
    ).toThrow('outer');
    expect(names()).toEqual([]);
  });

  it('rolls back a failing statement inside a transaction (a constraint)', () => {
    insert('taken');
    expect(() =>
      db.transaction(() => {
        insert('new');
        insert('taken');
      }),
    ).toThrow(/UNIQUE/);
    expect(names()).toEqual(['taken']);
  });

  it('refuses an async transaction function, rolling its synchronous part back', () => {
    expect(() =>
      db.transaction(() => {
        insert('a');
        return Promise.resolve();
      }),
    ).toThrow(/async/);
    expect(names()).toEqual([]);
  });

  it('keeps data across reopen, and close is idempotent', () => {
    insert('kept');
    db.close();
    db.close();
    expect(db.open).toBe(false);
    db = openDatabase(join(dir, 'test.sqlite'), driver);
    expect(db.open).toBe(true);
    expect(names()).toEqual(['kept']);
  });
});
