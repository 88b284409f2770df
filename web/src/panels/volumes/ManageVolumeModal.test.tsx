import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { ManageVolumeModal } from './ManageVolumeModal';

const POOL = 'controller@lvmdriver-1#lvmdriver-1';

function setup(pools: { status?: number; body?: unknown }) {
  const posted: unknown[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/cinder/pools/': () => pools,
        'GET /api/cinder/volumetypes/': () => ({ body: { items: [] } }),
        'GET /api/cinder/availzones/': () => ({ body: { items: [] } }),
        'POST /api/cinder/volumes/manage/': (_url, init) => {
          posted.push(init.json);
          return { status: 201, body: { id: 'v-1' } };
        },
      },
    }),
  );
  renderWithProviders(<ManageVolumeModal target={undefined} onClose={vi.fn()} />);
  return posted;
}

describe('Manage Volume host', () => {
  it("offers the cloud's pools as the host", async () => {
    const posted = setup({ body: { items: [{ name: POOL }, { name: 'other@nfs#share' }] } });
    const user = userEvent.setup();
    const host = await screen.findByRole('combobox', { name: /Host/ });
    expect(screen.getByRole('option', { name: POOL })).toBeInTheDocument();
    await user.selectOptions(host, POOL);
    await user.type(screen.getByRole('textbox', { name: /^Identifier/ }), 'volume-1');
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ host: POOL, identifier: 'volume-1' });
  });

  it('takes a typed host when the pools cannot be read', async () => {
    const posted = setup({ status: 403, body: { message: 'Policy does not allow' } });
    const user = userEvent.setup();
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: /Host/ })).not.toBeInTheDocument(),
    );
    await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'h@b#p');
    await user.type(screen.getByRole('textbox', { name: /^Identifier/ }), 'volume-1');
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ host: 'h@b#p' });
    // An unreadable list is no error of the user's: nothing is toasted.
    expect(screen.queryByText(/Policy does not allow/)).not.toBeInTheDocument();
  });
});
