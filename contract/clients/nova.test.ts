import { describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { nova } from '../support/nova';
import { MISSING_UUID } from '../support/services';
import { session, uniqueName } from '../support/session';
import { expectShape } from '../support/shape';
import type { Shape } from '../support/shape';

// Every Nova call of the server's routes (server/src/routes/api/nova), made through the server's
// own client on both targets: what it returns, and how it fails.

const cleanup = cleanupAfterAll();

const KEYPAIR: Shape = {
  name: 'string',
  public_key: 'string',
  fingerprint: 'string',
  type: 'string',
};

const SERVER_GROUP: Shape = {
  id: 'string',
  name: 'string',
  policy: 'string',
  policies: ['string'],
  rules: 'object',
  members: ['string'],
  project_id: 'string',
  user_id: 'string',
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
  deleted: 'boolean',
  deleted_at: 'string|null',
};

describe('nova client: version negotiation', () => {
  it('supports() answers from the discovered range (Zed: 2.93)', async () => {
    const { client } = await session('demo');
    expect(await client.nova.supports('2.1')).toBe(true);
    expect(await client.nova.supports('2.93')).toBe(true);
    expect(await client.nova.supports('2.94')).toBe(false);
  });
});

describe('nova client: key pairs', () => {
  it('creates, lists, shows and deletes; a second create is 409, a missing one 404', async () => {
    const { client } = await session('demo');
    const name = uniqueName('kp');
    const created = await client.nova.keypairs.create({ name });
    cleanup(() => client.nova.keypairs.delete(name));
    expectShape(created, { ...KEYPAIR, private_key: 'string', user_id: 'string' });
    expect(created.type).toBe('ssh');

    const listed = await client.nova.keypairs.list();
    expectShape(listed, [KEYPAIR]);
    expect(listed.map((entry) => entry.name)).toContain(name);

    const shown = await client.nova.keypairs.get(name);
    expectShape(shown, {
      ...KEYPAIR,
      user_id: 'string',
      created_at: 'string',
      id: 'integer',
      deleted: 'boolean',
      private_key: 'absent',
    });
    expect(shown.fingerprint).toBe(created.fingerprint);

    await expectClientError(client.nova.keypairs.create({ name }), {
      status: 409,
      service: 'compute',
      title: 'conflictingRequest',
      message: `Key pair '${name}' already exists.`,
    });

    await client.nova.keypairs.delete(name);
    await expectClientError(client.nova.keypairs.get(name), {
      status: 404,
      service: 'compute',
      title: 'itemNotFound',
      message: `Keypair ${name} not found for user`,
    });
    await expectClientError(client.nova.keypairs.delete(name), {
      status: 404,
      title: 'itemNotFound',
    });
  });
});

describe('nova client: server groups', () => {
  it('creates, shows, lists and deletes with both policy spellings filled', async () => {
    const { client } = await session('demo');
    const created = await client.nova.serverGroups.create({
      name: uniqueName('sg'),
      policy: 'soft-anti-affinity',
    });
    cleanup(() => client.nova.serverGroups.delete(created.id));
    expectShape(created, SERVER_GROUP);
    expect(created.policy).toBe('soft-anti-affinity');
    expect(created.policies).toEqual(['soft-anti-affinity']);
    expect(created.members).toEqual([]);

    const shown = await client.nova.serverGroups.get(created.id);
    expect(shown).toEqual(created);
    expect((await client.nova.serverGroups.list()).map((group) => group.id)).toContain(created.id);

    await client.nova.serverGroups.delete(created.id);
    await expectClientError(client.nova.serverGroups.get(created.id), {
      status: 404,
      service: 'compute',
      title: 'itemNotFound',
      message: `Instance group ${created.id} could not be found.`,
    });
  });

  it('refuses a reader with 403 forbidden', async () => {
    const { client } = await session('reader');
    await expectClientError(
      client.nova.serverGroups.create({ name: uniqueName('sg'), policy: 'affinity' }),
      { status: 403, title: 'forbidden', message: 'os_compute_api:os-server-groups:create' },
    );
  });
});

describe('nova client: flavors as the flavor routes use them', () => {
  it('reads access lists, sets and deletes extra specs of a private flavor', async () => {
    const admin = await session('admin');
    const demo = await session('demo');
    const flavors = admin.client.nova.flavors;
    const flavor = await flavors.create({
      name: uniqueName('flv'),
      ram: 64,
      vcpus: 1,
      disk: 0,
      'os-flavor-access:is_public': false,
    });
    cleanup(() => flavors.delete(flavor.id));
    expect(flavor['os-flavor-access:is_public']).toBe(false);
    expect(flavor.extra_specs).toEqual({});

    // Nova grants the creating project nothing: the list starts empty.
    expect(await flavors.listAccess(flavor.id)).toEqual([]);
    await flavors.addAccess(flavor.id, demo.projectId);
    expect(await flavors.listAccess(flavor.id)).toEqual([
      { flavor_id: flavor.id, tenant_id: demo.projectId },
    ]);
    expect((await demo.client.nova.flavors.get(flavor.id)).id).toBe(flavor.id);

    const specs = await flavors.setExtraSpecs(flavor.id, {
      'hw:cpu_policy': 'shared',
      'hw:numa_nodes': '1',
    });
    expect(specs).toEqual({ 'hw:cpu_policy': 'shared', 'hw:numa_nodes': '1' });
    await flavors.deleteExtraSpec(flavor.id, 'hw:numa_nodes');
    expect(await flavors.getExtraSpecs(flavor.id)).toEqual({ 'hw:cpu_policy': 'shared' });
    expect((await flavors.get(flavor.id)).extra_specs).toEqual({ 'hw:cpu_policy': 'shared' });
    await expectClientError(flavors.deleteExtraSpec(flavor.id, 'hw:numa_nodes'), {
      status: 404,
      title: 'itemNotFound',
    });

    await flavors.removeAccess(flavor.id, demo.projectId);
    await expectClientError(demo.client.nova.flavors.get(flavor.id), {
      status: 404,
      title: 'itemNotFound',
      message: `Flavor ${flavor.id} could not be found.`,
    });
  });

  it('refuses a member creating a flavor with 403', async () => {
    const { client } = await session('demo');
    await expectClientError(
      client.nova.flavors.create({ name: uniqueName('flv'), ram: 64, vcpus: 1, disk: 0 }),
      { status: 403, title: 'forbidden', message: 'os_compute_api:os-flavor-manage:create' },
    );
  });

  it('answers the access list of a public flavor with 404', async () => {
    const { client } = await session('admin');
    await expectClientError(client.nova.flavors.listAccess('1'), {
      status: 404,
      title: 'itemNotFound',
    });
  });
});

describe('nova client: limits and extensions', () => {
  it('reads limits with reserved counts (a microversion below 2.75)', async () => {
    const { client } = await session('demo');
    const limits = await client.nova.limits.get({ reserved: true });
    expectShape(limits, {
      absolute: {
        maxTotalCores: 'integer',
        maxTotalInstances: 'integer',
        maxTotalRAMSize: 'integer',
        maxTotalKeypairs: 'integer',
        maxServerMeta: 'integer',
        maxServerGroups: 'integer',
        maxServerGroupMembers: 'integer',
        totalCoresUsed: 'integer',
        totalInstancesUsed: 'integer',
        totalRAMUsed: 'integer',
        totalServerGroupsUsed: 'integer',
        maxPersonality: 'absent',
        maxSecurityGroups: 'absent',
      },
      rate: 'array',
    });
  });

  it('lists extensions with the fields the feature checks read', async () => {
    const { client } = await session('demo');
    const extensions = await client.nova.extensions.list();
    expect(extensions.map((extension) => extension.alias)).toEqual(
      expect.arrayContaining(['os-keypairs', 'os-server-groups', 'os-flavor-access']),
    );
  });
});

describe('nova client: aggregates', () => {
  it('lists, shows and sets metadata (null removes a key)', async () => {
    const admin = await session('admin');
    const made = await nova(admin, 'POST', 'os-aggregates', '2.41', {
      json: { aggregate: { name: uniqueName('agg') } },
    });
    expect(made.status).toBe(200);
    const id = (made.body as { aggregate: { id: number } }).aggregate.id;
    cleanup(() => nova(admin, 'DELETE', `os-aggregates/${id}`));

    const listed = await admin.client.nova.aggregates.list();
    expectShape(listed, [AGGREGATE]);
    expect(listed.map((aggregate) => aggregate.id)).toContain(id);

    const set = await admin.client.nova.aggregates.setMetadata(id, {
      'contract-key': 'one',
      other: 'two',
    });
    expectShape(set, AGGREGATE);
    expect(set.metadata).toEqual({ 'contract-key': 'one', other: 'two' });
    const removed = await admin.client.nova.aggregates.setMetadata(id, { other: null });
    expect(removed.metadata).toEqual({ 'contract-key': 'one' });
    const shown = await admin.client.nova.aggregates.get(id);
    expectShape(shown, AGGREGATE);
    expect(shown.metadata).toEqual({ 'contract-key': 'one' });
  });

  it('answers a missing aggregate with 404 and a member with 403', async () => {
    const admin = await session('admin');
    await expectClientError(admin.client.nova.aggregates.get(987654), {
      status: 404,
      title: 'itemNotFound',
      message: 'Aggregate 987654 could not be found.',
    });
    const demo = await session('demo');
    await expectClientError(demo.client.nova.aggregates.list(), {
      status: 403,
      title: 'forbidden',
      message: 'os_compute_api:os-aggregates:index',
    });
  });

  it('answers an unknown server group uuid with 404', async () => {
    const { client } = await session('demo');
    await expectClientError(client.nova.serverGroups.get(MISSING_UUID), {
      status: 404,
      title: 'itemNotFound',
    });
  });
});
