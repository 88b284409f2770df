import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedisServer, type RedisServer } from '../testing/redisServer';
import {
  LoginThrottle,
  MemoryCounterStore,
  RedisCounterStore,
  RefusalPacer,
  type CounterStore,
  type LoginAttempt,
  type LoginRefusal,
  type LoginThrottleOptions,
} from './loginThrottle';

const LIMITS: LoginThrottleOptions = {
  maxFailuresPerUser: 5,
  maxFailuresPerAddress: 8,
  failureWindowSeconds: 60,
  maxDelaySeconds: 1,
};

const isAttempt = (result: LoginAttempt | LoginRefusal): result is LoginAttempt =>
  'delayMs' in result;

const attempt = async (
  throttle: LoginThrottle,
  user: string,
  ip: string,
): Promise<LoginAttempt> => {
  const result = await throttle.begin(user, 'Default', ip);
  if (!isAttempt(result)) throw new Error(`refused: ${result.message}`);
  return result;
};

const fail = async (throttle: LoginThrottle, user: string, ip: string): Promise<number> => {
  const a = await attempt(throttle, user, ip);
  await a.failed();
  return a.delayMs;
};

/** The same behaviour whichever store keeps the counts. */
const behaves = (makeStore: () => CounterStore): void => {
  it('delays after two failures, doubling up to the cap, then refuses with Retry-After', async () => {
    const throttle = new LoginThrottle(makeStore(), LIMITS, `t${Math.random()}:`);
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) delays.push(await fail(throttle, 'alice', '10.0.0.1'));
    // Levels on a 0–10 scale of the limit (5): 0, 2, 4, 6, 8.
    expect(delays).toEqual([0, 250, 1000, 1000, 1000]);
    const refused = await throttle.begin('alice', 'Default', '10.0.0.2');
    expect(isAttempt(refused)).toBe(false);
    const { retryAfterSeconds, message } = refused as LoginRefusal;
    expect(retryAfterSeconds).toBeGreaterThan(50);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(message).toBe(
      `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    );
    // The user name is one, whatever its case; another user is not concerned.
    expect(isAttempt(await throttle.begin('ALICE', 'default', '10.0.0.3'))).toBe(false);
    expect(isAttempt(await throttle.begin('bob', 'Default', '10.0.0.3'))).toBe(true);
  });

  it('counts failures per address across user names', async () => {
    const throttle = new LoginThrottle(makeStore(), LIMITS, `t${Math.random()}:`);
    for (let i = 0; i < 8; i += 1) await fail(throttle, `user${i}`, '10.0.0.9');
    expect(isAttempt(await throttle.begin('someone', 'Default', '10.0.0.9'))).toBe(false);
    expect(isAttempt(await throttle.begin('someone', 'Default', '10.0.0.10'))).toBe(true);
  });

  it('a success resets the user name but not the address; an abandoned attempt is not counted', async () => {
    const throttle = new LoginThrottle(makeStore(), LIMITS, `t${Math.random()}:`);
    // Four failures of one user name from four addresses: level 8 of 10 for the name.
    for (let i = 0; i < 4; i += 1) await fail(throttle, 'carol', `10.0.1.${i}`);
    const ok = await attempt(throttle, 'carol', '10.0.1.9');
    expect(ok.delayMs).toBe(1000);
    await ok.succeeded();
    expect((await attempt(throttle, 'carol', '10.0.1.9')).delayMs).toBe(0);
    // Four failures from one address (level 5 of 10): a success there changes nothing.
    for (let i = 0; i < 4; i += 1) await fail(throttle, `u${i}`, '10.0.1.20');
    await (await attempt(throttle, 'heidi', '10.0.1.20')).succeeded();
    expect((await attempt(throttle, 'ivan', '10.0.1.20')).delayMs).toBe(1000);
    for (let i = 0; i < 10; i += 1)
      await (await attempt(throttle, 'dave', '10.0.1.30')).abandoned();
    expect((await attempt(throttle, 'dave', '10.0.1.30')).delayMs).toBe(0);
  });

  it('counts attempts in flight, so a parallel burst cannot outrun the limit', async () => {
    const throttle = new LoginThrottle(makeStore(), LIMITS, `t${Math.random()}:`);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => throttle.begin('erin', 'Default', '10.0.2.1')),
    );
    expect(burst.filter(isAttempt)).toHaveLength(5);
  });

  it('0 turns a limit off', async () => {
    const throttle = new LoginThrottle(
      makeStore(),
      { ...LIMITS, maxFailuresPerUser: 0, maxFailuresPerAddress: 0 },
      `t${Math.random()}:`,
    );
    for (let i = 0; i < 20; i += 1) expect(await fail(throttle, 'frank', '10.0.3.1')).toBe(0);
  });
};

describe('LoginThrottle in memory', () => {
  behaves(() => new MemoryCounterStore());

  it('forgets a window when it ends, and stays bounded', async () => {
    let now = 0;
    const store = new MemoryCounterStore({ now: () => now, maxKeys: 3 });
    expect(await store.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now = 400;
    expect(await store.hit('a', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    now = 1_000;
    expect(await store.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    for (const key of ['b', 'c', 'd', 'e']) await store.hit(key, 1_000);
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('e')).count).toBe(1);
  });
});

describe.runIf(redisAvailable())('LoginThrottle in Redis', () => {
  let redis: RedisServer;
  let client: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = createClient({ url: redis.url });
    client.on('error', () => undefined);
    await client.connect();
  });

  afterAll(async () => {
    client.destroy();
    await redis.stop();
  });

  behaves(() => new RedisCounterStore(client));

  it('is shared by server processes, keeps no name or address, and expires', async () => {
    const one = new LoginThrottle(new RedisCounterStore(client), LIMITS);
    const two = new LoginThrottle(new RedisCounterStore(client), LIMITS);
    for (let i = 0; i < 5; i += 1) await fail(i % 2 ? one : two, 'grace', '192.0.2.7');
    expect(isAttempt(await one.begin('grace', 'Default', '192.0.2.8'))).toBe(false);
    const keys = await client.keys('skydeck:login:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^skydeck:login:(user|address):[0-9a-f]{64}$/);
      expect(await client.pTTL(key)).toBeGreaterThan(0);
    }
  });

  it('answers 503 while Redis is away', async () => {
    const broken = new RedisCounterStore({
      eval: () => Promise.reject(new Error('connection lost')),
      del: () => Promise.reject(new Error('connection lost')),
    });
    await expect(broken.peek('k')).rejects.toMatchObject({ statusCode: 503 });
    await expect(broken.clear('k')).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('RefusalPacer', () => {
  it('holds a quick refusal until it took as long as the slowest recent one', async () => {
    const pacer = new RefusalPacer();
    let started = performance.now();
    await pacer.pace(120);
    expect(performance.now() - started).toBeLessThan(60);
    started = performance.now();
    await pacer.pace(5);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    // Capped: a slow spell does not hold every refusal for long.
    const capped = new RefusalPacer(32, 50);
    await capped.pace(10_000);
    started = performance.now();
    await capped.pace(0);
    expect(performance.now() - started).toBeLessThan(150);
  });
});
