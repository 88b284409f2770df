import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { msg } from '../../i18n/msg';
import type { PageEntry, PageProps } from '../../registry/types';
import { renderWithProviders } from '../../testing/render';
import { PagePanel, loadPage } from './PagePanel';

const panel = { path: '/project/overview', group: 'project' as const, title: msg('Overview') };

function pageEntry(id: string): PageEntry & { load: ReturnType<typeof vi.fn> } {
  return {
    kind: 'page',
    id,
    panels: [panel],
    requires: [],
    load: vi.fn(() => Promise.resolve(({ panel: p }: PageProps) => <p>The page at {p.path}</p>)),
  };
}

describe('PagePanel', () => {
  it('renders a page whose code has loaded at once, without suspending on it', async () => {
    const entry = pageEntry('loaded-first');
    // The route's lazy() loads the page's code with its own (app/routes.tsx).
    await loadPage(entry);
    renderWithProviders(<PagePanel entry={entry} panel={panel} />);
    // In the first commit: a lazy part would show the fallback and the page only later.
    expect(screen.getByText('The page at /project/overview')).toBeInTheDocument();
    expect(entry.load).toHaveBeenCalledTimes(1);
  });

  it('shows the title at once and the page when its code comes, loaded once', async () => {
    const entry = pageEntry('loaded-late');
    const { unmount } = renderWithProviders(<PagePanel entry={entry} panel={panel} />);
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('The page at /project/overview')).toBeInTheDocument();
    unmount();
    renderWithProviders(<PagePanel entry={entry} panel={panel} />);
    expect(screen.getByText('The page at /project/overview')).toBeInTheDocument();
    expect(entry.load).toHaveBeenCalledTimes(1);
  });
});
