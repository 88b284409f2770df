import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The demo cloud's one SQLite interface, over two drivers: Node's built-in `node:sqlite` where the
 * running Node has it without a flag and with `iterate()` (22.13+, 24), and better-sqlite3 on Node
 * 20, which has no built-in SQLite. better-sqlite3 12 aborts the process on Node 24 when a
 * statement is freed, and 13 (the fix) needs Node 22, so neither driver alone covers 20 to 24.
 * The API is better-sqlite3's subset the store uses; transactions are ours, the same on both.
 */

/** What a statement binds: SQLite's storage classes (both drivers bind a JS number as REAL). */
export type SqlValue = string | number | bigint | null | Uint8Array;

export interface RunResult {
  readonly changes: number;
  readonly lastInsertRowid: number | bigint;
}

export interface Statement<P extends readonly SqlValue[] = SqlValue[], R = unknown> {
  run(...params: P): RunResult;
  /** The first row, or undefined when there is none. */
  get(...params: P): R | undefined;
  all(...params: P): R[];
  /** Rows read one at a time as the caller asks; stopping early (break) resets the statement. */
  iterate(...params: P): IterableIterator<R>;
}

export type SqliteDriverName = 'node:sqlite' | 'better-sqlite3';

export interface SqliteDatabase {
  readonly driver: SqliteDriverName;
  readonly open: boolean;
  /** Runs one or more statements that return no rows (DDL, PRAGMA). */
  exec(sql: string): void;
  prepare<P extends readonly SqlValue[] = SqlValue[], R = unknown>(sql: string): Statement<P, R>;
  /**
   * Runs `fn` in a transaction and commits, or rolls back and rethrows when it throws. Called
   * inside another transaction it is a savepoint: its failure undoes only its own writes.
   */
  transaction<R>(fn: () => R): R;
  /** Idempotent. */
  close(): void;
}

/** The part of a driver's connection the shared transaction logic needs. */
interface Connection {
  readonly driver: SqliteDriverName;
  readonly open: boolean;
  exec(sql: string): void;
  prepare<P extends readonly SqlValue[], R>(sql: string): Statement<P, R>;
  /** Whether SQLite has a transaction open; undefined when the driver cannot tell. */
  inTransaction(): boolean | undefined;
  close(): void;
}

// --- node:sqlite -------------------------------------------------------------------------------
// Typed here: @types/node follows our oldest Node (20), which has no node:sqlite.

interface NodeStatementSync {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
  iterate?(...params: SqlValue[]): Iterator<unknown>;
}

interface NodeDatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): NodeStatementSync;
  close(): void;
  /** Node 22.16+ and 24. */
  readonly isTransaction?: boolean;
}

interface NodeSqliteModule {
  readonly DatabaseSync: new (path: string) => NodeDatabaseSync;
  readonly StatementSync: { readonly prototype: Partial<NodeStatementSync> };
}

let nodeSqlite: NodeSqliteModule | null | undefined;

/** node:sqlite if this Node has it unflagged and with StatementSync#iterate (22.13+), else null. */
export const loadNodeSqlite = (): NodeSqliteModule | null => {
  if (nodeSqlite !== undefined) return nodeSqlite;
  // Loading node:sqlite warns "SQLite is an experimental feature" once per process, on every
  // start of the demo cloud and every test worker. We chose it knowingly (it is what Node 24 can
  // run), so that one warning is dropped while the module loads; every other warning still shows.
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, ...args: Parameters<typeof emitWarning>) {
    const [warning, options] = args;
    const type = typeof options === 'string' ? options : options?.type;
    const message = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && message.startsWith('SQLite ')) return;
    emitWarning.apply(this, args);
  } as typeof emitWarning;
  let loaded: NodeSqliteModule | undefined;
  try {
    // Not a static import: Node 20 has no such module. getBuiltinModule answers undefined there,
    // and on 22 before 22.13 (flag required) throws or answers undefined too.
    loaded = process.getBuiltinModule('node:sqlite') as NodeSqliteModule | undefined;
  } catch {
    loaded = undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  nodeSqlite = typeof loaded?.StatementSync?.prototype.iterate === 'function' ? loaded : null;
  return nodeSqlite;
};

const nodeSqliteConnection = (sqlite: NodeSqliteModule, file: string): Connection => {
  const db = new sqlite.DatabaseSync(file);
  let open = true;
  return {
    driver: 'node:sqlite',
    get open() {
      return open;
    },
    exec: (sql) => db.exec(sql),
    prepare: <P extends readonly SqlValue[], R>(sql: string): Statement<P, R> => {
      const stmt = db.prepare(sql);
      const iterate = stmt.iterate?.bind(stmt);
      if (!iterate) throw new Error('node:sqlite without StatementSync#iterate');
      return {
        run: (...params) => {
          const result = stmt.run(...params);
          return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
        },
        get: (...params) => stmt.get(...params) as R | undefined,
        all: (...params) => stmt.all(...params) as R[],
        iterate: function* (...params) {
          const rows = iterate(...params);
          try {
            for (let next = rows.next(); !next.done; next = rows.next()) yield next.value as R;
          } finally {
            // A caller that stops early leaves the statement mid-read; return() resets it.
            rows.return?.();
          }
        },
      };
    },
    inTransaction: () => db.isTransaction,
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
};

// --- better-sqlite3 ----------------------------------------------------------------------------

let betterSqlite3: typeof BetterSqlite3 | null | undefined;

/** better-sqlite3 if it is installed and built for this Node (it is an optional dependency). */
export const loadBetterSqlite3 = (): typeof BetterSqlite3 | null => {
  if (betterSqlite3 !== undefined) return betterSqlite3;
  try {
    // Loaded only when chosen: on Node 24 merely freeing one of its statements aborts the process.
    betterSqlite3 = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    // The JS loads without its addon; opening a database is what loads (and checks) the addon.
    new betterSqlite3(':memory:').close();
  } catch {
    betterSqlite3 = null;
  }
  return betterSqlite3;
};

const betterSqlite3Connection = (Database: typeof BetterSqlite3, file: string): Connection => {
  const db = new Database(file);
  return {
    driver: 'better-sqlite3',
    get open() {
      return db.open;
    },
    exec: (sql) => {
      db.exec(sql);
    },
    prepare: <P extends readonly SqlValue[], R>(sql: string): Statement<P, R> => {
      const stmt = db.prepare<SqlValue[], R>(sql);
      return {
        run: (...params) => {
          const result = stmt.run(...params);
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        get: (...params) => stmt.get(...params),
        all: (...params) => stmt.all(...params),
        iterate: (...params) => stmt.iterate(...params),
      };
    },
    inTransaction: () => db.inTransaction,
    close: () => {
      if (db.open) db.close();
    },
  };
};

// --- the shared layer --------------------------------------------------------------------------

/** The driver openDatabase uses on this Node: node:sqlite where it can, else better-sqlite3. */
export const defaultDriver = (): SqliteDriverName =>
  loadNodeSqlite() ? 'node:sqlite' : 'better-sqlite3';

const isThenable = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function';

// One savepoint name serves every depth: ROLLBACK TO and RELEASE act on the innermost of that name.
const SAVEPOINT = 'skydeck_tx';

const withTransactions = (connection: Connection): SqliteDatabase => {
  // Our own count, for node:sqlite before 22.16 (no isTransaction).
  let depth = 0;
  const inTransaction = (): boolean => connection.inTransaction() ?? depth > 0;
  return {
    driver: connection.driver,
    get open() {
      return connection.open;
    },
    exec: (sql) => connection.exec(sql),
    prepare: <P extends readonly SqlValue[] = SqlValue[], R = unknown>(sql: string) =>
      connection.prepare<P, R>(sql),
    // The same steps as better-sqlite3's own db.transaction(fn)(), which the store used before.
    transaction: <R>(fn: () => R): R => {
      const nested = inTransaction();
      connection.exec(nested ? `SAVEPOINT ${SAVEPOINT}` : 'BEGIN');
      depth++;
      try {
        const result = fn();
        // The transaction would end before the promise settles, and its work run outside it.
        if (isThenable(result)) throw new TypeError('A transaction function must not be async');
        connection.exec(nested ? `RELEASE ${SAVEPOINT}` : 'COMMIT');
        return result;
      } catch (error) {
        // SQLite itself rolls the whole transaction back on some errors (SQLITE_FULL, IOERR, …);
        // then there is nothing left to undo.
        if (inTransaction()) {
          try {
            if (nested) {
              connection.exec(`ROLLBACK TO ${SAVEPOINT}`);
              connection.exec(`RELEASE ${SAVEPOINT}`);
            } else {
              connection.exec('ROLLBACK');
            }
          } catch (undoError) {
            // Only our own count can be wrong this way (no isTransaction): SQLite already undid it.
            if (connection.inTransaction() !== undefined) throw undoError;
          }
        }
        throw error;
      } finally {
        depth--;
      }
    },
    close: () => connection.close(),
  };
};

/** Opens (creating) the SQLite file, or `:memory:`, with `driver` or this Node's default. */
export const openDatabase = (file: string, driver = defaultDriver()): SqliteDatabase => {
  if (driver === 'node:sqlite') {
    const sqlite = loadNodeSqlite();
    if (!sqlite) {
      throw new Error(
        `node:sqlite needs Node 22.13 or later (this is ${process.version}); use better-sqlite3`,
      );
    }
    return withTransactions(nodeSqliteConnection(sqlite, file));
  }
  const Database = loadBetterSqlite3();
  if (!Database) {
    throw new Error(
      `The demo cloud needs SQLite: Node ${process.version} has no usable node:sqlite (it needs ` +
        '22.13 or later), and better-sqlite3 (an optional dependency, for Node 20) is not ' +
        'installed or not built for this Node. Run `npm install` on this Node, or use Node 22.13+.',
    );
  }
  return withTransactions(betterSqlite3Connection(Database, file));
};
