import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceCatalog } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { catalogRows } from '../../data/system/system';
import { DefaultsPage } from './DefaultsPage';

afterEach(() => vi.unstubAllGlobals());

const endpoint = (iface: string, url: string) => ({
  id: `${iface}-${url}`,
  interface: iface,
  region: 'RegionOne',
  region_id: 'RegionOne',
  url,
});
const CATALOG: ServiceCatalog = [
  { id: 'c', type: 'compute', name: 'nova', endpoints: [endpoint('public', 'http://n')] },
  {
    id: 'v',
    type: 'volumev3',
    name: 'cinderv3',
    endpoints: [endpoint('admin', 'http://v/a'), endpoint('public', 'http://v')],
  },
  { id: 'n', type: 'network', name: 'neutron', endpoints: [endpoint('public', 'http://q')] },
];
const panel = { path: '/admin/defaults', group: 'admin', title: 'Defaults' } as const;

function routes(patches: unknown[]) {
  return {
    'GET /api/keystone/svc-catalog/': () => ({ body: CATALOG }),
    'GET /api/nova/quota-sets/defaults/': () => ({
      body: { items: [{ name: 'instances', limit: 10 }] },
    }),
    'GET /api/cinder/quota-sets/defaults/': () => ({
      body: {
        items: [
          { name: 'gigabytes', limit: 1000 },
          { name: 'volumes', limit: 10 },
        ],
      },
    }),
    'GET /api/neutron/quota-sets/defaults/': () => ({
      body: { items: [{ name: 'network', limit: -1 }] },
    }),
    'PATCH /api/cinder/quota-sets/defaults/': (_url: URL, init: { json?: unknown }) => {
      patches.push(init.json);
      return { status: 204, body: null };
    },
  };
}

describe('catalogRows', () => {
  it('gathers regions and lists endpoints public first', () => {
    const [, volume] = catalogRows(CATALOG);
    expect(volume).toEqual({
      id: 'v',
      name: 'cinderv3',
      type: 'volumev3',
      regions: ['RegionOne'],
      endpoints: ['public: http://v', 'admin: http://v/a'],
    });
  });
});

describe('Defaults page', () => {
  it('shows each service’s defaults, -1 as Unlimited, and no update for network', async () => {
    mockFetch(cloud({ routes: routes([]) }));
    await act(async () => {
      renderWithProviders(<DefaultsPage panel={panel} />, { route: panel.path });
    });
    const network = await screen.findByRole('grid', { name: 'Network Quotas' });
    await within(network).findByRole('cell', { name: 'Unlimited' });
    const compute = await screen.findByRole('grid', { name: 'Compute Quotas' });
    await within(compute).findByRole('cell', { name: 'Instances' });
    expect(await screen.findAllByRole('button', { name: 'Update Defaults' })).toHaveLength(2);
  });

  it('sends only the changed volume default', async () => {
    const patches: unknown[] = [];
    mockFetch(cloud({ routes: routes(patches) }));
    await act(async () => {
      renderWithProviders(<DefaultsPage panel={panel} />, { route: panel.path });
    });
    await screen.findByRole('grid', { name: 'Volume Quotas' });
    const [, volumeButton] = await screen.findAllByRole('button', { name: 'Update Defaults' });
    await userEvent.click(volumeButton as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Update Default Volume Quotas' });
    const field = within(dialog).getByRole('textbox', { name: /^Volumes/ });
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(patches).toEqual([{ volumes: 25 }]));
  });

  it('offers no update to a user the policy refuses', async () => {
    mockFetch(
      cloud({
        routes: routes([]),
        denied: [
          'os_compute_api:os-quota-class-sets:update',
          'volume_extension:quota_classes:update',
        ],
      }),
    );
    await act(async () => {
      renderWithProviders(<DefaultsPage panel={panel} />, { route: panel.path });
    });
    await screen.findByRole('grid', { name: 'Volume Quotas' });
    expect(screen.queryByRole('button', { name: 'Update Defaults' })).toBeNull();
  });
});
