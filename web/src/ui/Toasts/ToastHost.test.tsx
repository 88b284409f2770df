import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testQueryClient } from '../../testing/render';
import { shellQueries } from '../../data/shell';
import type { Settings } from '@skydeck/contract';
import { TOAST_DEDUPE_MS, toast, toastHeaderMessages } from './toast';

describe('ToastHost', () => {
  // The alerts are a lazy chunk; load it once with real timers so fake-timer tests render at once.
  beforeAll(async () => {
    renderWithProviders(<main />);
    act(() => toast.info('warm-up'));
    await screen.findByText('warm-up');
    cleanup();
    toast.reset();
  });

  it('auto-dismisses success and info after the toast delay, keeps warnings and errors', () => {
    vi.useFakeTimers();
    renderWithProviders(<main />);
    act(() => {
      toast.success('Saved');
      toast.info('Heads up');
      toast.warning('Careful');
      toast.error('Broken');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
    expect(screen.getByText('Careful')).toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
  });

  it('uses TOAST_DELAY from the settings once loaded', () => {
    vi.useFakeTimers();
    const client = testQueryClient();
    client.setQueryData(shellQueries.settings().queryKey, { TOAST_DELAY: 6000 } as Settings);
    renderWithProviders(<main />, { client });
    act(() => toast.success('Saved'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('suppresses a repeated identical message for 10 s', () => {
    vi.useFakeTimers();
    renderWithProviders(<main />);
    act(() => {
      toast.error('Unable to retrieve the key pairs.');
      toast.error('Unable to retrieve the key pairs.');
    });
    expect(screen.getAllByText('Unable to retrieve the key pairs.')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_DEDUPE_MS - 100));
    act(() => toast.error('Unable to retrieve the key pairs.'));
    expect(screen.getAllByText('Unable to retrieve the key pairs.')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    act(() => toast.error('Unable to retrieve the key pairs.'));
    expect(screen.getAllByText('Unable to retrieve the key pairs.')).toHaveLength(2);
  });

  it('prefixes the title for screen readers by type and shows error as danger', () => {
    renderWithProviders(<main />);
    act(() => {
      toast.error('Broken');
      toast.info('Heads up');
    });
    expect(screen.getByRole('heading', { name: 'Error: Broken' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notice: Heads up' })).toBeInTheDocument();
  });

  it('closes a toast with its labelled close button', async () => {
    renderWithProviders(<main />);
    act(() => toast.success('Saved'));
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Close notification: Saved' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows X-Skydeck-Messages entries as toasts', () => {
    renderWithProviders(<main />);
    act(() =>
      toastHeaderMessages([
        ['success', 'Done', ''],
        ['warning', 'Region RegionTwo is not available', ''],
      ]),
    );
    const group = screen.getByRole('list', { name: 'Notifications' });
    expect(within(group).getByText('Done')).toBeInTheDocument();
    expect(within(group).getByText('Region RegionTwo is not available')).toBeInTheDocument();
  });

  it('starts the toasts below the masthead, so the switchers stay usable', async () => {
    const masthead = document.createElement('header');
    masthead.className = 'pf-v6-c-masthead';
    masthead.getBoundingClientRect = () => ({ bottom: 72 }) as DOMRect;
    document.body.append(masthead);
    try {
      renderWithProviders(<main />);
      act(() => toast.info('Below the masthead'));
      await screen.findByText('Below the masthead');
      const group = screen.getByRole('list', { name: 'Notifications' });
      expect(group.style.getPropertyValue('--pf-v6-c-alert-group--m-toast--InsetBlockStart')).toBe(
        '88px',
      );
    } finally {
      masthead.remove();
      toast.reset();
    }
  });
});
