import { describe, expect, it } from 'vitest';
import {
  OpenStackHttpError,
  authenticatePassword,
  authenticateToken,
  createKeystoneClient,
} from '@skydeck/openstack-client';
import { joinPath, raw } from './support/http';
import { session, target } from './support/session';
import { PROJECT_SHAPE } from './support/shapes';
import { expectKeystoneFault, expectKeys, expectShape, field } from './support/shape';
import type { Shape } from './support/shape';

const KEYSTONE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const HEX_ID = /^[0-9a-f]{32}$/;

const DOMAIN_REF: Shape = { id: 'string', name: 'string' };
const TOKEN_SHAPE: Shape = {
  methods: ['string'],
  user: { id: 'string', name: 'string', domain: DOMAIN_REF, password_expires_at: 'string|null' },
  audit_ids: ['string'],
  expires_at: 'string',
  issued_at: 'string',
  project: { id: 'string', name: 'string', domain: DOMAIN_REF },
  is_domain: 'boolean',
  roles: [{ id: 'string', name: 'string' }],
  catalog: [
    {
      id: 'string',
      type: 'string',
      name: 'string',
      endpoints: [
        {
          id: 'string',
          interface: 'string',
          region_id: 'string',
          region: 'string',
          url: 'string',
        },
      ],
    },
  ],
};

function passwordBody(user: string, password: string, scope?: unknown): unknown {
  const auth: Record<string, unknown> = {
    identity: {
      methods: ['password'],
      password: { user: { name: user, domain: { id: 'default' }, password } },
    },
  };
  if (scope !== undefined) auth['scope'] = scope;
  return { auth };
}

const demoScope = { project: { name: 'demo', domain: { id: 'default' } } };

function tokensUrl(): string {
  return joinPath(target().authUrl, 'auth/tokens');
}

function roleNames(roles: readonly { name: string }[] | undefined): string[] {
  return (roles ?? []).map((role) => role.name).sort();
}

describe('keystone: version document', () => {
  it('GET /v3 names a stable v3.x', async () => {
    const answer = await raw('GET', target().authUrl);
    expect(answer.status).toBe(200);
    expectShape(answer.body, {
      version: {
        id: 'string',
        status: 'string',
        updated: 'string',
        links: [{ rel: 'string', href: 'string' }],
        'media-types': [{ base: 'string', type: 'string' }],
      },
    });
    expect(field(answer.body, 'version', 'id')).toMatch(/^v3\.\d+$/);
    expect(field(answer.body, 'version', 'status')).toBe('stable');
  });
});

describe('keystone: password authentication', () => {
  it('answers 201 with X-Subject-Token and a project-scoped token body', async () => {
    const answer = await raw('POST', tokensUrl(), {
      json: passwordBody('demo', 'demo', demoScope),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-subject-token')).toMatch(/^\S{16,}$/);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expectShape(answer.body, { token: TOKEN_SHAPE });
    const token = field(answer.body, 'token') as Record<string, unknown>;
    expect(token['methods']).toEqual(['password']);
    expect(token['expires_at']).toMatch(KEYSTONE_TIME);
    expect(token['issued_at']).toMatch(KEYSTONE_TIME);
    expect(Date.parse(String(token['expires_at']))).toBeGreaterThan(Date.now());
    expect(field(token, 'user', 'name')).toBe('demo');
    expect(field(token, 'user', 'id')).toMatch(HEX_ID);
    expect(field(token, 'user', 'domain')).toEqual({ id: 'default', name: 'Default' });
    expect(field(token, 'project', 'name')).toBe('demo');
    expect(field(token, 'project', 'domain')).toEqual({ id: 'default', name: 'Default' });
    expect(token['is_domain']).toBe(false);
    expectKeys(
      token,
      [
        'methods',
        'user',
        'audit_ids',
        'expires_at',
        'issued_at',
        'project',
        'is_domain',
        'roles',
        'catalog',
      ],
      'project-scoped token keys',
    );
  });

  it('lists identity and compute in the catalog with public, internal and admin endpoints', async () => {
    const { body } = await session('demo');
    const types = (body.catalog ?? []).map((entry) => entry.type);
    expect(types).toContain('identity');
    expect(types).toContain('compute');
    const identity = body.catalog?.find((entry) => entry.type === 'identity');
    const inRegion = identity?.endpoints.filter(
      (endpoint) => endpoint.region_id === target().region,
    );
    expect((inRegion ?? []).map((endpoint) => endpoint.interface).sort()).toEqual([
      'admin',
      'internal',
      'public',
    ]);
    for (const endpoint of inRegion ?? []) expect(endpoint.region).toBe(endpoint.region_id);
  });

  it('answers a wrong password with 401, the error body and WWW-Authenticate', async () => {
    const answer = await raw('POST', tokensUrl(), {
      json: passwordBody('demo', 'not-the-password'),
    });
    expect(answer.status).toBe(401);
    expectKeystoneFault(answer.body, 401, 'Unauthorized');
    expectKeys(field(answer.body, 'error'), ['code', 'title', 'message']);
    expect(field(answer.body, 'error', 'message')).toBe(
      'The request you have made requires authentication.',
    );
    // Keystone names its own versioned URL.
    expect(answer.headers.get('www-authenticate')).toBe(`Keystone uri="${target().authUrl}"`);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const answer = await raw('POST', tokensUrl(), {
      json: passwordBody('contract-nobody', 'whatever'),
    });
    expect(answer.status).toBe(401);
    expectKeystoneFault(answer.body, 401, 'Unauthorized');
    expect(field(answer.body, 'error', 'message')).toBe(
      'The request you have made requires authentication.',
    );
  });

  it('answers a malformed auth request with 400', async () => {
    const answer = await raw('POST', tokensUrl(), { json: { auth: { identity: {} } } });
    expect(answer.status).toBe(400);
    expectKeystoneFault(answer.body, 400, 'Bad Request');
  });

  it('surfaces 401 through the client as OpenStackHttpError', async () => {
    const error = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'wrong',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect((error as OpenStackHttpError).status).toBe(401);
    expect((error as OpenStackHttpError).title).toBe('Unauthorized');
    expect((error as OpenStackHttpError).code).toBe(401);
  });
});

describe('keystone: scoping', () => {
  it('a token without an explicit scope is scoped to the user’s default project', async () => {
    // The seeded users all have a default project, so an unspecified scope lands there.
    const { body } = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
    });
    expect(body.project?.name).toBe('demo');
  });

  it('an explicitly unscoped token has no project, roles or catalog', async () => {
    const { body } = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
      scope: 'unscoped',
    });
    expectShape(body, {
      methods: ['string'],
      user: { id: 'string', name: 'string', domain: DOMAIN_REF },
      audit_ids: ['string'],
      expires_at: 'string',
      issued_at: 'string',
      project: 'absent',
      roles: 'absent',
      catalog: 'absent',
      is_domain: 'absent',
    });
  });

  it('refuses a project the user has no role on with 401', async () => {
    const answer = await raw('POST', tokensUrl(), {
      json: passwordBody('reader', 'reader', {
        project: { name: 'alt_demo', domain: { id: 'default' } },
      }),
    });
    expect(answer.status).toBe(401);
    expectKeystoneFault(answer.body, 401, 'Unauthorized');
  });

  it('rescopes with the token method to another project of the same user', async () => {
    const unscoped = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
      scope: 'unscoped',
    });
    const rescoped = await authenticateToken({
      authUrl: target().authUrl,
      token: unscoped.token,
      scope: { project: { name: 'alt_demo', domainId: 'default' } },
    });
    expect(rescoped.body.project?.name).toBe('alt_demo');
    expect(rescoped.body.methods).toContain('token');
    expect(rescoped.body.methods).toContain('password');
    // One authentication chain: the original audit id travels along.
    expect(rescoped.body.audit_ids).toHaveLength(2);
    expect(rescoped.body.audit_ids[1]).toBe(unscoped.body.audit_ids[0]);
    expect(roleNames(rescoped.body.roles)).toEqual(['member', 'reader']);
  });

  it('GET /v3/auth/projects lists the projects a user may scope to', async () => {
    const { client } = await session('demo');
    const projects = await client.keystone.listAuthProjects();
    expect(projects.map((project) => project.name).sort()).toEqual(['alt_demo', 'demo']);
    expectShape(projects, [PROJECT_SHAPE]);
    const answer = await raw('GET', joinPath(target().authUrl, 'auth/projects'), {
      token: (await session('reader')).token,
    });
    expect(answer.status).toBe(200);
    expectShape(answer.body, {
      projects: 'array',
      links: { self: 'string', previous: 'null', next: 'null' },
    });
  });
});

describe('keystone: implied roles', () => {
  it.each([
    ['admin', ['admin', 'member', 'reader']],
    ['demo', ['member', 'reader']],
    ['reader', ['reader']],
  ] as const)('a %s token carries its role and the roles it implies', async (user, expected) => {
    const { body } = await session(user);
    expect(roleNames(body.roles)).toEqual([...expected]);
  });

  it('GET /v3/role_inferences shows admin → member → reader', async () => {
    const { client } = await session('admin');
    const inferences = await client.keystone.listRoleInferences();
    expectShape(inferences, [
      {
        prior_role: { id: 'string', name: 'string', links: { self: 'string' } },
        implies: [{ id: 'string', name: 'string', links: { self: 'string' } }],
      },
    ]);
    const pairs = inferences.flatMap((inference) =>
      inference.implies.map((implied) => `${inference.prior_role.name}>${implied.name}`),
    );
    expect(pairs).toContain('admin>member');
    expect(pairs).toContain('member>reader');
  });
});

describe('keystone: token validation and revocation', () => {
  it('validates a token (GET) and echoes X-Subject-Token', async () => {
    const admin = await session('admin');
    const fresh = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
      scope: { project: { name: 'demo', domainId: 'default' } },
    });
    const answer = await raw('GET', tokensUrl(), {
      token: admin.token,
      headers: { 'X-Subject-Token': fresh.token },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-subject-token')).toBe(fresh.token);
    expectShape(answer.body, { token: TOKEN_SHAPE });
    expect(field(answer.body, 'token', 'audit_ids')).toEqual(fresh.body.audit_ids);
    expect(field(answer.body, 'token', 'expires_at')).toBe(fresh.body.expires_at);

    const noCatalog = await admin.client.keystone.validateToken(fresh.token, { nocatalog: true });
    expect(noCatalog.catalog).toBeUndefined();
    expect(noCatalog.user.name).toBe('demo');

    const head = await fetch(tokensUrl(), {
      method: 'HEAD',
      headers: { 'X-Auth-Token': admin.token, 'X-Subject-Token': fresh.token },
    });
    expect(head.status).toBe(200);
  });

  it('a member may validate its own token but not another user’s', async () => {
    const demo = await session('demo');
    const own = await demo.client.keystone.validateToken(demo.token);
    expect(own.user.name).toBe('demo');
    const other = await raw('GET', tokensUrl(), {
      token: demo.token,
      headers: { 'X-Subject-Token': (await session('reader')).token },
    });
    expect(other.status).toBe(403);
    expectKeystoneFault(other.body, 403, 'Forbidden');
  });

  it('revokes a token (204); afterwards it validates as 404 and authenticates nothing', async () => {
    const admin = await session('admin');
    const victim = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
    });
    const revoked = await raw('DELETE', tokensUrl(), {
      token: admin.token,
      headers: { 'X-Subject-Token': victim.token },
    });
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeUndefined();

    const validated = await raw('GET', tokensUrl(), {
      token: admin.token,
      headers: { 'X-Subject-Token': victim.token },
    });
    expect(validated.status).toBe(404);
    expectKeystoneFault(validated.body, 404, 'Not Found');

    const used = await raw('GET', joinPath(target().authUrl, 'auth/projects'), {
      token: victim.token,
    });
    expect(used.status).toBe(401);
    expectKeystoneFault(used.body, 401, 'Unauthorized');
  });

  it('revokes through the client too', async () => {
    const demo = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
    });
    const self = createKeystoneClient({ authUrl: target().authUrl, token: demo.token });
    await self.revokeToken(demo.token);
    const error = await self.validateToken(demo.token).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect((error as OpenStackHttpError).status).toBe(401);
  });

  it('answers a request without a token (or with a bogus one) with 401', async () => {
    const answer = await raw('GET', joinPath(target().authUrl, 'auth/projects'));
    expect(answer.status).toBe(401);
    expectKeystoneFault(answer.body, 401, 'Unauthorized');
    expect(answer.headers.get('www-authenticate')).toBe(`Keystone uri="${target().authUrl}"`);
    const bogus = await raw('GET', joinPath(target().authUrl, 'auth/projects'), {
      token: 'not-a-token',
    });
    expect(bogus.status).toBe(401);
    expectKeystoneFault(bogus.body, 401, 'Unauthorized');
  });
});

describe('keystone: role assignments', () => {
  it('lists a project’s assignments with include_names', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const assignments = await admin.client.keystone.listRoleAssignments({
      'scope.project.id': demo.projectId,
      include_names: true,
    });
    expectShape(assignments, [
      {
        role: { id: 'string', name: 'string' },
        'user?': { id: 'string', name: 'string', domain: DOMAIN_REF },
        'group?': { id: 'string', name: 'string', domain: DOMAIN_REF },
        scope: { project: { id: 'string', name: 'string', domain: DOMAIN_REF } },
        links: { assignment: 'string' },
      },
    ]);
    const pairs = assignments.map((a) => `${a.user?.name ?? ''}:${a.role.name ?? ''}`).sort();
    expect(pairs).toEqual(expect.arrayContaining(['admin:admin', 'demo:member', 'reader:reader']));
    for (const assignment of assignments) {
      expect(assignment.links.assignment).toContain(
        `/projects/${demo.projectId}/users/${assignment.user?.id ?? ''}/roles/${assignment.role.id}`,
      );
    }
  });

  it('without include_names the references carry ids only', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const answer = await raw(
      'GET',
      joinPath(
        target().authUrl,
        `role_assignments?scope.project.id=${demo.projectId}&user.id=${demo.body.user.id}`,
      ),
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expectShape(answer.body, {
      role_assignments: [
        {
          role: { id: 'string', name: 'absent' },
          user: { id: 'string', name: 'absent', domain: 'absent' },
          scope: { project: { id: 'string', name: 'absent' } },
          links: { assignment: 'string' },
        },
      ],
      links: { self: 'string', previous: 'null', next: 'null' },
    });
  });

  it('effective assignments add the implied roles with a prior_role link', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const assignments = await admin.client.keystone.listRoleAssignments({
      'user.id': demo.body.user.id,
      'scope.project.id': demo.projectId,
      effective: true,
      include_names: true,
    });
    expect(assignments.map((a) => a.role.name).sort()).toEqual(['member', 'reader']);
    const implied = assignments.find((a) => a.role.name === 'reader');
    expectShape(implied?.links, { assignment: 'string', prior_role: 'string' });
  });

  it('a member may not list another project’s assignments (403)', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    const answer = await raw(
      'GET',
      joinPath(target().authUrl, `role_assignments?scope.project.id=${admin.projectId}`),
      { token: demo.token },
    );
    expect(answer.status).toBe(403);
    expectKeystoneFault(answer.body, 403, 'Forbidden');
  });
});

describe('keystone: regions', () => {
  it('lists regions with parent and links', async () => {
    const { client, token } = await session('demo');
    const regions = await client.keystone.listRegions();
    expect(regions.map((region) => region.id)).toContain(target().region);
    expectShape(regions, [
      {
        id: 'string',
        description: 'string',
        parent_region_id: 'string|null',
        links: { self: 'string' },
      },
    ]);
    const one = await raw('GET', joinPath(target().authUrl, `regions/${target().region}`), {
      token,
    });
    expect(one.status).toBe(200);
    expectShape(one.body, { region: { id: 'string', description: 'string', links: 'object' } });
    const missing = await raw('GET', joinPath(target().authUrl, 'regions/NoSuchRegion'), { token });
    expect(missing.status).toBe(404);
    expectKeystoneFault(missing.body, 404, 'Not Found');
  });
});

describe('keystone: policy', () => {
  it('a member may not list users (403, Keystone error body)', async () => {
    const { token } = await session('demo');
    const answer = await raw('GET', joinPath(target().authUrl, 'users'), { token });
    expect(answer.status).toBe(403);
    expectKeystoneFault(answer.body, 403, 'Forbidden');
  });

  it('checks policy before existence: a member asking for an unknown user, project or group gets 403', async () => {
    const { token } = await session('demo');
    for (const path of ['users/no-such-user', 'projects/no-such-project', 'groups/no-such-group']) {
      const answer = await raw('GET', joinPath(target().authUrl, path), { token });
      expect(answer.status, path).toBe(403);
      expectKeystoneFault(answer.body, 403, 'Forbidden');
    }
  });

  it('Zed’s get_project has no admin override: a project admin may read only its own project', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const own = await raw('GET', joinPath(target().authUrl, `projects/${admin.projectId}`), {
      token: admin.token,
    });
    expect(own.status).toBe(200);
    const other = await raw('GET', joinPath(target().authUrl, `projects/${demo.projectId}`), {
      token: admin.token,
    });
    expect(other.status).toBe(403);
    expectKeystoneFault(other.body, 403, 'Forbidden');
    expect(field(other.body, 'error', 'message')).toBe(
      'You are not authorized to perform the requested action: identity:get_project.',
    );
    // Listing is allowed (list_projects includes admin_required), which is how clients find it.
    const listed = await admin.client.keystone.listProjects({ name: 'demo' });
    expect(listed.map((project) => project.id)).toEqual([demo.projectId]);
  });

  it('GET /v3/auth/system is an empty list for project users, with a self link only', async () => {
    const { token } = await session('demo');
    const answer = await raw('GET', joinPath(target().authUrl, 'auth/system'), { token });
    expect(answer.status).toBe(200);
    expect(field(answer.body, 'system')).toEqual([]);
    expectKeys(field(answer.body, 'links'), ['self']);
  });

  it('an admin lists users with Keystone’s user fields', async () => {
    const { client } = await session('admin');
    const users = await client.keystone.listUsers({ domain_id: 'default' });
    expect(users.map((user) => user.name)).toEqual(
      expect.arrayContaining(['admin', 'demo', 'reader']),
    );
    const demo = users.find((user) => user.name === 'demo');
    expectShape(demo, {
      id: 'string',
      name: 'string',
      domain_id: 'string',
      enabled: 'boolean',
      password_expires_at: 'string|null',
      options: 'object',
      links: { self: 'string' },
      default_project_id: 'string',
    });
  });
});
