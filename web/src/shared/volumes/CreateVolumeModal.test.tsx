import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { CreateVolumeModal } from './CreateVolumeModal';

afterEach(() => vi.unstubAllGlobals());

const image = { id: 'i1', name: 'cirros', min_disk: 0, size: 1024 } as Image;

function renderWith(limits: Record<string, number>): void {
  mockFetch(
    cloud({
      routes: {
        'GET /api/cinder/volumetypes/': () => ({ body: { items: [] } }),
        'GET /api/cinder/volumetypes/default/': () => ({ status: 404 }),
        'GET /api/cinder/availzones/': () => ({ body: { items: [] } }),
        'GET /api/cinder/tenantabsolutelimits/': () => ({ body: limits }),
      },
    }),
  );
  renderWithProviders(<CreateVolumeModal target={image} onClose={vi.fn()} />);
}

const within = {
  maxTotalVolumeGigabytes: 100,
  totalGigabytesUsed: 10,
  maxTotalVolumes: 10,
  totalVolumesUsed: 1,
};

describe('Create Volume from an image', () => {
  it('over the storage quota, disables Create Volume and says why', async () => {
    renderWith({ ...within, totalGigabytesUsed: 100 });
    const submit = await screen.findByRole('button', { name: 'Create Volume' });
    await vi.waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAccessibleDescription(
      'The requested size exceeds the available storage quota.',
    );
  });

  it('at the maximum number of volumes, disables Create Volume and says why', async () => {
    renderWith({ ...within, totalVolumesUsed: 10 });
    const submit = await screen.findByRole('button', { name: 'Create Volume' });
    await vi.waitFor(() =>
      expect(submit).toHaveAccessibleDescription('The maximum number of volumes has been reached.'),
    );
    expect(submit).toBeDisabled();
  });

  it('within quota, offers Create Volume and no Back button (one step)', async () => {
    renderWith(within);
    const submit = await screen.findByRole('button', { name: 'Create Volume' });
    await screen.findByText('11 of 100 used');
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});
