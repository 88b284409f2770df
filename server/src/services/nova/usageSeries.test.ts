import { describe, expect, it } from 'vitest';
import type { ServerUsage, TenantUsage } from '@skydeck/openstack-client';
import { MAX_POINTS, naiveIso, parseNaive, stepFor, usageSeries } from './usageSeries';

const DAY = 86_400_000;
const server = (over: Partial<ServerUsage>): ServerUsage => ({
  instance_id: 'i',
  name: 'vm',
  hours: 0,
  memory_mb: 2048,
  local_gb: 20,
  vcpus: 2,
  tenant_id: 'p',
  flavor: 'm1.small',
  started_at: null,
  ended_at: null,
  state: 'active',
  uptime: 0,
  ...over,
});
const tenant = (id: string, servers: ServerUsage[]): TenantUsage => ({
  tenant_id: id,
  total_local_gb_usage: 0,
  total_vcpus_usage: 0,
  total_memory_mb_usage: 0,
  total_hours: 0,
  start: '',
  stop: '',
  server_usages: servers,
});

describe('usage series', () => {
  it('reads naive UTC with or without microseconds and writes it without a zone', () => {
    expect(parseNaive('2026-03-01T12:00:00.000000')).toBe(Date.UTC(2026, 2, 1, 12));
    expect(parseNaive('2026-03-01 12:00:00')).toBe(Date.UTC(2026, 2, 1, 12));
    expect(parseNaive(null)).toBeNull();
    expect(parseNaive('soon')).toBeNull();
    expect(naiveIso(Date.UTC(2026, 2, 1, 12))).toBe('2026-03-01T12:00:00');
  });

  it('takes hours for a day, days for a year, wider steps beyond', () => {
    expect(stepFor(DAY)).toBe(3_600_000);
    expect(stepFor(366 * DAY)).toBe(DAY);
    expect(Math.ceil((100 * 366 * DAY) / stepFor(100 * 366 * DAY))).toBeLessThanOrEqual(MAX_POINTS);
  });

  it('averages what each server holds per day; unit-hours add up to its lifetime', () => {
    const result = usageSeries({
      usages: [
        tenant('a', [
          // 2 vCPUs from noon on day 1 to noon on day 3: 48 h, 96 vCPU hours.
          server({ started_at: '2026-03-01T12:00:00.000000', ended_at: '2026-03-03T12:00:00' }),
        ]),
        tenant('b', [server({ vcpus: 1, started_at: '2026-02-01T00:00:00' })]),
        tenant('c', []),
      ],
      names: new Map([['a', 'alpha']]),
      start: '2026-03-01',
      end: '2026-03-04',
      metric: 'vcpus',
      now: Date.UTC(2026, 2, 10),
    });
    expect(result.stats.step).toBe(86_400);
    const [alpha, beta] = result.series;
    expect(alpha).toMatchObject({ name: 'alpha', unit: 'vCPUs' });
    expect(alpha?.data).toEqual([
      { x: '2026-03-01T00:00:00', y: 1 },
      { x: '2026-03-02T00:00:00', y: 2 },
      { x: '2026-03-03T00:00:00', y: 1 },
      { x: '2026-03-04T00:00:00', y: 0 },
    ]);
    // A project without a Keystone name keeps its id; one with no use draws no line.
    expect(beta?.name).toBe('b');
    expect(result.series).toHaveLength(2);
    expect(result.stats.projects).toEqual([
      { project_id: 'a', project_name: 'alpha', used: 96, average: 1, max: 2 },
      { project_id: 'b', project_name: 'b', used: 96, average: 1, max: 1 },
      { project_id: 'c', project_name: 'c', used: 0, average: 0, max: 0 },
    ]);
    expect(result.settings).toEqual({});
  });

  it('stops at now, averaging the current interval over its elapsed part', () => {
    const result = usageSeries({
      usages: [tenant('a', [server({ started_at: '2026-01-01T00:00:00' })])],
      names: new Map(),
      start: '2026-03-01',
      end: '2026-03-31',
      metric: 'instances',
      now: Date.UTC(2026, 2, 2, 6),
    });
    expect(result.series[0]?.data).toEqual([
      { x: '2026-03-01T00:00:00', y: 1 },
      { x: '2026-03-02T00:00:00', y: 1 },
    ]);
    expect(result.series[0]?.unit).toBe('instances');
    expect(result.stats.projects[0]?.used).toBe(30);
  });

  it('has no points for a period in the future and no lines without servers', () => {
    const result = usageSeries({
      usages: [],
      names: new Map(),
      start: '2027-01-01',
      end: '2027-01-02',
      metric: 'ram',
      now: Date.UTC(2026, 0, 1),
    });
    expect(result.series).toEqual([]);
    expect(result.stats.step).toBe(3600);
  });
});
