import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/render';
import { confirmStore } from '../../ui/ConfirmDialog/confirm';
import { cloud, renderPanel } from '../../testing/panelTestKit';

const kp = (name: string, type = 'ssh') => ({
  name,
  type,
  fingerprint: `fp:${name}`,
  public_key: `ssh-ed25519 AAAA ${name}`,
});

async function setup(denied: string[] = []) {
  let items = [kp('zeta'), kp('alpha', 'x509'), kp('<b>bold</b>')];
  const deleted: string[] = [];
  mockFetch(
    cloud({
      denied,
      routes: {
        'GET /api/nova/keypairs/': () => ({ body: { items } }),
        'DELETE /api/nova/keypairs/alpha/': () => {
          deleted.push('alpha');
          items = items.filter((i) => i.name !== 'alpha');
          return { status: 204 };
        },
      },
    }),
  );
  await renderPanel('OS::Nova::Keypair');
  return { deleted };
}

// The first render loads the panel's code chunk.
const LOAD = { timeout: 3000 };

afterEach(() => {
  vi.unstubAllGlobals();
  confirmStore.set(() => []);
});

describe('Key Pairs panel', () => {
  it('lists key pairs by name with their type and fingerprint', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Key Pairs' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'alpha' }, LOAD);
    expect(link).toHaveAttribute('href', '/ngdetails/OS::Nova::Keypair/alpha');
    const table = screen.getByRole('grid', { name: 'Key Pairs' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['<b>bold</b>', 'alpha', 'zeta']);
    expect(within(table).getByRole('cell', { name: 'fp:alpha' })).toBeInTheDocument();
    // The table's actions come with their policy answer, which may follow the list.
    expect(await screen.findByRole('button', { name: 'Create Key Pair' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Public Key' })).toBeInTheDocument();
  });

  it('offers nothing to change to a reader', async () => {
    await setup(['os_compute_api:os-keypairs:create', 'os_compute_api:os-keypairs:delete']);
    await screen.findByRole('link', { name: 'alpha' }, LOAD);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Create Key Pair' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Import Public Key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for alpha' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Key Pairs' })).not.toBeInTheDocument();
  });

  it('deletes a key pair from its row', async () => {
    const user = userEvent.setup();
    const { deleted } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for alpha' }, LOAD));
    await user.click(screen.getByRole('menuitem', { name: 'Delete Key Pair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    expect(dialog).toHaveTextContent(
      'You have selected "alpha". Please confirm your selection. Deleted Key Pair is not recoverable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pair' }));
    expect(await screen.findByText('Deleted Key Pair: alpha.')).toBeInTheDocument();
    expect(deleted).toEqual(['alpha']);
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'alpha' })).not.toBeInTheDocument(),
    );
  });

  it('summarises a batch delete with failures', async () => {
    const user = userEvent.setup();
    await setup();
    await screen.findByRole('link', { name: 'alpha' }, LOAD);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete Key Pairs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pairs' });
    expect(dialog).toHaveTextContent('You have selected "<b>bold</b>", "alpha", "zeta".');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pairs' }));
    expect(await screen.findByText('Deleted Key Pair: alpha.')).toBeInTheDocument();
    expect(screen.getByText('Unable to delete Key Pairs: <b>bold</b>, zeta.')).toBeInTheDocument();
    expect([...document.querySelectorAll('b')].some((b) => b.textContent === 'bold')).toBe(false);
  });

  it('opens the create modal lazily', async () => {
    const user = userEvent.setup();
    await setup();
    await user.click(await screen.findByRole('button', { name: 'Create Key Pair' }, LOAD));
    expect(await screen.findByRole('dialog', { name: 'Create Key Pair' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
