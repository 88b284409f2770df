import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@skydeck/contract';
import { anonymousBrowser, buildTestApp, type TestApp } from '../../testing/buildTestApp';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const projectId = async (name: string): Promise<string> => {
  const admin = await t.login('admin');
  const res = await t.as(admin, { url: `/api/keystone/projects/?name=${name}` });
  return (res.json().items as Project[])[0]?.id ?? '';
};

describe('POST /auth/switch/', () => {
  it('rescopes the session to another project of the user', async () => {
    const session = await t.login('demo');
    const tokenBefore = await t.tokenOf(session);
    const alt = await projectId('alt_demo');
    const res = await t.as(session, {
      method: 'POST',
      url: '/auth/switch/',
      payload: { project_id: alt },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project_id: alt, project_name: 'alt_demo' });
    expect(await t.tokenOf(session)).not.toBe(tokenBefore);
    const now = await t.as(session, { url: '/api/keystone/user-session/' });
    expect(now.json().project_name).toBe('alt_demo');
    // alt_demo has no server groups of its own.
    const groups = await t.as(session, { url: '/api/nova/servergroups/' });
    expect(groups.statusCode).toBe(200);
  });

  it('refuses a project the user has no role on', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, {
      method: 'POST',
      url: '/auth/switch/',
      payload: { project_id: await projectId('admin') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You are not authorized for that project.' });
    const still = await t.as(session, { url: '/api/keystone/user-session/' });
    expect(still.json().project_name).toBe('demo');
  });

  it('validates the body and needs a session', async () => {
    const session = await t.login('demo');
    const empty = await t.as(session, { method: 'POST', url: '/auth/switch/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'project_id is required' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/switch/',
      headers: (await anonymousBrowser(t.app)).headers,
      payload: { project_id: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /auth/switch-region/', () => {
  it('moves the session to another region of its catalog', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, {
      method: 'POST',
      url: '/auth/switch-region/',
      payload: { region: 'RegionTwo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().services_region).toBe('RegionTwo');
    // RegionTwo has compute: calls now go there.
    const keypairs = await t.as(session, { url: '/api/nova/keypairs/' });
    expect(keypairs.statusCode).toBe(200);
  });

  it('refuses a region the catalog does not have', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, {
      method: 'POST',
      url: '/auth/switch-region/',
      payload: { region: 'Atlantis' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Region Atlantis is not available.' });
  });
});
