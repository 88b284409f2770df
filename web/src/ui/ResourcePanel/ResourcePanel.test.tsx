import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/render';
import { cloud, renderPanel } from '../../testing/panelTestKit';

afterEach(() => vi.unstubAllGlobals());

describe('ResourcePanel', () => {
  it('names the dashboard in a breadcrumb above the title', async () => {
    mockFetch(cloud({ routes: { 'GET /api/nova/flavors/': () => ({ body: { items: [] } }) } }));
    await renderPanel('OS::Nova::Flavor');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Admin', 'Flavors']);
    expect(screen.getByRole('heading', { level: 1, name: 'Flavors' })).toBeInTheDocument();
  });
});
