import { describe, expect, it } from 'vitest';
import { OpenStackHttpError } from '../http/errors';
import { fakeFetch, jsonResponse } from '../testing/fakeFetch';
import { authenticatePassword, authenticateToken } from './tokens';
import type { TokenBody } from './types';

const authUrl = 'http://cloud/identity/v3';

const tokenBody: TokenBody = {
  methods: ['password'],
  user: {
    id: 'u1',
    name: 'demo',
    domain: { id: 'default', name: 'Default' },
    password_expires_at: null,
  },
  audit_ids: ['a1'],
  expires_at: '2030-01-01T00:00:00.000000Z',
  issued_at: '2029-12-31T23:00:00.000000Z',
  project: { id: 'p1', name: 'demo', domain: { id: 'default', name: 'Default' } },
  roles: [
    { id: 'r1', name: 'member' },
    { id: 'r2', name: 'reader' },
  ],
  catalog: [],
};

function issuing(): ReturnType<typeof fakeFetch> {
  return fakeFetch(() =>
    jsonResponse(201, { token: tokenBody }, { 'X-Subject-Token': 'gAAAA-tok' }),
  );
}

describe('authenticatePassword', () => {
  it('posts a password identity and returns the subject token and body', async () => {
    const fake = issuing();
    const result = await authenticatePassword({
      authUrl,
      username: 'demo',
      password: 'secret',
      userDomainName: 'Default',
      scope: { project: { name: 'demo', domainName: 'Default' } },
      fetch: fake.fetch,
    });
    expect(result).toEqual({ token: 'gAAAA-tok', body: tokenBody });
    const call = fake.last();
    expect(call.method).toBe('POST');
    expect(call.url).toBe('http://cloud/identity/v3/auth/tokens');
    expect(call.headers.get('x-auth-token')).toBeNull();
    expect(call.json).toEqual({
      auth: {
        identity: {
          methods: ['password'],
          password: {
            user: { name: 'demo', domain: { name: 'Default' }, password: 'secret' },
          },
        },
        scope: { project: { name: 'demo', domain: { name: 'Default' } } },
      },
    });
  });

  it.each([
    [{ project: { id: 'p1' } }, { project: { id: 'p1' } }],
    [
      { project: { name: 'demo', domainId: 'd9' } },
      { project: { name: 'demo', domain: { id: 'd9' } } },
    ],
    // A project name without a domain is looked up in the user's domain.
    [{ project: { name: 'demo' } }, { project: { name: 'demo', domain: { id: 'udom' } } }],
    [{ domain: { id: 'default' } }, { domain: { id: 'default' } }],
    [{ domain: { name: 'Default' } }, { domain: { name: 'Default' } }],
    [{ system: { all: true } }, { system: { all: true } }],
    ['unscoped', 'unscoped'],
  ] as const)('encodes scope %j', async (scope, expected) => {
    const fake = issuing();
    await authenticatePassword({
      authUrl,
      username: 'demo',
      password: 'x',
      userDomainId: 'udom',
      scope,
      fetch: fake.fetch,
    });
    expect((fake.last().json as { auth: { scope: unknown } }).auth.scope).toEqual(expected);
  });

  it('defaults the user domain to the id "default" and omits an absent scope', async () => {
    const fake = issuing();
    await authenticatePassword({
      authUrl: 'http://cloud:5000/',
      username: 'demo',
      password: 'x',
      fetch: fake.fetch,
    });
    expect(fake.last().url).toBe('http://cloud:5000/v3/auth/tokens');
    const auth = (fake.last().json as { auth: Record<string, unknown> }).auth;
    expect(auth).not.toHaveProperty('scope');
    expect(auth['identity']).toMatchObject({
      password: { user: { domain: { id: 'default' } } },
    });
  });

  it('turns a 401 into OpenStackHttpError', async () => {
    const fake = fakeFetch(() =>
      jsonResponse(401, {
        error: {
          code: 401,
          title: 'Unauthorized',
          message: 'The request you have made requires authentication.',
        },
      }),
    );
    const error = await authenticatePassword({
      authUrl,
      username: 'demo',
      password: 'wrong',
      fetch: fake.fetch,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenStackHttpError);
    expect(error).toMatchObject({ status: 401, service: 'identity', title: 'Unauthorized' });
  });

  it('rejects an answer without X-Subject-Token', async () => {
    const fake = fakeFetch(() => jsonResponse(201, { token: tokenBody }));
    await expect(
      authenticatePassword({ authUrl, username: 'demo', password: 'x', fetch: fake.fetch }),
    ).rejects.toThrow(/without a token/);
  });
});

describe('authenticateToken', () => {
  it('rescopes with the token method', async () => {
    const fake = issuing();
    const result = await authenticateToken({
      authUrl,
      token: 'old',
      scope: { project: { id: 'p2' } },
      fetch: fake.fetch,
    });
    expect(result.token).toBe('gAAAA-tok');
    expect(fake.last().json).toEqual({
      auth: {
        identity: { methods: ['token'], token: { id: 'old' } },
        scope: { project: { id: 'p2' } },
      },
    });
  });

  it('defaults a project name scope to the default domain', async () => {
    const fake = issuing();
    await authenticateToken({
      authUrl,
      token: 'old',
      scope: { project: { name: 'admin' } },
      fetch: fake.fetch,
    });
    expect((fake.last().json as { auth: { scope: unknown } }).auth.scope).toEqual({
      project: { name: 'admin', domain: { id: 'default' } },
    });
  });
});
