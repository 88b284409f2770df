import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { BarChart } from './BarChart';
import { ChartErrorBoundary } from './ChartErrorBoundary';
import { LineChart, type ChartSeries } from './LineChart';
import { RESIZE_DEBOUNCE_MS } from './chartMath';

const series: ChartSeries[] = [
  {
    name: 'demo',
    unit: 'vCPUs',
    data: [
      { x: '2026-03-01T00:00:00', y: 1 },
      { x: '2026-03-02T00:00:00', y: 3 },
    ],
  },
  {
    name: 'admin',
    unit: 'vCPUs',
    data: [
      { x: '2026-03-01T00:00:00', y: 2 },
      { x: '2026-03-02T00:00:00', y: 0.5 },
    ],
  },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LineChart', () => {
  it('names the image, describes its lines and range in GMT, and tabulates the data', () => {
    renderWithProviders(<LineChart title="vCPUs in use" series={series} />);
    const img = screen.getByRole('img', { name: 'vCPUs in use' });
    expect(img).toHaveAccessibleDescription(
      'demo (vCPUs), admin (vCPUs): from Sun, 01 Mar 2026 00:00:00 GMT to Mon, 02 Mar 2026 00:00:00 GMT.',
    );
    const table = screen.getByRole('table', { name: 'vCPUs in use' });
    expect(table).toHaveTextContent('Mon, 02 Mar 2026 00:00:00 GMT30.5');
    expect(img.querySelectorAll('path')).toHaveLength(2);
  });

  it('shows a point in GMT on focus and moves with the arrow keys', () => {
    renderWithProviders(<LineChart title="vCPUs in use" series={series} />);
    const img = screen.getByRole('img', { name: 'vCPUs in use' });
    fireEvent.focus(img);
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent(
      'Mon, 02 Mar 2026 00:00:00 GMTdemo: 3 vCPUsadmin: 0.5 vCPUs',
    );
    fireEvent.keyDown(img, { key: 'ArrowLeft' });
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('Sun, 01 Mar 2026 00:00:00 GMT');
    fireEvent.blur(img);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('says "No data available." without series, without points, or when the load failed', () => {
    const { unmount } = renderWithProviders(<LineChart title="x" series={[]} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<LineChart title="x" series={series} failed />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    second.unmount();
    renderWithProviders(<LineChart title="x" series={[{ name: 'a', unit: 'u', data: [] }]} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('redraws for a new width only 400 ms after the last resize', () => {
    vi.useFakeTimers();
    let notify: ResizeObserverCallback = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          notify = callback;
        }
        observe(): void {}
        disconnect(): void {}
      },
    );
    renderWithProviders(<LineChart title="x" series={series} />);
    const img = screen.getByRole('img', { name: 'x' });
    const resize = (width: number) =>
      act(() => {
        notify([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
      });
    resize(300);
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    resize(320);
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(img.getAttribute('width')).toBe('640');
    act(() => vi.advanceTimersByTime(1));
    expect(img.getAttribute('width')).toBe('320');
  });
});

describe('BarChart', () => {
  const items = [
    { label: 'demo', value: 96, details: ['Used: 96 vCPU hours', 'Average: 1', 'Peak: 2'] },
    { label: 'admin', value: 24, details: ['Used: 24 vCPU hours'] },
  ];

  it('names the image, tabulates every bar and shows a tooltip on hover', () => {
    renderWithProviders(<BarChart title="vCPU hours per project" items={items} average={60} />);
    expect(screen.getByRole('img', { name: 'vCPU hours per project' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'vCPU hours per project' })).toHaveTextContent(
      'demoUsed: 96 vCPU hours; Average: 1; Peak: 2',
    );
    expect(screen.getByTestId('bar-average')).toBeInTheDocument();
    const [first] = screen.getAllByTestId('bar');
    fireEvent.mouseEnter(first as Element);
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent('demoUsed: 96 vCPU hours');
  });

  it('says "No data available." without items or when the load failed', () => {
    const { unmount } = renderWithProviders(<BarChart title="x" items={[]} />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<BarChart title="x" items={items} failed />);
    expect(screen.getByText('No data available.')).toBeInTheDocument();
  });
});

describe('ChartErrorBoundary', () => {
  it('says "An error occurred. Please try again later." in place of a chart that throws', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = (): never => {
      throw new Error('cannot draw');
    };
    renderWithProviders(
      <div>
        <ChartErrorBoundary>
          <Broken />
        </ChartErrorBoundary>
        <p>still here</p>
      </div>,
    );
    expect(screen.getByText('An error occurred. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('still here')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
