import { describe, expect, it } from 'vitest';
import type { CatalogService } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

describe('keystone session routes', () => {
  it('GET /api/keystone/version/', async () => {
    const session = await t.login('demo');
    expect((await t.as(session, { url: '/api/keystone/version/' })).json()).toEqual({
      version: '3',
    });
  });

  it('GET /api/keystone/user-session/ describes the session without the token', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, { url: '/api/keystone/user-session/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(session.user);
    expect(Object.keys(res.json()).sort()).toEqual([
      'available_services_regions',
      'id',
      'is_superuser',
      'project_domain_id',
      'project_id',
      'project_name',
      'roles',
      'services_region',
      'token_expires_at',
      'user_domain_id',
      'user_domain_name',
      'username',
    ]);
    expect(Date.parse(res.json().token_expires_at)).toBeGreaterThan(Date.now());
  });

  it('GET /api/keystone/svc-catalog/ is the token catalog', async () => {
    const session = await t.login('demo');
    const res = await t.as(session, { url: '/api/keystone/svc-catalog/' });
    const catalog = res.json() as CatalogService[];
    expect(catalog.map((s) => s.type)).toEqual(expect.arrayContaining(['identity', 'compute']));
    const compute = catalog.find((s) => s.type === 'compute');
    expect(compute?.endpoints.map((e) => e.region_id)).toEqual(
      expect.arrayContaining(['RegionOne', 'RegionTwo']),
    );
  });

  it('answer 401 without a session', async () => {
    for (const url of ['/api/keystone/user-session/', '/api/keystone/svc-catalog/']) {
      const res = await t.app.inject({ url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(res.statusCode).toBe(401);
    }
  });
});
