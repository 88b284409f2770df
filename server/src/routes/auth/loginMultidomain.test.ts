import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { anonymousBrowser, buildTestApp, type TestApp } from '../../testing/buildTestApp';

// A server with multi-domain login (SKYDECK_MULTIDOMAIN): the user name is looked up in the
// domain the login form names. Its own app: the setting is read at start.

let t: TestApp;
let domainName = '';

beforeAll(async () => {
  t = await buildTestApp({ multidomain: true });
  // A domain with a project and a user holding a role on it, the user without a default project.
  domainName = 'Elsewhere';
  const { domain } = await t.keystoneAsAdmin<{ domain: { id: string } }>('POST', '/domains', {
    domain: { name: domainName },
  });
  const { project } = await t.keystoneAsAdmin<{ project: { id: string } }>('POST', '/projects', {
    project: { name: 'far-project', domain_id: domain.id },
  });
  const { user } = await t.keystoneAsAdmin<{ user: { id: string } }>('POST', '/users', {
    user: { name: 'faraway', password: 'faraway-pass', domain_id: domain.id },
  });
  const { roles } = await t.keystoneAsAdmin<{ roles: { id: string }[] }>(
    'GET',
    '/roles?name=member',
  );
  await t.keystoneAsAdmin('PUT', `/projects/${project.id}/users/${user.id}/roles/${roles[0]?.id}`);
});

afterAll(async () => {
  await t.close();
});

const postLogin = async (payload: Record<string, string>): Promise<LightMyRequestResponse> => {
  const from = await anonymousBrowser(t.app);
  return t.app.inject({ method: 'POST', url: '/auth/login/', headers: from.headers, payload });
};

describe('multi-domain login', () => {
  it('offers the domain field, starting at the default domain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/options/' });
    expect(res.json()).toMatchObject({ show_domain: true, default_domain: 'Default' });
  });

  it('signs in a user of another domain named in the form, scoped to its project', async () => {
    const res = await postLogin({
      username: 'faraway',
      password: 'faraway-pass',
      domain: domainName,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'faraway',
      user_domain_name: domainName,
      project_name: 'far-project',
      // member implies reader in Keystone's default roles.
      roles: expect.arrayContaining(['member']),
    });
  });

  it('refuses the same user name in another domain, or in one that does not exist', async () => {
    for (const domain of ['Default', 'no-such-domain']) {
      const res = await postLogin({ username: 'faraway', password: 'faraway-pass', domain });
      expect(res.statusCode, domain).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials.' });
    }
  });

  it('signs in a Default-domain user with the default domain', async () => {
    const res = await postLogin({ username: 'demo', password: 'demo', domain: 'Default' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'demo', user_domain_name: 'Default' });
  });

  it('asks for the domain when the form leaves it empty', async () => {
    const res = await postLogin({ username: 'demo', password: 'demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'domain is required' });
  });
});
