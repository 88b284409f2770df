import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shellQueries } from '../data/shell';
import { mediaWidth } from '../testing/panelTestKit';
import { mockFetch, renderWithProviders, testQueryClient } from '../testing/render';
import { DomainContextLabel, RegionSwitcher } from './MastheadSwitchers';

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

describe('the domain context label', () => {
  const withContext = (context?: { id: string; name: string }) => {
    const client = testQueryClient();
    client.setQueryData(shellQueries.session().queryKey, {
      services_region: 'RegionOne',
      available_services_regions: ['RegionOne'],
      ...(context && { domain_context: context }),
    } as never);
    return client;
  };

  it('is absent while no context is set', () => {
    const { container } = renderWithProviders(<DomainContextLabel />, { client: withContext() });
    expect(container).toBeEmptyDOMElement();
  });

  it('names the domain (a name that looks like markup stays text) and clears it', async () => {
    const name = '<b>ops</b>';
    const fetch = mockFetch((url, init) =>
      init.method === 'DELETE' && url.pathname.endsWith('/api/keystone/domain-context/')
        ? { body: {} }
        : undefined,
    );
    renderWithProviders(<DomainContextLabel />, { client: withContext({ id: 'd1', name }) });
    expect(screen.getByText(`Domain: ${name}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Clear the domain context ${name}` }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('api/keystone/domain-context/') &&
            (init as RequestInit).method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Domain context cleared.')).toBeInTheDocument();
  });
});
