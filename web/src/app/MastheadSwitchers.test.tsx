import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellQueries } from '../data/shell';
import { mediaWidth } from '../testing/panelTestKit';
import { renderWithProviders, testQueryClient } from '../testing/render';
import { RegionSwitcher } from './MastheadSwitchers';

afterEach(() => vi.unstubAllGlobals());

function renderAt(width: number): void {
  vi.stubGlobal('matchMedia', mediaWidth(width));
  const client = testQueryClient();
  client.setQueryData(shellQueries.session().queryKey, {
    services_region: 'RegionOne',
    available_services_regions: ['RegionOne', 'RegionTwo'],
  } as never);
  renderWithProviders(<RegionSwitcher />, { client, route: '/project/images' });
}

describe('masthead switchers', () => {
  it('show the current choice as text on a wide screen', () => {
    renderAt(1280);
    expect(screen.getByRole('button', { name: 'Region: RegionOne' })).toHaveTextContent(
      'RegionOne',
    );
  });

  it('show only their icon on a phone, keeping their name and a tooltip', () => {
    renderAt(390);
    const toggle = screen.getByRole('button', { name: 'Region: RegionOne' });
    expect(toggle).not.toHaveTextContent('RegionOne');
    expect(toggle).toHaveAttribute('title', 'RegionOne');
  });
});
