import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/render';
import { confirmStore } from '../../ui/ConfirmDialog/confirm';
import { cloud, renderPanel } from '../../testing/panelTestKit';
import { flavor } from './flavorFixtures';

const FLAVORS = [
  flavor({ id: 'f-2', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 }),
  flavor({
    id: 'f-1',
    name: 'm1.tiny',
    vcpus: 1,
    ram: 512,
    disk: 1,
    extras: { 'hw:cpu_policy': 'dedicated' },
  }),
  flavor({
    id: 'f-3',
    name: 'private.big',
    vcpus: 8,
    ram: 16384,
    disk: 160,
    'os-flavor-access:is_public': false,
  }),
];

async function setup(denied: string[] = []) {
  const deletes: string[] = [];
  mockFetch(
    cloud({
      denied,
      routes: {
        'GET /api/nova/flavors/': (url) => {
          expect(url.searchParams.get('get_extras')).toBe('true');
          return { body: { items: FLAVORS } };
        },
        'DELETE /api/nova/flavors/f-1/': () => {
          deletes.push('f-1');
          return { status: 204 };
        },
      },
    }),
  );
  await renderPanel('OS::Nova::Flavor');
  const table = await screen.findByRole('grid', { name: 'Flavors' });
  await within(table).findByRole('link', { name: 'm1.tiny' });
  return { table, deletes };
}

afterEach(() => {
  vi.unstubAllGlobals();
  confirmStore.set(() => []);
});

describe('Flavors panel', () => {
  it('shows the columns of spec 2 §2, sorted by RAM', async () => {
    const { table } = await setup();
    const data = ['Name', 'VCPUs', 'RAM', 'Root Disk', 'ID', 'Public'];
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent ?? '');
    expect(headers.filter((h) => data.includes(h))).toEqual(data);
    const names = within(table)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['m1.tiny', 'm1.small', 'private.big']);
    const tiny = within(table).getByRole('link', { name: 'm1.tiny' }).closest('tr') as HTMLElement;
    expect(within(tiny).getByRole('cell', { name: '512 MB' })).toBeInTheDocument();
    expect(within(tiny).getByRole('cell', { name: '1 GB' })).toBeInTheDocument();
    expect(within(tiny).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    const big = within(table)
      .getByRole('link', { name: 'private.big' })
      .closest('tr') as HTMLElement;
    expect(within(big).getByRole('cell', { name: '16 GB' })).toBeInTheDocument();
    expect(within(big).getByRole('cell', { name: 'No' })).toBeInTheDocument();
  });

  it('filters by the public facet', async () => {
    const user = userEvent.setup();
    const { table } = await setup();
    await user.click(screen.getByRole('button', { name: 'Filter by: Name' }));
    await user.click(screen.getByRole('option', { name: 'Public' }));
    await user.click(screen.getByRole('button', { name: 'Filter by Public' }));
    await user.click(screen.getByRole('option', { name: 'No' }));
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['private.big']);
  });

  it('expands a row to its id and extra specs', async () => {
    const user = userEvent.setup();
    await setup();
    await user.click(screen.getByRole('button', { name: 'Details of m1.tiny' }));
    expect(screen.getByText('hw:cpu_policy')).toBeVisible();
    expect(screen.getByText('dedicated')).toBeVisible();
  });

  it('offers row actions by rule: metadata always, access only for private flavors', async () => {
    const user = userEvent.setup();
    await setup();
    await user.click(screen.getByRole('button', { name: 'Actions for m1.tiny' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit Flavor', 'Update Metadata', 'Delete Flavor']);
    expect(within(menu).getByRole('menuitem', { name: 'Update Metadata' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Actions for m1.tiny' }));
    await user.click(screen.getByRole('button', { name: 'Actions for private.big' }));
    expect(screen.getByRole('menuitem', { name: 'Modify Access' })).toBeInTheDocument();
  });

  it('needs os-flavor-manage:create to create, but always offers delete', async () => {
    await setup(['os_compute_api:os-flavor-manage:create']);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Create Flavor' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Delete Flavors' })).toBeInTheDocument();
  });

  it('deletes with the flavor texts of spec 2 §8, in the singular or plural', async () => {
    const user = userEvent.setup();
    const { deletes } = await setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select m1.tiny' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select m1.small' }));
    await user.click(screen.getByRole('button', { name: 'Delete Flavors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Flavors' });
    expect(dialog).toHaveTextContent(
      'You have selected "m1.tiny", "m1.small". Deleted flavors are not recoverable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Flavors' }));
    expect(await screen.findByText('Deleted Flavor: m1.tiny.')).toBeInTheDocument();
    expect(screen.getByText('Unable to delete Flavor: m1.small.')).toBeInTheDocument();
    expect(deletes).toEqual(['f-1']);
  });
});
