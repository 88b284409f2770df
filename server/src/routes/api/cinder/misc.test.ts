import { describe, expect, it } from 'vitest';
import type {
  AvailabilityZoneList,
  CinderPoolList,
  CinderServiceList,
  ExtensionList,
  QosSpecList,
  QuotaLimitList,
} from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

describe('limits, zones and extensions', () => {
  it('answers absolute limits as name → number', async () => {
    const res = await t.as(demo, { url: '/api/cinder/tenantabsolutelimits/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      maxTotalVolumeGigabytes: expect.any(Number),
      totalGigabytesUsed: expect.any(Number),
      maxTotalVolumes: expect.any(Number),
      totalVolumesUsed: expect.any(Number),
    });
  });

  it('lists availability zones and extensions', async () => {
    const zones = await t.as(demo, { url: '/api/cinder/availzones/' });
    expect(zones.json<AvailabilityZoneList>().items).toEqual(
      expect.arrayContaining([{ zoneName: 'nova', zoneState: { available: true } }]),
    );
    const extensions = await t.as(demo, { url: '/api/cinder/extensions/' });
    expect(extensions.json<ExtensionList>().items.length).toBeGreaterThan(0);
    expect(extensions.json<ExtensionList>().items[0]).toMatchObject({
      name: expect.any(String),
      alias: expect.any(String),
    });
  });
});

describe('admin lists', () => {
  it('shows services and QoS specs to an admin only', async () => {
    const services = await t.as(admin, { url: '/api/cinder/services/' });
    expect(services.statusCode, services.body).toBe(200);
    expect(services.json<CinderServiceList>().items.map((s) => s.binary)).toEqual(
      expect.arrayContaining(['cinder-scheduler', 'cinder-volume']),
    );
    const qos = await t.as(admin, { url: '/api/cinder/qosspecs/' });
    expect(qos.json<QosSpecList>().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'high-iops', consumer: 'front-end' }),
      ]),
    );
    expect((await t.as(demo, { url: '/api/cinder/services/' })).statusCode).toBe(403);
    expect((await t.as(demo, { url: '/api/cinder/qosspecs/' })).statusCode).toBe(403);
  });
});

describe('pools', () => {
  it("names the scheduler's back-end pools to an admin, as host@backend#pool", async () => {
    const res = await t.as(admin, { url: '/api/cinder/pools/' });
    expect(res.statusCode, res.body).toBe(200);
    const pools = res.json<CinderPoolList>().items;
    expect(pools.length).toBeGreaterThan(0);
    // Names only: the capabilities (capacity, driver, location) stay upstream.
    for (const pool of pools) expect(Object.keys(pool)).toEqual(['name']);
    const volumeHost = (await t.as(admin, { url: '/api/cinder/services/' }))
      .json<CinderServiceList>()
      .items.find((s) => s.binary === 'cinder-volume')?.host;
    expect(pools.map((p) => p.name)).toContainEqual(expect.stringMatching(/^[^@]+@[^#]+#.+$/));
    expect(pools.some((p) => p.name.startsWith(`${volumeHost}#`))).toBe(true);
  });

  it('refuses a member with 403', async () => {
    const res = await t.as(demo, { url: '/api/cinder/pools/' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/get_pools/);
  });
});

describe('quota sets', () => {
  it('reads the defaults and lets an admin change them', async () => {
    const res = await t.as(demo, { url: '/api/cinder/quota-sets/defaults/' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<QuotaLimitList>().items;
    expect(items).toEqual(expect.arrayContaining([{ name: 'volumes', limit: 10 }]));
    expect(items.map((q) => q.name)).not.toContain('id');

    const refused = await t.as(demo, {
      method: 'PATCH',
      url: '/api/cinder/quota-sets/defaults/',
      payload: { volumes: 12 },
    });
    expect(refused.statusCode).toBe(403);
    const changed = await t.as(admin, {
      method: 'PATCH',
      url: '/api/cinder/quota-sets/defaults/',
      payload: { volumes: 12 },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const after = await t.as(demo, { url: '/api/cinder/quota-sets/defaults/' });
    expect(after.json<QuotaLimitList>().items).toEqual(
      expect.arrayContaining([{ name: 'volumes', limit: 12 }]),
    );
  });

  it('lets an admin set a project’s quotas, validating the values', async () => {
    const project = demo.user.project_id;
    const res = await t.as(admin, {
      method: 'PATCH',
      url: `/api/cinder/quota-sets/${project}`,
      payload: { gigabytes: 500, snapshots: -1 },
    });
    expect(res.statusCode, res.body).toBe(204);
    const limits = await t.as(demo, { url: '/api/cinder/tenantabsolutelimits/' });
    expect(limits.json()).toMatchObject({ maxTotalVolumeGigabytes: 500, maxTotalSnapshots: -1 });
    const bad = await t.as(admin, {
      method: 'PATCH',
      url: `/api/cinder/quota-sets/${project}`,
      payload: { gigabytes: -2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'gigabytes must be at least -1' });
    const member = await t.as(demo, {
      method: 'PATCH',
      url: `/api/cinder/quota-sets/${project}`,
      payload: { gigabytes: 5000 },
    });
    expect(member.statusCode).toBe(403);
  });
});
