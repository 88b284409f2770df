import { afterAll, describe, expect, it } from 'vitest';
import { joinPath, raw } from './support/http';
import type { RawOptions } from './support/http';
import { session, target, uniqueName } from './support/session';
import { expectKeystoneFault, expectKeys, expectShape, field } from './support/shape';

/** Credential ids this file created (as demo), deleted at the end. */
const created = new Set<string>();

async function keystone(
  method: string,
  path: string,
  options: RawOptions = {},
): Promise<Awaited<ReturnType<typeof raw>>> {
  const demo = await session('demo');
  return raw(method, joinPath(target().authUrl, path), { token: demo.token, ...options });
}

async function base(): Promise<string> {
  const demo = await session('demo');
  return `users/${demo.body.user.id}/application_credentials`;
}

afterAll(async () => {
  const path = await base();
  for (const id of created) await keystone('DELETE', `${path}/${id}`);
});

const CREDENTIAL_SHAPE = {
  id: 'string',
  name: 'string',
  description: 'string|null',
  user_id: 'string',
  project_id: 'string',
  system: 'null',
  expires_at: 'string|null',
  unrestricted: 'boolean|null',
  roles: [
    {
      id: 'string',
      name: 'string',
      domain_id: 'null',
      description: 'string|null',
      options: 'object',
    },
  ],
  links: { self: 'string' },
} as const;

async function createCredential(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await keystone('POST', await base(), { json: { application_credential: body } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const credential = field(answer.body, 'application_credential') as Record<string, unknown>;
  created.add(String(credential['id']));
  return credential;
}

function credentialAuth(identity: Record<string, unknown>): unknown {
  return {
    auth: { identity: { methods: ['application_credential'], application_credential: identity } },
  };
}

describe('keystone application credentials', () => {
  it('creates one with a one-time secret, the asked roles and an expiry', async () => {
    const demo = await session('demo');
    const credential = await createCredential({
      name: uniqueName('ac'),
      description: 'contract',
      roles: [{ name: 'reader' }],
      expires_at: '2099-01-01T00:00:00',
    });
    expectShape(credential, { ...CREDENTIAL_SHAPE, secret: 'string', access_rules: 'absent' });
    expectKeys(credential, [...Object.keys(CREDENTIAL_SHAPE), 'secret']);
    expect(credential['user_id']).toBe(demo.body.user.id);
    expect(credential['project_id']).toBe(demo.projectId);
    expect(credential['expires_at']).toBe('2099-01-01T00:00:00.000000');
    expect(credential['unrestricted']).toBeNull();
    expect(field(credential, 'roles', 0, 'name')).toBe('reader');
    expect(field(credential, 'links', 'self')).toBe(
      joinPath(target().authUrl, `application_credentials/${String(credential['id'])}`),
    );

    const shown = await keystone('GET', `${await base()}/${String(credential['id'])}`);
    expect(shown.status).toBe(200);
    expectShape(field(shown.body, 'application_credential'), {
      ...CREDENTIAL_SHAPE,
      secret: 'absent',
    });
    const list = await keystone('GET', await base());
    expect(list.status).toBe(200);
    expectShape(list.body, {
      application_credentials: [{ ...CREDENTIAL_SHAPE, secret: 'absent' }],
      links: { self: 'string', previous: 'null', next: 'null' },
    });
  });

  it('defaults to every role of the token and keeps access rules', async () => {
    const credential = await createCredential({
      name: uniqueName('ac-all'),
      access_rules: [{ service: 'compute', path: '/v2.1/servers', method: 'GET' }],
    });
    expect((credential['roles'] as { name: string }[]).map((r) => r.name).sort()).toEqual([
      'member',
      'reader',
    ]);
    expectShape(credential['access_rules'], [
      { id: 'string', service: 'string', path: 'string', method: 'string' },
    ]);
  });

  it('refuses a duplicate name (409), an unassigned role (400) and a missing name (400)', async () => {
    const name = uniqueName('ac-dup');
    await createCredential({ name });
    const duplicate = await keystone('POST', await base(), {
      json: { application_credential: { name } },
    });
    expect(duplicate.status).toBe(409);
    expectKeystoneFault(duplicate.body, 409, 'Conflict');
    expect(field(duplicate.body, 'error', 'message')).toBe(
      `Conflict occurred attempting to store application_credential - Duplicate entry found with name ${name}.`,
    );
    const escalate = await keystone('POST', await base(), {
      json: { application_credential: { name: uniqueName('ac-adm'), roles: [{ name: 'admin' }] } },
    });
    expect(escalate.status).toBe(400);
    expect(field(escalate.body, 'error', 'message')).toBe(
      'Invalid application credential: Cannot create an application credential with unassigned role',
    );
    const noName = await keystone('POST', await base(), { json: { application_credential: {} } });
    expect(noName.status).toBe(400);
    expectKeystoneFault(noName.body, 400, 'Bad Request');
  });

  it('answers an unknown credential with 404', async () => {
    const answer = await keystone('GET', `${await base()}/0123`);
    expect(answer.status).toBe(404);
    expectKeystoneFault(answer.body, 404, 'Not Found');
    expect(field(answer.body, 'error', 'message')).toBe(
      'Could not find Application Credential: 0123.',
    );
  });

  it('authenticates by id or by name with the user, scoped to its project and roles', async () => {
    const demo = await session('demo');
    const name = uniqueName('ac-auth');
    const credential = await createCredential({ name, roles: [{ name: 'reader' }] });
    const tokens = joinPath(target().authUrl, 'auth/tokens');
    const byId = await raw('POST', tokens, {
      json: credentialAuth({ id: credential['id'], secret: credential['secret'] }),
    });
    expect(byId.status).toBe(201);
    expect(field(byId.body, 'token', 'methods')).toEqual(['application_credential']);
    expect(field(byId.body, 'token', 'project', 'id')).toBe(demo.projectId);
    expect((field(byId.body, 'token', 'roles') as { name: string }[]).map((r) => r.name)).toEqual([
      'reader',
    ]);
    expect(field(byId.body, 'token', 'application_credential')).toEqual({
      id: credential['id'],
      name,
      restricted: true,
    });
    const byName = await raw('POST', tokens, {
      json: credentialAuth({
        name,
        user: { name: 'demo', domain: { id: 'default' } },
        secret: credential['secret'],
      }),
    });
    expect(byName.status).toBe(201);
    const wrong = await raw('POST', tokens, {
      json: credentialAuth({ id: credential['id'], secret: 'not-the-secret' }),
    });
    expect(wrong.status).toBe(401);
    expectKeystoneFault(wrong.body, 401, 'Unauthorized');
    expect(wrong.headers.get('www-authenticate')).toBe(`Keystone uri="${target().authUrl}"`);

    // A restricted credential's token may not create more credentials.
    const nested = await raw('POST', joinPath(target().authUrl, await base()), {
      token: byId.headers.get('x-subject-token') ?? '',
      json: { application_credential: { name: uniqueName('ac-nested') } },
    });
    expect(nested.status).toBe(403);
    expectKeystoneFault(nested.body, 403, 'Forbidden');
  });

  it('gives the openstack CLI what it reads: version discovery and a token with a catalog', async () => {
    // keystoneauth discovers the API from the auth URL, then authenticates and picks compute
    // from the token's catalog: a downloaded clouds.yaml or openrc needs all three.
    const version = await raw('GET', target().authUrl);
    expect(version.status).toBe(200);
    expect(field(version.body, 'version', 'id')).toMatch(/^v3\./);
    expect(field(version.body, 'version', 'status')).toBe('stable');
    const root = await raw('GET', target().authUrl.replace(/\/v3\/?$/, '/'));
    expect([200, 300]).toContain(root.status);
    const versions = field(root.body, 'versions', 'values') as { id: string }[];
    expect(versions.some((v) => v.id.startsWith('v3.'))).toBe(true);

    const credential = await createCredential({ name: uniqueName('ac-cli') });
    const token = await raw('POST', joinPath(target().authUrl, 'auth/tokens'), {
      json: credentialAuth({ id: credential['id'], secret: credential['secret'] }),
    });
    expect(token.status).toBe(201);
    const catalog = field(token.body, 'token', 'catalog') as { type: string }[];
    expect(catalog.map((service) => service.type)).toEqual(
      expect.arrayContaining(['identity', 'compute']),
    );
  });

  it('deletes (204), then 404', async () => {
    const credential = await createCredential({ name: uniqueName('ac-del') });
    const path = `${await base()}/${String(credential['id'])}`;
    expect((await keystone('DELETE', path)).status).toBe(204);
    created.delete(String(credential['id']));
    expect((await keystone('GET', path)).status).toBe(404);
  });
});

describe('keystone bootstrap roles', () => {
  it('admin, member and reader are immutable', async () => {
    const admin = await session('admin');
    const answer = await raw('GET', joinPath(target().authUrl, 'roles'), { token: admin.token });
    expect(answer.status).toBe(200);
    const roles = field(answer.body, 'roles') as { name: string; options: unknown }[];
    for (const name of ['admin', 'member', 'reader']) {
      expect(roles.find((r) => r.name === name)?.options, name).toEqual({ immutable: true });
    }
  });
});
