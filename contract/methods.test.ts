import { describe, expect, it } from 'vitest';
import { joinPath, raw } from './support/http';
import { MISSING_UUID, call } from './support/services';
import { session, target } from './support/session';
import { expectKeys, field } from './support/shape';

// A path a service routes, asked with a method it does not take. Each service answers through
// its own router: Flask (keystone) and pecan (neutron) and glance's say 405, the routes mapper
// of nova and cinder says 404 as for an unknown path.

/** webob's 404 page as JSON, which the routes mapper of nova and cinder answers. */
const ROUTES_NOT_FOUND = {
  message: 'The resource could not be found.<br /><br />\n\n\n',
  code: '404 Not Found',
  title: 'Not Found',
};

function allowed(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((method) => method.trim())
    .filter(Boolean)
    .sort();
}

describe('wrong method: keystone (Flask)', () => {
  it('answers 405 with Allow before authentication', async () => {
    const url = joinPath(target().authUrl, 'auth/tokens');
    for (const token of [undefined, (await session('demo')).token]) {
      const answer = await raw('PATCH', url, { token, json: {} });
      expect(answer.status).toBe(405);
      expect(answer.body).toEqual({ message: 'The method is not allowed for the requested URL.' });
      expect(allowed(answer.headers.get('allow'))).toEqual([
        'DELETE',
        'GET',
        'HEAD',
        'OPTIONS',
        'POST',
      ]);
    }
  });

  it('names only the methods of a read-only collection', async () => {
    const { token } = await session('admin');
    const answer = await raw('POST', joinPath(target().authUrl, 'role_assignments'), {
      token,
      json: {},
    });
    expect(answer.status).toBe(405);
    expect(allowed(answer.headers.get('allow'))).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });
});

describe('unrouted: keystone (Flask)', () => {
  it('answers an unknown path and a wrong method on the version document with its HTML pages', async () => {
    const unknown = await raw('GET', joinPath(target().authUrl, 'contract-nothing-here'));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<title>404 Not Found</title>');
    expect(unknown.body).toContain('The requested URL was not found on the server.');
    const version = await raw('PATCH', target().authUrl);
    expect(version.status).toBe(405);
    expect(version.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(version.body).toContain('<title>405 Method Not Allowed</title>');
    expect(allowed(version.headers.get('allow'))).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });
});

describe('wrong method: nova and cinder (routes mapper)', () => {
  it('nova answers 404 as for an unknown path', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'compute', 'PATCH', 'os-keypairs', { json: {} });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(ROUTES_NOT_FOUND);
  });

  it('cinder answers 404 as for an unknown path', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'block-storage', 'PATCH', 'volumes', { json: {} });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(ROUTES_NOT_FOUND);
  });
});

describe('wrong method: neutron (pecan)', () => {
  const METHOD_NOT_ALLOWED = {
    NeutronError: {
      type: 'HTTPMethodNotAllowed',
      message:
        'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      detail: '',
    },
  };

  it('answers PATCH on a collection and POST on a member with 405', async () => {
    const demo = await session('demo');
    const patched = await call(demo, 'network', 'PATCH', 'v2.0/networks', { json: {} });
    expect(patched.status).toBe(405);
    expect(patched.body).toEqual(METHOD_NOT_ALLOWED);
    expect(patched.headers.get('allow')).toBeNull();
    // With a resource body pecan treats it as a create and validates it first: send none.
    const posted = await call(demo, 'network', 'POST', `v2.0/ports/${MISSING_UUID}`, {
      json: {},
    });
    expect(posted.status).toBe(405);
    expect(posted.body).toEqual(METHOD_NOT_ALLOWED);
  });

  it('hands PUT and DELETE on a collection to the member controller with no id', async () => {
    const demo = await session('demo');
    const put = await call(demo, 'network', 'PUT', 'v2.0/networks', {
      json: { network: { name: 'x' } },
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({
      NeutronError: {
        type: 'NetworkNotFound',
        message: 'Network None could not be found.',
        detail: '',
      },
    });
    const deleted = await call(demo, 'network', 'DELETE', 'v2.0/routers');
    expect(deleted.status).toBe(404);
    expect(field(deleted.body, 'NeutronError', 'type')).toBe('RouterNotFound');
  });

  it('asks for a token first', async () => {
    const demo = await session('demo');
    const url = joinPath(demo.client.endpointFor('network'), 'v2.0/networks');
    const answer = await raw('PATCH', url, { json: {} });
    expect(answer.status).toBe(401);
    expect(field(answer.body, 'error', 'code')).toBe(401);
  });
});

describe('wrong method: glance', () => {
  it('answers 405 with the allowed methods in its own order', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'image', 'PATCH', 'v2/images', { json: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
    expect(answer.body).toEqual({
      message: 'The method PATCH is not allowed for this resource. <br /><br />\n',
      code: '405 Method Not Allowed',
      title: 'Method Not Allowed',
    });
    const member = await call(demo, 'image', 'POST', `v2/images/${MISSING_UUID}`, { json: {} });
    expect(member.status).toBe(405);
    expect(member.headers.get('allow')).toBe('GET, PATCH, DELETE');
  });

  it('refuses an unauthenticated request itself, in webob’s shape', async () => {
    const demo = await session('demo');
    const url = joinPath(demo.client.endpointFor('image'), 'v2/images');
    const answer = await raw('PATCH', url, { json: {} });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Keystone uri="http/);
    expectKeys(answer.body, ['code', 'message', 'title']);
    expect(field(answer.body, 'code')).toBe('401 Unauthorized');
    expect(String(field(answer.body, 'message'))).toMatch(
      /^This server could not verify that you are authorized to access the document you requested\./,
    );
  });
});

describe('unrouted: the token check comes first', () => {
  it.each([
    ['compute', 'contract-nothing-here'],
    ['network', 'v2.0/contract-nothing-here'],
    ['image', 'v2/contract-nothing-here'],
  ])('%s answers an unknown path without a token with 401', async (type, path) => {
    const demo = await session('demo');
    const answer = await raw('GET', joinPath(demo.client.endpointFor(type), path));
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Keystone uri="http/);
  });

  it('nova answers it with a token as the routes mapper does, without microversion headers', async () => {
    const demo = await session('demo');
    const answer = await call(demo, 'compute', 'GET', 'contract-nothing-here', {
      headers: { 'OpenStack-API-Version': 'compute 2.60' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(ROUTES_NOT_FOUND);
    expect(answer.headers.get('openstack-api-version')).toBeNull();
  });
});
