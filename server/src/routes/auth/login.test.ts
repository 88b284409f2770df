import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { csrfTokenForSession } from '../../plugins/csrf';
import {
  anonymousBrowser,
  buildTestApp,
  type AnonymousBrowser,
  type TestApp,
} from '../../testing/buildTestApp';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const postLogin = async (
  payload: Record<string, string>,
  browser?: AnonymousBrowser,
): Promise<LightMyRequestResponse> => {
  const from = browser ?? (await anonymousBrowser(t.app));
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    headers: from.headers,
    payload,
  });
};

describe('GET /auth/options/', () => {
  it('offers credentials, the configured regions and the default domain', async () => {
    const res = await t.app.inject({ url: '/auth/options/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }],
      default_auth_type: 'credentials',
      regions: [
        { id: 'RegionOne', label: 'RegionOne' },
        { id: 'RegionTwo', label: 'RegionTwo' },
      ],
      default_region: 'RegionOne',
      show_domain: false,
      default_domain: 'Default',
    });
  });
});

describe('POST /auth/login/', () => {
  it('signs in, answers the user session and sets the cookies', async () => {
    const browser = await anonymousBrowser(t.app);
    const res = await postLogin({ username: 'demo', password: 'demo' }, browser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'demo',
      user_domain_name: 'Default',
      project_name: 'demo',
      is_superuser: false,
      services_region: 'RegionOne',
      available_services_regions: ['RegionOne', 'RegionTwo'],
    });
    expect(res.json().roles).toEqual(expect.arrayContaining(['member', 'reader']));

    const session = res.cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(session?.secure).toBeFalsy();
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rotated = res.cookies.find((c) => c.name === 'csrftoken');
    expect(rotated?.value).toBeTruthy();
    expect(rotated?.value).not.toBe(browser.csrf);
    // Bound to the new session: the pre-login token is of no use with it.
    expect(rotated?.value).toBe(csrfTokenForSession(session?.value ?? ''));
    expect(rotated?.httpOnly).toBeFalsy();
  });

  it('marks an admin as superuser', async () => {
    const admin = await t.login('admin');
    expect(admin.user).toMatchObject({
      username: 'admin',
      project_name: 'admin',
      is_superuser: true,
    });
  });

  it('accepts a classic form post with the CSRF token as a field', async () => {
    const browser = await anonymousBrowser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: {
        cookie: browser.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `username=reader&password=reader&region=RegionOne&csrfmiddlewaretoken=${browser.csrf}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'reader', roles: ['reader'] });
  });

  it('refuses a wrong password or unknown user with one message', async () => {
    for (const payload of [
      { username: 'demo', password: 'wrong' },
      { username: 'nobody', password: 'x' },
    ]) {
      const res = await postLogin(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials.' });
      expect(res.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    }
  });

  it('names the missing field, and refuses other auth types', async () => {
    expect((await postLogin({ password: 'demo' })).json()).toEqual({
      message: 'username is required',
    });
    expect((await postLogin({ username: 'demo' })).json()).toEqual({
      message: 'password is required',
    });
    const sso = await postLogin({ username: 'demo', password: 'demo', auth_type: 'oidc' });
    expect(sso.statusCode).toBe(400);
    expect(sso.json()).toEqual({ message: 'Unsupported authentication type' });
  });

  it('needs the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'demo', password: 'demo' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('uses the region asked for, and says so when it does not exist', async () => {
    const two = await postLogin({ username: 'demo', password: 'demo', region: 'RegionTwo' });
    expect(two.json().services_region).toBe('RegionTwo');
    const nowhere = await postLogin({ username: 'demo', password: 'demo', region: 'Atlantis' });
    expect(nowhere.statusCode).toBe(200);
    expect(nowhere.json().services_region).toBe('RegionOne');
    expect(JSON.parse(String(nowhere.headers['x-skydeck-messages']))).toEqual([
      ['warning', 'Region Atlantis is not available; using RegionOne.', ''],
    ]);
  });

  it('starts a new session id on every login and forgets the old one', async () => {
    const first = await t.login('demo');
    const csrf = first.csrf;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { cookie: first.headers.cookie ?? '', 'x-csrftoken': csrf },
      payload: { username: 'demo', password: 'demo' },
    });
    const second = res.cookies.find((c) => c.name === 'sessionid')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.sessionId);
    const old = await t.as(first, { url: '/api/keystone/user-session/' });
    expect(old.statusCode).toBe(401);
  });

  it('scopes a user without a default project to a project it has, or refuses', async () => {
    const roles = (await t.keystoneAsAdmin('GET', '/roles?name=member')) as {
      roles: Array<{ id: string }>;
    };
    const projects = (await t.keystoneAsAdmin('GET', '/projects?name=alt_demo')) as {
      projects: Array<{ id: string }>;
    };
    const memberId = roles.roles[0]?.id ?? '';
    const altId = projects.projects[0]?.id ?? '';
    const created = (await t.keystoneAsAdmin('POST', '/users', {
      user: { name: 'roamer', password: 'roamer-pass', domain_id: 'default' },
    })) as { user: { id: string } };
    await t.keystoneAsAdmin('PUT', `/projects/${altId}/users/${created.user.id}/roles/${memberId}`);
    const roamer = await postLogin({ username: 'roamer', password: 'roamer-pass' });
    expect(roamer.statusCode).toBe(200);
    expect(roamer.json()).toMatchObject({
      project_name: 'alt_demo',
      roles: expect.arrayContaining(['member']),
    });

    await t.keystoneAsAdmin('POST', '/users', {
      user: { name: 'lonely', password: 'lonely-pass', domain_id: 'default' },
    });
    const lonely = await postLogin({ username: 'lonely', password: 'lonely-pass' });
    expect(lonely.statusCode).toBe(401);
    expect(lonely.json()).toEqual({ message: 'You are not authorized for any projects.' });
  });
});

describe('the Keystone token', () => {
  it('never appears in any answer body or header', async () => {
    const login = await postLogin({ username: 'admin', password: 'admin' });
    const sessionId = login.cookies.find((c) => c.name === 'sessionid')?.value ?? '';
    const newCsrf = login.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    const session = {
      sessionId,
      csrf: newCsrf,
      headers: {
        cookie: `sessionid=${sessionId}; csrftoken=${newCsrf}`,
        'x-csrftoken': newCsrf,
        'x-requested-with': 'XMLHttpRequest',
      },
      user: login.json(),
    };
    const token = await t.tokenOf(session);
    expect(token.length).toBeGreaterThan(10);

    const answers: LightMyRequestResponse[] = [login];
    for (const url of [
      '/auth/options/',
      '/api/settings/',
      '/api/keystone/user-session/',
      '/api/keystone/svc-catalog/',
      '/api/keystone/projects/?user=current',
      '/api/nova/keypairs/',
      '/api/nova/flavors/?get_extras=true',
      '/api/nova/limits/',
      '/api/nova/keypairs/nope/',
      '/project/',
    ]) {
      answers.push(await t.as(session, { url }));
    }
    answers.push(
      await t.as(session, {
        method: 'POST',
        url: '/api/nova/keypairs/',
        payload: { name: 'scan-key' },
      }),
    );
    answers.push(
      await t.as(session, {
        method: 'POST',
        url: '/auth/switch-region/',
        payload: { region: 'RegionTwo' },
      }),
    );
    answers.push(await t.as(session, { method: 'POST', url: '/auth/logout/' }));
    for (const res of answers) {
      expect(res.body).not.toContain(token);
      expect(JSON.stringify(res.headers)).not.toContain(token);
    }
  });
});

describe('login throttling', () => {
  let slow: TestApp;
  /** Keystone spends this long refusing demo's wrong passwords (a password hash), not others. */
  const HASH_MS = 300;

  beforeAll(async () => {
    slow = await buildTestApp(
      {
        trustProxy: true,
        login: { maxFailuresPerUser: 3, maxFailuresPerAddress: 6, failureWindow: 60, maxDelay: 0 },
      },
      {
        fetch: async (input, init) => {
          const body = typeof init?.body === 'string' ? init.body : '';
          if (body.includes('"name":"demo"') && body.includes('"password":"wrong')) {
            await new Promise((resolve) => setTimeout(resolve, HASH_MS));
          }
          return fetch(input, init);
        },
      },
    );
  });

  afterAll(async () => {
    await slow.close();
  });

  const signIn = async (username: string, password: string, ip: string) => {
    const browser = await anonymousBrowser(slow.app);
    const started = performance.now();
    const res = await slow.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { ...browser.headers, 'x-forwarded-for': ip },
      payload: { username, password },
    });
    return { res, ms: performance.now() - started };
  };

  it('an unknown user takes as long to refuse as a wrong password', async () => {
    const wrong = await signIn('demo', 'wrong-1', '198.51.100.1');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.ms).toBeGreaterThanOrEqual(HASH_MS);
    const unknown = await signIn('nobody-at-all', 'x', '198.51.100.2');
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(unknown.ms).toBeGreaterThanOrEqual(HASH_MS * 0.9);
  });

  it('refuses a user name with 429 and Retry-After after repeated failures', async () => {
    // One failure already from the test above; two more from elsewhere reach the limit of 3.
    for (const ip of ['198.51.100.3', '198.51.100.4']) {
      expect((await signIn('demo', 'wrong-2', ip)).res.statusCode).toBe(401);
    }
    const blocked = await signIn('demo', 'demo', '198.51.100.5');
    expect(blocked.res.statusCode).toBe(429);
    const retryAfter = Number(blocked.res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.res.json()).toEqual({
      message: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
    });
    expect(blocked.res.headers['cache-control']).toBe('no-store');
    expect(blocked.res.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    // Other users still get in.
    expect((await signIn('reader', 'reader', '198.51.100.5')).res.statusCode).toBe(200);
  });

  it('refuses a client address with 429 after failures across user names', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn(`guess${i}`, 'x', '203.0.113.9')).res.statusCode).toBe(401);
    }
    const blocked = await signIn('admin', 'admin', '203.0.113.9');
    expect(blocked.res.statusCode).toBe(429);
    expect(Number(blocked.res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('admin', 'admin', '203.0.113.10')).res.statusCode).toBe(200);
  });
});
