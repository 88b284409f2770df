import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Aggregate } from '@skydeck/contract';
import { mockFetch } from '../../testing/render';
import { cloud, renderPanel } from '../../testing/panelTestKit';
import { EMPTY_AGGREGATE, FAST_STORAGE } from './aggregateFixtures';
import { aggregates } from './aggregates.resource';

afterEach(() => vi.unstubAllGlobals());

const AGGREGATES: Aggregate[] = [FAST_STORAGE, EMPTY_AGGREGATE];

describe('Host Aggregates panel', () => {
  it('lists name, zone, hosts and metadata, and offers create', async () => {
    mockFetch(
      cloud({ routes: { 'GET /api/nova/aggregates/': () => ({ body: { items: AGGREGATES } }) } }),
    );
    await renderPanel('OS::Nova::Aggregate');
    const table = await screen.findByRole('grid', { name: 'Host Aggregates' });
    await within(table).findByRole('link', { name: 'fast-storage' });
    expect(within(table).getByRole('cell', { name: 'demo-compute-3' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'ssd = true' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'az-1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Host Aggregate' })).toBeInTheDocument();
  });

  it('allows deleting only an aggregate without hosts (Nova refuses the others)', () => {
    const remove = aggregates.actions?.row?.find((a) => a.id === 'delete');
    expect(remove?.allowed?.(FAST_STORAGE)).toBe(false);
    expect(remove?.allowed?.(EMPTY_AGGREGATE)).toBe(true);
  });

  it('guards every action by its own os-aggregates rule', () => {
    const rules = [...(aggregates.actions?.table ?? []), ...(aggregates.actions?.row ?? [])].map(
      (a) => [a.id, a.requires?.map((r) => (r.kind === 'policy' ? r.rule : r.kind))],
    );
    expect(Object.fromEntries(rules)).toEqual({
      create: ['os_compute_api:os-aggregates:create'],
      'manage-hosts': [
        'os_compute_api:os-aggregates:add_host',
        'os_compute_api:os-aggregates:remove_host',
      ],
      edit: ['os_compute_api:os-aggregates:update'],
      'update-metadata': ['os_compute_api:os-aggregates:set_metadata'],
      delete: ['os_compute_api:os-aggregates:delete'],
    });
  });
});
