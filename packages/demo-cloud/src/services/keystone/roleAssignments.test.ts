import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Assignment {
  role: { id: string; name?: string };
  user?: { id: string; name?: string; domain?: { id: string; name: string } };
  group?: { id: string };
  scope: { project?: { id: string; name?: string }; domain?: { id: string } };
  prior_role?: { id: string };
  links: { assignment: string; membership?: string; prior_role?: string };
}

describe('keystone role assignments and implied roles', () => {
  const cloud = useTestCloud();
  const admin = (): Promise<string> => cloud().token('admin', 'admin');
  const list = async (query: string): Promise<Assignment[]> => {
    const r = await cloud().request<{ role_assignments: Assignment[] }>(
      'GET',
      `/identity/v3/role_assignments${query}`,
      {
        token: await admin(),
      },
    );
    expect(r.status).toBe(200);
    return r.body.role_assignments;
  };

  it('lists direct assignments with filters and names', async () => {
    const demoUser = (await cloud().login('demo', 'demo')).body.token;
    const direct = await list(`?user.id=${demoUser.user.id}&include_names`);
    expect(direct.map((a) => `${a.role.name}@${a.scope.project?.name}`).sort()).toEqual([
      'member@alt_demo',
      'member@demo',
    ]);
    expect(direct[0]?.user).toMatchObject({
      name: 'demo',
      domain: { id: 'default', name: 'Default' },
    });
    expect(direct[0]?.links.assignment).toMatch(
      new RegExp(
        `^${cloud().authUrl}/projects/[0-9a-f]{32}/users/${demoUser.user.id}/roles/[0-9a-f]{32}$`,
      ),
    );
    const onDemo = await list(`?scope.project.id=${demoUser.project?.id}`);
    expect(onDemo).toHaveLength(3);
  });

  it('expands implied roles in effective listings', async () => {
    const adminToken = (await cloud().login('admin', 'admin')).body.token;
    const effective = await list(
      `?user.id=${adminToken.user.id}&scope.project.id=${adminToken.project?.id}&effective&include_names`,
    );
    expect(effective.map((a) => a.role.name).sort()).toEqual(['admin', 'member', 'reader']);
    const reader = effective.find((a) => a.role.name === 'reader');
    const member = effective.find((a) => a.role.name === 'member');
    expect(reader?.prior_role).toBeUndefined();
    // Keystone's link names the implied role first, then the role implying it.
    expect(reader?.links.prior_role).toBe(
      `${cloud().authUrl}/prior_role/${reader?.role.id}/implies/${member?.role.id}`,
    );
    // The assignment link of an implied role names the role one step up.
    expect(reader?.links.assignment).toMatch(new RegExp(`/roles/${member?.role.id ?? ''}$`));
  });

  it('expands group grants to members when effective', async () => {
    const token = await admin();
    const group = await cloud().request<{ group: { id: string } }>('POST', '/identity/v3/groups', {
      token,
      body: { group: { name: 'ops' } },
    });
    expect(group.status).toBe(201);
    const groupId = group.body.group.id;
    const readerUser = (await cloud().login('reader', 'demo')).body.token.user;
    const altDemo = (await cloud().login('demo', 'alt_demo')).body.token.project;
    const roles = await cloud().request<{ roles: Array<{ id: string; name: string }> }>(
      'GET',
      '/identity/v3/roles?name=reader',
      {
        token,
      },
    );
    const readerRole = roles.body.roles[0];
    expect(
      (
        await cloud().request('PUT', `/identity/v3/groups/${groupId}/users/${readerUser.id}`, {
          token,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await cloud().request(
          'PUT',
          `/identity/v3/projects/${altDemo?.id}/groups/${groupId}/roles/${readerRole?.id}`,
          { token },
        )
      ).status,
    ).toBe(204);

    const byGroup = await list(`?group.id=${groupId}`);
    expect(byGroup).toHaveLength(1);
    const effective = await list(`?user.id=${readerUser.id}&effective`);
    const viaGroup = effective.find((a) => a.scope.project?.id === altDemo?.id);
    expect(viaGroup?.links.membership).toBe(
      `${cloud().authUrl}/groups/${groupId}/users/${readerUser.id}`,
    );

    // The membership now lets the reader into alt_demo.
    const scoped = await cloud().login('reader', 'alt_demo');
    expect(scoped.body.token.roles?.map((r) => r.name)).toEqual(['reader']);
  });

  it('shows the role inference rules', async () => {
    const token = await admin();
    const rules = await cloud().request<{
      role_inferences: Array<{ prior_role: { name: string }; implies: Array<{ name: string }> }>;
    }>('GET', '/identity/v3/role_inferences', { token });
    const pairs = rules.body.role_inferences.flatMap((r) =>
      r.implies.map((i) => `${r.prior_role.name}>${i.name}`),
    );
    expect(pairs.sort()).toEqual(['admin>member', 'member>reader']);
  });

  it('is refused to members', async () => {
    const r = await cloud().request('GET', '/identity/v3/role_assignments', {
      token: await cloud().token('demo', 'demo'),
    });
    expect(r.status).toBe(403);
  });
});
