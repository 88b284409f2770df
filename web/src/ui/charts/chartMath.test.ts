import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  gmtLabel,
  linePath,
  linearScale,
  nearestIndex,
  niceTicks,
  parseNaiveUtc,
  tickIndices,
} from './chartMath';

describe('chart math', () => {
  it('maps a domain onto pixels, flipped for a y axis', () => {
    const y = linearScale([0, 10], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(5)).toBe(100);
    expect(y(10)).toBe(0);
    expect(linearScale([3, 3], [0, 50])(3)).toBe(0);
  });

  it('ticks in round steps from zero past the maximum', () => {
    expect(niceTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(7.3)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(1234, 4)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('draws a path through the points', () => {
    expect(linePath([])).toBe('');
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5.5, y: 2 },
      ]),
    ).toBe('M 0.00 10.00 L 5.50 2.00');
  });

  it('reads naive timestamps as UTC and shows them in GMT', () => {
    const ms = parseNaiveUtc('2026-03-01T06:00:00');
    expect(ms).toBe(Date.UTC(2026, 2, 1, 6));
    expect(parseNaiveUtc('2026-03-01T06:00:00Z')).toBe(ms);
    expect(gmtLabel(ms)).toBe('Sun, 01 Mar 2026 06:00:00 GMT');
    expect(axisLabel(ms, false)).toBe('03-01');
    expect(axisLabel(ms, true)).toBe('06:00');
  });

  it('spreads axis ticks and finds the nearest point', () => {
    expect(tickIndices(3, 5)).toEqual([0, 1, 2]);
    expect(tickIndices(31, 4)).toEqual([0, 10, 20, 30]);
    expect(tickIndices(0, 4)).toEqual([]);
    expect(nearestIndex(0, 300, 4)).toBe(0);
    expect(nearestIndex(140, 300, 4)).toBe(1);
    expect(nearestIndex(999, 300, 4)).toBe(3);
    expect(nearestIndex(-5, 300, 4)).toBe(0);
  });
});
