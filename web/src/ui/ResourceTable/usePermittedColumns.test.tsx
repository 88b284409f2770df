import { screen, waitFor, within } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyBatchBody, PolicyBody } from '@skydeck/contract';
import { apiFetch } from '../../api/http';
import { msg } from '../../i18n/msg';
import { modalAction } from '../../registry/actions';
import { nameColumn, textColumn } from '../../registry/columns';
import { asList, defineResource } from '../../registry/defineResource';
import { field } from '../../registry/fields';
import { policy, type Action, type ResourceType } from '../../registry/types';
import { mockFetch, renderWithProviders, testQueryClient } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { shellQueries } from '../../data/shell';
import { ResourceTable } from './ResourceTable';
import { testScope } from '../../testing/testScope';

interface Item {
  id: string;
  name: string;
  project: string;
}

const OWN = 'p-own';
const ITEMS: Item[] = Array.from({ length: 20 }, (_v, i) => ({
  id: `i${i}`,
  name: `item-${String(i).padStart(2, '0')}`,
  // Every fourth item is the session's project's; the rest belong to others.
  project: i % 4 === 0 ? OWN : `p-other-${i}`,
}));

const listQuery = queryOptions({
  queryKey: ['test', 'owned', 'list'] as const,
  queryFn: () => apiFetch<{ items: Item[] }>('api/test/owned/').then((r) => r.items),
});

const GET_PROJECT = policy('identity', 'identity:get_project');
const LIST_PROJECTS = policy('identity', 'identity:list_projects');
const ownerTarget = (item: Item): { project_id: string } => ({ project_id: item.project });

// Ten row actions with a rule and a target each: 200 checks for a page of 20 rows.
const ROW_ACTIONS: Action<Item>[] = Array.from({ length: 10 }, (_v, n) =>
  modalAction<Item>(
    `act-${n}`,
    msg(`Action ${n}`),
    [policy('test', `test:act${n}`)],
    () => Promise.resolve(() => null),
    { policyTarget: ownerTarget },
  ),
);

const owned = (columnOptions: { orRequires?: (typeof LIST_PROJECTS)[] } = {}): ResourceType<Item> =>
  defineResource<Item>({
    key: (i) => i.id,
    label: (i) => i.name,
    list: () => asList(listQuery),
    columns: [
      nameColumn({ priority: 1, defaultSort: true }),
      textColumn('owner', msg('Owner'), (i) => i.project, {
        priority: 1,
        requires: [GET_PROJECT],
        policyTarget: ownerTarget,
        ...columnOptions,
      }),
    ],
    actions: { row: ROW_ACTIONS },
  });

/**
 * Policy as Keystone's Zed defaults answer a project-scoped member: get_project only for the
 * token's own project, no list_projects; the test rules pass for any target.
 */
function setup(
  resource: ResourceType<Item>,
  { mayList = false, items = ITEMS }: { mayList?: boolean; items?: Item[] } = {},
) {
  const batches: PolicyBody[][] = [];
  const base = cloud();
  const fetchSpy = mockFetch((url, init) => {
    if (url.pathname === '/api/policy/batch/') {
      const { checks } = init.json as PolicyBatchBody;
      batches.push(checks);
      return {
        body: {
          allowed: checks.map((c) =>
            c.rules.every(([, rule]) => {
              if (rule === 'identity:get_project') return c.target?.project_id === OWN;
              if (rule === 'identity:list_projects') return mayList;
              return true;
            }),
          ),
        },
      };
    }
    if (url.pathname === '/api/test/owned/') return { body: { items } };
    return base(url, init);
  });
  const client = testQueryClient();
  // The rows are in before the table renders, as when the panel's route fetched them.
  client.setQueryData(listQuery.queryKey, items);
  void client.prefetchQuery(shellQueries.settings());
  renderWithProviders(<ResourceTable resource={resource} scope={testScope('/test', 'project')} />, {
    route: '/test',
    client,
  });
  return { batches, fetchSpy };
}

const ownerCell = (name: string): string | null => {
  const row = screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });
  const cells = within(row).getAllByRole('cell');
  return cells[1]?.textContent ?? null;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('per-row policy targets on columns', () => {
  it('asks the checks of 20 rows × 10 actions and a targeted column in one request', async () => {
    const { batches } = setup(owned());
    await screen.findByRole('columnheader', { name: 'Owner' });
    await waitFor(() => expect(ownerCell('item-00')).toBe(OWN));
    // Let any straggler batch window (10 ms) pass before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toHaveLength(1);
    const checks = batches[0] ?? [];
    const ownerChecks = checks.filter((c) => c.rules[0]?.[1] === 'identity:get_project');
    // One check per distinct question: the five rows of the own project ask the same one.
    const targets = new Set(ITEMS.map((i) => i.project)).size;
    expect(targets).toBe(16);
    expect(ownerChecks).toHaveLength(targets);
    expect(checks.filter((c) => c.rules[0]?.[0] === 'test')).toHaveLength(10 * targets);
    // Never asked without its row: that would be a question about the session's own project.
    expect(ownerChecks.every((c) => c.target?.project_id)).toBe(true);
  });

  it('shows the cell only on rows whose check passes, "-" on the others', async () => {
    setup(owned());
    await waitFor(() => expect(ownerCell('item-00')).toBe(OWN));
    expect(ownerCell('item-04')).toBe(OWN);
    expect(ownerCell('item-01')).toBe('-');
    expect(ownerCell('item-03')).toBe('-');
  });

  it('drops the column when no shown row passes', async () => {
    const { batches } = setup(owned(), { items: ITEMS.filter((i) => i.project !== OWN) });
    await screen.findByRole('row', { name: /item-01/ });
    await waitFor(() => expect(batches).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('columnheader', { name: 'Owner' })).not.toBeInTheDocument();
  });

  it('shows every row’s cell when the alternative passes (who may list every project)', async () => {
    setup(owned({ orRequires: [LIST_PROJECTS] }), { mayList: true });
    await waitFor(() => expect(ownerCell('item-01')).toBe('p-other-1'));
    expect(ownerCell('item-00')).toBe(OWN);
  });

  it('falls back to the per-row check when the alternative fails', async () => {
    setup(owned({ orRequires: [LIST_PROJECTS] }));
    await waitFor(() => expect(ownerCell('item-00')).toBe(OWN));
    expect(ownerCell('item-01')).toBe('-');
  });

  it('gates an expanded row’s summary fields by their item too', async () => {
    const user = userEvent.setup();
    setup({
      ...owned(),
      summary: [
        field(msg('Project'), (i: Item) => `project ${i.project}`, {
          requires: [GET_PROJECT],
          policyTarget: ownerTarget,
        }),
        field(msg('Identifier'), (i: Item) => `id ${i.id}`),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Details of item-00' }));
    expect(await screen.findByText(`project ${OWN}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details of item-01' }));
    expect(await screen.findByText('id i1')).toBeInTheDocument();
    expect(screen.queryByText('project p-other-1')).not.toBeInTheDocument();
  });
});
