import { describe, expect, it } from 'vitest';
import type { ServerUsage } from '@skydeck/openstack-client';
import {
  csvField,
  csvLine,
  instanceCsvLine,
  instanceUsage,
  novaPeriod,
  parseDay,
  sumTotals,
  totalsOf,
} from './usage';

const server: ServerUsage = {
  instance_id: 'i-1',
  name: 'web, "front"',
  hours: 10.5,
  memory_mb: 2048,
  local_gb: 20,
  vcpus: 2,
  tenant_id: 'p',
  flavor: 'm1.small',
  started_at: '2026-03-01T00:00:00.000000',
  ended_at: null,
  state: 'active',
  uptime: 37800,
};

describe('usage periods for Nova', () => {
  it('turns whole days into a naive UTC range ending after the last day', () => {
    expect(novaPeriod('2026-02-01', '2026-02-28')).toEqual({
      start: '2026-02-01T00:00:00',
      end: '2026-03-01T00:00:00',
    });
    expect(novaPeriod('2026-12-31', '2026-12-31')).toEqual({
      start: '2026-12-31T00:00:00',
      end: '2027-01-01T00:00:00',
    });
    expect(novaPeriod('2028-02-29', '2028-02-29')).toMatchObject({ end: '2028-03-01T00:00:00' });
  });

  it('refuses days that do not exist and reversed periods', () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(novaPeriod('2026-02-29', '2026-03-01')).toEqual({
      error: 'Invalid start date: 2026-02-29.',
    });
    expect(novaPeriod('2026-03-01', '2026-04-31')).toEqual({
      error: 'Invalid end date: 2026-04-31.',
    });
    expect(novaPeriod('2026-03-02', '2026-03-01')).toEqual({
      error: 'The start date must not be after the end date.',
    });
  });
});

describe('usage numbers', () => {
  it("multiplies Nova's hours by each size", () => {
    expect(instanceUsage(server)).toMatchObject({
      vcpu_hours: 21,
      gb_hours: 210,
      ram_mb_hours: 21504,
    });
  });

  it("keeps Nova's totals and adds projects up", () => {
    const t = totalsOf({
      tenant_id: 'p',
      total_local_gb_usage: 210,
      total_vcpus_usage: 21,
      total_memory_mb_usage: 21504,
      total_hours: 10.5,
      start: '',
      stop: '',
      server_usages: [server],
    });
    expect(t).toEqual({
      instances: 1,
      hours: 10.5,
      vcpu_hours: 21,
      gb_hours: 210,
      ram_mb_hours: 21504,
    });
    expect(totalsOf(null).instances).toBe(0);
    expect(sumTotals([t, t])).toMatchObject({ instances: 2, vcpu_hours: 42 });
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });

  it("writes an instance's line with Nova's numbers unrounded", () => {
    expect(instanceCsvLine(instanceUsage(server))).toBe(
      '"web, ""front""",i-1,m1.small,2,20,2048,10.5,21,210,21504,active,2026-03-01T00:00:00.000000\r\n',
    );
  });
});
