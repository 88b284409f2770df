import { afterEach, describe, expect, it } from 'vitest';
import { sessionData } from '../testing/sessionData';
import { MemorySessionStore, type SessionData } from './sessionStore';

const data = (): SessionData => sessionData({ roles: ['reader'] });

describe('MemorySessionStore', () => {
  let now = 1_000_000;
  const store = new MemorySessionStore({ now: () => now });
  afterEach(() => store.sweep());

  it('forgets a session after its ttl, and touch extends it', async () => {
    await store.set('a', data(), 10);
    now += 9_000;
    expect(await store.get('a')).toBeDefined();
    await store.touch('a', 10);
    now += 9_000;
    expect(await store.get('a')).toBeDefined();
    now += 2_000;
    expect(await store.get('a')).toBeUndefined();
  });

  it('getAndTouch restarts the idle timeout from the moment of the read', async () => {
    await store.set('d', data(), 60);
    now += 14_000;
    expect(await store.getAndTouch('d', 60)).toBeDefined();
    // Idle 59 s since that read (73 s since it was set): still there.
    now += 59_000;
    expect(await store.get('d')).toBeDefined();
    now += 2_000;
    expect(await store.getAndTouch('d', 60)).toBeUndefined();
  });

  it('destroys and sweeps', async () => {
    await store.set('b', data(), 10);
    await store.set('c', data(), 1);
    await store.destroy('b');
    expect(await store.get('b')).toBeUndefined();
    now += 2_000;
    store.sweep();
    expect(store.size).toBe(0);
    await store.close();
  });
});
