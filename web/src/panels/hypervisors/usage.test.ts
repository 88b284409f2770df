import { describe, expect, it } from 'vitest';
import { percentUsed, usedOfTotal } from './usage';

describe('hypervisor usage texts', () => {
  it('shows used over total, sizes scaled', () => {
    expect(usedOfTotal(3, 16)).toBe('3 / 16');
    expect(usedOfTotal(1536, 32768, 'MB')).toBe('1.5 GB / 32 GB');
    // 1200 GiB in steps of 1024.
    expect(usedOfTotal(24, 1200, 'GB')).toBe('24 GB / 1.17 TB');
  });

  it('gives a bounded percentage', () => {
    expect(percentUsed(1, 4)).toBe(25);
    expect(percentUsed(5, 0)).toBe(0);
    // Overcommitted hosts use more vCPUs than they have.
    expect(percentUsed(40, 16)).toBe(100);
  });
});
