import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { confirm } from './confirm';

describe('confirm()', () => {
  it('titles the dialog "Confirm {action}" with the default body and resolves true on confirm', async () => {
    renderWithProviders(<main />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ action: 'Delete Key Pair', danger: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    expect(dialog).toHaveTextContent('Please confirm your selection.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Key Pair' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the given text and resolves false on Cancel', async () => {
    renderWithProviders(<main />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({
        action: 'Delete',
        title: 'Confirm Delete Key Pair',
        body: 'You have selected "k1". Deleted Key Pair is not recoverable.',
        confirmLabel: 'Delete Key Pair',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    expect(dialog).toHaveTextContent(
      'You have selected "k1". Deleted Key Pair is not recoverable.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('cancels on Escape', async () => {
    renderWithProviders(<main />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ action: 'Delete' });
    });
    await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await userEvent.setup().keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('does not close on a click outside (static backdrop)', async () => {
    renderWithProviders(<main />);
    act(() => {
      void confirm({ action: 'Delete' });
    });
    await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await userEvent.setup().click(document.body);
    expect(screen.getByRole('dialog', { name: 'Confirm Delete' })).toBeInTheDocument();
  });
});
