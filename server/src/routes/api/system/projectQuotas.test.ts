import { describe, expect, it } from 'vitest';
import type { Project, QuotaLimit } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t } = useTestApp();

const limitOf = (items: QuotaLimit[], name: string): number | undefined =>
  items.find((q) => q.name === name)?.limit;

describe("a project's quotas", () => {
  it('reads and changes compute, volume and network limits of a new project', async () => {
    const admin = await t.login('admin');
    const made = await t.as(admin, {
      method: 'POST',
      url: '/api/keystone/projects/',
      payload: { name: 'quota-project' },
    });
    const id = made.json<Project>().id;
    for (const [service, name, value] of [
      ['nova', 'instances', 7],
      ['cinder', 'gigabytes', 70],
      ['neutron', 'network', 3],
    ] as const) {
      const url = `/api/${service}/quota-sets/${id}/`;
      const before = await t.as(admin, { url });
      expect(before.statusCode, service).toBe(200);
      expect(limitOf(before.json().items, name), service).toBeTypeOf('number');
      const patch = await t.as(admin, { method: 'PATCH', url, payload: { [name]: value } });
      expect(patch.statusCode, `${service} ${patch.body}`).toBe(204);
      const after = await t.as(admin, { url });
      expect(limitOf(after.json().items, name), service).toBe(value);
    }
  });

  it('refuses a value below -1 or not whole (400) and a limit below the usage (400)', async () => {
    const admin = await t.login('admin');
    const mine = admin.user.project_id;
    for (const service of ['nova', 'cinder', 'neutron']) {
      const url = `/api/${service}/quota-sets/${mine}/`;
      const bad = await t.as(admin, { method: 'PATCH', url, payload: { instances: -2 } });
      expect(bad.statusCode, service).toBe(400);
      const frac = await t.as(admin, { method: 'PATCH', url, payload: { instances: 1.5 } });
      expect(frac.statusCode, service).toBe(400);
    }
    // The admin project has networks of its own: none cannot be the limit.
    const under = await t.as(admin, {
      method: 'PATCH',
      url: `/api/neutron/quota-sets/${mine}/`,
      payload: { network: 0 },
    });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toMatch(/network/);
  });

  it('refuses a member changing quotas (403)', async () => {
    const demo = await t.login('demo');
    const res = await t.as(demo, {
      method: 'PATCH',
      url: `/api/nova/quota-sets/${demo.user.project_id}/`,
      payload: { instances: 100 },
    });
    expect(res.statusCode).toBe(403);
  });
});
