import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Credential {
  id: string;
  name: string;
  description: string | null;
  user_id: string;
  project_id: string;
  system: null;
  expires_at: string | null;
  unrestricted: boolean | null;
  roles: Array<{ id: string; name: string; options: Record<string, unknown> }>;
  access_rules?: Array<{ id: string; service: string; path: string; method: string }>;
  secret?: string;
  links: { self: string };
}

interface TokenAnswer {
  token: {
    methods: string[];
    project?: { id: string };
    roles?: Array<{ name: string }>;
    application_credential?: { id: string; name: string; restricted: boolean };
  };
}

const credentialAuth = (identity: Record<string, unknown>): unknown => ({
  auth: { identity: { methods: ['application_credential'], application_credential: identity } },
});

describe('keystone application credentials', () => {
  const cloud = useTestCloud();

  it('creates one with a secret shown once, lists, shows and deletes it', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    const base = `/identity/v3/users/${body.token.user.id}/application_credentials`;
    const created = await cloud().request<{ application_credential: Credential }>('POST', base, {
      token,
      body: {
        application_credential: {
          name: 'ci',
          description: 'for CI',
          roles: [{ name: 'reader' }],
          expires_at: '2099-01-01T00:00:00',
        },
      },
    });
    expect(created.status).toBe(201);
    const credential = created.body.application_credential;
    expect(Object.keys(credential)).toEqual([
      'id',
      'name',
      'description',
      'user_id',
      'project_id',
      'system',
      'expires_at',
      'unrestricted',
      'roles',
      'secret',
      'links',
    ]);
    expect(credential).toMatchObject({
      name: 'ci',
      description: 'for CI',
      user_id: body.token.user.id,
      project_id: body.token.project?.id,
      system: null,
      expires_at: '2099-01-01T00:00:00.000000',
      unrestricted: null,
      links: { self: `${cloud().authUrl}/application_credentials/${credential.id}` },
    });
    expect(credential.roles.map((r) => r.name)).toEqual(['reader']);
    expect(credential.roles[0]?.options).toEqual({ immutable: true });
    expect(credential.secret).toMatch(/^[A-Za-z0-9_-]{86}$/);

    const shown = await cloud().request<{ application_credential: Credential }>(
      'GET',
      `${base}/${credential.id}`,
      { token },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.application_credential).not.toHaveProperty('secret');
    const listed = await cloud().request<{ application_credentials: Credential[] }>('GET', base, {
      token,
    });
    expect(listed.body.application_credentials.map((a) => a.name)).toEqual(['ci']);

    const duplicate = await cloud().request('POST', base, {
      token,
      body: { application_credential: { name: 'ci' } },
    });
    expect(duplicate.status).toBe(409);
    expect((await cloud().request('DELETE', `${base}/${credential.id}`, { token })).status).toBe(
      204,
    );
    const gone = await cloud().request('GET', `${base}/${credential.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      error: {
        code: 404,
        title: 'Not Found',
        message: `Could not find Application Credential: ${credential.id}.`,
      },
    });
  });

  it('takes every role of the token by default, refuses unassigned roles and other users', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    const base = `/identity/v3/users/${body.token.user.id}/application_credentials`;
    const all = await cloud().request<{ application_credential: Credential }>('POST', base, {
      token,
      body: {
        application_credential: {
          name: 'all-roles',
          access_rules: [{ service: 'compute', path: '/v2.1/servers', method: 'GET' }],
        },
      },
    });
    expect(all.status).toBe(201);
    expect(all.body.application_credential.roles.map((r) => r.name).sort()).toEqual([
      'member',
      'reader',
    ]);
    expect(all.body.application_credential.access_rules).toEqual([
      { id: expect.any(String), service: 'compute', path: '/v2.1/servers', method: 'GET' },
    ]);
    const admin = await cloud().request('POST', base, {
      token,
      body: { application_credential: { name: 'escalate', roles: [{ name: 'admin' }] } },
    });
    expect(admin.status).toBe(400);
    expect(admin.body).toMatchObject({
      error: {
        message:
          'Invalid application credential: Cannot create an application credential with unassigned role',
      },
    });
    const adminToken = await cloud().token('admin', 'admin');
    const forOther = await cloud().request('POST', base, {
      token: adminToken,
      body: { application_credential: { name: 'not-mine' } },
    });
    expect(forOther.status).toBe(403);
    const readerToken = await cloud().token('reader', 'demo');
    expect((await cloud().request('GET', base, { token: readerToken })).status).toBe(403);
    expect((await cloud().request('GET', base, { token: adminToken })).status).toBe(200);
    const noName = await cloud().request('POST', base, {
      token,
      body: { application_credential: {} },
    });
    expect(noName.status).toBe(400);
  });

  it('authenticates with id or name and secret, scoped to its project with its roles only', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    const base = `/identity/v3/users/${body.token.user.id}/application_credentials`;
    const created = await cloud().request<{ application_credential: Credential }>('POST', base, {
      token,
      body: { application_credential: { name: 'login', roles: [{ name: 'reader' }] } },
    });
    const { id, secret } = created.body.application_credential;
    const byId = await cloud().request<TokenAnswer>('POST', '/identity/v3/auth/tokens', {
      body: credentialAuth({ id, secret }),
    });
    expect(byId.status).toBe(201);
    expect(byId.body.token.methods).toEqual(['application_credential']);
    expect(byId.body.token.project?.id).toBe(body.token.project?.id);
    expect(byId.body.token.roles?.map((r) => r.name)).toEqual(['reader']);
    expect(byId.body.token.application_credential).toEqual({
      id,
      name: 'login',
      restricted: true,
    });
    const byName = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: credentialAuth({
        name: 'login',
        user: { name: 'demo', domain: { id: 'default' } },
        secret,
      }),
    });
    expect(byName.status).toBe(201);
    const wrong = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: credentialAuth({ id, secret: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(`Keystone uri="${cloud().authUrl}"`);

    // A restricted credential's token cannot manage credentials; deleting it ends its tokens.
    const credentialToken = byId.headers.get('x-subject-token') ?? '';
    const nested = await cloud().request('POST', base, {
      token: credentialToken,
      body: { application_credential: { name: 'nested' } },
    });
    expect(nested.status).toBe(403);
    expect(
      (await cloud().request('GET', '/compute/v2.1/flavors', { token: credentialToken })).status,
    ).toBe(200);
    await cloud().request('DELETE', `${base}/${id}`, { token });
    expect(
      (await cloud().request('GET', '/compute/v2.1/flavors', { token: credentialToken })).status,
    ).toBe(401);
  });

  it('refuses an expired credential', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    const base = `/identity/v3/users/${body.token.user.id}/application_credentials`;
    const past = await cloud().request('POST', base, {
      token,
      body: { application_credential: { name: 'past', expires_at: '2000-01-01T00:00:00Z' } },
    });
    expect(past.status).toBe(400);
  });
});

describe('keystone policy before existence', () => {
  const cloud = useTestCloud();

  it('answers 403 to a member asking for an unknown user or project', async () => {
    const member = await cloud().token('demo', 'demo');
    const admin = await cloud().token('admin', 'admin');
    for (const path of [
      '/identity/v3/users/0123',
      '/identity/v3/projects/0123',
      '/identity/v3/groups/0123',
    ]) {
      expect((await cloud().request('GET', path, { token: member })).status).toBe(403);
    }
    // get_user passes on admin_required; get_project has no admin clause for a project token.
    expect((await cloud().request('GET', '/identity/v3/users/0123', { token: admin })).status).toBe(
      404,
    );
    const project = await cloud().request('GET', '/identity/v3/projects/0123', { token: admin });
    expect(project.status).toBe(403);
  });

  it('seeds the bootstrap roles as immutable', async () => {
    const admin = await cloud().token('admin', 'admin');
    const list = await cloud().request<{ roles: Array<{ name: string; options: object }> }>(
      'GET',
      '/identity/v3/roles',
      { token: admin },
    );
    for (const name of ['admin', 'member', 'reader']) {
      expect(list.body.roles.find((r) => r.name === name)?.options).toEqual({ immutable: true });
    }
  });
});
