import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyBatchBody, ServiceCatalog, UserSession } from '@skydeck/contract';
import { shellQueries } from '../data/shell';
import { msg } from '../i18n/msg';
import { asList, defineResource } from '../registry/defineResource';
import { policy, type ResourceType } from '../registry/types';
import { TEST_SETTINGS } from '../testing/panelTestKit';
import { mockFetch, testQueryClient } from '../testing/render';
import { testScope } from '../testing/testScope';
import { prefetchTableChecks } from './routePrefetch';

interface Row {
  id: string;
  project_id: string;
}

const rows: Row[] = [
  { id: 'b', project_id: 'p2' },
  { id: 'a', project_id: 'p1' },
];
const prefetchCells = vi.fn(() => Promise.resolve());
/** Actions here are only asked about, never run. */
const NEVER_RUN = {
  kind: 'delete' as const,
  remove: () => Promise.reject(new Error('not run')),
  invalidates: [],
};
const resource = defineResource<Row>({
  key: (r) => r.id,
  label: (r) => r.id,
  columns: [
    { id: 'id', title: msg('ID'), priority: 1, value: (r) => r.id, defaultSort: true },
    {
      id: 'owner',
      title: msg('Owner'),
      priority: 1,
      value: (r) => r.project_id,
      requires: [policy('identity', 'identity:get_project')],
      policyTarget: (r) => ({ project_id: r.project_id }),
      prefetchCells,
    },
  ],
  list: () => asList(queryOptions({ queryKey: ['rows'], queryFn: () => rows })),
  actions: {
    table: [
      { id: 'create', label: msg('Create'), requires: [policy('x', 'create')], run: NEVER_RUN },
    ],
    row: [
      {
        id: 'delete',
        label: msg('Delete'),
        requires: [policy('x', 'delete')],
        policyTarget: (r: Row) => ({ project_id: r.project_id }),
        run: NEVER_RUN,
      },
    ],
  },
}) as unknown as ResourceType<unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('prefetchTableChecks', () => {
  it("asks the table's checks, then its first rows' per-row checks, and what the cells read", async () => {
    const bodies: PolicyBatchBody[] = [];
    mockFetch((url, init) => {
      if (url.pathname !== '/api/policy/batch/') return undefined;
      const body = init.json as PolicyBatchBody;
      bodies.push(body);
      return { body: { allowed: body.checks.map(() => true) } };
    });
    const client = testQueryClient();
    client.setQueryData(shellQueries.session().queryKey, {} as UserSession);
    client.setQueryData(shellQueries.settings().queryKey, TEST_SETTINGS);
    client.setQueryData(shellQueries.catalog().queryKey, [] as ServiceCatalog);
    client.setQueryData(['rows'], rows);

    await prefetchTableChecks(
      client,
      { type: 'Test::Row', load: () => Promise.resolve(resource) },
      testScope('/project/rows', 'project', 'Test::Row'),
      Promise.resolve(['rows']),
    );

    const asked = bodies.flatMap((b) => b.checks);
    expect(asked).toContainEqual({ rules: [['x', 'create']] });
    for (const project_id of ['p1', 'p2']) {
      expect(asked).toContainEqual({ rules: [['x', 'delete']], target: { project_id } });
      expect(asked).toContainEqual({
        rules: [['identity', 'identity:get_project']],
        target: { project_id },
      });
    }
    // A targeted check is never asked without its row.
    expect(asked).not.toContainEqual({ rules: [['x', 'delete']] });
    expect(prefetchCells).toHaveBeenCalledWith(client);
  });
});
