import { describe, expect, it } from 'vitest';
import type {
  KeystoneDomain,
  KeystoneGroup,
  KeystoneUser,
  Project,
  UserSession,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

describe('the domain context', () => {
  it('lists and creates projects, users and groups in the context domain until cleared', async () => {
    const admin = await t.login('admin');
    const made = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/domains/',
      payload: { name: 'ctx-dom' },
    });
    const domain = made.json<KeystoneDomain>();

    const set = await t.as(admin, {
      method: 'PUT',
      url: '/api/keystone/domain-context/',
      payload: { domain_id: domain.id },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<UserSession>().domain_context).toEqual({ id: domain.id, name: 'ctx-dom' });
    const boot = await t.as(admin, { url: '/api/bootstrap/' });
    expect(boot.json().session.domain_context).toEqual({ id: domain.id, name: 'ctx-dom' });

    const project = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/projects/',
      payload: { name: 'ctx-project' },
    });
    expect(project.json<Project>().domain_id).toBe(domain.id);
    const user = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/users/',
      payload: { name: 'ctx-user', password: 'secret', enabled: true },
    });
    expect(user.json<KeystoneUser>().domain_id).toBe(domain.id);
    const group = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/groups/',
      payload: { name: 'ctx-group' },
    });
    expect(group.json<KeystoneGroup>().domain_id).toBe(domain.id);

    const names = async (url: string): Promise<string[]> =>
      (await t.as(admin, { url })).json<{ items: { name: string }[] }>().items.map((i) => i.name);
    expect(await names('/api/keystone/projects/')).toEqual(['ctx-project']);
    expect(await names('/api/keystone/users/')).toEqual(['ctx-user']);
    expect(await names('/api/keystone/groups/')).toEqual(['ctx-group']);

    const cleared = await t.as(admin, { method: 'DELETE', url: '/api/keystone/domain-context/' });
    expect(cleared.json<UserSession>().domain_context).toBeUndefined();
    expect(await names('/api/keystone/projects/')).toContain('admin');
    expect(await names('/api/keystone/users/')).toContain('admin');
  });

  it('refuses an unknown domain (400) and a non-admin (403)', async () => {
    const admin = await t.login('admin');
    const unknown = await t.as(admin, {
      method: 'PUT',
      url: '/api/keystone/domain-context/',
      payload: { domain_id: 'no-such-domain' },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await t.as(admin, {
      method: 'PUT',
      url: '/api/keystone/domain-context/',
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const demo = await t.login('demo');
    const refused = await t.as(demo, {
      method: 'PUT',
      url: '/api/keystone/domain-context/',
      payload: { domain_id: 'default' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
