import { describe, expect, it } from 'vitest';
import { authenticatePassword } from '@skydeck/openstack-client';
import { expectClientError } from '../support/clients';
import { cleanupAfterAll } from '../support/cleanup';
import { session, target, uniqueName } from '../support/session';
import { expectShape } from '../support/shape';
import { PROJECT_SHAPE } from '../support/shapes';

// The Keystone calls of the identity panels' routes (issue 12) through the client: project
// create, edit and delete, grants and the named role-assignment listing the Members tab reads,
// users with an email and a primary project, their groups, and the refusals a member gets.

const cleanup = cleanupAfterAll();

const roleIdOf = async (name: string): Promise<string> => {
  const admin = await session('admin');
  const role = (await admin.client.keystone.listRoles({ name }))[0];
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};

describe('keystone client: identity administration', () => {
  it('creates, edits and deletes a project, and grants and revokes a user role on it', async () => {
    const admin = await session('admin');
    const ks = admin.client.keystone;
    const name = uniqueName('contract-f-proj');
    const project = await ks.createProject({ name, description: 'first', enabled: true });
    cleanup(() => ks.deleteProject(project.id));
    expectShape(project, PROJECT_SHAPE);
    expect(project).toMatchObject({ name, description: 'first', enabled: true });

    const edited = await ks.updateProject(project.id, { enabled: false, description: 'second' });
    expect(edited).toMatchObject({ name, description: 'second', enabled: false });

    const demo = await session('demo');
    const member = await roleIdOf('member');
    await ks.grantProjectUserRole(project.id, demo.body.user.id, member);
    const named = await ks.listRoleAssignments({
      'scope.project.id': project.id,
      include_names: true,
    });
    expect(named).toHaveLength(1);
    expect(named[0]?.user).toMatchObject({ id: demo.body.user.id, name: 'demo' });
    expect(named[0]?.role).toMatchObject({ id: member, name: 'member' });
    expect(named[0]?.scope.project).toMatchObject({ id: project.id, name });

    await ks.revokeProjectUserRole(project.id, demo.body.user.id, member);
    expect(await ks.listRoleAssignments({ 'scope.project.id': project.id })).toEqual([]);
    await expectClientError(ks.revokeProjectUserRole(project.id, demo.body.user.id, member), {
      status: 404,
      service: 'identity',
    });

    await ks.deleteProject(project.id);
    expect(await ks.listProjects({ name })).toEqual([]);
  });

  it('refuses a duplicate project name with 409', async () => {
    const admin = await session('admin');
    await expectClientError(admin.client.keystone.createProject({ name: 'demo' }), {
      status: 409,
      service: 'identity',
      title: 'Conflict',
    });
  });

  it('creates a user with an email and primary project, who signs in; lists its groups', async () => {
    const admin = await session('admin');
    const ks = admin.client.keystone;
    const name = uniqueName('contract-f-user');
    const user = await ks.createUser({
      name,
      password: 'contract-pass-1',
      email: `${name}@example.com`,
      default_project_id: admin.projectId,
      enabled: true,
    });
    cleanup(() => ks.deleteUser(user.id));
    expect(user).toMatchObject({
      name,
      email: `${name}@example.com`,
      default_project_id: admin.projectId,
      enabled: true,
      domain_id: 'default',
    });
    expect(user).not.toHaveProperty('password');
    await ks.grantProjectUserRole(admin.projectId, user.id, await roleIdOf('reader'));
    const auth = await authenticatePassword({
      authUrl: target().authUrl,
      username: name,
      password: 'contract-pass-1',
      scope: { project: { id: admin.projectId } },
    });
    expect(auth.body.user.id).toBe(user.id);
    expect(await ks.listUserGroups(user.id)).toEqual([]);

    const changed = await ks.updateUser(user.id, { password: 'contract-pass-2', enabled: false });
    expect(changed.enabled).toBe(false);
    await ks.deleteUser(user.id);
    await expectClientError(ks.getUser(user.id), { status: 404, service: 'identity' });
  });

  it('refuses project and user administration to a member with 403', async () => {
    const demo = await session('demo');
    await expectClientError(demo.client.keystone.createProject({ name: 'contract-nope' }), {
      status: 403,
      title: 'Forbidden',
      message: 'identity:create_project',
    });
    await expectClientError(demo.client.keystone.listUsers(), {
      status: 403,
      title: 'Forbidden',
      message: 'identity:list_users',
    });
    // The users route then lists only the member itself, read by id.
    const me = await demo.client.keystone.getUser(demo.body.user.id);
    expect(me.name).toBe('demo');
  });
});
