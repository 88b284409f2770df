import { describe, expect, it } from 'vitest';

/**
 * One owner per query key (foundation issue §2): a route's query is declared by one data module.
 * Two modules declaring `routeQuery('x', ...)` each shape the answer their own way (`map`), yet
 * share the key, so whichever fetched first decides what the other reads: the router form once
 * crashed on the sidebar's extension list this way. Everyone else reads through the owner.
 */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The route ids a source file declares queries of. */
export function routeQueriesIn(source: string): Set<string> {
  const ids = new Set<string>();
  for (const match of source.matchAll(/\brouteQuery\(\s*'([^']+)'/g)) ids.add(match[1] ?? '');
  for (const match of source.matchAll(/\brouteKey\(\s*'([^']+)'/g)) ids.add(match[1] ?? '');
  return ids;
}

describe('route query owners', () => {
  it('reads the route ids of single- and multi-line declarations', () => {
    const ids = routeQueriesIn(
      "routeQuery('a.list', undefined)\nrouteQuery(\n  'b.get',\n  { params })\nqueryKey: routeKey('c.x', {})",
    );
    expect([...ids]).toEqual(['a.list', 'b.get', 'c.x']);
  });

  it('declares each route query in one module only, under web/src/data', () => {
    const owners = new Map<string, string[]>();
    for (const [file, source] of Object.entries(sources)) {
      if (file.endsWith('/api/api.ts')) continue; // where routeQuery itself is defined
      for (const id of routeQueriesIn(source)) owners.set(id, [...(owners.get(id) ?? []), file]);
    }
    expect(owners.size).toBeGreaterThan(50);
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
    const outside = [...owners].filter(([, files]) => files.some((f) => !f.startsWith('./')));
    expect(outside).toEqual([]);
  });
});
