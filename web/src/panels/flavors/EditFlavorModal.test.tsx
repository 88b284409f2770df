import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { EditFlavorModal } from './EditFlavorModal';
import { flavor } from './flavorFixtures';

afterEach(() => vi.unstubAllGlobals());

const TINY = flavor({ id: 'f-1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 });

describe('Edit Flavor', () => {
  it('warns before saving that a new size re-creates the flavor, and not otherwise', async () => {
    mockFetch(
      cloud({
        routes: {
          'GET /api/nova/flavors/f-1/': () => ({ body: TINY }),
          'GET /api/nova/flavors/': () => ({ body: { items: [TINY] } }),
        },
      }),
    );
    renderWithProviders(<EditFlavorModal target={TINY} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const vcpus = await screen.findByRole('spinbutton', { name: /VCPUs/ });
    expect(screen.queryByText(/re-creates this flavor/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase VCPUs' }));
    expect(vcpus).toHaveValue(2);
    expect(screen.getByText(/^Saving re-creates this flavor/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Decrease VCPUs' }));
    expect(screen.queryByText(/re-creates this flavor/)).not.toBeInTheDocument();
  });
});
