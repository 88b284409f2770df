import { describe, expect, it } from 'vitest';
import type { KeystoneDomain, Role } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

describe('domains and roles administration', () => {
  it('creates, disables and deletes a domain; an enabled one cannot be deleted', async () => {
    const admin = await t.login('admin');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/domains/',
      payload: { name: 'route-dom', description: 'd' },
    });
    expect(res.statusCode).toBe(201);
    const domain = res.json<KeystoneDomain>();
    expect(domain).toMatchObject({ name: 'route-dom', description: 'd', enabled: true });
    const list = await t.as(admin, { url: '/api/keystone/domains/' });
    expect(list.json().items.map((d: KeystoneDomain) => d.name)).toContain('route-dom');
    const refused = await t.as(admin, {
      method: 'DELETE',
      url: `/api/keystone/domains/${domain.id}/`,
    });
    expect(refused.statusCode).toBe(403);
    const off = await t.as(admin, {
      method: 'PATCH',
      url: `/api/keystone/domains/${domain.id}/`,
      payload: { enabled: false },
    });
    expect(off.json()).toMatchObject({ enabled: false });
    const del = await t.as(admin, { method: 'DELETE', url: `/api/keystone/domains/${domain.id}/` });
    expect(del.statusCode).toBe(204);
  });

  it('shows only the default domain without list_domains', async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, { url: '/api/keystone/domains/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((d: KeystoneDomain) => d.id)).toEqual(expect.arrayContaining([]));
    expect(res.json().items.length).toBeLessThanOrEqual(1);
  });

  it('creates, renames and deletes a role; a second role of the same name is 409', async () => {
    const admin = await t.login('admin');
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/roles/',
      payload: { name: 'route-role' },
    });
    expect(res.statusCode).toBe(201);
    const role = res.json<Role>();
    const dup = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/roles/',
      payload: { name: 'route-role' },
    });
    expect(dup.statusCode).toBe(409);
    const renamed = await t.as(admin, {
      method: 'PATCH',
      url: `/api/keystone/roles/${role.id}/`,
      payload: { name: 'route-role-2' },
    });
    expect(renamed.json()).toMatchObject({ name: 'route-role-2' });
    const del = await t.as(admin, { method: 'DELETE', url: `/api/keystone/roles/${role.id}/` });
    expect(del.statusCode).toBe(204);
  });
});
