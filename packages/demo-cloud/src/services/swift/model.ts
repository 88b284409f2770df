import type { SqlValue, SqliteDatabase, Statement } from '../../store/sqlite';
import type { Migration, Store } from '../../store/store';

/**
 * Swift keeps one row per account, container and object, like its account and container
 * databases. Tables are keyed by (account[, container], name) WITHOUT ROWID, so the primary key is
 * the clustered index and a listing is an ordered range scan, not a scan of every row.
 * Object data lives in files under `<dataDir>/swift` (storage.ts); a row names its file.
 */

/** Headers kept as-is, by their title-cased name (`X-Container-Meta-Color`, `Content-Disposition`). */
export type StoredHeaders = Record<string, string>;

export interface AccountRow {
  readonly account: string;
  readonly created_at: number;
  put_timestamp: number;
  meta: StoredHeaders;
}

export interface ContainerRow {
  readonly account: string;
  readonly name: string;
  readonly created_at: number;
  put_timestamp: number;
  read_acl: string | null;
  write_acl: string | null;
  meta: StoredHeaders;
  readonly object_count: number;
  readonly bytes_used: number;
}

export interface ObjectRow {
  readonly account: string;
  readonly container: string;
  readonly name: string;
  readonly created_at: number;
  readonly size: number;
  readonly etag: string;
  readonly content_type: string;
  /** Path under `<dataDir>/swift`; null for zero bytes or synthetic content. */
  readonly file: string | null;
  /** Content generated from the name (scale seed), never stored. */
  readonly synthetic: boolean;
  /** X-Delete-At, seconds. */
  readonly delete_at: number | null;
  /** User metadata and the other headers the object server keeps. */
  readonly meta: StoredHeaders;
}

/** What a container listing shows of an object (no metadata to decode). */
export type ListedObject = Pick<
  ObjectRow,
  'name' | 'created_at' | 'size' | 'content_type' | 'etag'
> & {
  /** An SLO's own etag (its sysmeta), which JSON listings add. */
  readonly slo_etag: string | null;
  /** An SLO's total size (its sysmeta), which listings show instead of the manifest's. */
  readonly slo_size: string | null;
};

/** One row of a listing: an object or container, or a pseudo-directory (`subdir`). */
export type ListingRow<T> = { readonly subdir: string } | { readonly row: T };

export const swiftMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      db.exec(`
        CREATE TABLE IF NOT EXISTS swift_accounts (
          account TEXT NOT NULL PRIMARY KEY,
          created_at REAL NOT NULL,
          put_timestamp REAL NOT NULL,
          meta TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS swift_containers (
          account TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at REAL NOT NULL,
          put_timestamp REAL NOT NULL,
          read_acl TEXT,
          write_acl TEXT,
          meta TEXT NOT NULL,
          object_count INTEGER NOT NULL DEFAULT 0,
          bytes_used INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (account, name)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS swift_objects (
          account TEXT NOT NULL,
          container TEXT NOT NULL,
          name TEXT NOT NULL,
          created_at REAL NOT NULL,
          size INTEGER NOT NULL,
          etag TEXT NOT NULL,
          content_type TEXT NOT NULL,
          file TEXT,
          synthetic INTEGER NOT NULL DEFAULT 0,
          delete_at INTEGER,
          meta TEXT NOT NULL,
          PRIMARY KEY (account, container, name)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS swift_objects_delete_at ON swift_objects (delete_at)
          WHERE delete_at IS NOT NULL;
      `);
    },
  },
];

interface AccountRecord {
  account: string;
  created_at: number;
  put_timestamp: number;
  meta: string;
}

interface ContainerRecord extends Omit<ContainerRow, 'meta'> {
  meta: string;
}

interface ObjectRecord extends Omit<ObjectRow, 'meta' | 'synthetic'> {
  meta: string;
  synthetic: number;
}

/** The bounds of one ordered page query (Swift's listing loop issues several). */
export interface RangeQuery {
  /** `name < below` */
  readonly below?: string;
  /** `name > after`, or `name >= after` when `inclusive`. */
  readonly after?: string;
  readonly inclusive?: boolean;
  readonly reverse: boolean;
  readonly limit: number;
}

export interface ContainerTotals {
  readonly containers: number;
  readonly objects: number;
  readonly bytes: number;
}

export interface SwiftDb {
  getAccount(account: string): AccountRow | undefined;
  putAccount(row: AccountRow): void;
  accountTotals(account: string): ContainerTotals;
  getContainer(account: string, name: string): ContainerRow | undefined;
  /** Creates or replaces the container's own fields (counts are kept). */
  putContainer(row: Omit<ContainerRow, 'object_count' | 'bytes_used'>): void;
  deleteContainer(account: string, name: string): boolean;
  /** Containers in name order within the range; lazy, so a caller may stop early. */
  containerRange(account: string, range: RangeQuery): IterableIterator<ContainerRow>;
  getObject(account: string, container: string, name: string): ObjectRow | undefined;
  /** Inserts or replaces an object and adjusts its container's counts; returns the replaced row. */
  putObject(row: ObjectRow): ObjectRow | undefined;
  /** Deletes an object and adjusts its container's counts; returns the deleted row. */
  deleteObject(account: string, container: string, name: string): ObjectRow | undefined;
  /** Replaces the metadata fields of an object (POST). */
  updateObjectMeta(
    row: Pick<ObjectRow, 'account' | 'container' | 'name' | 'created_at' | 'content_type'> & {
      readonly delete_at: number | null;
      readonly meta: StoredHeaders;
    },
  ): void;
  /** Objects in name order within the range; lazy, so a caller may stop early. */
  objectRange(
    account: string,
    container: string,
    range: RangeQuery,
  ): IterableIterator<ListedObject>;
  /** Objects whose X-Delete-At has passed. */
  expired(nowSeconds: number, limit: number): ObjectRow[];
  /** Bulk insert for seeds: rows must be new; container counts are recomputed once after. */
  insertObjects(rows: Iterable<ObjectRow>): number;
  recountContainer(account: string, name: string): void;
}

const parseMeta = (text: string): StoredHeaders => JSON.parse(text) as StoredHeaders;

const toAccount = (r: AccountRecord): AccountRow => ({ ...r, meta: parseMeta(r.meta) });
const toContainer = (r: ContainerRecord): ContainerRow => ({ ...r, meta: parseMeta(r.meta) });
const toObject = (r: ObjectRecord): ObjectRow => ({
  ...r,
  meta: parseMeta(r.meta),
  synthetic: r.synthetic === 1,
});

/** Statements of one range-query shape, prepared on first use; rows are read lazily. */
const rangeStatements = <R>(
  db: SqliteDatabase,
  select: string,
  scope: string,
): ((range: RangeQuery, scopeArgs: readonly string[]) => IterableIterator<R>) => {
  const cache = new Map<string, Statement<SqlValue[], R>>();
  return (range, scopeArgs) => {
    const conditions = [scope];
    const args: SqlValue[] = [...scopeArgs];
    if (range.below !== undefined) {
      conditions.push('name < ?');
      args.push(range.below);
    }
    if (range.after !== undefined) {
      conditions.push(range.inclusive ? 'name >= ?' : 'name > ?');
      args.push(range.after);
    }
    const sql = `${select} WHERE ${conditions.join(' AND ')} ORDER BY name ${range.reverse ? 'DESC' : 'ASC'} LIMIT ?`;
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare<SqlValue[], R>(sql);
      cache.set(sql, stmt);
    }
    args.push(range.limit);
    return stmt.iterate(...args);
  };
};

const OBJECT_COLUMNS =
  'account, container, name, created_at, size, etag, content_type, file, synthetic, delete_at, meta';

const bind = (db: SqliteDatabase): SwiftDb => {
  const getAccount = db.prepare<[string], AccountRecord>(
    'SELECT * FROM swift_accounts WHERE account = ?',
  );
  const putAccount = db.prepare(
    `INSERT INTO swift_accounts (account, created_at, put_timestamp, meta) VALUES (?, ?, ?, ?)
     ON CONFLICT(account) DO UPDATE SET put_timestamp = excluded.put_timestamp, meta = excluded.meta`,
  );
  const totals = db.prepare<[string], { containers: number; objects: number; bytes: number }>(
    `SELECT COUNT(*) AS containers, COALESCE(SUM(object_count), 0) AS objects,
       COALESCE(SUM(bytes_used), 0) AS bytes FROM swift_containers WHERE account = ?`,
  );
  const getContainer = db.prepare<[string, string], ContainerRecord>(
    'SELECT * FROM swift_containers WHERE account = ? AND name = ?',
  );
  const putContainer = db.prepare(
    `INSERT INTO swift_containers (account, name, created_at, put_timestamp, read_acl, write_acl, meta)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(account, name) DO UPDATE SET put_timestamp = excluded.put_timestamp,
       read_acl = excluded.read_acl, write_acl = excluded.write_acl, meta = excluded.meta`,
  );
  const deleteContainer = db.prepare('DELETE FROM swift_containers WHERE account = ? AND name = ?');
  const adjustCounts = db.prepare(
    `UPDATE swift_containers SET object_count = object_count + ?, bytes_used = bytes_used + ?
     WHERE account = ? AND name = ?`,
  );
  const recount = db.prepare(
    `UPDATE swift_containers SET
       object_count = (SELECT COUNT(*) FROM swift_objects o WHERE o.account = swift_containers.account AND o.container = swift_containers.name),
       bytes_used = (SELECT COALESCE(SUM(size), 0) FROM swift_objects o WHERE o.account = swift_containers.account AND o.container = swift_containers.name)
     WHERE account = ? AND name = ?`,
  );
  const getObject = db.prepare<[string, string, string], ObjectRecord>(
    `SELECT ${OBJECT_COLUMNS} FROM swift_objects WHERE account = ? AND container = ? AND name = ?`,
  );
  const putObject = db.prepare(
    `INSERT OR REPLACE INTO swift_objects (${OBJECT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertObject = db.prepare(
    `INSERT INTO swift_objects (${OBJECT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const deleteObject = db.prepare(
    'DELETE FROM swift_objects WHERE account = ? AND container = ? AND name = ?',
  );
  const updateMeta = db.prepare(
    `UPDATE swift_objects SET created_at = ?, content_type = ?, delete_at = ?, meta = ?
     WHERE account = ? AND container = ? AND name = ?`,
  );
  const expired = db.prepare<[number, number], ObjectRecord>(
    `SELECT ${OBJECT_COLUMNS} FROM swift_objects WHERE delete_at IS NOT NULL AND delete_at <= ? LIMIT ?`,
  );
  const containerRange = rangeStatements<ContainerRecord>(
    db,
    'SELECT * FROM swift_containers',
    'account = ?',
  );
  const objectRange = rangeStatements<ListedObject>(
    db,
    // Only an SLO's metadata holds its etag: the cheap instr() spares decoding every other row.
    `SELECT name, created_at, size, content_type, etag,
       CASE WHEN instr(meta, 'Sysmeta-Slo-Etag') > 0
         THEN json_extract(meta, '$."X-Object-Sysmeta-Slo-Etag"') END AS slo_etag,
       CASE WHEN instr(meta, 'Sysmeta-Slo-Size') > 0
         THEN json_extract(meta, '$."X-Object-Sysmeta-Slo-Size"') END AS slo_size
     FROM swift_objects`,
    'account = ? AND container = ?',
  );
  const objectArgs = (row: ObjectRow): SqlValue[] => [
    row.account,
    row.container,
    row.name,
    row.created_at,
    row.size,
    row.etag,
    row.content_type,
    row.file,
    row.synthetic ? 1 : 0,
    row.delete_at,
    JSON.stringify(row.meta),
  ];

  const swiftDb: SwiftDb = {
    getAccount: (account) => {
      const r = getAccount.get(account);
      return r ? toAccount(r) : undefined;
    },
    putAccount: (row) => {
      putAccount.run(row.account, row.created_at, row.put_timestamp, JSON.stringify(row.meta));
    },
    accountTotals: (account) => totals.get(account) ?? { containers: 0, objects: 0, bytes: 0 },
    getContainer: (account, name) => {
      const r = getContainer.get(account, name);
      return r ? toContainer(r) : undefined;
    },
    putContainer: (row) => {
      putContainer.run(
        row.account,
        row.name,
        row.created_at,
        row.put_timestamp,
        row.read_acl,
        row.write_acl,
        JSON.stringify(row.meta),
      );
    },
    deleteContainer: (account, name) => deleteContainer.run(account, name).changes > 0,
    containerRange: function* (account, range) {
      for (const record of containerRange(range, [account])) yield toContainer(record);
    },
    getObject: (account, container, name) => {
      const r = getObject.get(account, container, name);
      return r ? toObject(r) : undefined;
    },
    putObject: (row) => {
      const previous = swiftDb.getObject(row.account, row.container, row.name);
      putObject.run(...objectArgs(row));
      adjustCounts.run(
        previous ? 0 : 1,
        row.size - (previous?.size ?? 0),
        row.account,
        row.container,
      );
      return previous;
    },
    deleteObject: (account, container, name) => {
      const previous = swiftDb.getObject(account, container, name);
      if (!previous) return undefined;
      deleteObject.run(account, container, name);
      adjustCounts.run(-1, -previous.size, account, container);
      return previous;
    },
    updateObjectMeta: (row) => {
      updateMeta.run(
        row.created_at,
        row.content_type,
        row.delete_at,
        JSON.stringify(row.meta),
        row.account,
        row.container,
        row.name,
      );
    },
    objectRange: (account, container, range) => objectRange(range, [account, container]),
    expired: (now, limit) => expired.all(now, limit).map(toObject),
    insertObjects: (rows) => {
      let n = 0;
      for (const row of rows) {
        insertObject.run(...objectArgs(row));
        n++;
      }
      return n;
    },
    recountContainer: (account, name) => {
      recount.run(account, name);
    },
  };
  return swiftDb;
};

const bound = new WeakMap<SqliteDatabase, SwiftDb>();

/** Swift's tables of a store, with statements prepared once per database. */
export const swiftDbOf = (store: Store): SwiftDb => {
  let db = bound.get(store.db);
  if (!db) {
    db = bind(store.db);
    bound.set(store.db, db);
  }
  return db;
};

/** The account of a Keystone project, as keystoneauth's default reseller prefix names it. */
export const accountOf = (projectId: string): string => `AUTH_${projectId}`;
