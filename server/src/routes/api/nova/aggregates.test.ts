import { beforeAll, describe, expect, it } from 'vitest';
import { authenticatePassword, createOpenStackClient } from '@skydeck/openstack-client';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);
let aggregateId: string;

beforeAll(async () => {
  // The seeded aggregate, found through the upstream API (there is no list route of ours yet).
  const auth = await authenticatePassword({
    authUrl: t.cloud.authUrl,
    username: 'admin',
    password: 'admin',
    userDomainName: 'Default',
    scope: { project: { name: 'admin', domainName: 'Default' } },
  });
  const client = createOpenStackClient({
    authUrl: t.cloud.authUrl,
    token: auth.token,
    catalog: auth.body.catalog ?? [],
    region: 'RegionOne',
  });
  const [first] = await client.nova.aggregates.list();
  if (!first) throw new Error('no aggregate seeded');
  aggregateId = String(first.id);
});

describe('/api/nova/aggregates/{id}/extra-specs/', () => {
  it('reads and updates an aggregate’s metadata (admin)', async () => {
    const before = await t.as(admin, { url: `/api/nova/aggregates/${aggregateId}/extra-specs/` });
    expect(before.statusCode, before.body).toBe(200);
    const keys = Object.keys(before.json<Record<string, string>>());
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/aggregates/${aggregateId}/extra-specs/`,
      payload: { updated: { 'trait:CUSTOM_FAST': 'required' }, removed: keys.slice(0, 1) },
    });
    expect(res.statusCode, res.body).toBe(204);
    const after = await t.as(admin, { url: `/api/nova/aggregates/${aggregateId}/extra-specs/` });
    expect(after.json()).toMatchObject({ 'trait:CUSTOM_FAST': 'required' });
    for (const key of keys.slice(0, 1)) expect(after.json()).not.toHaveProperty(key);
  });

  it('is refused to a member', async () => {
    const res = await t.as(demo, { url: `/api/nova/aggregates/${aggregateId}/extra-specs/` });
    expect(res.statusCode).toBe(403);
  });
});
