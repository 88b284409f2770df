import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bindCollection } from './collection';
import type { Collection, CollectionDef, Document } from './collection';
import { openDatabase } from './sqlite';
import type { SqliteDatabase } from './sqlite';

export const STORE_FILE = 'demo-cloud.sqlite';

/** One ordered schema step of a component (a service or the core store). */
export interface Migration {
  readonly version: number;
  readonly up: (db: SqliteDatabase) => void;
}

export interface Store {
  readonly file: string;
  /** The SQLite handle, for queries collections cannot express (ordered range scans, aggregates). */
  readonly db: SqliteDatabase;
  collection<T extends Document>(def: CollectionDef<T>): Collection<T>;
  /** Runs `fn` atomically; nested calls become savepoints. */
  transaction<R>(fn: () => R): R;
  /** Applies the component's migrations newer than its recorded schema version. */
  migrate(component: string, migrations: readonly Migration[]): void;
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  /** A persistent counter, for upstream fields that are integers (e.g. a key pair's id). */
  nextSequence(name: string): number;
  close(): void;
}

export interface OpenStoreOptions {
  readonly dataDir: string;
  readonly reset?: boolean;
}

export const openStore = ({ dataDir, reset = false }: OpenStoreOptions): Store => {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, STORE_FILE);
  if (reset) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  const db = openDatabase(file);
  // WAL keeps readers off the writer's back; NORMAL is crash-safe in WAL mode (only a power cut can drop the last commits).
  db.exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;`);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (component TEXT PRIMARY KEY, version INTEGER NOT NULL, applied_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);

  const bound = new Map<string, Collection<Document>>();
  const getVersion = db.prepare<[string], { version: number }>(
    'SELECT version FROM schema_version WHERE component = ?',
  );
  const setVersion = db.prepare(
    'INSERT INTO schema_version (component, version, applied_at) VALUES (?, ?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at',
  );
  const getMetaStmt = db.prepare<[string], { value: string }>(
    'SELECT value FROM meta WHERE key = ?',
  );
  const setMetaStmt = db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );

  const store: Store = {
    file,
    db,
    collection: <T extends Document>(def: CollectionDef<T>): Collection<T> => {
      let collection = bound.get(def.table);
      if (!collection) {
        collection = bindCollection(db, def) as unknown as Collection<Document>;
        bound.set(def.table, collection);
      }
      return collection as unknown as Collection<T>;
    },
    transaction: (fn) => db.transaction(fn),
    migrate: (component, migrations) => {
      const sorted = [...migrations].sort((a, b) => a.version - b.version);
      db.transaction(() => {
        let current = getVersion.get(component)?.version ?? 0;
        for (const migration of sorted) {
          if (migration.version <= current) continue;
          migration.up(db);
          current = migration.version;
          setVersion.run(component, current, new Date().toISOString());
        }
      });
    },
    getMeta: (key) => getMetaStmt.get(key)?.value,
    setMeta: (key, value) => {
      setMetaStmt.run(key, value);
    },
    nextSequence: (name) =>
      db.transaction(() => {
        const key = `sequence:${name}`;
        const next = Number(getMetaStmt.get(key)?.value ?? '0') + 1;
        setMetaStmt.run(key, String(next));
        return next;
      }),
    close: () => db.close(),
  };
  return store;
};
