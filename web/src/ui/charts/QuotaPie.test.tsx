import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { QuotaPie } from './QuotaPie';

describe('QuotaPie', () => {
  it('sums the usage and what the form adds against the limit', () => {
    renderWithProviders(<QuotaPie title="Number of Volumes" used={3} added={1} max={10} />);
    expect(
      screen.getByRole('img', { name: 'Number of Volumes: 4 of 10 used' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Current Usage: 3')).toBeInTheDocument();
    expect(screen.getByText('Added: 1')).toBeInTheDocument();
  });

  it('says so when there is no limit', () => {
    renderWithProviders(<QuotaPie title="VCPUs" used={6} added={2} max={-1} />);
    expect(screen.getByRole('img', { name: 'VCPUs: 8 used, no limit' })).toBeInTheDocument();
  });
});
