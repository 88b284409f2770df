import { describe, expect, it } from 'vitest';
import { formatSize, toBytes } from './formatSize';

describe('formatSize', () => {
  it.each([
    [0, 'B', '0 B'],
    [1023, 'B', '1,023 B'],
    [1024, 'B', '1 KB'],
    [1536, 'B', '1.5 KB'],
    [512, 'MB', '512 MB'],
    [2048, 'MB', '2 GB'],
    [20, 'GB', '20 GB'],
    [1024 ** 2, 'GB', '1 PB'],
    [1024 ** 3, 'GB', '1,024 PB'],
  ] as const)('%d %s is %s', (value, unit, text) => {
    expect(formatSize(value, unit)).toBe(text);
  });

  it('shows nothing for a missing size', () => {
    expect(formatSize(undefined)).toBe('');
  });

  it('converts to bytes for sorting', () => {
    expect(toBytes(2, 'MB')).toBe(2 * 1024 * 1024);
  });
});
