import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HeaderSection } from '@skydeck/contract';
import { SESSION_COOKIE } from '../plugins/session';
import { buildOfflineApp } from '../testing/buildOfflineApp';
import { sessionData } from '../testing/sessionData';
import { useTestApp } from '../testing/useTestApp';

const SECTIONS: HeaderSection[] = [
  {
    id: 'status',
    title: 'Cloud status',
    items: [
      { text: 'All services up', description: 'Checked <b>hourly</b>' },
      { text: 'Status page', url: 'https://status.example.com/' },
    ],
  },
  { id: 'support', title: '<script>alert(1)</script>', items: [] },
];

const { t, reader } = useTestApp(['reader'], { config: { header: SECTIONS } });

describe('GET {webroot}header/', () => {
  it('answers the configured sections to a signed-in user, as data', async () => {
    const res = await t.as(reader, { url: '/header/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Markup in the operator's text is kept as text: the web app renders it as such.
    expect(res.json()).toEqual({ sections: SECTIONS });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ url: '/header/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
    expect(res.body).not.toContain('Cloud status');
  });

  it('answers 401 to a browser navigation without a session, not the app page', async () => {
    const res = await t.app.inject({ url: '/header/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers an empty list when no header file is configured', async () => {
    const { app, config } = await buildOfflineApp();
    try {
      expect(config.header).toBeUndefined();
      const id = randomBytes(32).toString('base64url');
      await app.sessionStore.set(id, sessionData(), 3600);
      const res = await app.inject({
        url: '/header/',
        headers: { cookie: `${SESSION_COOKIE}=${id}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sections: [] });
    } finally {
      await app.close();
    }
  });
});
