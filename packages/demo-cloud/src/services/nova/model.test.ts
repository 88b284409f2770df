import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/store';
import { novaMigrations, servers, type ServerDoc } from './model';

/** Only what the index and the scan read; the rest of a server does not matter here. */
const server = (id: string, project: string, created: string, deleted = false): ServerDoc =>
  ({
    id,
    project_id: project,
    created_at: created,
    deleted,
    host: null,
    reservation_id: 'r',
  }) as unknown as ServerDoc;

describe('nova servers table', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-cloud-nova-model-'));
    store = openStore({ dataDir: dir });
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gains created_at on upgrade from version 2, filled from the documents', () => {
    store.migrate('nova', novaMigrations.slice(0, 2));
    store.db
      .prepare(
        'INSERT INTO nova_servers (id, doc, project_id, deleted, host, reservation_id) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('old', JSON.stringify(server('old', 'p', '2026-01-01T00:00:00Z')), 'p', 0, null, 'r');
    store.migrate('nova', novaMigrations);
    const col = store.collection(servers);
    col.insert(server('new', 'p', '2026-02-01T00:00:00Z'));
    const order = [
      ...col.scan({
        where: { project_id: 'p', deleted: 0 },
        orderBy: ['created_at'],
        descending: true,
      }),
    ];
    expect(order.map((s) => s.id)).toEqual(['new', 'old']);
  });

  it('reads a page of a project (or of all) in Nova default order from an index, no sort', () => {
    store.migrate('nova', novaMigrations);
    const col = store.collection(servers);
    col.insert(server('a', 'p', '2026-01-01T00:00:00Z'));
    col.insert(server('b', 'p', '2026-01-02T00:00:00Z'));
    col.insert(server('c', 'q', '2026-01-02T00:00:00Z'));
    col.insert(server('d', 'p', '2026-01-02T00:00:00Z', true));
    const statements: string[] = [];
    const prepare = store.db.prepare.bind(store.db);
    store.db.prepare = ((sql: string) => {
      statements.push(sql);
      return prepare(sql);
    }) as typeof store.db.prepare;
    const ids = (where: Record<string, string | number>, after?: string[]): string[] =>
      [...col.scan({ where, orderBy: ['created_at'], descending: true, after })].map((s) => s.id);
    expect(ids({ project_id: 'p', deleted: 0 })).toEqual(['b', 'a']);
    expect(ids({ deleted: 0 })).toEqual(['c', 'b', 'a']);
    expect(ids({ deleted: 0 }, ['2026-01-02T00:00:00Z', 'c'])).toEqual(['b', 'a']);
    expect(ids({ project_id: 'p', deleted: 0 }, ['2026-01-02T00:00:00Z', 'b'])).toEqual(['a']);
    store.db.prepare = prepare;
    expect(statements.length).toBeGreaterThan(0);
    for (const sql of statements) {
      const plan = store.db
        .prepare<string[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x'))
        .map((row) => row.detail)
        .join('; ');
      // A range of an index in its order: neither a scan of the table nor a sort of it.
      expect(plan).toMatch(/USING (COVERING )?INDEX nova_servers_(live|project)_order/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
