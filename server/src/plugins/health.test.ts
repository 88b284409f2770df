import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';
import type { AppConfig } from '../config/schema';
import { redisAvailable, startRedisServer, type RedisServer } from '../testing/redisServer';
import { eventually } from '../testing/eventually';
import { useTestApp } from '../testing/useTestApp';
import { connectRedisSessionStore } from './redisSessionStore';

describe('healthz and readyz', () => {
  const { t } = useTestApp([], { config: { webroot: '/dash/' } });

  it('answer under the web root with no session, no CSRF token and no caching', async () => {
    for (const path of ['healthz', 'readyz']) {
      const response = await t.app.inject({ method: 'GET', url: `/dash/${path}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe.runIf(redisAvailable())('readyz with the Redis session store', () => {
  let redis: RedisServer;
  let config: AppConfig;

  beforeAll(async () => {
    redis = await startRedisServer();
    config = {
      ...loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent' } }),
      cloud: {
        authUrl: 'http://127.0.0.1:9/identity/v3',
        regions: [],
        interface: 'public',
        source: 'unused',
      },
    };
  });

  afterAll(async () => {
    await redis.stop();
  });

  it('answers 503 while Redis is down and 200 again once it is back', async () => {
    const store = connectRedisSessionStore(redis.url, { warn: () => undefined });
    const app = await buildApp(config, { logger: false, sessionStore: store });
    try {
      await store.ready();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      await redis.stop();
      await eventually(async () => {
        const down = await app.inject({ method: 'GET', url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ message: 'The session store is unavailable' });
      });
      // Liveness does not depend on Redis: the process itself is fine.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await redis.restart();
      await eventually(async () => {
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      });
    } finally {
      await app.close();
    }
  });
});
