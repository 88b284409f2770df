import { describe, expect, it } from 'vitest';
import { ROW_POLL_CAP_MS, rowPollDelay } from './rowPollDelay';

describe('rowPollDelay', () => {
  it('grows by the interval with each re-read, up to 30 s', () => {
    expect([0, 1, 2, 3].map((n) => rowPollDelay(2500, n))).toEqual([2500, 5000, 7500, 10000]);
    expect(rowPollDelay(2500, 11)).toBe(ROW_POLL_CAP_MS);
    expect(rowPollDelay(2500, 500)).toBe(ROW_POLL_CAP_MS);
  });

  it('never waits less than the interval, even one set above the cap', () => {
    expect(rowPollDelay(45_000, 0)).toBe(45_000);
    expect(rowPollDelay(45_000, 3)).toBe(45_000);
    expect(rowPollDelay(2500, -1)).toBe(2500);
  });
});
