import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AllUsage, UsageSeries } from '@skydeck/contract';
import { mockFetch, renderWithProviders } from '../../testing/render';
import { cloud } from '../../testing/panelTestKit';
import { MeteringPage } from './MeteringPage';

afterEach(() => vi.unstubAllGlobals());

const TOTALS = { instances: 2, hours: 48, vcpu_hours: 96, gb_hours: 960, ram_mb_hours: 98_304 };
const ALL: AllUsage = {
  start: '2026-11-01',
  end: '2026-11-27',
  totals: TOTALS,
  items: [{ project_id: 'p-1', project_name: 'demo', ...TOTALS }],
};
const SERIES: UsageSeries = {
  series: [
    {
      name: 'demo',
      unit: 'vCPUs',
      data: [
        { x: '2026-11-01T00:00:00', y: 2 },
        { x: '2026-11-02T00:00:00', y: 2 },
      ],
    },
  ],
  stats: {
    start: '2026-11-01',
    end: '2026-11-27',
    metric: 'vcpus',
    step: 86_400,
    projects: [{ project_id: 'p-1', project_name: 'demo', used: 96, average: 2, max: 2 }],
  },
  settings: {},
};
const panel = { path: '/admin/metering', group: 'admin', title: 'Resource Usage' } as const;

const open = async (series: () => { body: unknown; status?: number }) => {
  const requests: string[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/nova/usage/all/': () => ({ body: ALL }),
        'GET /api/nova/usage/series/': (url: URL) => {
          requests.push(url.search);
          return series();
        },
      },
    }),
  );
  await act(async () => {
    renderWithProviders(<MeteringPage panel={panel} />, { route: panel.path });
  });
  return requests;
};

describe('Resource Usage page', () => {
  it("reports every project's totals, then draws the stats of the period", async () => {
    const requests = await open(() => ({ body: SERIES }));
    const table = await screen.findByRole('grid', { name: 'Usage Report' });
    await within(table).findByRole('cell', { name: 'demo' });
    expect(within(table).getByRole('cell', { name: '96.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV Summary' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/nova\/usage\/all\/csv\/\?start=\d{4}-\d{2}-01&end=/),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Stats' }));
    const line = await screen.findByRole('img', { name: 'VCPUs in use over time (top projects)' });
    expect(line).toHaveAccessibleDescription(/^demo \(vCPUs\): from Sun, 01 Nov 2026/);
    expect(screen.getByRole('img', { name: 'Use per project (vCPU hours)' })).toBeInTheDocument();
    expect(requests[0]).toMatch(/metric=vcpus/);

    await userEvent.selectOptions(screen.getByLabelText('Metric'), 'instances');
    await screen.findByRole('img', { name: 'Instances in use over time (top projects)' });
    expect(requests.at(-1)).toMatch(/metric=instances/);
  });

  it('says "No data available." for both charts when the stats fail to load', async () => {
    await open(() => ({ status: 500, body: { message: 'boom' } }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Stats' }));
    expect(await screen.findAllByText('No data available.')).toHaveLength(2);
  });
});
