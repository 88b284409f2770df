import { describe, expect, it } from 'vitest';
import type { ServerGroup } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo } = useTestApp(['demo']);

describe('/api/nova/servergroups/', () => {
  it('creates, lists, shows and deletes', async () => {
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/servergroups/',
      payload: { name: 'spread-me', policy: 'soft-anti-affinity' },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json() as ServerGroup;
    expect(group).toMatchObject({
      name: 'spread-me',
      policy: 'soft-anti-affinity',
      policies: ['soft-anti-affinity'],
      members: [],
    });

    const list = await t.as(demo, { url: '/api/nova/servergroups/' });
    expect((list.json().items as ServerGroup[]).map((g) => g.id)).toContain(group.id);

    const shown = await t.as(demo, { url: `/api/nova/servergroups/${group.id}/` });
    expect(shown.json()).toEqual(group);

    const del = await t.as(demo, { method: 'DELETE', url: `/api/nova/servergroups/${group.id}/` });
    expect(del.statusCode).toBe(204);
    const gone = await t.as(demo, { url: `/api/nova/servergroups/${group.id}/` });
    expect(gone.statusCode).toBe(404);
  });

  it("names a group's members from one server list (spec 2 §2)", async () => {
    const list = await t.as(demo, { url: '/api/nova/servergroups/' });
    const seeded = (list.json().items as ServerGroup[]).find((g) => g.name === 'web-ha');
    expect(seeded?.members.length).toBeGreaterThan(0);
    expect(seeded).not.toHaveProperty('member_names');
    const shown = (await t.as(demo, { url: `/api/nova/servergroups/${seeded?.id}/` })).json();
    const group = shown as ServerGroup;
    expect(Object.keys(group.member_names ?? {}).sort()).toEqual([...group.members].sort());
    for (const name of Object.values(group.member_names ?? {})) {
      expect(name).toMatch(/^web-/);
    }
  });

  it('validates the policy', async () => {
    const res = await t.as(demo, {
      method: 'POST',
      url: '/api/nova/servergroups/',
      payload: { name: 'x', policy: 'spread' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^policy must be one of: 'affinity'/);
  });

  it("refuses a reader's create with 403 and the upstream message", async () => {
    const reader = await t.login('reader');
    const res = await t.as(reader, {
      method: 'POST',
      url: '/api/nova/servergroups/',
      payload: { name: 'x', policy: 'affinity' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/os-server-groups:create/);
  });
});
