import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Project {
  id: string;
  name: string;
  domain_id: string;
  parent_id: string;
  enabled: boolean;
  description: string;
  tags: string[];
  links: { self: string };
}
interface User {
  id: string;
  name: string;
  enabled: boolean;
  default_project_id?: string;
}
interface Role {
  id: string;
  name: string;
}

describe('keystone projects, users and grants', () => {
  const cloud = useTestCloud();
  const admin = (): Promise<string> => cloud().token('admin', 'admin');

  const projectByName = async (name: string): Promise<Project> => {
    const r = await cloud().request<{ projects: Project[] }>(
      'GET',
      `/identity/v3/projects?name=${name}`,
      {
        token: await admin(),
      },
    );
    const project = r.body.projects[0];
    if (!project) throw new Error(`no project ${name}`);
    return project;
  };

  it('lists seeded projects for an admin, in Keystone shape', async () => {
    const r = await cloud().request<{ projects: Project[]; links: Record<string, unknown> }>(
      'GET',
      '/identity/v3/projects',
      { token: await admin() },
    );
    expect(r.status).toBe(200);
    expect(r.body.projects.map((p) => p.name).sort()).toEqual(['admin', 'alt_demo', 'demo']);
    const demo = r.body.projects.find((p) => p.name === 'demo');
    expect(demo).toMatchObject({
      domain_id: 'default',
      parent_id: 'default',
      is_domain: false,
      enabled: true,
      tags: [],
      options: {},
    });
    expect(demo?.links.self).toBe(`${cloud().authUrl}/projects/${demo?.id}`);
    expect(r.body.links).toEqual({
      self: `${cloud().authUrl}/projects`,
      previous: null,
      next: null,
    });
  });

  it('forbids listing projects to a member but lets it read its own project', async () => {
    const member = await cloud().token('demo', 'demo');
    const list = await cloud().request('GET', '/identity/v3/projects', { token: member });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      error: {
        code: 403,
        title: 'Forbidden',
        message: 'You are not authorized to perform the requested action: identity:list_projects.',
      },
    });
    const demo = await projectByName('demo');
    const own = await cloud().request('GET', `/identity/v3/projects/${demo.id}`, { token: member });
    expect(own.status).toBe(200);
    const adminProject = await projectByName('admin');
    const other = await cloud().request('GET', `/identity/v3/projects/${adminProject.id}`, {
      token: member,
    });
    expect(other.status).toBe(403);
    const missing = await cloud().request('GET', '/identity/v3/projects/0123', {
      token: await admin(),
    });
    // Keystone enforces before looking: a missing project leaves get_project's target empty.
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({
      error: {
        code: 403,
        title: 'Forbidden',
        message: 'You are not authorized to perform the requested action: identity:get_project.',
      },
    });
  });

  it('creates, updates and deletes projects', async () => {
    const token = await admin();
    const created = await cloud().request<{ project: Project }>('POST', '/identity/v3/projects', {
      token,
      body: { project: { name: 'scratch', description: 'temp', tags: ['a'] } },
    });
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({
      name: 'scratch',
      domain_id: 'default',
      parent_id: 'default',
      tags: ['a'],
    });
    const id = created.body.project.id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const duplicate = await cloud().request('POST', '/identity/v3/projects', {
      token,
      body: { project: { name: 'scratch' } },
    });
    expect(duplicate.status).toBe(409);

    const child = await cloud().request<{ project: Project }>('POST', '/identity/v3/projects', {
      token,
      body: { project: { name: 'scratch-child', parent_id: id } },
    });
    expect(child.body.project.parent_id).toBe(id);
    const notLeaf = await cloud().request('DELETE', `/identity/v3/projects/${id}`, { token });
    expect(notLeaf.status).toBe(403);

    // A parent is disabled only once its subtree is.
    const enabledBelow = await cloud().request<{ error: { message: string } }>(
      'PATCH',
      `/identity/v3/projects/${id}`,
      { token, body: { project: { enabled: false } } },
    );
    expect(enabledBelow.status).toBe(403);
    expect(enabledBelow.body.error.message).toBe(
      `Cannot disable project ${id} since its subtree contains enabled projects.`,
    );
    await cloud().request('PATCH', `/identity/v3/projects/${child.body.project.id}`, {
      token,
      body: { project: { enabled: false } },
    });
    const patched = await cloud().request<{ project: Project }>(
      'PATCH',
      `/identity/v3/projects/${id}`,
      {
        token,
        body: { project: { description: 'changed', enabled: false } },
      },
    );
    expect(patched.body.project).toMatchObject({ description: 'changed', enabled: false });
    const badPatch = await cloud().request('PATCH', `/identity/v3/projects/${id}`, {
      token,
      body: { project: { domain_id: 'other' } },
    });
    expect(badPatch.status).toBe(400);

    expect(
      (await cloud().request('DELETE', `/identity/v3/projects/${child.body.project.id}`, { token }))
        .status,
    ).toBe(204);
    expect((await cloud().request('DELETE', `/identity/v3/projects/${id}`, { token })).status).toBe(
      204,
    );
    expect((await cloud().request('GET', `/identity/v3/projects/${id}`, { token })).status).toBe(
      403,
    );

    const member = await cloud().token('demo', 'demo');
    const denied = await cloud().request('POST', '/identity/v3/projects', {
      token: member,
      body: { project: { name: 'x' } },
    });
    expect(denied.status).toBe(403);
  });

  it('manages users, grants, and what tokens a user can get', async () => {
    const token = await admin();
    const demo = await projectByName('demo');
    const created = await cloud().request<{ user: User }>('POST', '/identity/v3/users', {
      token,
      body: {
        user: {
          name: 'carol',
          password: 'secret',
          email: 'carol@example.org',
          default_project_id: demo.id,
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      name: 'carol',
      enabled: true,
      default_project_id: demo.id,
      email: 'carol@example.org',
    });
    expect(created.body.user).not.toHaveProperty('password');
    const userId = created.body.user.id;

    // No role anywhere: only an unscoped token.
    const unscoped = await cloud().login('carol', undefined, 'secret');
    expect(unscoped.body.token.project).toBeUndefined();
    await expect(cloud().login('carol', 'demo', 'secret')).rejects.toThrow(/401/);

    const roles = await cloud().request<{ roles: Role[] }>('GET', '/identity/v3/roles', { token });
    const member = roles.body.roles.find((r) => r.name === 'member');
    expect(roles.body.roles.map((r) => r.name).sort()).toEqual(['admin', 'member', 'reader']);
    const grantPath = `/identity/v3/projects/${demo.id}/users/${userId}/roles/${member?.id}`;
    expect((await cloud().request('HEAD', grantPath, { token })).status).toBe(404);
    expect((await cloud().request('PUT', grantPath, { token })).status).toBe(204);
    expect((await cloud().request('HEAD', grantPath, { token })).status).toBe(204);
    const granted = await cloud().request<{ roles: Role[] }>(
      'GET',
      `/identity/v3/projects/${demo.id}/users/${userId}/roles`,
      { token },
    );
    expect(granted.body.roles.map((r) => r.name)).toEqual(['member']);

    const scoped = await cloud().login('carol', 'demo', 'secret');
    expect(scoped.body.token.roles?.map((r) => r.name).sort()).toEqual(['member', 'reader']);
    const projects = await cloud().request<{ projects: Project[] }>(
      'GET',
      `/identity/v3/users/${userId}/projects`,
      {
        token: scoped.token,
      },
    );
    expect(projects.body.projects.map((p) => p.name)).toEqual(['demo']);

    // Revoking the grant invalidates the scoped token at its next use.
    expect((await cloud().request('DELETE', grantPath, { token })).status).toBe(204);
    expect(
      (await cloud().request('GET', '/compute/v2.1/flavors', { token: scoped.token })).status,
    ).toBe(401);

    const disabled = await cloud().request<{ user: User }>(
      'PATCH',
      `/identity/v3/users/${userId}`,
      {
        token,
        body: { user: { enabled: false } },
      },
    );
    expect(disabled.body.user.enabled).toBe(false);
    await expect(cloud().login('carol', undefined, 'secret')).rejects.toThrow(/401/);

    const duplicate = await cloud().request('POST', '/identity/v3/users', {
      token,
      body: { user: { name: 'carol' } },
    });
    expect(duplicate.status).toBe(409);
    expect(
      (await cloud().request('DELETE', `/identity/v3/users/${userId}`, { token })).status,
    ).toBe(204);
    expect((await cloud().request('GET', `/identity/v3/users/${userId}`, { token })).status).toBe(
      404,
    );
  });

  it('lets users read themselves but not list everyone', async () => {
    const { token, body } = await cloud().login('demo', 'demo');
    const self = await cloud().request<{ user: User }>(
      'GET',
      `/identity/v3/users/${body.token.user.id}`,
      { token },
    );
    expect(self.status).toBe(200);
    expect(self.body.user.name).toBe('demo');
    expect((await cloud().request('GET', '/identity/v3/users', { token })).status).toBe(403);
    const mine = await cloud().request<{ projects: Project[] }>(
      'GET',
      `/identity/v3/users/${body.token.user.id}/projects`,
      {
        token,
      },
    );
    expect(mine.body.projects.map((p) => p.name).sort()).toEqual(['alt_demo', 'demo']);
  });

  it('serves domains, regions, services and endpoints', async () => {
    const token = await admin();
    const domain = await cloud().request<{ domain: { id: string; name: string } }>(
      'GET',
      '/identity/v3/domains/default',
      {
        token: await cloud().token('demo', 'demo'),
      },
    );
    expect(domain.body.domain).toMatchObject({ id: 'default', name: 'Default', enabled: true });
    const regions = await cloud().request<{ regions: Array<{ id: string }> }>(
      'GET',
      '/identity/v3/regions',
      { token },
    );
    expect(regions.body.regions.map((r) => r.id).sort()).toEqual(['RegionOne', 'RegionTwo']);
    const services = await cloud().request<{ services: Array<{ id: string; type: string }> }>(
      'GET',
      '/identity/v3/services',
      {
        token,
      },
    );
    const compute = services.body.services.find((s) => s.type === 'compute');
    const endpoints = await cloud().request<{
      endpoints: Array<{ url: string; region_id: string }>;
    }>('GET', `/identity/v3/endpoints?service_id=${compute?.id}&interface=public`, { token });
    expect(endpoints.body.endpoints.map((e) => e.region_id).sort()).toEqual([
      'RegionOne',
      'RegionTwo',
    ]);
    expect(endpoints.body.endpoints[0]?.url).toBe(`${cloud().url}/compute/v2.1`);
  });
});
