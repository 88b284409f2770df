import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppConfig } from '../config/schema';
import { sessionData } from '../testing/sessionData';
import { redisAvailable, startRedisServer, type RedisServer } from '../testing/redisServer';
import { eventually } from '../testing/eventually';
import { useTestApp } from '../testing/useTestApp';
import { connectRedisSessionStore, type RedisSessionStore } from './redisSessionStore';
import type { SessionData } from './sessionStore';

const data = (token: string): SessionData =>
  sessionData({
    token,
    user: { id: 'u1', name: 'alice', domainId: 'default', domainName: 'Default' },
  });

const quiet = { warn: () => undefined };
const ID = 'Vx3sW9m1cQ2yR7kP0aZb8nT5uL4eJ6hG-fD1oI_sYqA';

describe.runIf(redisAvailable())('RedisSessionStore', () => {
  let redis: RedisServer;
  let store: RedisSessionStore;
  let raw: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await startRedisServer();
    store = connectRedisSessionStore(redis.url, quiet);
    raw = createClient({ url: redis.url });
    raw.on('error', () => undefined);
    await raw.connect();
  });

  afterAll(async () => {
    raw.destroy();
    await store.close();
    await redis.stop();
  });

  it('keeps a session that another server process sees, until it is destroyed', async () => {
    const kept = data('gAAAAtoken-1');
    await store.ready();
    await store.set(ID, kept, 300);
    const other = connectRedisSessionStore(redis.url, quiet);
    try {
      await other.ready();
      expect(await other.get(ID)).toEqual(kept);
      await other.destroy(ID);
      expect(await store.get(ID)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('gives Redis neither the session id nor the token', async () => {
    await store.set(ID, data('gAAAAtoken-secret'), 300);
    const keys = await raw.keys('*');
    expect(keys).toEqual([store.keyOf(ID)]);
    expect(keys[0]).toMatch(/^skydeck:session:[0-9a-f]{64}$/);
    expect(keys[0]).not.toContain(ID);
    const value = String(await raw.get(store.keyOf(ID)));
    for (const secret of ['gAAAAtoken-secret', 'alice', 'RegionOne', ID]) {
      expect(value).not.toContain(secret);
      expect(Buffer.from(value, 'base64').toString('latin1')).not.toContain(secret);
    }
    await store.destroy(ID);
  });

  it('sets the idle timeout as the key TTL, and touch renews it', async () => {
    await store.set(ID, data('t'), 120);
    const first = await raw.ttl(store.keyOf(ID));
    expect(first).toBeGreaterThan(110);
    expect(first).toBeLessThanOrEqual(120);
    await store.touch(ID, 900);
    expect(await raw.ttl(store.keyOf(ID))).toBeGreaterThan(890);
    await store.set(ID, data('t'), 1);
    await eventually(async () => expect(await store.get(ID)).toBeUndefined(), 5_000);
  });

  it('getAndTouch reads the session and restarts its TTL in one step', async () => {
    await store.set(ID, data('t'), 100);
    expect((await store.getAndTouch(ID, 900))?.token).toBe('t');
    expect(await raw.ttl(store.keyOf(ID))).toBeGreaterThan(890);
    expect(await store.getAndTouch(`${ID}x`, 900)).toBeUndefined();
    expect(await raw.exists(store.keyOf(`${ID}x`))).toBe(0);
    await store.destroy(ID);
  });

  it('reads a changed value, or one sealed for another id, as no session', async () => {
    await store.set(ID, data('t'), 300);
    const sealed = Buffer.from(String(await raw.get(store.keyOf(ID))), 'base64');
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    await raw.set(store.keyOf(ID), sealed.toString('base64'));
    expect(await store.get(ID)).toBeUndefined();
    await store.set(`${ID}x`, data('t'), 300);
    await raw.set(store.keyOf(ID), String(await raw.get(store.keyOf(`${ID}x`))));
    expect(await store.get(ID)).toBeUndefined();
    await raw.set(store.keyOf(ID), 'not base64 at all');
    expect(await store.get(ID)).toBeUndefined();
  });

  it('starts without Redis (503 meanwhile) and serves once Redis is up', async () => {
    await redis.stop();
    const warnings: string[] = [];
    const early = connectRedisSessionStore(redis.url, { warn: (m) => warnings.push(m) }, 300);
    try {
      await early.ready();
      expect(warnings).toContain(
        'session store: no connection to Redis yet; sessions answer 503 until there is',
      );
      await expect(early.get(ID)).rejects.toMatchObject({ statusCode: 503 });
      await redis.restart();
      await eventually(() => early.set(ID, data('late'), 300));
      expect((await early.get(ID))?.token).toBe('late');
    } finally {
      await early.close();
      await redis.restart();
    }
  });

  it('fails with 503 while Redis is down and recovers when it is back', async () => {
    await redis.stop();
    await eventually(async () => {
      await expect(store.get(ID)).rejects.toMatchObject({
        statusCode: 503,
        message: 'The session store is unavailable',
      });
    });
    await redis.restart();
    await eventually(() => store.set(ID, data('after'), 300));
    expect((await store.get(ID))?.token).toBe('after');
  });
});

describe.runIf(redisAvailable())('sessions in Redis across server processes', () => {
  let redis: RedisServer;
  // Filled in before useTestApp's beforeAll builds the app (hooks run in order).
  const session = { store: 'redis' as const, timeout: 3600, redisUrl: 'redis://127.0.0.1:1' };
  beforeAll(async () => {
    redis = await startRedisServer();
    session.redisUrl = redis.url;
  });
  afterAll(async () => redis.stop());
  const { t, demo } = useTestApp(['demo'], { config: { session } });

  const secondServer = async (config: AppConfig) => {
    const app = await buildApp(config, { logger: false });
    // As the server does before it listens: wait for the store's connection.
    await app.ready();
    return app;
  };

  it('a session made by one server is served by another, and logout ends it for both', async () => {
    const other = await secondServer(t.config);
    try {
      const there = await other.inject({
        url: '/api/keystone/user-session/',
        headers: demo.headers,
      });
      expect(there.statusCode, there.body).toBe(200);
      expect(there.json()).toMatchObject({ username: 'demo' });
      const out = await other.inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: demo.headers,
      });
      expect(out.statusCode).toBeLessThan(400);
      const here = await t.as(demo, { url: '/api/keystone/user-session/' });
      expect(here.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('restarts the idle timeout on every request (a short timeout, real time)', async () => {
    const app = await secondServer({ ...t.config, session: { ...session, timeout: 2 } });
    try {
      const id = 'Rr3sW9m1cQ2yR7kP0aZb8nT5uL4eJ6hG-fD1oI_sYqA';
      await app.sessionStore.set(id, sessionData(), 2);
      const call = async (): Promise<number> =>
        (
          await app.inject({
            url: '/api/keystone/user-session/',
            headers: { cookie: `sessionid=${id}`, 'x-requested-with': 'XMLHttpRequest' },
          })
        ).statusCode;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // Requests 1.2 s apart keep it alive past twice the timeout.
      for (let i = 0; i < 3; i += 1) {
        expect(await call()).toBe(200);
        await sleep(1_200);
      }
      expect(await call()).toBe(200);
      await sleep(2_300);
      expect(await call()).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answers 503, not 500, while Redis is down', async () => {
    const session2 = await t.login('demo');
    await redis.stop();
    try {
      const res = await t.as(session2, { url: '/api/keystone/user-session/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The session store is unavailable' });
    } finally {
      await redis.restart();
    }
  });
});
