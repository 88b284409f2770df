import { describe, expect, it } from 'vitest';
import type { Aggregate, ComputeService, Hypervisor, HypervisorSummary } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, admin, demo } = useTestApp(['admin', 'demo']);

describe('/api/nova/hypervisors/', () => {
  it('lists every hypervisor with its usage, and the sum of it', async () => {
    const res = await t.as(admin, { url: '/api/nova/hypervisors/' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: Hypervisor[] }>().items;
    expect(items.map((h) => h.hypervisor_hostname)).toEqual([
      'demo-compute-1',
      'demo-compute-2',
      'demo-compute-3',
    ]);
    const first = items[0];
    expect(first).toMatchObject({
      hypervisor_type: 'QEMU',
      state: 'up',
      status: 'enabled',
      host: 'demo-compute-1',
      disabled_reason: null,
      vcpus: 16,
      memory_mb: 32768,
      local_gb: 400,
    });
    // 2.53+: uuid ids.
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first).not.toHaveProperty('servers');

    const summary = (
      await t.as(admin, { url: '/api/nova/hypervisors/summary/' })
    ).json<HypervisorSummary>();
    const sum = (pick: (h: Hypervisor) => number): number =>
      items.reduce((total, h) => total + pick(h), 0);
    expect(summary).toEqual({
      count: 3,
      vcpus: 48,
      vcpus_used: sum((h) => h.vcpus_used),
      memory_mb: 3 * 32768,
      memory_mb_used: sum((h) => h.memory_mb_used),
      local_gb: 1200,
      local_gb_used: sum((h) => h.local_gb_used),
      running_vms: sum((h) => h.running_vms),
    });
    expect(summary.running_vms).toBeGreaterThan(0);
  });

  it('shows one hypervisor with the servers on it', async () => {
    const items = (await t.as(admin, { url: '/api/nova/hypervisors/' })).json<{
      items: Hypervisor[];
    }>().items;
    const busy = items.find((h) => h.running_vms > 0);
    const res = await t.as(admin, { url: `/api/nova/hypervisors/${busy?.id}/` });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<Hypervisor>();
    expect(shown.servers).toHaveLength(busy?.running_vms ?? -1);
    expect(shown.servers?.[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
  });

  it('answers 404 for an unknown hypervisor, 400 for a malformed id, 403 to a member', async () => {
    const unknown = await t.as(admin, {
      url: '/api/nova/hypervisors/5f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f40ff/',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.as(admin, { url: '/api/nova/hypervisors/nope/' })).statusCode).toBe(400);
    const member = await t.as(demo, { url: '/api/nova/hypervisors/' });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toMatch(/os-hypervisors/);
  });
});

describe('/api/nova/services/', () => {
  it('lists services, disables a compute service with a reason and enables it', async () => {
    const list = await t.as(admin, { url: '/api/nova/services/?binary=nova-compute' });
    expect(list.statusCode, list.body).toBe(200);
    const services = list.json<{ items: ComputeService[] }>().items;
    expect(services.map((s) => s.host)).toEqual([
      'demo-compute-1',
      'demo-compute-2',
      'demo-compute-3',
    ]);
    const target = services[1];
    expect(target).toMatchObject({ binary: 'nova-compute', zone: 'nova', status: 'enabled' });

    const disabled = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/services/${target?.id}/`,
      payload: { status: 'disabled', disabled_reason: '  maintenance  ' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabled_reason: 'maintenance' });
    const hypervisors = (await t.as(admin, { url: '/api/nova/hypervisors/' })).json<{
      items: Hypervisor[];
    }>().items;
    expect(hypervisors.find((h) => h.host === target?.host)).toMatchObject({
      status: 'disabled',
      disabled_reason: 'maintenance',
    });

    const enabled = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/services/${target?.id}/`,
      payload: { status: 'enabled' },
    });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('refuses a reason on enable, a non-compute service and a member', async () => {
    const all = (await t.as(admin, { url: '/api/nova/services/' })).json<{
      items: ComputeService[];
    }>().items;
    const scheduler = all.find((s) => s.binary === 'nova-scheduler');
    const compute = all.find((s) => s.binary === 'nova-compute');
    const withReason = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/services/${compute?.id}/`,
      payload: { status: 'enabled', disabled_reason: 'x' },
    });
    expect(withReason.statusCode).toBe(400);
    const other = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/services/${scheduler?.id}/`,
      payload: { status: 'disabled' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/Only nova-compute services can be updated/);
    const member = await t.as(demo, {
      method: 'PATCH',
      url: `/api/nova/services/${compute?.id}/`,
      payload: { status: 'disabled' },
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('/api/nova/aggregates/', () => {
  it('creates with a zone and hosts, edits, changes hosts, refuses to delete non-empty, deletes', async () => {
    const created = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/aggregates/',
      payload: { name: 'rack-a', availability_zone: 'zone-a', hosts: ['demo-compute-1'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const aggregate = created.json<Aggregate>();
    expect(aggregate).toMatchObject({
      name: 'rack-a',
      availability_zone: 'zone-a',
      hosts: ['demo-compute-1'],
      metadata: { availability_zone: 'zone-a' },
    });

    const list = (await t.as(admin, { url: '/api/nova/aggregates/' })).json<{
      items: Aggregate[];
    }>().items;
    expect(list.map((a) => a.name)).toEqual(expect.arrayContaining(['fast-storage', 'rack-a']));

    const edited = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/aggregates/${aggregate.id}/`,
      payload: { name: 'rack-b', availability_zone: 'zone-b' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'rack-b', availability_zone: 'zone-b' });
    // Nova never removes a zone; the contract does not offer it.
    const cleared = await t.as(admin, {
      method: 'PATCH',
      url: `/api/nova/aggregates/${aggregate.id}/`,
      payload: { availability_zone: null },
    });
    expect(cleared.statusCode).toBe(400);

    const hosts = await t.as(admin, {
      method: 'POST',
      url: `/api/nova/aggregates/${aggregate.id}/hosts/`,
      payload: { add: ['demo-compute-2'], remove: ['demo-compute-1'] },
    });
    expect(hosts.statusCode, hosts.body).toBe(200);
    expect(hosts.json<Aggregate>().hosts).toEqual(['demo-compute-2']);

    const unknownHost = await t.as(admin, {
      method: 'POST',
      url: `/api/nova/aggregates/${aggregate.id}/hosts/`,
      payload: { add: ['no-such-host'], remove: [] },
    });
    expect(unknownHost.statusCode).toBe(404);

    const refused = await t.as(admin, {
      method: 'DELETE',
      url: `/api/nova/aggregates/${aggregate.id}/`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not empty/);

    await t.as(admin, {
      method: 'POST',
      url: `/api/nova/aggregates/${aggregate.id}/hosts/`,
      payload: { add: [], remove: ['demo-compute-2'] },
    });
    const deleted = await t.as(admin, {
      method: 'DELETE',
      url: `/api/nova/aggregates/${aggregate.id}/`,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.as(admin, { url: `/api/nova/aggregates/${aggregate.id}/` });
    expect(gone.statusCode).toBe(404);
  });

  it('validates bodies and refuses a member', async () => {
    const empty = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/aggregates/',
      payload: { name: '' },
    });
    expect(empty.statusCode).toBe(400);
    const nothing = await t.as(admin, {
      method: 'PATCH',
      url: '/api/nova/aggregates/1/',
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    const duplicate = await t.as(admin, {
      method: 'POST',
      url: '/api/nova/aggregates/',
      payload: { name: 'fast-storage' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect((await t.as(demo, { url: '/api/nova/aggregates/' })).statusCode).toBe(403);
  });
});
