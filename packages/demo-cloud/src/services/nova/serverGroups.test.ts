import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface ServerGroup {
  id: string;
  name: string;
  policy?: string;
  policies?: string[];
  rules?: Record<string, number>;
  metadata?: Record<string, never>;
  members: string[];
  project_id?: string;
  user_id?: string;
}

describe('nova server groups', () => {
  const cloud = useTestCloud();
  const demo = (): Promise<string> => cloud().token('demo', 'demo');
  const path = '/compute/v2.1/os-server-groups';

  it('answers the 2.1, 2.13 and 2.64 shapes', async () => {
    const token = await demo();
    const v21 = await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, { token });
    expect(v21.status).toBe(200);
    const webHa = v21.body.server_groups.find((g) => g.name === 'web-ha');
    expect(webHa).toEqual({
      id: webHa?.id,
      name: 'web-ha',
      policies: ['affinity'],
      metadata: {},
      // The seeded web-1 and web-2.
      members: webHa?.members,
    });
    expect(webHa?.members).toHaveLength(2);
    expect(webHa?.id).toMatch(/^[0-9a-f-]{36}$/);

    const v213 = await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, {
      token,
      microversion: '2.13',
    });
    const login = (await cloud().login('demo', 'demo')).body.token;
    expect(v213.body.server_groups[0]).toMatchObject({
      project_id: login.project?.id,
      user_id: login.user.id,
    });

    const v264 = await cloud().request<{ server_group: ServerGroup }>(
      'GET',
      `${path}/${webHa?.id}`,
      { token, microversion: '2.64' },
    );
    expect(v264.body.server_group).toEqual({
      id: webHa?.id,
      name: 'web-ha',
      policy: 'affinity',
      rules: {},
      members: webHa?.members,
      project_id: login.project?.id,
      user_id: login.user.id,
    });
  });

  it('creates groups with policies before 2.64 and policy + rules from 2.64', async () => {
    const token = await demo();
    const old = await cloud().request<{ server_group: ServerGroup }>('POST', path, {
      token,
      body: { server_group: { name: 'old-style', policies: ['anti-affinity'] } },
    });
    expect(old.status).toBe(200);
    expect(old.body.server_group.policies).toEqual(['anti-affinity']);
    const soft = { server_group: { name: 'soft', policies: ['soft-affinity'] } };
    expect(
      (await cloud().request('POST', path, { token, microversion: '2.14', body: soft })).status,
    ).toBe(400);
    expect(
      (await cloud().request('POST', path, { token, microversion: '2.15', body: soft })).status,
    ).toBe(200);

    const ruled = await cloud().request<{ server_group: ServerGroup }>('POST', path, {
      token,
      microversion: '2.64',
      body: {
        server_group: {
          name: 'spread-3',
          policy: 'anti-affinity',
          rules: { max_server_per_host: 3 },
        },
      },
    });
    expect(ruled.body.server_group).toMatchObject({
      policy: 'anti-affinity',
      rules: { max_server_per_host: 3 },
    });
    expect(ruled.body.server_group).not.toHaveProperty('policies');
    expect(ruled.body.server_group).not.toHaveProperty('metadata');

    const wrongRule = await cloud().request('POST', path, {
      token,
      microversion: '2.64',
      body: { server_group: { name: 'x', policy: 'affinity', rules: { max_server_per_host: 2 } } },
    });
    expect(wrongRule.body).toEqual({
      badRequest: { code: 400, message: 'Only anti-affinity policy supports rules.' },
    });
    for (const body of [
      { server_group: { name: 'x', policies: ['affinity'] } },
      { server_group: { name: 'x' } },
      { server_group: { policy: 'affinity' } },
      { server_group: { name: 'x', policy: 'nope' } },
    ]) {
      expect(
        (await cloud().request('POST', path, { token, microversion: '2.64', body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (
        await cloud().request('POST', path, {
          token,
          body: { server_group: { name: 'x', policies: ['affinity', 'anti-affinity'] } },
        })
      ).status,
    ).toBe(400);
  });

  it('follows the default policy: readers read, members create, other projects see nothing', async () => {
    const reader = await cloud().token('reader', 'demo');
    const refused = await cloud().request('POST', path, {
      token: reader,
      body: { server_group: { name: 'r', policies: ['affinity'] } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:os-server-groups:create to be performed.",
      },
    });
    const readable = await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, {
      token: reader,
    });
    expect(readable.body.server_groups.map((g) => g.name)).toContain('web-ha');

    const alt = await cloud().token('demo', 'alt_demo');
    const altList = await cloud().request<{ server_groups: ServerGroup[] }>(
      'GET',
      `${path}?all_projects=True`,
      { token: alt },
    );
    expect(altList.body.server_groups).toEqual([]);
    const demoGroups = (
      await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, { token: await demo() })
    ).body.server_groups;
    const foreign = await cloud().request('GET', `${path}/${demoGroups[0]?.id}`, { token: alt });
    expect(foreign.status).toBe(403);
    expect(
      (await cloud().request('DELETE', `${path}/${demoGroups[0]?.id}`, { token: alt })).status,
    ).toBe(403);

    const admin = await cloud().token('admin', 'admin');
    const own = await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, {
      token: admin,
    });
    expect(own.body.server_groups).toEqual([]);
    const everything = await cloud().request<{ server_groups: ServerGroup[] }>(
      'GET',
      `${path}?all_projects=True`,
      { token: admin },
    );
    expect(everything.body.server_groups.length).toBe(demoGroups.length);
  });

  it('pages with limit and offset, deletes, and counts against the quota', async () => {
    const token = await demo();
    const all = (await cloud().request<{ server_groups: ServerGroup[] }>('GET', path, { token }))
      .body.server_groups;
    const page = await cloud().request<{ server_groups: ServerGroup[] }>(
      'GET',
      `${path}?limit=2&offset=1`,
      { token },
    );
    expect(page.body.server_groups.map((g) => g.id)).toEqual(all.slice(1, 3).map((g) => g.id));
    expect((await cloud().request('GET', `${path}?limit=x`, { token })).status).toBe(400);

    const limits = async (): Promise<number> =>
      (
        await cloud().request<{ limits: { absolute: { totalServerGroupsUsed: number } } }>(
          'GET',
          '/compute/v2.1/limits',
          { token },
        )
      ).body.limits.absolute.totalServerGroupsUsed;
    expect(await limits()).toBe(all.length);

    const victim = all[all.length - 1];
    expect((await cloud().request('DELETE', `${path}/${victim?.id}`, { token })).status).toBe(204);
    const gone = await cloud().request('GET', `${path}/${victim?.id}`, { token });
    expect(gone.body).toEqual({
      itemNotFound: { code: 404, message: `Instance group ${victim?.id} could not be found.` },
    });
    expect(await limits()).toBe(all.length - 1);

    const created: number[] = [];
    for (let i = 0; created.length === 0 || created[created.length - 1] === 200; i++) {
      created.push(
        (
          await cloud().request('POST', path, {
            token,
            body: { server_group: { name: `q${i}`, policies: ['affinity'] } },
          })
        ).status,
      );
    }
    const over = await cloud().request('POST', path, {
      token,
      body: { server_group: { name: 'over', policies: ['affinity'] } },
    });
    expect(over.body).toEqual({
      forbidden: { code: 403, message: 'Quota exceeded, too many server groups.' },
    });
    expect(await limits()).toBe(10);
  });
});
