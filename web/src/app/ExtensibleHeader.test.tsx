import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeaderSection } from '@skydeck/contract';
import { HEADER_SECTION_COOKIE } from '../data/header';
import { mockFetch, renderWithProviders } from '../testing/render';
import { ExtensibleHeader } from './ExtensibleHeader';

const SECTIONS: HeaderSection[] = [
  {
    id: 'status',
    title: 'Cloud status',
    items: [
      { text: 'All services up', description: 'Checked hourly' },
      { text: 'Status page', url: 'https://status.example.com/' },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    items: [
      { text: '<img src=x onerror=alert(1)>', description: '<b>bold?</b>' },
      { text: 'Sneaky', url: 'javascript:alert(1)' },
      { text: 'Help desk', url: 'http://help.example.com/' },
    ],
  },
];

const answer = (response: { status?: number; body?: unknown }) =>
  mockFetch((url) => (url.pathname.endsWith('/header/') ? response : undefined));

const clearCookie = (): void => {
  document.cookie = `${HEADER_SECTION_COOKIE}=; path=/; max-age=0`;
};

beforeEach(clearCookie);
afterEach(() => {
  clearCookie();
  vi.unstubAllGlobals();
});

describe('the extensible header', () => {
  it('lists the sections behind a named toggle and shows the chosen one as text and links', async () => {
    answer({ body: { sections: SECTIONS } });
    renderWithProviders(<ExtensibleHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Information: Cloud status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cloud status' });
    expect(within(dialog).getByRole('heading', { name: 'Cloud status' })).toBeInTheDocument();
    expect(within(dialog).getByText('All services up')).toBeInTheDocument();
    expect(within(dialog).getByText('Checked hourly')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Status page' });
    expect(link).toHaveAttribute('href', 'https://status.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('button', { name: 'Support' })).toBeInTheDocument();
  });

  it('remembers the chosen section in a cookie and preselects it on the next visit', async () => {
    answer({ body: { sections: SECTIONS } });
    const first = renderWithProviders(<ExtensibleHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Information: Cloud status' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));
    expect(document.cookie).toContain(`${HEADER_SECTION_COOKIE}=support`);
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<ExtensibleHeader />);
    expect(await screen.findByRole('button', { name: 'Information: Support' })).toBeInTheDocument();
  });

  it('falls back to the first section when the cookie names none of them', async () => {
    document.cookie = `${HEADER_SECTION_COOKIE}=gone; path=/`;
    answer({ body: { sections: SECTIONS } });
    renderWithProviders(<ExtensibleHeader />);
    expect(
      await screen.findByRole('button', { name: 'Information: Cloud status' }),
    ).toBeInTheDocument();
  });

  it('shows markup as text and refuses a javascript: link', async () => {
    document.cookie = `${HEADER_SECTION_COOKIE}=support; path=/`;
    answer({ body: { sections: SECTIONS } });
    const { container } = renderWithProviders(<ExtensibleHeader />);
    await userEvent.click(await screen.findByRole('button', { name: 'Information: Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(within(dialog).getByText('<b>bold?</b>')).toBeInTheDocument();
    expect(document.querySelector('img, b')).toBeNull();
    expect(within(dialog).getByText('Sneaky').closest('a')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['http://help.example.com/']);
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('shows nothing when there are no sections', async () => {
    const fetch = answer({ body: { sections: [] } });
    const { container } = renderWithProviders(<ExtensibleHeader />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).toBeNull();
  });

  for (const status of [401, 403]) {
    it(`stays silent on ${status}`, async () => {
      const fetch = answer({ status, body: { message: 'no' } });
      const { container } = renderWithProviders(<ExtensibleHeader />);
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container).toBeEmptyDOMElement();
      expect(screen.queryByText('Failed to populate extensible header.')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('stays silent when the request gets no answer (status 0)', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ExtensibleHeader />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Failed to populate extensible header.')).toBeNull();
  });

  it('says "Failed to populate extensible header." once on a 500', async () => {
    answer({ status: 500, body: { message: 'boom' } });
    renderWithProviders(<ExtensibleHeader />);
    expect(await screen.findByText('Failed to populate extensible header.')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to populate extensible header.')).toHaveLength(1);
    // An info alert (spec 1 §8), not an error: the page itself works.
    expect(
      screen.getByText('Failed to populate extensible header.').closest('.pf-v6-c-alert'),
    ).toHaveClass('pf-m-info');
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Information/ })).toBeNull();
  });
});
