import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_LIMITS, volumeQuota } from './volumeQuota';

describe('Create Volume quota (spec 2 §4, §9)', () => {
  it('uses 100 GiB and 1 volume before the limits load', () => {
    const q = volumeQuota(undefined, 10);
    expect(q.storage.max).toBe(PLACEHOLDER_LIMITS.maxTotalVolumeGigabytes);
    expect(q.count.max).toBe(1);
    expect(q.storageOver).toBe(false);
    expect(q.countAtMax).toBe(true);
  });
  it('is over the storage quota when used plus the new size exceeds it', () => {
    const limits = {
      maxTotalVolumeGigabytes: 20,
      totalGigabytesUsed: 15,
      maxTotalVolumes: 10,
      totalVolumesUsed: 2,
    };
    expect(volumeQuota(limits, 5).storageOver).toBe(false);
    expect(volumeQuota(limits, 6).storageOver).toBe(true);
    expect(volumeQuota(limits, 6).countAtMax).toBe(false);
  });
  it('treats a negative maximum as unlimited', () => {
    const q = volumeQuota({ maxTotalVolumeGigabytes: -1, maxTotalVolumes: -1 }, 10_000);
    expect(q.storageOver).toBe(false);
    expect(q.countAtMax).toBe(false);
  });
});
