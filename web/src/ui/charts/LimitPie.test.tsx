import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LimitPie } from './LimitPie';

const stateOf = (): string | null => screen.getByTestId('limit-pie').getAttribute('data-state');

describe('LimitPie', () => {
  it('names the image by its text and says nothing more below 80 %', () => {
    renderWithProviders(<LimitPie title="Instances" used={7} limit={10} />);
    expect(screen.getByRole('img', { name: 'Instances: Used 7 of 10' })).toBeInTheDocument();
    expect(stateOf()).toBe('normal');
    expect(screen.queryByText('Nearly full')).toBeNull();
  });

  it('says "Nearly full" from 80 % and "Full" at 100 % (never colour alone)', () => {
    const { unmount } = renderWithProviders(<LimitPie title="VCPUs" used={8} limit={10} />);
    expect(stateOf()).toBe('nearly-full');
    expect(screen.getByText('Nearly full')).toBeInTheDocument();
    unmount();
    renderWithProviders(<LimitPie title="VCPUs" used={12} limit={10} />);
    expect(stateOf()).toBe('full');
    expect(screen.getByText('Full')).toBeInTheDocument();
  });

  it('shows an unlimited quota as such, and units through the formatter', () => {
    renderWithProviders(
      <LimitPie title="RAM" used={2048} limit={-1} format={(mb) => `${mb / 1024} GB`} />,
    );
    expect(screen.getByRole('img', { name: 'RAM: Used 2 GB (No Limit)' })).toBeInTheDocument();
    expect(stateOf()).toBe('normal');
  });
});
