import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyBatchBody, PolicyBody } from '@skydeck/contract';
import { policy } from '../registry/types';
import { mockFetch, renderWithProviders } from '../testing/render';
import { type ItemGate, itemFreeSets, useItemAccess } from './itemAccess';

interface Item {
  project: string;
}

const GET = policy('identity', 'identity:get_project');
const LIST = policy('identity', 'identity:list_projects');
const OTHER = policy('test', 'test:read');
const byProject = (item: Item) => ({ project_id: item.project });

const GATES: ItemGate<Item>[] = [
  {},
  { requires: [OTHER] },
  { requires: [GET], policyTarget: byProject },
  { requires: [GET], policyTarget: byProject, orRequires: [LIST] },
  { orRequires: [LIST] },
];
const ITEMS: Item[] = [{ project: 'p1' }, { project: 'p2' }];

function Show({ gates, items }: { gates: ItemGate<Item>[]; items: Item[] }): ReactNode {
  const access = useItemAccess(gates, items);
  if (access.loading) return <p>loading</p>;
  const rows = gates.map((_g, g) =>
    [String(access.always[g]), ...items.map((_i, i) => String(access.allowed(g, i)))].join(' '),
  );
  return <pre data-testid="access">{rows.join('\n')}</pre>;
}

function answer(mayList: boolean) {
  const asked: PolicyBody[] = [];
  mockFetch((url, init) => {
    if (url.pathname !== '/api/policy/batch/') return undefined;
    const { checks } = init.json as PolicyBatchBody;
    asked.push(...checks);
    return {
      body: {
        allowed: checks.map((c) =>
          c.rules.every(([, rule]) =>
            rule === 'identity:get_project'
              ? c.target?.project_id === 'p1'
              : rule === 'identity:list_projects'
                ? mayList
                : true,
          ),
        ),
      },
    };
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useItemAccess', () => {
  it('decides each gate for each item: always, per target, or through the alternative', async () => {
    const asked = answer(false);
    renderWithProviders(<Show gates={GATES} items={ITEMS} />);
    // Per gate: always, item p1, item p2.
    expect(await screen.findByTestId('access')).toHaveTextContent(
      [
        'true true true',
        'true true true',
        'false true false',
        'false true false',
        'false false false',
      ].join(' '),
    );
    // A targeted rule is only ever asked with its item's target.
    const gets = asked.filter((c) => c.rules[0]?.[1] === 'identity:get_project');
    expect(gets.map((c) => c.target?.project_id).sort()).toEqual(['p1', 'p2']);
  });

  it('lets the alternative allow every item', async () => {
    answer(true);
    renderWithProviders(<Show gates={GATES} items={ITEMS} />);
    expect(await screen.findByTestId('access')).toHaveTextContent(
      [
        'true true true',
        'true true true',
        'false true false',
        'true true true',
        'true true true',
      ].join(' '),
    );
  });
});

describe('itemFreeSets', () => {
  it('is what can be asked before there are items: never a targeted rule without its target', () => {
    expect(itemFreeSets(GATES)).toEqual([
      { requirements: [OTHER] },
      { requirements: [LIST] },
      { requirements: [LIST] },
    ]);
  });
});
