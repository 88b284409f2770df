import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { WaitSpinner } from './WaitSpinner';

describe('WaitSpinner', () => {
  it('shows a busy "Loading" dialog without a focus trap (it holds nothing to focus)', async () => {
    // PF's focus trap throws on a modal without a tabbable node; rendering must not.
    renderWithProviders(<WaitSpinner isOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Loading' });
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the given text', async () => {
    renderWithProviders(<WaitSpinner isOpen text="Deleting" />);
    expect(await screen.findByRole('dialog', { name: 'Deleting' })).toBeInTheDocument();
  });
});
