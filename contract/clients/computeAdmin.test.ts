import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { session, uniqueName } from '../support/session';
import { expectShape } from '../support/shape';
import type { Shape } from '../support/shape';

// The Nova calls of admin › Hypervisors and Host Aggregates (server/src/routes/api/nova/
// computeAdmin.ts and aggregates.ts), through the server's own client on both targets.

const cleanup = cleanupAfterAll();

// At 2.87: uuid ids and the usage fields (2.88 drops them).
const HYPERVISOR: Shape = {
  id: 'string',
  hypervisor_hostname: 'string',
  hypervisor_type: 'string',
  host_ip: 'string',
  state: 'string',
  status: 'string',
  service: { host: 'string', id: 'string', disabled_reason: 'string|null' },
  vcpus: 'integer',
  vcpus_used: 'integer',
  memory_mb: 'integer',
  memory_mb_used: 'integer',
  local_gb: 'integer',
  local_gb_used: 'integer',
  running_vms: 'integer',
};

const SERVICE: Shape = {
  id: 'string',
  binary: 'string',
  host: 'string',
  zone: 'string',
  status: 'string',
  state: 'string',
  updated_at: 'string|null',
  disabled_reason: 'string|null',
  forced_down: 'boolean',
};

const AGGREGATE: Shape = {
  id: 'integer',
  uuid: 'string',
  name: 'string',
  availability_zone: 'string|null',
  hosts: ['string'],
  metadata: 'object',
  created_at: 'string',
  updated_at: 'string|null',
};

describe('nova client: hypervisors', () => {
  it('lists every hypervisor with usage, and shows one with its servers', async () => {
    const admin = await session('admin');
    const list = await admin.client.nova.hypervisors.listDetail();
    expect(list.length).toBeGreaterThan(0);
    expectShape(list, [HYPERVISOR]);
    const first = list[0];
    if (!first) throw new Error('no hypervisor');
    const shown = await admin.client.nova.hypervisors.getWithServers(String(first.id));
    expectShape(shown, HYPERVISOR);
    // `servers` only when the host has any.
    if (shown.servers !== undefined)
      expectShape(shown.servers, [{ uuid: 'string', name: 'string' }]);
  });

  it('answers an unknown hypervisor with 404 and a member with 403', async () => {
    const admin = await session('admin');
    await expectClientError(
      admin.client.nova.hypervisors.getWithServers('5f1d2c3b-4a59-4e6f-8a7b-0c1d2e3f40ff'),
      { status: 404, title: 'itemNotFound' },
    );
    const demo = await session('demo');
    await expectClientError(demo.client.nova.hypervisors.listDetail(), {
      status: 403,
      title: 'forbidden',
      message: 'os_compute_api:os-hypervisors:list-detail',
    });
  });
});

describe('nova client: compute services', () => {
  it('disables a compute service with a reason and enables it (reason cleared)', async () => {
    const admin = await session('admin');
    const services = await admin.client.nova.services.list({ binary: 'nova-compute' });
    expectShape(services, [SERVICE]);
    const service = services[0];
    if (!service) throw new Error('no compute service');
    const id = String(service.id);
    // Kept short: a disabled host takes no new servers while the other tests run.
    cleanup(() => admin.client.nova.services.update(id, { status: 'enabled' }));
    try {
      const disabled = await admin.client.nova.services.update(id, {
        status: 'disabled',
        disabled_reason: 'contract test',
      });
      expectShape(disabled, SERVICE);
      expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'contract test' });
    } finally {
      const enabled = await admin.client.nova.services.update(id, { status: 'enabled' });
      expect(enabled).toMatchObject({ status: 'enabled', disabled_reason: null });
    }
  });

  it('refuses to update a non-compute service, and a member', async () => {
    const admin = await session('admin');
    const scheduler = (await admin.client.nova.services.list({ binary: 'nova-scheduler' }))[0];
    if (!scheduler) throw new Error('no scheduler service');
    await expectClientError(
      admin.client.nova.services.update(String(scheduler.id), { status: 'disabled' }),
      { status: 400, title: 'badRequest', message: 'Only nova-compute services can be updated' },
    );
    const demo = await session('demo');
    await expectClientError(demo.client.nova.services.list(), {
      status: 403,
      title: 'forbidden',
      message: 'os_compute_api:os-services:list',
    });
  });
});

describe('nova client: aggregate management', () => {
  it('creates, renames, adds and removes a host, refuses a non-empty delete, deletes', async () => {
    const admin = await session('admin');
    const nova = admin.client.nova;
    const name = uniqueName('agg');
    const created = await nova.aggregates.create({ name, availability_zone: `${name}-az` });
    cleanup(() => nova.aggregates.delete(created.id));
    expectShape(created, AGGREGATE);
    expect(created).toMatchObject({ name, availability_zone: `${name}-az`, hosts: [] });

    const renamed = await nova.aggregates.update(created.id, {
      name: `${name}-b`,
      availability_zone: `${name}-az2`,
    });
    expectShape(renamed, AGGREGATE);
    expect(renamed).toMatchObject({ name: `${name}-b`, availability_zone: `${name}-az2` });
    expect(renamed.metadata).toMatchObject({ availability_zone: `${name}-az2` });
    // A zone can be renamed, never removed, by update or by metadata.
    await expectClientError(nova.aggregates.setMetadata(created.id, { availability_zone: null }), {
      status: 400,
      title: 'badRequest',
      message: 'does not support empty named availability zone',
    });

    const host = (await nova.services.list({ binary: 'nova-compute' }))[0]?.host ?? '';
    const added = await nova.aggregates.addHost(created.id, host);
    expect(added.hosts).toEqual([host]);
    cleanup(() => nova.aggregates.removeHost(created.id, host));
    await expectClientError(nova.aggregates.addHost(created.id, host), {
      status: 409,
      title: 'conflictingRequest',
    });
    await expectClientError(nova.aggregates.delete(created.id), {
      status: 400,
      title: 'badRequest',
      message: 'Host aggregate is not empty',
    });
    const emptied = await nova.aggregates.removeHost(created.id, host);
    expect(emptied.hosts).toEqual([]);
    await expectClientError(nova.aggregates.addHost(created.id, 'contract-no-such-host'), {
      status: 404,
      title: 'itemNotFound',
    });
    await nova.aggregates.delete(created.id);
    await expectClientError(nova.aggregates.get(created.id), {
      status: 404,
      title: 'itemNotFound',
    });
  });

  it('refuses a duplicate name with 409', async () => {
    const admin = await session('admin');
    const name = uniqueName('agg');
    const created = await admin.client.nova.aggregates.create({ name });
    cleanup(() => admin.client.nova.aggregates.delete(created.id));
    await expectClientError(admin.client.nova.aggregates.create({ name }), {
      status: 409,
      title: 'conflictingRequest',
    });
  });
});
