import { describe, expect, it, vi } from 'vitest';
import { LIST_CACHE_TTL_MS, cachedList, forgetLists } from './listCache';

describe('cachedList', () => {
  it('reuses a read per session, kind and filters until it expires or the kind changes', async () => {
    let now = 1_000;
    const clock = (): number => now;
    const read = vi.fn(async () => ['a', 'b']);
    await cachedList('s1', 'users', {}, read, { now: clock });
    await cachedList('s1', 'users', {}, read, { now: clock });
    expect(read).toHaveBeenCalledTimes(1);
    // Another session or other filters read for themselves.
    await cachedList('s2', 'users', {}, read, { now: clock });
    await cachedList('s1', 'users', { domain_id: 'x' }, read, { now: clock });
    expect(read).toHaveBeenCalledTimes(3);
    now += LIST_CACHE_TTL_MS;
    await cachedList('s1', 'users', {}, read, { now: clock });
    expect(read).toHaveBeenCalledTimes(4);
    forgetLists('users');
    await cachedList('s1', 'users', {}, read, { now: clock });
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('reads again past a shorter age when the caller asks for one', async () => {
    let now = 5_000;
    const clock = (): number => now;
    const read = vi.fn(async () => ['x']);
    await cachedList('s4', 'servers', {}, read, { now: clock });
    await cachedList('s4', 'servers', {}, read, { now: clock, maxAgeMs: 2_000 });
    expect(read).toHaveBeenCalledTimes(1);
    now += 2_000;
    await cachedList('s4', 'servers', {}, read, { now: clock, maxAgeMs: 2_000 });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cachedList('s3', 'projects', {}, failing)).rejects.toThrow('down');
    await Promise.resolve();
    const ok = vi.fn(async () => ['p']);
    await expect(cachedList('s3', 'projects', {}, ok)).resolves.toEqual(['p']);
    expect(ok).toHaveBeenCalledTimes(1);
  });
});
