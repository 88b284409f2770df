import { describe, expect, it } from 'vitest';
import type { Project, ProjectList, ProjectMember } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

const roleId = async (
  admin: Awaited<ReturnType<typeof t.login>>,
  name: string,
): Promise<string> => {
  const res = await t.as(admin, { url: '/api/keystone/roles/' });
  const role = (res.json().items as { id: string; name: string }[]).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};

describe('projects administration (/api/keystone/projects/)', () => {
  it('creates, edits, disables and deletes a project', async () => {
    const admin = await t.login('admin');
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/projects/',
      payload: { name: 'route-proj-1', description: 'first', enabled: true },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json<Project>();
    expect(project).toMatchObject({ name: 'route-proj-1', description: 'first', enabled: true });

    const edited = await t.as(admin, {
      method: 'PATCH',
      url: `/api/keystone/projects/${project.id}/`,
      payload: { name: 'route-proj-1b', enabled: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'route-proj-1b', enabled: false });

    const got = await t.as(admin, { url: `/api/keystone/projects/${project.id}/` });
    expect(got.json()).toMatchObject({ name: 'route-proj-1b', enabled: false });

    const del = await t.as(admin, {
      method: 'DELETE',
      url: `/api/keystone/projects/${project.id}/`,
    });
    expect(del.statusCode).toBe(204);
    const gone = await t.as(admin, { url: `/api/keystone/projects/${project.id}/` });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a nameless project or unknown fields with a 400', async () => {
    const admin = await t.login('admin');
    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(65) }, {}]) {
      const res = await t.as(admin, { method: 'POST', url: '/api/keystone/projects/', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it("answers 409 with Keystone's text for a duplicate name", async () => {
    const admin = await t.login('admin');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/projects/',
      payload: { name: 'demo' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('pages, sorts and filters by part of the name on the server', async () => {
    const admin = await t.login('admin');
    for (const n of ['page-a', 'page-b', 'page-c']) {
      await t.as(admin, { method: 'POST', url: '/api/keystone/projects/', payload: { name: n } });
    }
    const first = await t.as(admin, {
      url: '/api/keystone/projects/?name__icontains=PAGE-&limit=2',
    });
    const page1 = first.json<ProjectList>();
    expect(page1.items.map((p) => p.name)).toEqual(['page-a', 'page-b']);
    expect(page1.has_more_data).toBe(true);
    expect(page1.has_prev_data).toBe(false);
    const second = await t.as(admin, {
      url: `/api/keystone/projects/?name__icontains=page-&limit=2&marker=${page1.next_marker}`,
    });
    const page2 = second.json<ProjectList>();
    expect(page2.items.map((p) => p.name)).toEqual(['page-c']);
    expect(page2.has_more_data).toBe(false);
    expect(page2.has_prev_data).toBe(true);
    const back = await t.as(admin, {
      url: `/api/keystone/projects/?name__icontains=page-&limit=2&prev_marker=${page2.prev_marker}`,
    });
    expect(back.json<ProjectList>().items.map((p) => p.name)).toEqual(['page-a', 'page-b']);
    const desc = await t.as(admin, {
      url: '/api/keystone/projects/?name__icontains=page-&limit=1&sort_dir=desc',
    });
    expect(desc.json<ProjectList>().items.map((p) => p.name)).toEqual(['page-c']);
    const both = await t.as(admin, {
      url: '/api/keystone/projects/?limit=1&marker=a&prev_marker=b',
    });
    expect(both.statusCode).toBe(400);
  });

  it('sets the members with several roles each, and grants and revokes one role', async () => {
    const admin = await t.login('admin');
    const project = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/keystone/projects/',
        payload: { name: 'route-members' },
      })
    ).json<Project>();
    const users = (await t.as(admin, { url: '/api/keystone/users/' })).json().items as {
      id: string;
      name: string;
    }[];
    const demo = users.find((u) => u.name === 'demo');
    const reader = users.find((u) => u.name === 'reader');
    if (!demo || !reader) throw new Error('seed users missing');
    const member = await roleId(admin, 'member');
    const readerRole = await roleId(admin, 'reader');
    const set = await t.as(admin, {
      method: 'PUT',
      url: `/api/keystone/projects/${project.id}/members/`,
      payload: {
        members: [
          { user_id: demo.id, role_ids: [member, readerRole] },
          { user_id: reader.id, role_ids: [readerRole] },
        ],
      },
    });
    expect(set.statusCode).toBe(204);
    const members = (
      await t.as(admin, { url: `/api/keystone/projects/${project.id}/members/` })
    ).json().items as ProjectMember[];
    expect(members.map((m) => [m.user_name, m.roles.map((r) => r.name).sort()])).toEqual([
      ['demo', ['member', 'reader']],
      ['reader', ['reader']],
    ]);

    const revoke = await t.as(admin, {
      method: 'DELETE',
      url: `/api/keystone/projects/${project.id}/${readerRole}/${reader.id}/`,
    });
    expect(revoke.statusCode).toBe(204);
    const grant = await t.as(admin, {
      method: 'PUT',
      url: `/api/keystone/projects/${project.id}/${member}/${reader.id}/`,
    });
    expect(grant.statusCode).toBe(204);
    const after = (
      await t.as(admin, { url: `/api/keystone/projects/${project.id}/members/` })
    ).json().items as ProjectMember[];
    expect(after.find((m) => m.user_name === 'reader')?.roles.map((r) => r.name)).toEqual([
      'member',
    ]);

    await t.as(admin, {
      method: 'PUT',
      url: `/api/keystone/projects/${project.id}/members/`,
      payload: { members: [{ user_id: demo.id, role_ids: [member] }] },
    });
    const trimmed = (
      await t.as(admin, { url: `/api/keystone/projects/${project.id}/members/` })
    ).json().items as ProjectMember[];
    expect(trimmed.map((m) => [m.user_name, m.roles.map((r) => r.name)])).toEqual([
      ['demo', ['member']],
    ]);
  });

  it('deletes several at once and reports each', async () => {
    const admin = await t.login('admin');
    const p = (
      await t.as(admin, {
        method: 'POST',
        url: '/api/keystone/projects/',
        payload: { name: 'route-bulk' },
      })
    ).json<Project>();
    const res = await t.as(admin, {
      method: 'DELETE',
      url: '/api/keystone/projects/',
      payload: { ids: [p.id, 'no-such-project'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual([p.id]);
    expect(res.json().failed).toEqual([{ id: 'no-such-project', message: expect.any(String) }]);
  });

  it('refuses project administration to a member', async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/keystone/projects/',
      payload: { name: 'nope' },
    });
    expect(res.statusCode).toBe(403);
  });
});
