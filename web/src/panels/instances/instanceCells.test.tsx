import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Addresses, AgeText, ImageName } from './instanceCells';

describe('instance cells', () => {
  it('lists the addresses under their network, floating ones marked', () => {
    renderWithProviders(
      <Addresses
        instance={{
          addresses: [
            {
              network: 'private',
              ips: [
                { addr: '10.0.0.5', version: 4, type: 'fixed', mac: null },
                { addr: '172.24.4.10', version: 4, type: 'floating', mac: null },
              ],
            },
          ],
        }}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent(/^private10\.0\.0\.5172\.24\.4\.10 Floating IP$/);
    expect(screen.getAllByText('Floating IP')).toHaveLength(1);
  });

  it('links the image to its details, and says when there is none', () => {
    const { unmount } = renderWithProviders(
      <ImageName instance={{ image: { id: 'img-1', name: 'cirros' } }} />,
      { route: '/project/instances' },
    );
    expect(screen.getByRole('link', { name: 'cirros' })).toHaveAttribute(
      'href',
      '/ngdetails/OS::Glance::Image/img-1',
    );
    unmount();
    renderWithProviders(<ImageName instance={{ image: null }} />);
    expect(screen.getByText('(booted from volume)')).toBeInTheDocument();
  });

  it('shows the age in words with the exact time in the tooltip', () => {
    const created = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString();
    renderWithProviders(<AgeText created={created} />);
    const time = screen.getByText('3 days');
    expect(time).toHaveAttribute('datetime', created);
    expect(time).toHaveAttribute('title', created);
  });
});
