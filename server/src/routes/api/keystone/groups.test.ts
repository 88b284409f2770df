import { describe, expect, it } from 'vitest';
import type { BulkDeleteResult, KeystoneGroup, KeystoneUser } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

describe('groups administration', () => {
  it('creates, lists, renames, adds and removes a member, and deletes a group', async () => {
    const admin = await t.login('admin');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: 'route-group', description: 'g' },
    });
    expect(res.statusCode).toBe(201);
    const group = res.json<KeystoneGroup>();
    expect(group).toMatchObject({ name: 'route-group', description: 'g', domain_id: 'default' });

    const found = await t.as(admin, { url: '/api/keystone/groups/?name__icontains=ROUTE-GR' });
    expect(found.json().items.map((g: KeystoneGroup) => g.id)).toEqual([group.id]);

    const renamed = await t.as(admin, {
      method: 'PATCH',
      url: `/api/keystone/groups/${group.id}/`,
      payload: { name: 'route-group-2' },
    });
    expect(renamed.json()).toMatchObject({ name: 'route-group-2' });

    const users = await t.as(admin, { url: '/api/keystone/users/' });
    const demo = users.json().items.find((u: KeystoneUser) => u.name === 'demo') as KeystoneUser;
    const members = `/api/keystone/groups/${group.id}/members/`;
    const add = await t.as(admin, { method: 'PUT', url: `${members}${demo.id}/` });
    expect(add.statusCode).toBe(204);
    const listed = await t.as(admin, { url: members });
    expect(listed.json().items.map((u: KeystoneUser) => u.name)).toEqual(['demo']);
    const mine = await t.as(admin, { url: `/api/keystone/users/${demo.id}/groups/` });
    expect(mine.json().items.map((g: KeystoneGroup) => g.id)).toContain(group.id);
    const remove = await t.as(admin, { method: 'DELETE', url: `${members}${demo.id}/` });
    expect(remove.statusCode).toBe(204);
    // Keystone's 404 for a user who is not a member, passed on as it is.
    const again = await t.as(admin, { method: 'DELETE', url: `${members}${demo.id}/` });
    expect(again.statusCode).toBe(404);
    expect((await t.as(admin, { url: members })).json().items).toEqual([]);

    const del = await t.as(admin, {
      method: 'DELETE',
      url: '/api/keystone/groups/',
      payload: { ids: [group.id, 'no-such-group'] },
    });
    const result = del.json<BulkDeleteResult>();
    expect(result.deleted).toEqual([group.id]);
    expect(result.failed.map((f) => f.id)).toEqual(['no-such-group']);
  });

  it('refuses a bad body with 400 and a duplicate name with 409', async () => {
    const admin = await t.login('admin');
    const empty = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const first = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: 'route-dup' },
    });
    const dup = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: 'route-dup' },
    });
    expect(dup.statusCode).toBe(409);
    await t.as(admin, {
      method: 'DELETE',
      url: `/api/keystone/groups/${first.json<KeystoneGroup>().id}/`,
    });
  });

  it('refuses a member the groups and their members (403)', async () => {
    const demo = await t.login('demo');
    expect((await t.as(demo, { url: '/api/keystone/groups/' })).statusCode).toBe(403);
    const created = await t.as(demo, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: 'not-mine' },
    });
    expect(created.statusCode).toBe(403);
  });
});
