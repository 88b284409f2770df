import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@skydeck/openstack-client';
import { useTestApp } from '../../testing/useTestApp';

// Keystone's project listing fails while this is set (the other calls go through).
let projectsDown = false;
const fetchWithOutage: FetchLike = (url, init) => {
  if (projectsDown && url.includes('/auth/projects')) {
    return Promise.resolve(
      new Response(JSON.stringify({ error: { code: 500, message: 'down', title: 'Error' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  return fetch(url, init);
};

const { t, demo } = useTestApp(['demo'], { app: { fetch: fetchWithOutage } });

describe('GET /api/bootstrap/', () => {
  it('answers what the four shell routes answer, in one response', async () => {
    const res = await t.as(demo, { url: '/api/bootstrap/' });
    expect(res.statusCode).toBe(200);
    const get = async (url: string): Promise<unknown> => (await t.as(demo, { url })).json();
    expect(res.json()).toEqual({
      session: await get('/api/keystone/user-session/'),
      settings: await get('/api/settings/'),
      catalog: await get('/api/keystone/svc-catalog/'),
      projects: await get('/api/keystone/projects/?user=current'),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the projects out when Keystone does not list them', async () => {
    projectsDown = true;
    try {
      const res = await t.as(demo, { url: '/api/bootstrap/' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['catalog', 'session', 'settings']);
    } finally {
      projectsDown = false;
    }
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      url: '/api/bootstrap/',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(res.statusCode).toBe(401);
  });
});
