import { describe, expect, it } from 'vitest';
import { daysOf, parseIsoDay, periodOf, periodProblem } from './period';

describe('usage periods', () => {
  it('ends each period today (UTC) and starts it at its own boundary', () => {
    const now = new Date('2026-03-05T23:30:00Z');
    expect(periodOf('day', now)).toEqual({ start: '2026-03-05', end: '2026-03-05' });
    expect(periodOf('week', now)).toEqual({ start: '2026-02-27', end: '2026-03-05' });
    expect(periodOf('month', now)).toEqual({ start: '2026-03-01', end: '2026-03-05' });
    expect(periodOf('year', now)).toEqual({ start: '2026-01-01', end: '2026-03-05' });
  });

  it('crosses month and year boundaries (leap years too)', () => {
    expect(periodOf('week', new Date('2026-01-03T00:00:00Z'))).toEqual({
      start: '2025-12-28',
      end: '2026-01-03',
    });
    expect(periodOf('week', new Date('2028-03-01T12:00:00Z')).start).toBe('2028-02-24');
    expect(periodOf('month', new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
    expect(periodOf('year', new Date('2027-01-01T00:00:00Z'))).toEqual({
      start: '2027-01-01',
      end: '2027-01-01',
    });
  });

  it('reads only real yyyy-mm-dd days', () => {
    expect(parseIsoDay('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(parseIsoDay('2026-02-29')).toBeNull();
    expect(parseIsoDay('2026-13-01')).toBeNull();
    expect(parseIsoDay('2026-3-1')).toBeNull();
    expect(parseIsoDay('01/03/2026')).toBeNull();
  });

  it('says what is wrong with typed dates', () => {
    expect(periodProblem('2026-03-01', '2026-03-31')).toBeNull();
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(periodProblem('x', '2026-03-31')).toBe('start');
    expect(periodProblem('2026-03-01', '2026-02-30')).toBe('end');
    expect(periodProblem('2026-03-02', '2026-03-01')).toBe('order');
    // Ten whole years are a period; a day more is not (the server refuses it the same way).
    expect(periodProblem('2016-01-01', '2025-12-31')).toBeNull();
    expect(periodProblem('2016-01-01', '2026-01-01')).toBe('length');
    expect(periodProblem('1900-01-01', '2999-12-31')).toBe('length');
  });

  it('lists the days of a period across a month end', () => {
    expect(daysOf({ start: '2026-02-27', end: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
