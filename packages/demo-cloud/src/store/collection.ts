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

/** An ordered, keyset-paged read (Collection.scan). */
export interface ScanOptions {
  /** Indexed columns that must equal these values. */
  where?: Readonly<Record<string, IndexValue>>;
  /** Indexed columns to order by, each the same direction; `id` always ends the order. */
  orderBy: readonly string[];
  descending?: boolean;
  /**
   * Start after this position: the values of `orderBy` and then the id of the row before the
   * first one wanted (a marker). None of them may be null.
   */
  after?: readonly (string | number)[];
}

export interface Collection<T extends Document> {
  get(id: string): T | undefined;
  /** Every document in insertion order. */
  all(): T[];
  /** Documents whose indexed `column` equals `value`, in insertion order. */
  where(column: string, value: IndexValue): T[];
  findOne(column: string, value: IndexValue): T | undefined;
  /**
   * Documents in `orderBy` order, read from an index one at a time as the caller iterates: a
   * page of a large table costs the page, not the table (what a real service's `LIMIT` and
   * marker query does). Stopping early (break) ends the read.
   */
  scan(options: ScanOptions): IterableIterator<T>;
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
  // `id` is a column of every table (unique, so indexed): scans may filter and order by it.
  const known = new Set([...columns, 'id']);
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

  // Scan statements by their SQL (a handful of shapes per table).
  const scanStmts = new Map<string, Statement<IndexValue[], Row>>();
  const busy = new Set<string>();
  const scan = function* (options: ScanOptions): IterableIterator<T> {
    const equal = Object.entries(options.where ?? {});
    const order = [...options.orderBy.map(column), 'id'];
    const conditions = equal.map(([name]) => `${column(name)} IS ?`);
    const params: IndexValue[] = equal.map(([, value]) => value);
    if (options.after !== undefined) {
      if (options.after.length !== order.length) {
        throw new Error(`${table}: scan after needs ${order.length} values`);
      }
      // A row value comparison: SQLite reads it as a range of the (where…, order…) index.
      conditions.push(
        `(${order.join(', ')}) ${options.descending ? '<' : '>'} (${order.map(() => '?').join(', ')})`,
      );
      params.push(...options.after);
    }
    const dir = options.descending ? 'DESC' : 'ASC';
    const sql =
      `SELECT doc FROM ${table}` +
      (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '') +
      ` ORDER BY ${order.map((c) => `${c} ${dir}`).join(', ')}`;
    // A statement mid-read cannot start another read: a scan begun inside another scan's loop
    // of the same shape gets a statement of its own.
    const cached = busy.has(sql) ? undefined : scanStmts.get(sql);
    const stmt = cached ?? db.prepare<IndexValue[], Row>(sql);
    if (!busy.has(sql)) scanStmts.set(sql, stmt);
    const mine = !busy.has(sql);
    if (mine) busy.add(sql);
    try {
      for (const row of stmt.iterate(...params)) yield JSON.parse(row.doc) as T;
    } finally {
      if (mine) busy.delete(sql);
    }
  };

  const collection: Collection<T> = {
    get: (id) => parse(getStmt.get(id)),
    all: () => allStmt.all().map((row) => JSON.parse(row.doc) as T),
    where: (name, value) =>
      whereStmt(name)
        .all(value)
        .map((row) => JSON.parse(row.doc) as T),
    findOne: (name, value) => parse(whereStmt(name).get(value)),
    scan,
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
