import { describe, expect, it } from 'vitest';
import { authenticatePassword } from '@skydeck/openstack-client';
import { expectClientError } from '../support/clients';
import { session, target } from '../support/session';
import { expectShape } from '../support/shape';
import { PROJECT_SHAPE } from '../support/shapes';

// The Keystone calls of the server (login, project switch, logout, the projects route) that
// keystone.test.ts does not already make through the client.

describe('keystone client: projects as the projects route reads them', () => {
  it('lists a user’s own projects', async () => {
    const demo = await session('demo');
    const projects = await demo.client.keystone.listUserProjects(demo.body.user.id);
    expectShape(projects, [PROJECT_SHAPE]);
    expect(projects.map((project) => project.name).sort()).toEqual(['alt_demo', 'demo']);
  });

  it('refuses another user’s project list to a member with 403', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    await expectClientError(demo.client.keystone.listUserProjects(admin.body.user.id), {
      status: 403,
      service: 'identity',
      title: 'Forbidden',
      message:
        'You are not authorized to perform the requested action: identity:list_user_projects.',
    });
  });

  it('filters projects by domain and name (admin) and refuses a member with 403', async () => {
    const admin = await session('admin');
    const listed = await admin.client.keystone.listProjects({ domain_id: 'default', name: 'demo' });
    expectShape(listed, [PROJECT_SHAPE]);
    expect(listed.map((project) => project.name)).toEqual(['demo']);
    expect(await admin.client.keystone.listProjects({ name: 'contract-no-such-project' })).toEqual(
      [],
    );
    const demo = await session('demo');
    await expectClientError(demo.client.keystone.listProjects({ domain_id: 'default' }), {
      status: 403,
      title: 'Forbidden',
      message: 'identity:list_projects',
    });
  });

  it('shows the token’s own project; another or an unknown one is 403', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const project = await demo.client.keystone.getProject(demo.projectId);
    expectShape(project, PROJECT_SHAPE);
    expect(project.name).toBe('demo');
    // A project-scoped admin is no domain or system reader: not even admin sees other projects.
    await expectClientError(admin.client.keystone.getProject(demo.projectId), {
      status: 403,
      title: 'Forbidden',
      message: 'identity:get_project',
    });
    // The policy check comes first, so a missing project tells nothing either.
    await expectClientError(admin.client.keystone.getProject('contract-missing'), {
      status: 403,
      service: 'identity',
      title: 'Forbidden',
      message: 'identity:get_project',
    });
  });
});

describe('keystone client: login as the server does it', () => {
  it('an unscoped password login has no project and no catalog', async () => {
    const result = await authenticatePassword({
      authUrl: target().authUrl,
      username: 'demo',
      password: 'demo',
      scope: 'unscoped',
    });
    expect(result.token).toMatch(/^\S{16,}$/);
    expect(result.body.project).toBeUndefined();
    expect(result.body.catalog).toBeUndefined();
    expect(result.body.user.name).toBe('demo');
  });

  it('a scope the user has no role on is 401', async () => {
    await expectClientError(
      authenticatePassword({
        authUrl: target().authUrl,
        username: 'reader',
        password: 'reader',
        scope: { project: { name: 'alt_demo', domainId: 'default' } },
      }),
      { status: 401, service: 'identity', title: 'Unauthorized' },
    );
  });

  it('reads the version document', async () => {
    const { client } = await session('demo');
    const version = await client.keystone.version();
    expect(version.id).toMatch(/^v3\.\d+$/);
    expect(version.status).toBe('stable');
  });
});
