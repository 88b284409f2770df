import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { COMPUTE, cirrosImageId, createServer, waitForStatus } from './novaTestKit';

type Json = Record<string, unknown>;

describe('nova admin resources', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const projectOf = async (user: string, project: string): Promise<string> =>
    (await cloud().login(user, project)).body.token.project?.id ?? '';

  it('lists hypervisors with usage from the servers, by microversion', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    expect(
      (await cloud().request('GET', `${COMPUTE}/os-hypervisors`, { token: demo })).status,
    ).toBe(403);
    const list = await cloud().request<{ hypervisors: Json[] }>(
      'GET',
      `${COMPUTE}/os-hypervisors`,
      { token: admin },
    );
    expect(list.body.hypervisors).toEqual(
      [1, 2, 3].map((n) => ({
        id: n,
        hypervisor_hostname: `demo-compute-${n}`,
        state: 'up',
        status: 'enabled',
      })),
    );
    const detail = await cloud().request<{ hypervisors: Json[] }>(
      'GET',
      `${COMPUTE}/os-hypervisors/detail`,
      {
        token: admin,
        microversion: '2.28',
      },
    );
    const first = detail.body.hypervisors[0];
    // demo-compute-1 holds web-1 and web-2 (m1.tiny each).
    expect(first).toMatchObject({
      hypervisor_hostname: 'demo-compute-1',
      vcpus: 16,
      vcpus_used: 2,
      memory_mb: 32768,
      memory_mb_used: 2 * 512 + 512,
      local_gb: 400,
      local_gb_used: 2,
      running_vms: 2,
      hypervisor_type: 'QEMU',
      cpu_info: expect.objectContaining({ arch: 'x86_64' }),
      service: { host: 'demo-compute-1', id: 3, disabled_reason: null },
    });
    const stats = await cloud().request<{ hypervisor_statistics: Record<string, number> }>(
      'GET',
      `${COMPUTE}/os-hypervisors/statistics`,
      { token: admin },
    );
    expect(stats.body.hypervisor_statistics).toMatchObject({
      count: 3,
      vcpus: 48,
      memory_mb: 3 * 32768,
      local_gb: 1200,
    });
    // web-1, web-2, paused-1, alt-server, admin-vm (local disks) and db-1 (from a volume).
    expect(stats.body.hypervisor_statistics['running_vms']).toBe(6);
    expect(stats.body.hypervisor_statistics['vcpus_used']).toBe(6);
    expect(stats.body.hypervisor_statistics['local_gb_used']).toBe(1 + 1 + 1 + 1 + 20);
    expect(
      (
        await cloud().request('GET', `${COMPUTE}/os-hypervisors/statistics`, {
          token: admin,
          microversion: '2.88',
        })
      ).status,
    ).toBe(404);

    const v253 = await cloud().request<{ hypervisors: Json[] }>(
      'GET',
      `${COMPUTE}/os-hypervisors/detail?with_servers=true`,
      {
        token: admin,
        microversion: '2.53',
      },
    );
    const withServers = v253.body.hypervisors[0];
    expect(withServers?.['id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((withServers?.['servers'] as Json[]).map((s) => s['uuid'])).toHaveLength(2);
    const v288 = await cloud().request<{ hypervisor: Json }>(
      'GET',
      `${COMPUTE}/os-hypervisors/${String(withServers?.['id'])}`,
      {
        token: admin,
        microversion: '2.88',
      },
    );
    expect(v288.body.hypervisor).toHaveProperty('uptime');
    expect(v288.body.hypervisor).not.toHaveProperty('vcpus');
    expect(
      (await cloud().request('GET', `${COMPUTE}/os-hypervisors/99`, { token: admin })).body,
    ).toEqual({
      itemNotFound: { code: 404, message: 'Hypervisor with ID 99 could not be found.' },
    });
    const paged = await cloud().request<{ hypervisors: Json[]; hypervisors_links?: Json[] }>(
      'GET',
      `${COMPUTE}/os-hypervisors?limit=2`,
      { token: admin, microversion: '2.33' },
    );
    expect(paged.body.hypervisors).toHaveLength(2);
    expect(paged.body.hypervisors_links?.[0]?.['rel']).toBe('next');
  });

  it('manages aggregates, whose zones become availability zones', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    const path = `${COMPUTE}/os-aggregates`;
    expect((await cloud().request('GET', path, { token: demo })).status).toBe(403);
    const seeded = await cloud().request<{ aggregates: Json[] }>('GET', path, {
      token: admin,
      microversion: '2.41',
    });
    expect(seeded.body.aggregates).toEqual([
      expect.objectContaining({
        name: 'fast-storage',
        hosts: ['demo-compute-3'],
        metadata: { ssd: 'true' },
        uuid: expect.any(String),
      }),
    ]);
    const created = await cloud().request<{ aggregate: Json }>('POST', path, {
      token: admin,
      body: { aggregate: { name: 'west', availability_zone: 'west-az' } },
    });
    expect(created.status).toBe(200);
    expect(created.body.aggregate).toMatchObject({
      name: 'west',
      availability_zone: 'west-az',
      deleted: false,
      id: expect.any(Number),
    });
    expect(created.body.aggregate).not.toHaveProperty('hosts');
    const id = String(created.body.aggregate['id']);
    expect(
      (await cloud().request('POST', path, { token: admin, body: { aggregate: { name: 'west' } } }))
        .body,
    ).toEqual({
      conflictingRequest: { code: 409, message: 'Aggregate west already exists.' },
    });
    const action = (body: unknown): Promise<{ status: number; body: Json }> =>
      cloud().request<Json>('POST', `${path}/${id}/action`, { token: admin, body });
    const added = await action({ add_host: { host: 'demo-compute-2' } });
    expect(added.body['aggregate']).toMatchObject({
      hosts: ['demo-compute-2'],
      metadata: { availability_zone: 'west-az' },
    });
    expect((await action({ add_host: { host: 'demo-compute-2' } })).status).toBe(409);
    expect((await action({ add_host: { host: 'nowhere' } })).body).toEqual({
      itemNotFound: { code: 404, message: 'Compute host nowhere could not be found.' },
    });
    const meta = await action({ set_metadata: { metadata: { fast: 'yes', ssd: null } } });
    expect((meta.body['aggregate'] as Json)['metadata']).toEqual({
      availability_zone: 'west-az',
      fast: 'yes',
    });

    const zones = await cloud().request<{ availabilityZoneInfo: Array<{ zoneName: string }> }>(
      'GET',
      `${COMPUTE}/os-availability-zone`,
      {
        token: demo,
      },
    );
    expect(zones.body.availabilityZoneInfo.map((z) => z.zoneName).sort()).toEqual([
      'nova',
      'west-az',
    ]);
    const services = await cloud().request<{ services: Array<{ host: string; zone: string }> }>(
      'GET',
      `${COMPUTE}/os-services?binary=nova-compute`,
      { token: admin },
    );
    expect(services.body.services.find((s) => s.host === 'demo-compute-2')?.zone).toBe('west-az');
    // A server asked into the zone lands on its host.
    const server = await createServer(cloud(), demo, {
      name: 'in-west',
      imageRef: await cirrosImageId(cloud(), demo),
      flavorRef: '1',
      networks: 'none',
      availability_zone: 'west-az',
    });
    const placed = await waitForStatus(cloud(), demo, server.body.server?.id ?? '', 'ACTIVE');
    expect(placed?.['OS-EXT-AZ:availability_zone']).toBe('west-az');
    await cloud().request('DELETE', `${COMPUTE}/servers/${server.body.server?.id}`, {
      token: demo,
    });

    expect((await cloud().request('DELETE', `${path}/${id}`, { token: admin })).body).toEqual({
      badRequest: {
        code: 400,
        message: `Cannot remove host from aggregate ${id}. Reason: Host aggregate is not empty.`,
      },
    });
    expect((await action({ remove_host: { host: 'demo-compute-2' } })).status).toBe(200);
    expect((await action({ remove_host: { host: 'demo-compute-2' } })).status).toBe(404);
    const renamed = await cloud().request<{ aggregate: Json }>('PUT', `${path}/${id}`, {
      token: admin,
      body: { aggregate: { name: 'west-2' } },
    });
    expect(renamed.body.aggregate['name']).toBe('west-2');
    expect((await cloud().request('DELETE', `${path}/${id}`, { token: admin })).status).toBe(200);
    expect((await cloud().request('GET', `${path}/${id}`, { token: admin })).body).toEqual({
      itemNotFound: { code: 404, message: `Aggregate ${id} could not be found.` },
    });
  });

  it('shows and edits quota sets and the default quota class', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    const reader = await cloud().token('reader', 'demo');
    const project = await projectOf('demo', 'demo');
    const alt = await projectOf('demo', 'alt_demo');
    const path = `${COMPUTE}/os-quota-sets/${project}`;
    const shown = await cloud().request<{ quota_set: Json }>('GET', path, { token: reader });
    expect(shown.body.quota_set).toMatchObject({
      id: project,
      instances: 10,
      cores: 20,
      ram: 51200,
      floating_ips: 10,
      injected_files: 5,
    });
    const modern = await cloud().request<{ quota_set: Json }>('GET', path, {
      token: demo,
      microversion: '2.57',
    });
    expect(Object.keys(modern.body.quota_set).sort()).toEqual(
      [
        'cores',
        'id',
        'instances',
        'key_pairs',
        'metadata_items',
        'ram',
        'server_group_members',
        'server_groups',
      ].sort(),
    );
    const detail = await cloud().request<{ quota_set: Record<string, Json> }>(
      'GET',
      `${path}/detail`,
      { token: demo },
    );
    expect(detail.body.quota_set['instances']).toEqual({ in_use: 5, limit: 10, reserved: 0 });
    expect(detail.body.quota_set['cores']).toEqual({ in_use: 5, limit: 20, reserved: 0 });
    // Another project's quotas are not a member's to read.
    expect(
      (await cloud().request('GET', `${COMPUTE}/os-quota-sets/${alt}`, { token: reader })).status,
    ).toBe(403);
    expect(
      (await cloud().request('PUT', path, { token: demo, body: { quota_set: { instances: 20 } } }))
        .status,
    ).toBe(403);

    const updated = await cloud().request<{ quota_set: Json }>('PUT', path, {
      token: admin,
      body: { quota_set: { instances: 12, key_pairs: 5 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.quota_set).toMatchObject({ instances: 12, key_pairs: 5 });
    expect(updated.body.quota_set).not.toHaveProperty('id');
    expect(
      (await cloud().request('PUT', path, { token: admin, body: { quota_set: { instances: 2 } } }))
        .body,
    ).toEqual({
      badRequest: {
        code: 400,
        message:
          'Quota limit 2 for instances must be greater than or equal to already used and reserved 5.',
      },
    });
    expect(
      (
        await cloud().request('PUT', path, {
          token: admin,
          body: { quota_set: { instances: 2, force: true } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await cloud().request('PUT', path, { token: admin, body: { quota_set: { instances: -2 } } }))
        .status,
    ).toBe(400);
    expect(
      (
        await cloud().request('PUT', path, {
          token: admin,
          microversion: '2.36',
          body: { quota_set: { floating_ips: 3 } },
        })
      ).status,
    ).toBe(400);
    const limits = await cloud().request<{ limits: { absolute: Record<string, number> } }>(
      'GET',
      `${COMPUTE}/limits`,
      { token: demo },
    );
    expect(limits.body.limits.absolute['maxTotalInstances']).toBe(2);
    expect((await cloud().request('DELETE', path, { token: admin })).status).toBe(202);
    expect(
      (await cloud().request<{ quota_set: Json }>('GET', path, { token: demo })).body.quota_set[
        'instances'
      ],
    ).toBe(10);

    const defaults = await cloud().request<{ quota_set: Json }>('GET', `${path}/defaults`, {
      token: demo,
    });
    expect(defaults.body.quota_set).toMatchObject({ id: project, instances: 10 });
    expect(
      (await cloud().request('GET', `${COMPUTE}/os-quota-class-sets/default`, { token: demo }))
        .status,
    ).toBe(403);
    const klass = await cloud().request<{ quota_class_set: Json }>(
      'PUT',
      `${COMPUTE}/os-quota-class-sets/default`,
      {
        token: admin,
        microversion: '2.50',
        body: { quota_class_set: { instances: 15 } },
      },
    );
    expect(klass.body.quota_class_set).toMatchObject({ instances: 15, server_groups: 10 });
    expect(klass.body.quota_class_set).not.toHaveProperty('floating_ips');
    expect(
      (await cloud().request<{ quota_set: Json }>('GET', `${path}/defaults`, { token: demo })).body
        .quota_set['instances'],
    ).toBe(15);
    expect(
      (await cloud().request<{ quota_set: Json }>('GET', path, { token: demo })).body.quota_set[
        'instances'
      ],
    ).toBe(15);
    await cloud().request('PUT', `${COMPUTE}/os-quota-class-sets/default`, {
      token: admin,
      body: { quota_class_set: { instances: 10 } },
    });
  });

  it('computes tenant usage from server lifetimes', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    const project = await projectOf('demo', 'demo');
    const end = new Date();
    const start = new Date(end.getTime() - 24 * 3_600_000);
    const range = `start=${start.toISOString().slice(0, 19)}&end=${end.toISOString().slice(0, 19)}`;
    expect(
      (await cloud().request('GET', `${COMPUTE}/os-simple-tenant-usage?${range}`, { token: demo }))
        .status,
    ).toBe(403);
    const all = await cloud().request<{ tenant_usages: Json[] }>(
      'GET',
      `${COMPUTE}/os-simple-tenant-usage?${range}&detailed=1`,
      {
        token: admin,
      },
    );
    expect(all.status).toBe(200);
    const demoUsage = all.body.tenant_usages.find((u) => u['tenant_id'] === project);
    expect(demoUsage).toBeDefined();
    // web-1, web-2 and db-1 ran all 24 hours; paused-1 its last 12; broken never launched, so is absent.
    const usages = demoUsage?.['server_usages'] as Array<Json & { name: string; hours: number }>;
    const hours = Object.fromEntries(usages.map((u) => [u.name, Math.round(u.hours * 10) / 10]));
    expect(hours).toMatchObject({ 'web-1': 24, 'web-2': 24, 'db-1': 24 });
    expect(hours).not.toHaveProperty('broken');
    expect(hours['paused-1']).toBeCloseTo(12, 0);
    expect(usages.find((u) => u.name === 'web-1')).toMatchObject({
      vcpus: 1,
      memory_mb: 512,
      local_gb: 1,
      flavor: 'm1.tiny',
      state: 'active',
    });
    expect(demoUsage?.['total_hours']).toBeCloseTo(24 * 3 + 12, 0);
    expect(demoUsage?.['total_memory_mb_usage']).toBeCloseTo(
      24 * 512 * 2 + 24 * 2048 + 12 * 512,
      -2,
    );
    const brief = await cloud().request<{ tenant_usages: Json[] }>(
      'GET',
      `${COMPUTE}/os-simple-tenant-usage?${range}`,
      { token: admin },
    );
    expect(brief.body.tenant_usages[0]).not.toHaveProperty('server_usages');
    const mine = await cloud().request<{ tenant_usage: Json }>(
      'GET',
      `${COMPUTE}/os-simple-tenant-usage/${project}?${range}`,
      {
        token: demo,
      },
    );
    expect(mine.body.tenant_usage['total_hours']).toBeCloseTo(84, 0);
    const empty = await cloud().request(
      'GET',
      `${COMPUTE}/os-simple-tenant-usage/${project}?start=2000-01-01T00:00:00&end=2000-01-02T00:00:00`,
      {
        token: demo,
      },
    );
    expect(empty.body).toEqual({ tenant_usage: {} });
    expect(
      (
        await cloud().request(
          'GET',
          `${COMPUTE}/os-simple-tenant-usage/${project}?start=2001-01-01T00:00:00&end=2000-01-02T00:00:00`,
          { token: demo },
        )
      ).status,
    ).toBe(400);
  });
});

describe('nova scale seed', () => {
  const cloud = useTestCloud({ lifecycleScale: 0, scale: { servers: 300 } });

  it('adds servers for benchmarks, listed page by page', async () => {
    const demo = await cloud().token('demo', 'demo');
    const started = Date.now();
    const page = await cloud().request<{ servers: Json[]; servers_links?: Json[] }>(
      'GET',
      `${COMPUTE}/servers/detail?limit=100&name=scale-server`,
      { token: demo },
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(page.body.servers).toHaveLength(100);
    expect(page.body.servers_links?.[0]?.['rel']).toBe('next');
    const admin = await cloud().token('admin', 'admin');
    const all = await cloud().request<{ servers: Json[] }>(
      'GET',
      `${COMPUTE}/servers?all_tenants=1&name=scale-server`,
      {
        token: admin,
      },
    );
    expect(all.body.servers).toHaveLength(300);
  });
});
