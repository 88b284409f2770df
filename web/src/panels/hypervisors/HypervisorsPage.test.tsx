import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComputeService, Hypervisor } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { HypervisorsPage } from './HypervisorsPage';
import { computeServices } from './computeServices.resource';

afterEach(() => vi.unstubAllGlobals());

const HYPERVISOR: Hypervisor = {
  id: 'h-1',
  hypervisor_hostname: 'compute-1',
  hypervisor_type: 'QEMU',
  host_ip: '10.0.0.1',
  state: 'up',
  status: 'enabled',
  host: 'compute-1',
  disabled_reason: null,
  vcpus: 16,
  vcpus_used: 4,
  memory_mb: 32768,
  memory_mb_used: 2048,
  local_gb: 400,
  local_gb_used: 20,
  running_vms: 2,
};
const SERVICE: ComputeService = {
  id: 's-1',
  binary: 'nova-compute',
  host: 'compute-1',
  zone: 'nova',
  status: 'disabled',
  state: 'up',
  updated_at: '2026-11-27T03:00:00.000000',
  disabled_reason: 'maintenance',
};

const routes = {
  'GET /api/nova/hypervisors/': () => ({ body: { items: [HYPERVISOR] } }),
  'GET /api/nova/hypervisors/summary/': () => ({
    body: {
      count: 1,
      vcpus: 16,
      vcpus_used: 16,
      memory_mb: 32768,
      memory_mb_used: 2048,
      local_gb: 400,
      local_gb_used: 20,
      running_vms: 2,
    },
  }),
  'GET /api/nova/services/': () => ({ body: { items: [SERVICE] } }),
};
const panel = { path: '/admin/hypervisors', group: 'admin', title: 'Hypervisors' } as const;

describe('Hypervisors page', () => {
  it('sums usage as bars and lists hypervisors with used / total', async () => {
    mockFetch(cloud({ routes }));
    await act(async () => {
      renderWithProviders(<HypervisorsPage panel={panel} />, { route: panel.path });
    });
    const vcpu = await screen.findByRole('progressbar', { name: 'VCPU Usage' });
    expect(vcpu).toHaveAttribute('aria-valuenow', '100');
    expect(vcpu).toHaveAttribute('aria-valuetext', 'Used 16 / 16');
    expect(screen.getByRole('progressbar', { name: 'Memory Usage' })).toHaveAttribute(
      'aria-valuetext',
      'Used 2 GB / 32 GB',
    );
    const table = await screen.findByRole('grid', { name: 'Hypervisors' });
    await within(table).findByRole('cell', { name: 'compute-1' });
    expect(within(table).getByRole('cell', { name: '4 / 16' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2 GB / 32 GB' })).toBeInTheDocument();
  });

  it('shows the compute services with their disabled reason on their tab', async () => {
    mockFetch(cloud({ routes }));
    await act(async () => {
      renderWithProviders(<HypervisorsPage panel={panel} />, { route: panel.path });
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Compute Services' }));
    const table = await screen.findByRole('grid', { name: 'Compute Services' });
    await within(table).findByRole('cell', { name: 'maintenance' });
    expect(within(table).getByRole('button', { name: 'Enable Service' })).toBeInTheDocument();
  });

  it('hides the services tab from a user who may not list services', async () => {
    mockFetch(cloud({ routes, denied: ['os_compute_api:os-services:list'] }));
    await act(async () => {
      renderWithProviders(<HypervisorsPage panel={panel} />, { route: panel.path });
    });
    await screen.findByRole('grid', { name: 'Hypervisors' });
    expect(screen.queryByRole('tab', { name: 'Compute Services' })).toBeNull();
  });

  it('offers Disable on an enabled service and Enable on a disabled one', () => {
    const [disable, enable] = computeServices.actions?.row ?? [];
    expect(disable?.allowed?.({ ...SERVICE, status: 'enabled' })).toBe(true);
    expect(disable?.allowed?.(SERVICE)).toBe(false);
    expect(enable?.allowed?.(SERVICE)).toBe(true);
    expect(enable?.requires).toEqual([
      { kind: 'policy', service: 'compute', rule: 'os_compute_api:os-services:update' },
    ]);
  });
});
