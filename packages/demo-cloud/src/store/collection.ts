import type { SqliteDatabase, Statement } from './sqlite';

/** A value stored in an indexed column, so it can be filtered in SQL. */
export type IndexValue = string | number | null;

export interface Document {
  readonly id: string;
}

/** A table of JSON documents keyed by `id`, with extra columns derived from the document for lookups. */
export interface CollectionDef<T extends Document> {
  readonly table: string;
  readonly indexes: Readonly<Record<string, (doc: T) => IndexValue>>;
}

// Every defined collection by table, so persisted work (core/lifecycle.ts) can find a table's def after a restart.
const definedCollections = new Map<string, CollectionDef<Document>>();

export const defineCollection = <T extends Document>(
  table: string,
  indexes: Readonly<Record<string, (doc: T) => IndexValue>> = {},
): CollectionDef<T> => {
  assertIdentifier(table);
  for (const column of Object.keys(indexes)) assertIdentifier(column);
  const def: CollectionDef<T> = { table, indexes };
  definedCollections.set(table, def as unknown as CollectionDef<Document>);
  return def;
};

/** The def a module defined for `table`, if that module has been loaded. */
export const collectionDefOf = (table: string): CollectionDef<Document> | undefined =>
  definedCollections.get(table);

export interface Collection<T extends Document> {
  get(id: string): T | undefined;
  /** Every document in insertion order. */
  all(): T[];
  /** Documents whose indexed `column` equals `value`, in insertion order. */
  where(column: string, value: IndexValue): T[];
  findOne(column: string, value: IndexValue): T | undefined;
  count(column?: string, value?: IndexValue): number;
  /** Throws when the id exists. */
  insert(doc: T): T;
  /** Inserts or replaces, keeping the original insertion order on replace. */
  put(doc: T): T;
  /** Applies `change` to the stored document; undefined when the id is absent. */
  update(id: string, change: (doc: T) => T): T | undefined;
  delete(id: string): boolean;
  deleteWhere(column: string, value: IndexValue): number;
}

/** DDL for a collection; run from a migration so later schema changes stay ordered. */
export const createCollectionTable = (
  db: SqliteDatabase,
  def: { readonly table: string; readonly indexes: Readonly<Record<string, unknown>> },
): void => {
  const columns = Object.keys(def.indexes);
  const extra = columns.map((c) => `, ${c}`).join('');
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${def.table} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${extra})`,
  );
  for (const column of columns) {
    db.exec(`CREATE INDEX IF NOT EXISTS ${def.table}_${column} ON ${def.table} (${column})`);
  }
};

interface Row {
  doc: string;
}

export const bindCollection = <T extends Document>(
  db: SqliteDatabase,
  def: CollectionDef<T>,
): Collection<T> => {
  const columns = Object.keys(def.indexes);
  const table = def.table;
  const known = new Set(columns);
  const column = (name: string): string => {
    if (!known.has(name)) throw new Error(`${table}: column ${name} is not indexed`);
    return name;
  };
  const values = (doc: T): IndexValue[] =>
    columns.map((c) => {
      const derive = def.indexes[c];
      return derive ? derive(doc) : null;
    });
  const parse = (row: Row | undefined): T | undefined =>
    row ? (JSON.parse(row.doc) as T) : undefined;

  const placeholders = columns.map(() => ', ?').join('');
  const extraNames = columns.map((c) => `, ${c}`).join('');
  const setters = ['doc = ?', ...columns.map((c) => `${c} = ?`)].join(', ');
  const getStmt = db.prepare<[string], Row>(`SELECT doc FROM ${table} WHERE id = ?`);
  const allStmt = db.prepare<[], Row>(`SELECT doc FROM ${table} ORDER BY seq`);
  const insertStmt = db.prepare(
    `INSERT INTO ${table} (id, doc${extraNames}) VALUES (?, ?${placeholders})`,
  );
  const updateStmt = db.prepare(`UPDATE ${table} SET ${setters} WHERE id = ?`);
  const deleteStmt = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
  const countAllStmt = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);

  // Filtering statements are prepared once per column on first use.
  const whereStmts = new Map<string, Statement<[IndexValue], Row>>();
  const whereStmt = (name: string): Statement<[IndexValue], Row> => {
    let stmt = whereStmts.get(name);
    if (!stmt) {
      stmt = db.prepare<[IndexValue], Row>(
        `SELECT doc FROM ${table} WHERE ${column(name)} IS ? ORDER BY seq`,
      );
      whereStmts.set(name, stmt);
    }
    return stmt;
  };

  const collection: Collection<T> = {
    get: (id) => parse(getStmt.get(id)),
    all: () => allStmt.all().map((row) => JSON.parse(row.doc) as T),
    where: (name, value) =>
      whereStmt(name)
        .all(value)
        .map((row) => JSON.parse(row.doc) as T),
    findOne: (name, value) => parse(whereStmt(name).get(value)),
    count: (name, value) => {
      if (name === undefined) return countAllStmt.get()?.n ?? 0;
      const stmt = db.prepare<[IndexValue], { n: number }>(
        `SELECT COUNT(*) AS n FROM ${table} WHERE ${column(name)} IS ?`,
      );
      return stmt.get(value ?? null)?.n ?? 0;
    },
    insert: (doc) => {
      insertStmt.run(doc.id, JSON.stringify(doc), ...values(doc));
      return doc;
    },
    put: (doc) => {
      const result = updateStmt.run(JSON.stringify(doc), ...values(doc), doc.id);
      if (result.changes === 0) insertStmt.run(doc.id, JSON.stringify(doc), ...values(doc));
      return doc;
    },
    update: (id, change) => {
      const current = collection.get(id);
      if (!current) return undefined;
      const next = change(current);
      if (next.id !== id) throw new Error(`${table}: update must not change the id`);
      updateStmt.run(JSON.stringify(next), ...values(next), id);
      return next;
    },
    delete: (id) => deleteStmt.run(id).changes > 0,
    deleteWhere: (name, value) =>
      db.prepare(`DELETE FROM ${table} WHERE ${column(name)} IS ?`).run(value).changes,
  };
  return collection;
};

function assertIdentifier(name: string): void {
  // Table and column names are interpolated into SQL, so only plain identifiers are allowed.
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`invalid SQL identifier: ${name}`);
}
