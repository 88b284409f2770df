import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../testing/fakeFetch';
import { createKeystoneClient } from './client';
import type { RecordedRequest } from '../testing/fakeFetch';

const authUrl = 'http://cloud/identity/v3';

const project = {
  id: 'p1',
  name: 'demo',
  domain_id: 'default',
  enabled: true,
  parent_id: 'default',
  is_domain: false,
};

/** Answers each Keystone path with a canned envelope. */
function keystone(): ReturnType<typeof fakeFetch> {
  return fakeFetch((call: RecordedRequest) => {
    const path = call.path.replace('/identity/v3', '');
    if (path === '') {
      return jsonResponse(200, {
        version: { id: 'v3.14', status: 'stable', updated: '2020-04-07T00:00:00Z' },
      });
    }
    if (path === '/auth/tokens' && call.method === 'DELETE')
      return new Response(null, { status: 204 });
    if (path === '/auth/tokens') return jsonResponse(200, { token: { methods: ['password'] } });
    const lists: Record<string, [string, unknown]> = {
      '/auth/projects': ['projects', project],
      '/auth/domains': ['domains', { id: 'default', name: 'Default', enabled: true }],
      '/users/u%201/projects': ['projects', project],
      '/projects': ['projects', project],
      '/domains': ['domains', { id: 'default' }],
      '/users': ['users', { id: 'u1' }],
      '/roles': ['roles', { id: 'r1', name: 'admin' }],
      '/regions': ['regions', { id: 'RegionOne' }],
      '/role_assignments': ['role_assignments', { role: { id: 'r1' } }],
    };
    const list = lists[path];
    if (list) return jsonResponse(200, { [list[0]]: [list[1]], links: { self: call.url } });
    const items: Record<string, [string, unknown]> = {
      '/projects/p1': ['project', project],
      '/domains/default': ['domain', { id: 'default' }],
      '/users/u1': ['user', { id: 'u1' }],
    };
    const item = items[path];
    if (item) return jsonResponse(200, { [item[0]]: item[1] });
    if (path === '/role_inferences') {
      return jsonResponse(200, {
        role_inferences: [
          { prior_role: { id: 'a', name: 'admin' }, implies: [{ id: 'm', name: 'member' }] },
        ],
      });
    }
    return jsonResponse(404, { error: { code: 404, title: 'Not Found', message: `no ${path}` } });
  });
}

describe('createKeystoneClient', () => {
  it('reads the version document at the v3 root', async () => {
    const fake = keystone();
    const client = createKeystoneClient({ authUrl, token: 't', fetch: fake.fetch });
    await expect(client.version()).resolves.toMatchObject({ id: 'v3.14', status: 'stable' });
    expect(fake.last().url).toBe(authUrl);
    expect(fake.last().headers.get('x-auth-token')).toBe('t');
  });

  it('validates and revokes with X-Subject-Token', async () => {
    const fake = keystone();
    const client = createKeystoneClient({ authUrl, token: 'admin-tok', fetch: fake.fetch });
    await expect(client.validateToken('subject', { nocatalog: true })).resolves.toEqual({
      methods: ['password'],
    });
    expect(fake.last().headers.get('x-subject-token')).toBe('subject');
    expect(fake.last().headers.get('x-auth-token')).toBe('admin-tok');
    expect(fake.last().search.get('nocatalog')).toBe('true');
    await client.revokeToken('subject');
    expect(fake.last().method).toBe('DELETE');
    expect(fake.last().headers.get('x-subject-token')).toBe('subject');
  });

  it('unwraps list and item envelopes', async () => {
    const fake = keystone();
    const client = createKeystoneClient({ authUrl, token: 't', fetch: fake.fetch });
    await expect(client.listAuthProjects()).resolves.toEqual([project]);
    await expect(client.listAuthDomains()).resolves.toHaveLength(1);
    await expect(client.listUserProjects('u 1')).resolves.toEqual([project]);
    expect(fake.last().url).toBe(`${authUrl}/users/u%201/projects`);
    await expect(client.listProjects({ domain_id: 'default', enabled: false })).resolves.toEqual([
      project,
    ]);
    expect(fake.last().search.toString()).toBe('domain_id=default&enabled=false');
    await expect(client.getProject('p1')).resolves.toEqual(project);
    await expect(client.listDomains()).resolves.toEqual([{ id: 'default' }]);
    await expect(client.getDomain('default')).resolves.toEqual({ id: 'default' });
    await expect(client.listUsers({ name: 'demo' })).resolves.toEqual([{ id: 'u1' }]);
    expect(fake.last().search.get('name')).toBe('demo');
    await expect(client.getUser('u1')).resolves.toEqual({ id: 'u1' });
    await expect(client.listRoles()).resolves.toEqual([{ id: 'r1', name: 'admin' }]);
    await expect(client.listRegions()).resolves.toEqual([{ id: 'RegionOne' }]);
    await expect(client.listRoleInferences()).resolves.toEqual([
      { prior_role: { id: 'a', name: 'admin' }, implies: [{ id: 'm', name: 'member' }] },
    ]);
  });

  it('sends presence flags only when true', async () => {
    const fake = keystone();
    const client = createKeystoneClient({ authUrl, token: 't', fetch: fake.fetch });
    await client.listRoleAssignments({
      'user.id': 'u1',
      'scope.project.id': 'p1',
      effective: true,
      include_names: false,
    });
    expect(fake.last().search.toString()).toBe('user.id=u1&scope.project.id=p1&effective=true');
  });

  it('surfaces Keystone faults', async () => {
    const fake = keystone();
    const client = createKeystoneClient({ authUrl, token: 't', fetch: fake.fetch });
    await expect(client.getProject('nope')).rejects.toMatchObject({
      status: 404,
      service: 'identity',
      message: 'no /projects/nope',
    });
  });
});
