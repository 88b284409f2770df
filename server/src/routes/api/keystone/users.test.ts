import { describe, expect, it } from 'vitest';
import type { KeystoneUser, KeystoneUserList, Project } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

describe('users administration (/api/keystone/users/)', () => {
  it('creates a user with a primary project and role, who can then sign in', async () => {
    const admin = await t.login('admin');
    const project = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/keystone/projects/',
        payload: { name: 'route-user-home' },
      })
    ).json<Project>();
    const roles = (await t.as(admin, { url: '/api/keystone/roles/' })).json().items as {
      id: string;
      name: string;
    }[];
    const member = roles.find((r) => r.name === 'member');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/users/',
      payload: {
        name: 'route-alice',
        email: 'alice@example.com',
        password: 'secret-1',
        project_id: project.id,
        role_id: member?.id,
        enabled: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json<KeystoneUser>();
    expect(user).toMatchObject({
      name: 'route-alice',
      email: 'alice@example.com',
      default_project_id: project.id,
      enabled: true,
    });
    expect(JSON.stringify(user)).not.toContain('secret-1');
    const alice = await t.login({ username: 'route-alice', password: 'secret-1' });
    expect(alice.user.id).toBe(user.id);

    const assignments = await t.as(admin, {
      url: `/api/keystone/users/${user.id}/role-assignments/`,
    });
    // Effective: the role given and the roles it implies (member implies reader).
    expect(assignments.json().items).toContainEqual({
      role: { id: member?.id, name: 'member' },
      scope: { kind: 'project', id: project.id, name: 'route-user-home' },
    });
    const groups = await t.as(admin, { url: `/api/keystone/users/${user.id}/groups/` });
    expect(groups.json().items).toEqual([]);

    const disabled = await t.as(admin, {
      method: 'PATCH',
      url: `/api/keystone/users/${user.id}/`,
      payload: { enabled: false },
    });
    expect(disabled.json()).toMatchObject({ enabled: false });
    const del = await t.as(admin, { method: 'DELETE', url: `/api/keystone/users/${user.id}/` });
    expect(del.statusCode).toBe(204);
  });

  it('refuses a user without a name or password with a 400', async () => {
    const admin = await t.login('admin');
    for (const payload of [
      { name: '', password: 'x', enabled: true },
      { name: 'x', enabled: true },
      { name: 'x', password: 'x' },
    ]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/keystone/users/', payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('pages users by name on the server', async () => {
    const admin = await t.login('admin');
    const res = await t.as(admin, { url: '/api/keystone/users/?limit=2&sort_key=name' });
    const page = res.json<KeystoneUserList>();
    expect(page.items).toHaveLength(2);
    expect(page.has_more_data).toBe(true);
    const names = page.items.map((u) => u.name);
    expect([...names].sort()).toEqual(names);
  });

  it('lists only the current user to a member, and reads it as current', async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, { url: '/api/keystone/users/' });
    expect(res.statusCode).toBe(200);
    expect(res.json<KeystoneUserList>().items.map((u) => u.name)).toEqual(['demo']);
    const me = await t.as(demo, { url: '/api/keystone/users/current/' });
    expect(me.json()).toMatchObject({ name: 'demo', id: demo.user.id });
    const create = await t.as(demo, {
      method: 'POST',
      url: '/api/keystone/users/',
      payload: { name: 'nope', password: 'x', enabled: true },
    });
    expect(create.statusCode).toBe(403);
  });

  it('changes the own password: a wrong current one is a 400, then the new one signs in', async () => {
    const admin = await t.login('admin');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/users/',
      payload: { name: 'route-pw', password: 'old-pass-1', enabled: true },
    });
    const user = created.json<KeystoneUser>();
    const demoProject = (await t.as(admin, { url: '/api/keystone/projects/?name=demo' })).json()
      .items[0] as Project;
    const roles = (await t.as(admin, { url: '/api/keystone/roles/' })).json().items as {
      id: string;
      name: string;
    }[];
    const reader = roles.find((r) => r.name === 'reader')?.id ?? '';
    await t.as(admin, {
      method: 'PUT',
      url: `/api/keystone/projects/${demoProject.id}/${reader}/${user.id}/`,
    });
    const me = await t.login({ username: 'route-pw', password: 'old-pass-1' });
    const wrong = await t.as(me, {
      method: 'POST',
      url: '/api/keystone/user-password/',
      payload: { original_password: 'nope', password: 'new-pass-2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The current password is incorrect.');
    const ok = await t.as(me, {
      method: 'POST',
      url: '/api/keystone/user-password/',
      payload: { original_password: 'old-pass-1', password: 'new-pass-2' },
    });
    expect(ok.statusCode).toBe(204);
    const again = await t.login({ username: 'route-pw', password: 'new-pass-2' });
    expect(again.user.id).toBe(user.id);
    await t.as(admin, { method: 'DELETE', url: `/api/keystone/users/${user.id}/` });
  });
});
