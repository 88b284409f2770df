import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './loadOnce';

describe('loadOnce', () => {
  it('starts a key once, gives every caller the same promise, then the value at once', async () => {
    const code = loadOnce<string>();
    const start = vi.fn(() => Promise.resolve('page'));
    const first = code.load('a', start);
    expect(code.load('a', start)).toBe(first);
    expect(code.loaded('a')).toBeUndefined();
    await first;
    expect(code.loaded('a')).toBe('page');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts again after a failed load', async () => {
    const code = loadOnce<string>();
    const failing = vi.fn(() => Promise.reject(new Error('chunk')));
    await expect(code.load('a', failing)).rejects.toThrow('chunk');
    expect(code.loaded('a')).toBeUndefined();
    await expect(code.load('a', () => Promise.resolve('page'))).resolves.toBe('page');
    expect(code.loaded('a')).toBe('page');
  });
});
