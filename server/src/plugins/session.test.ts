import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { csrfTokenForSession } from './csrf';
import type { SessionData } from './sessionStore';

const ID = 'A'.repeat(43);
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const sessionData = (expiresAt: number): SessionData => ({
  token: 'not-a-real-token',
  expiresAt,
  user: { id: 'u1', name: 'someone', domainId: 'default', domainName: 'Default' },
  project: { id: 'p1', name: 'proj', domainId: 'default', domainName: 'Default' },
  roles: ['reader'],
  catalog: [],
  region: 'RegionOne',
  regions: ['RegionOne'],
  createdAt: Date.now(),
});

describe('session plugin', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildOfflineApp());
  });

  afterAll(async () => {
    await app.close();
  });

  it('loads a live session from the sessionid cookie', async () => {
    await app.sessionStore.set(ID, sessionData(Date.now() + 60_000), 60);
    const res = await app.inject({
      url: '/api/keystone/user-session/',
      headers: { ...XHR, cookie: `sessionid=${ID}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'someone', project_name: 'proj' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('takes JSON only under /api/', async () => {
    await app.sessionStore.set(ID, sessionData(Date.now() + 60_000), 60);
    const res = await app.inject({
      method: 'POST',
      url: '/api/policy/',
      headers: {
        ...XHR,
        cookie: `sessionid=${ID}; csrftoken=${csrfTokenForSession(ID)}`,
        'x-csrftoken': csrfTokenForSession(ID),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'rules=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported Media Type/i);
  });

  it('destroys a session whose token expired, and treats it as none', async () => {
    await app.sessionStore.set(ID, sessionData(Date.now() - 1_000), 60);
    const res = await app.inject({
      url: '/api/keystone/user-session/',
      headers: { ...XHR, cookie: `sessionid=${ID}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'sessionid')?.value).toBe('');
    expect(await app.sessionStore.get(ID)).toBeUndefined();
  });

  it('ignores malformed or unknown session ids', async () => {
    for (const cookie of ['sessionid=short', `sessionid=${'B'.repeat(43)}`]) {
      const res = await app.inject({ url: '/api/settings/', headers: { ...XHR, cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('idle timeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the last request, so it never fires early', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app } = await buildOfflineApp({
      session: { store: 'memory', timeout: 60, redisUrl: 'redis://127.0.0.1:6379' },
    });
    try {
      await app.sessionStore.set(ID, sessionData(Date.now() + 3_600_000), 60);
      const call = async (): Promise<number> =>
        (
          await app.inject({
            url: '/api/keystone/user-session/',
            headers: { ...XHR, cookie: `sessionid=${ID}` },
          })
        ).statusCode;
      expect(await call()).toBe(200);
      vi.advanceTimersByTime(14_000);
      expect(await call()).toBe(200);
      // Idle 47 s, 61 s after the first request: a renewal every 15 s had let it expire here.
      vi.advanceTimersByTime(47_000);
      expect(await call()).toBe(200);
      vi.advanceTimersByTime(59_000);
      expect(await call()).toBe(200);
      vi.advanceTimersByTime(60_001);
      expect(await call()).toBe(401);
    } finally {
      await app.close();
    }
  });
});
