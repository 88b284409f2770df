import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Volume, VolumeBackup } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { ResetVolumeStatusModal } from '../../panels/volumes/VolumeModals';
import { ResetBackupStatusModal } from './BackupModals';

const backup = { id: 'b-1', name: 'nightly', status: 'error' } as VolumeBackup;

function setup(status = 204) {
  const posted: unknown[] = [];
  mockFetch(
    cloud({
      routes: {
        'POST /api/cinder/backups/b-1/reset-status/': (_url, init) => {
          posted.push(init.json);
          return status === 204 ? { status } : { status, body: { message: 'Internal error' } };
        },
      },
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<ResetBackupStatusModal target={backup} onClose={onClose} />);
  return { posted, onClose };
}

describe('Update Backup Status', () => {
  it("offers Cinder's other status only, sends it and says so", async () => {
    const { posted, onClose } = setup();
    const user = userEvent.setup();
    const choice = screen.getByRole('combobox', { name: /Status/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a new status',
      'available',
    ]);
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await user.selectOptions(choice, 'available');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ updated: ['b-1'] }));
    expect(posted).toEqual([{ status: 'available' }]);
    expect(
      await screen.findByText('Updated the status of volume backup "nightly".'),
    ).toBeInTheDocument();
  });

  it('says "Unable to …" when Cinder fails', async () => {
    setup(500);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /Status/ }), 'available');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(
      await screen.findByText('Unable to update the volume backup status.'),
    ).toBeInTheDocument();
  });
});

describe('Update Volume Status', () => {
  it('offers the volume statuses but its own, through the same form', async () => {
    const posted: unknown[] = [];
    mockFetch(
      cloud({
        routes: {
          'POST /api/cinder/volumes/v-1/reset-status/': (_url, init) => {
            posted.push(init.json);
            return { status: 204 };
          },
        },
      }),
    );
    const volume = { id: 'v-1', name: 'data', status: 'error' } as Volume;
    renderWithProviders(<ResetVolumeStatusModal target={volume} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toContain('in-use');
    expect(options).not.toContain('error');
    await user.selectOptions(screen.getByRole('combobox', { name: /Status/ }), 'available');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(posted).toEqual([{ status: 'available' }]));
  });
});
