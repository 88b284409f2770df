import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import type { TokenBody } from '../../testing/testCloud';

const UNAUTHORIZED = {
  error: {
    code: 401,
    title: 'Unauthorized',
    message: 'The request you have made requires authentication.',
  },
};

const passwordAuth = (user: Record<string, unknown>, scope?: unknown): unknown => ({
  auth: {
    identity: { methods: ['password'], password: { user } },
    ...(scope === undefined ? {} : { scope }),
  },
});

describe('keystone tokens', () => {
  const cloud = useTestCloud();

  it('serves the version documents', async () => {
    const root = await cloud().request('GET', '/identity');
    expect(root.status).toBe(300);
    const v3 = await cloud().request<{ version: { id: string; links: Array<{ href: string }> } }>(
      'GET',
      '/identity/v3',
    );
    expect(v3.status).toBe(200);
    expect(v3.body.version.id).toBe('v3.14');
    expect(v3.body.version.links[0]?.href).toBe(`${cloud().authUrl}/`);
  });

  it('issues a project-scoped token with implied roles and a catalog on the bound port', async () => {
    const { body } = await cloud().login('admin', 'admin');
    const token = body.token;
    expect(token.methods).toEqual(['password']);
    expect(token.user).toMatchObject({
      name: 'admin',
      domain: { id: 'default', name: 'Default' },
      password_expires_at: null,
    });
    expect(token.user.id).toMatch(/^[0-9a-f]{32}$/);
    expect(token.project).toMatchObject({
      name: 'admin',
      domain: { id: 'default', name: 'Default' },
    });
    expect(token.is_domain).toBe(false);
    expect(token.roles?.map((r) => r.name).sort()).toEqual(['admin', 'member', 'reader']);
    expect(token.audit_ids).toHaveLength(1);
    const lifetime = Date.parse(token.expires_at) - Date.parse(token.issued_at);
    expect(lifetime).toBe(3600_000);
    expect(token.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const compute = token.catalog?.find((s) => s.type === 'compute');
    expect(compute?.name).toBe('nova');
    const regions = new Set(compute?.endpoints.map((e) => e.region_id));
    expect([...regions].sort()).toEqual(['RegionOne', 'RegionTwo']);
    expect(compute?.endpoints.map((e) => e.interface).sort()).toEqual([
      'admin',
      'admin',
      'internal',
      'internal',
      'public',
      'public',
    ]);
    expect(compute?.endpoints[0]?.url).toBe(`${cloud().url}/compute/v2.1`);
    const identity = token.catalog?.find((s) => s.type === 'identity');
    expect(identity?.endpoints[0]?.url).toBe(cloud().authUrl);
  });

  it('accepts a user by id, a domain by name, and ?nocatalog', async () => {
    const { body } = await cloud().login('demo', 'demo');
    const response = await cloud().request<TokenBody>(
      'POST',
      '/identity/v3/auth/tokens?nocatalog',
      {
        body: passwordAuth(
          { id: body.token.user.id, password: 'demo' },
          { project: { name: 'alt_demo', domain: { name: 'Default' } } },
        ),
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.token.project?.name).toBe('alt_demo');
    expect(response.body.token.catalog).toBeUndefined();
    expect(response.body.token.roles?.map((r) => r.name).sort()).toEqual(['member', 'reader']);
  });

  it('scopes to the default project without a scope, and not at all with "unscoped"', async () => {
    const defaulted = await cloud().request<TokenBody>('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth({ name: 'reader', domain: { id: 'default' }, password: 'reader' }),
    });
    expect(defaulted.body.token.project?.name).toBe('demo');
    expect(defaulted.body.token.roles?.map((r) => r.name)).toEqual(['reader']);
    const unscoped = await cloud().request<TokenBody>('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth(
        { name: 'reader', domain: { id: 'default' }, password: 'reader' },
        'unscoped',
      ),
    });
    expect(unscoped.status).toBe(201);
    expect(unscoped.body.token.project).toBeUndefined();
    expect(unscoped.body.token.roles).toBeUndefined();
    expect(unscoped.body.token.catalog).toBeUndefined();
  });

  it('issues system-scoped tokens to holders of a system role', async () => {
    const response = await cloud().request<TokenBody & { token: { system?: unknown } }>(
      'POST',
      '/identity/v3/auth/tokens',
      {
        body: passwordAuth(
          { name: 'admin', domain: { id: 'default' }, password: 'admin' },
          { system: { all: true } },
        ),
      },
    );
    expect(response.status).toBe(201);
    expect(response.body.token.system).toEqual({ all: true });
    expect(response.body.token.project).toBeUndefined();
    expect(response.body.token.roles?.map((r) => r.name).sort()).toEqual([
      'admin',
      'member',
      'reader',
    ]);
    const token = response.headers.get('x-subject-token') ?? '';
    // Zed keystone: reading any project needs a system (or domain) reader, not a project admin.
    const demo = (await cloud().login('demo', 'demo')).body.token.project?.id;
    const bySystem = await cloud().request('GET', `/identity/v3/projects/${demo}`, { token });
    expect(bySystem.status).toBe(200);
    const byProjectAdmin = await cloud().request('GET', `/identity/v3/projects/${demo}`, {
      token: await cloud().token('admin', 'admin'),
    });
    expect(byProjectAdmin.status).toBe(403);
    const system = await cloud().request('GET', '/identity/v3/auth/system', { token });
    expect(system.body).toEqual({
      system: [{ all: true }],
      links: { self: `${cloud().authUrl}/auth/system` },
    });
    const denied = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth(
        { name: 'demo', domain: { id: 'default' }, password: 'demo' },
        { system: { all: true } },
      ),
    });
    expect(denied.status).toBe(401);
  });

  it('refuses a wrong password, an unknown user, and a project without a role, with the same 401', async () => {
    const wrong = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth({ name: 'demo', domain: { id: 'default' }, password: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(UNAUTHORIZED);
    expect(wrong.headers.get('www-authenticate')).toBe(`Keystone uri="${cloud().authUrl}"`);
    const unknown = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth({ name: 'ghost', domain: { id: 'default' }, password: 'ghost' }),
    });
    expect(unknown.status).toBe(401);
    const noRole = await cloud().request('POST', '/identity/v3/auth/tokens', {
      body: passwordAuth(
        { name: 'reader', domain: { id: 'default' }, password: 'reader' },
        { project: { name: 'admin', domain: { id: 'default' } } },
      ),
    });
    expect(noRole.status).toBe(401);
    expect(noRole.body).toEqual(UNAUTHORIZED);
  });

  it('answers 400 for a malformed auth body', async () => {
    const missingDomain = await cloud().request<{ error: { code: number; title: string } }>(
      'POST',
      '/identity/v3/auth/tokens',
      { body: passwordAuth({ name: 'demo', password: 'demo' }) },
    );
    expect(missingDomain.status).toBe(400);
    expect(missingDomain.body.error).toMatchObject({ code: 400, title: 'Bad Request' });
    const noAuth = await cloud().request('POST', '/identity/v3/auth/tokens', { body: {} });
    expect(noAuth.status).toBe(400);
  });

  it('validates, checks and revokes tokens', async () => {
    const admin = await cloud().token('admin', 'admin');
    const { token: subject } = await cloud().login('demo', 'demo');
    const validated = await cloud().request<TokenBody>('GET', '/identity/v3/auth/tokens', {
      token: admin,
      headers: { 'X-Subject-Token': subject },
    });
    expect(validated.status).toBe(200);
    expect(validated.headers.get('x-subject-token')).toBe(subject);
    expect(validated.body.token.user.name).toBe('demo');

    // A user validates its own token; a member may not validate someone else's.
    const own = await cloud().request('HEAD', '/identity/v3/auth/tokens', {
      token: subject,
      headers: { 'X-Subject-Token': subject },
    });
    expect(own.status).toBe(200);
    const others = await cloud().request<{ error: { code: number } }>(
      'GET',
      '/identity/v3/auth/tokens',
      {
        token: subject,
        headers: { 'X-Subject-Token': admin },
      },
    );
    expect(others.status).toBe(403);
    expect(others.body.error.code).toBe(403);

    const revoked = await cloud().request('DELETE', '/identity/v3/auth/tokens', {
      token: admin,
      headers: { 'X-Subject-Token': subject },
    });
    expect(revoked.status).toBe(204);
    const after = await cloud().request('GET', '/identity/v3/auth/tokens', {
      token: admin,
      headers: { 'X-Subject-Token': subject },
    });
    expect(after.status).toBe(404);
    const use = await cloud().request('GET', '/compute/v2.1/flavors', { token: subject });
    expect(use.status).toBe(401);
    expect(use.body).toEqual(UNAUTHORIZED);
    expect(use.headers.get('www-authenticate')).toBe(`Keystone uri="${cloud().url}/identity"`);
  });

  it('rescopes with the token method, keeping expiry and chaining audit ids', async () => {
    const { token: original, body } = await cloud().login('demo', 'demo');
    const rescoped = await cloud().request<TokenBody>('POST', '/identity/v3/auth/tokens', {
      body: {
        auth: {
          identity: { methods: ['token'], token: { id: original } },
          scope: { project: { name: 'alt_demo', domain: { id: 'default' } } },
        },
      },
    });
    expect(rescoped.status).toBe(201);
    expect(rescoped.body.token.project?.name).toBe('alt_demo');
    expect(rescoped.body.token.methods).toEqual(['token', 'password']);
    expect(rescoped.body.token.expires_at).toBe(body.token.expires_at);
    expect(rescoped.body.token.audit_ids[1]).toBe(body.token.audit_ids[0]);
  });

  it('lists the projects, domains and catalog of the caller', async () => {
    const names = async (user: string): Promise<string[]> => {
      const response = await cloud().request<{ projects: Array<{ name: string }>; links: unknown }>(
        'GET',
        '/identity/v3/auth/projects',
        { token: await cloud().token(user) },
      );
      expect(response.body.links).toMatchObject({ previous: null, next: null });
      return response.body.projects.map((p) => p.name).sort();
    };
    expect(await names('admin')).toEqual(['admin', 'demo']);
    expect(await names('demo')).toEqual(['alt_demo', 'demo']);
    expect(await names('reader')).toEqual(['demo']);
    const catalog = await cloud().request<{ catalog: unknown[] }>(
      'GET',
      '/identity/v3/auth/catalog',
      {
        token: await cloud().token('demo', 'demo'),
      },
    );
    expect(catalog.body.catalog.length).toBeGreaterThanOrEqual(2);
    const domains = await cloud().request<{ domains: unknown[] }>(
      'GET',
      '/identity/v3/auth/domains',
      {
        token: await cloud().token('demo'),
      },
    );
    expect(domains.body.domains).toEqual([]);
  });

  it('needs a token on everything but version documents and token issue', async () => {
    const response = await cloud().request('GET', '/identity/v3/projects');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(UNAUTHORIZED);
    // Keystone names its versioned URL; other services name the unversioned one.
    expect(response.headers.get('www-authenticate')).toBe(`Keystone uri="${cloud().authUrl}"`);
    // Flask's own page: the router answers before keystone's token check.
    const unknown = await fetch(`${cloud().url}/identity/v3/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('<title>404 Not Found</title>');
  });
});

describe('keystone token lifetime', () => {
  const cloud = useTestCloud({ tokenLifetimeSeconds: 1 });

  it('expires tokens after the configured lifetime', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    expect(Date.parse(body.token.expires_at) - Date.parse(body.token.issued_at)).toBe(1000);
    expect((await cloud().request('GET', '/compute/v2.1/flavors', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await cloud().request('GET', '/compute/v2.1/flavors', { token })).status).toBe(401);
  });
});
