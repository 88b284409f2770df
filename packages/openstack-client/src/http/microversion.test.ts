import { describe, expect, it } from 'vitest';
import { MicroversionUnsupportedError } from './errors';
import {
  capRange,
  chooseMicroversion,
  compareMicroversions,
  highestMicroversion,
  supportsMicroversion,
} from './microversion';

const zed = { min: '2.1', max: '2.93' };

describe('microversions', () => {
  it('compares numerically, not as text', () => {
    expect(compareMicroversions('2.10', '2.9')).toBeGreaterThan(0);
    expect(compareMicroversions('2.2', '2.10')).toBeLessThan(0);
    expect(compareMicroversions('3.0', '2.93')).toBeGreaterThan(0);
    expect(compareMicroversions('2.61', '2.61')).toBe(0);
    expect(() => compareMicroversions('latest', '2.1')).toThrow(TypeError);
  });

  it('checks support within the range', () => {
    expect(supportsMicroversion(zed, '2.93')).toBe(true);
    expect(supportsMicroversion(zed, '2.94')).toBe(false);
    expect(supportsMicroversion(zed, '2.0')).toBe(false);
  });

  it('caps the top of a range', () => {
    expect(capRange(zed, '2.60')).toEqual({ min: '2.1', max: '2.60' });
    expect(capRange(zed, '2.99')).toBe(zed);
    expect(capRange(zed, undefined)).toBe(zed);
    expect(capRange({ min: '2.5', max: '2.93' }, '2.1')).toEqual({ min: '2.5', max: '2.5' });
  });

  it('chooses the wanted version capped at the server max', () => {
    expect(chooseMicroversion('compute', zed, { want: '2.61' })).toBe('2.61');
    expect(chooseMicroversion('compute', { min: '2.1', max: '2.53' }, { want: '2.61' })).toBe(
      '2.53',
    );
    expect(chooseMicroversion('compute', { min: '2.5', max: '2.93' }, { want: '2.2' })).toBe('2.5');
  });

  it('refuses when the need or the ceiling cannot be met', () => {
    expect(() =>
      chooseMicroversion('compute', { min: '2.1', max: '2.53' }, { want: '2.61', need: '2.55' }),
    ).toThrow(MicroversionUnsupportedError);
    expect(() =>
      chooseMicroversion('compute', { min: '2.92', max: '2.93' }, { want: '2.2', upTo: '2.91' }),
    ).toThrow(/≤ 2.91/);
  });

  it('finds the highest of optional versions', () => {
    expect(highestMicroversion(undefined, '2.2', '2.10')).toBe('2.10');
    expect(highestMicroversion(undefined)).toBeUndefined();
  });
});
