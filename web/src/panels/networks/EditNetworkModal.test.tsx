import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Network } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { EditNetworkModal } from './EditNetworkModal';

const NETWORK: Network = {
  id: 'n1',
  name: 'net-one',
  description: '',
  project_id: 'p1',
  status: 'ACTIVE',
  admin_state_up: true,
  shared: false,
  external: false,
  availability_zones: [],
  availability_zone_hints: [],
  subnet_ids: [],
  subnets: [],
  qos_policy_id: 'q-gold',
};

const POLICIES = [
  { id: 'q-gold', name: 'gold' },
  { id: 'q-bronze', name: '<b>bronze</b>' },
];

/** Neutron with or without its qos extension; returns the calls and the PATCH bodies. */
function cloud(withQos: boolean) {
  const calls: string[] = [];
  const patches: unknown[] = [];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname.endsWith('/api/neutron/extensions/'))
      return { body: { items: withQos ? [{ alias: 'qos', name: 'QoS' }] : [] } };
    if (url.pathname.endsWith('/api/neutron/qos_policies/')) return { body: { items: POLICIES } };
    if (url.pathname.endsWith('/api/neutron/networks/n1/') && init.method === 'PATCH') {
      patches.push(init.json);
      return { body: { ...NETWORK, qos_policy_id: null } };
    }
    return undefined;
  });
  return { calls, patches };
}

describe('Edit Network: the QoS policy', () => {
  it('shows the current policy, and choosing none sends null', async () => {
    const { patches } = cloud(true);
    const onClose = vi.fn();
    renderWithProviders(<EditNetworkModal target={NETWORK} onClose={onClose} />);
    const select = await screen.findByRole('combobox', { name: 'QoS Policy' });
    expect(select).toHaveValue('q-gold');
    // A name that looks like markup is an option's text.
    expect(screen.getByRole('option', { name: '<b>bronze</b>' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(select, '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(patches).toEqual([{ name: 'net-one', admin_state_up: true, qos_policy_id: null }]),
    );
  });

  it('sends no policy when it did not change', async () => {
    const { patches } = cloud(true);
    renderWithProviders(<EditNetworkModal target={NETWORK} onClose={vi.fn()} />);
    await screen.findByRole('combobox', { name: 'QoS Policy' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(patches).toEqual([{ name: 'net-one', admin_state_up: true }]));
  });

  it('has no field, and never asks for the policies, without the qos extension', async () => {
    const { calls } = cloud(false);
    renderWithProviders(<EditNetworkModal target={NETWORK} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(calls).toContain('GET /api/neutron/extensions/'));
    expect(screen.queryByRole('combobox', { name: 'QoS Policy' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.includes('qos_policies'))).toBe(false);
  });
});
