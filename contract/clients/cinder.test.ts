import { describe, expect, it } from 'vitest';
import type { Volume } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { MISSING_UUID, call, waitFor } from '../support/services';
import { session, uniqueName } from '../support/session';
import type { Session } from '../support/session';
import { expectShape, field } from '../support/shape';
import type { Shape } from '../support/shape';

// Every Cinder call of the server's routes (server/src/routes/api/cinder), made through the
// server's own client on both targets: what it returns, and how it fails.

const cleanup = cleanupAfterAll();

const VOLUME: Shape = {
  id: 'string',
  name: 'string|null',
  description: 'string|null',
  size: 'integer',
  status: 'string',
  availability_zone: 'string|null',
  bootable: 'string',
  encrypted: 'boolean',
  multiattach: 'boolean',
  volume_type: 'string|null',
  snapshot_id: 'string|null',
  source_volid: 'string|null',
  created_at: 'string',
  updated_at: 'string|null',
  attachments: 'array',
  metadata: 'object',
  user_id: 'string',
  replication_status: 'string|null',
};

const VOLUME_TYPE: Shape = {
  id: 'string',
  name: 'string',
  description: 'string|null',
  is_public: 'boolean',
};

/**
 * Deletes a volume once it may go (its snapshots and backups were cleaned up first) and waits
 * until it is gone: a volume still deleting counts against the project's quota, which the next
 * file (cinder.test.ts) needs.
 */
async function removeVolume(who: Session, id: string): Promise<void> {
  await waitFor(
    () => call(who, 'volumev3', 'DELETE', `volumes/${id}`),
    (answer) => answer.status === 202 || answer.status === 404,
    { timeoutMs: 60_000, label: 'volume deletable' },
  );
  await waitFor(
    () => call(who, 'volumev3', 'GET', `volumes/${id}`),
    (answer) => answer.status === 404,
    { timeoutMs: 60_000, label: 'volume gone' },
  );
}

async function availableVolume(
  who: Session,
  metadata: Record<string, string> = {},
): Promise<Volume> {
  const volume = await who.client.cinder.volumes.create({
    size: 1,
    name: uniqueName('vol'),
    metadata,
  });
  cleanup(() => removeVolume(who, volume.id));
  await waitFor(
    () => call(who, 'volumev3', 'GET', `volumes/${volume.id}`),
    (answer) => field(answer.body, 'volume', 'status') === 'available',
    { timeoutMs: 60_000, label: 'volume available' },
  );
  return volume;
}

describe('cinder client: volumes', () => {
  it('creates, shows, pages and edits metadata key by key', async () => {
    const demo = await session('demo');
    const volumes = demo.client.cinder.volumes;
    const volume = await availableVolume(demo, { purpose: 'contract' });
    expectShape(volume, VOLUME);
    expect(volume.status).toBe('creating');
    expect(volume.metadata).toEqual({ purpose: 'contract' });

    const shown = await volumes.get(volume.id);
    expectShape(shown, { ...VOLUME, 'os-vol-tenant-attr:tenant_id': 'string' });
    expect(shown.status).toBe('available');
    expect(shown.bootable).toBe('false');

    const second = await availableVolume(demo);
    // Other runs may add volumes meanwhile: check the paging, not which volume comes first.
    const first = await volumes.list({ limit: 1, sortKey: 'created_at', sortDir: 'desc' });
    expectShape(first.volumes, [VOLUME]);
    expect(first.volumes).toHaveLength(1);
    expect(first.nextMarker).toBe(first.volumes[0]?.id);
    const next = await volumes.list({
      limit: 1,
      sortKey: 'created_at',
      sortDir: 'desc',
      marker: first.nextMarker,
    });
    expect(next.volumes).toHaveLength(1);
    expect(next.volumes[0]?.id).not.toBe(first.volumes[0]?.id);
    const all = await volumes.listAll({ limit: 1 });
    expect(all.truncated).toBe(false);
    expect(all.volumes.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([volume.id, second.id]),
    );

    expect(await volumes.setMetadata(volume.id, { tier: 'gold' })).toEqual({
      purpose: 'contract',
      tier: 'gold',
    });
    await volumes.deleteMetadata(volume.id, 'purpose');
    expect(await volumes.getMetadata(volume.id)).toEqual({ tier: 'gold' });
    await expectClientError(volumes.deleteMetadata(volume.id, 'purpose'), {
      status: 404,
      service: 'volume',
      title: 'itemNotFound',
    });
  });

  // As for Glance (clients/glance.test.ts): Skydeck reads the page before an item as the page
  // after it in the flipped direction, which needs Cinder's created_at and id to follow the key.
  it('lists after a marker in the flipped direction: exactly the volumes before it', async () => {
    const demo = await session('demo');
    const volumes = demo.client.cinder.volumes;
    // One name for both: only created_at and id order them by name. (Two: the project's
    // volume quota is shared with the other tests of this file.)
    const name = uniqueName('both-ways');
    for (let index = 0; index < 2; index++) {
      const volume = await volumes.create({ size: 1, name });
      cleanup(() => removeVolume(demo, volume.id));
    }
    const sorts: { sortKey: string; sortDir: 'asc' | 'desc' }[] = [
      { sortKey: 'name', sortDir: 'asc' },
      { sortKey: 'name', sortDir: 'desc' },
      { sortKey: 'created_at', sortDir: 'desc' },
      { sortKey: 'size', sortDir: 'asc' },
    ];
    for (const sort of sorts) {
      const forward = (await volumes.list({ filters: { name }, limit: 50, ...sort })).volumes;
      expect(forward).toHaveLength(2);
      for (const [index, item] of forward.entries()) {
        const before = await volumes.list({
          filters: { name },
          limit: 50,
          marker: item.id,
          sortKey: sort.sortKey,
          sortDir: sort.sortDir === 'asc' ? 'desc' : 'asc',
        });
        expect(
          before.volumes.map((volume) => volume.id),
          `${JSON.stringify(sort)} before #${index}`,
        ).toEqual(
          forward
            .slice(0, index)
            .reverse()
            .map((volume) => volume.id),
        );
      }
    }
  });

  it('answers an unknown volume with 404 and a reader creating one with 403', async () => {
    const demo = await session('demo');
    await expectClientError(demo.client.cinder.volumes.get(MISSING_UUID), {
      status: 404,
      service: 'volume',
      title: 'itemNotFound',
      message: `Volume ${MISSING_UUID} could not be found.`,
    });
    const reader = await session('reader');
    await expectClientError(reader.client.cinder.volumes.create({ size: 1 }), {
      status: 403,
      title: 'forbidden',
      message: 'volume:create',
    });
  });
});

describe('cinder client: backups', () => {
  it("lets an admin reset a backup's status (available or error) and refuses a member", async (ctx) => {
    const demo = await session('demo');
    const admin = await session('admin');
    // Cinder resets a backup's status through its backup service: a cloud without one (the
    // lab) answers "Service cinder-backup could not be found.", and nothing is there to test.
    const backupServices = await admin.client.cinder.services.list({ binary: 'cinder-backup' });
    if (backupServices.length === 0) return ctx.skip('no cinder-backup service on this cloud');
    const volume = await availableVolume(demo);
    const made = await demo.client.cinder.backups
      .create({ volume_id: volume.id, name: uniqueName('backup') })
      .then(
        (backup) => ({ id: backup.id }),
        (error: unknown) => ({ error: String(error) }),
      );
    // A cloud without a cinder-backup service refuses every backup: nothing to reset then.
    if ('error' in made) return ctx.skip(`no backups on this cloud: ${made.error}`);
    const id = made.id;
    const status = async (): Promise<string> => (await admin.client.cinder.backups.get(id)).status;
    cleanup(async () => {
      await waitFor(
        () => call(demo, 'volumev3', 'DELETE', `backups/${id}`),
        (answer) => answer.status === 202 || answer.status === 404,
        { timeoutMs: 60_000, label: 'backup deletable' },
      );
    });
    await waitFor(
      () => call(admin, 'volumev3', 'GET', `backups/${id}`),
      (answer) => ['available', 'error'].includes(String(field(answer.body, 'backup', 'status'))),
      { timeoutMs: 120_000, label: 'backup settled' },
    );

    await admin.client.cinder.backups.resetStatus(id, 'error');
    expect(await status()).toBe('error');
    await admin.client.cinder.backups.resetStatus(id, 'available');
    expect(await status()).toBe('available');

    await expectClientError(demo.client.cinder.backups.resetStatus(id, 'error'), {
      status: 403,
      title: 'forbidden',
      message: 'volume_extension:backup_admin_actions:reset_status',
    });
    const odd = await call(admin, 'volumev3', 'POST', `backups/${id}/action`, {
      json: { 'os-reset_status': { status: 'creating' } },
    });
    expect(odd.status).toBe(400);
    await expectClientError(admin.client.cinder.backups.resetStatus(MISSING_UUID, 'error'), {
      status: 404,
      title: 'itemNotFound',
    });

    // The backup and its volume go now, not after the file: the project's volume quota is shared
    // with this file's other tests and cinder.test.ts (a held volume tipped them over it).
    await call(demo, 'volumev3', 'DELETE', `backups/${id}`);
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `backups/${id}`),
      (answer) => answer.status === 404,
      { timeoutMs: 60_000, label: 'backup gone' },
    );
    await removeVolume(demo, volume.id);
  });
});

describe('cinder client: snapshots', () => {
  it('lists a volume’s snapshot and edits its metadata', async () => {
    const demo = await session('demo');
    const volume = await availableVolume(demo);
    const made = await call(demo, 'volumev3', 'POST', 'snapshots', {
      json: { snapshot: { volume_id: volume.id, name: uniqueName('snap'), metadata: { a: '1' } } },
    });
    expect(made.status).toBe(202);
    const id = String(field(made.body, 'snapshot', 'id'));
    cleanup(async () => {
      await call(demo, 'volumev3', 'DELETE', `snapshots/${id}`);
      await waitFor(
        () => call(demo, 'volumev3', 'GET', `snapshots/${id}`),
        (answer) => answer.status === 404,
        { timeoutMs: 60_000, label: 'snapshot gone' },
      );
    });
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `snapshots/${id}`),
      (answer) => field(answer.body, 'snapshot', 'status') === 'available',
      { timeoutMs: 60_000, label: 'snapshot available' },
    );

    const snapshots = demo.client.cinder.snapshots;
    const page = await snapshots.list({ filters: { volume_id: volume.id } });
    expectShape(page.snapshots, [
      {
        id: 'string',
        name: 'string|null',
        description: 'string|null',
        volume_id: 'string',
        size: 'integer',
        status: 'string',
        created_at: 'string',
        updated_at: 'string|null',
        metadata: 'object',
      },
    ]);
    expect(page.snapshots.map((snapshot) => snapshot.id)).toEqual([id]);
    expect(await snapshots.setMetadata(id, { b: '2' })).toEqual({ a: '1', b: '2' });
    await snapshots.deleteMetadata(id, 'a');
    expect(await snapshots.getMetadata(id)).toEqual({ b: '2' });
    await expectClientError(snapshots.getMetadata(MISSING_UUID), {
      status: 404,
      title: 'itemNotFound',
      message: `Snapshot ${MISSING_UUID} could not be found.`,
    });
  });
});

describe('cinder client: volume types', () => {
  it('lists types and reads the default one', async () => {
    const demo = await session('demo');
    const types = await demo.client.cinder.volumeTypes.list();
    expectShape(types, [VOLUME_TYPE]);
    const fallback = await demo.client.cinder.volumeTypes.getDefault();
    expectShape(fallback, VOLUME_TYPE);
    expect(types.map((type) => type.id)).toContain(fallback.id);
    const shown = await demo.client.cinder.volumeTypes.get(fallback.id);
    expect(shown.name).toBe(fallback.name);
  });

  it('sets, reads and deletes extra specs of a type (admin)', async () => {
    const admin = await session('admin');
    const made = await call(admin, 'volumev3', 'POST', 'types', {
      json: { volume_type: { name: uniqueName('type'), extra_specs: { a: '1' } } },
    });
    expect(made.status).toBe(200);
    const id = String(field(made.body, 'volume_type', 'id'));
    cleanup(() => call(admin, 'volumev3', 'DELETE', `types/${id}`));

    const types = admin.client.cinder.volumeTypes;
    expect(await types.getExtraSpecs(id)).toEqual({ a: '1' });
    expect(await types.setExtraSpecs(id, { b: '2' })).toEqual({ b: '2' });
    await types.deleteExtraSpec(id, 'a');
    expect(await types.getExtraSpecs(id)).toEqual({ b: '2' });
    expect((await types.get(id)).extra_specs).toEqual({ b: '2' });
    await expectClientError(types.deleteExtraSpec(id, 'a'), {
      status: 404,
      service: 'volume',
      title: 'itemNotFound',
    });
    await expectClientError(types.get(MISSING_UUID), {
      status: 404,
      title: 'itemNotFound',
      message: `Volume type ${MISSING_UUID} could not be found.`,
    });
  });
});

describe('cinder client: quotas, limits and the admin lists', () => {
  it('reads defaults, changes default and project quotas and puts them back', async () => {
    const admin = await session('admin');
    const alt = await session('demo', 'alt_demo');
    const quotas = admin.client.cinder.quotaSets;
    const defaults = await quotas.getDefaults(admin.projectId);
    expectShape(defaults, {
      volumes: 'integer',
      snapshots: 'integer',
      gigabytes: 'integer',
      backups: 'integer',
      backup_gigabytes: 'integer',
      per_volume_gigabytes: 'integer',
      groups: 'integer',
      id: 'absent',
    });

    const before = defaults['per_volume_gigabytes'] ?? -1;
    try {
      const changed = await quotas.updateDefaults({ per_volume_gigabytes: 4321 });
      expect(changed['per_volume_gigabytes']).toBe(4321);
      expect((await quotas.getDefaults(admin.projectId))['per_volume_gigabytes']).toBe(4321);
    } finally {
      await quotas.updateDefaults({ per_volume_gigabytes: before });
    }

    const own = await quotas.get(alt.projectId);
    const snapshots = own['snapshots'] ?? -1;
    try {
      const updated = await quotas.update(alt.projectId, { snapshots: 17 });
      expect(updated['snapshots']).toBe(17);
      expect(updated).not.toHaveProperty('id');
    } finally {
      await quotas.update(alt.projectId, { snapshots });
    }

    const demo = await session('demo');
    await expectClientError(demo.client.cinder.quotaSets.update(demo.projectId, { volumes: 1 }), {
      status: 403,
      title: 'forbidden',
    });
  });

  it('reads absolute limits, zones and extensions as a member', async () => {
    const { client } = await session('demo');
    const limits = await client.cinder.limits.get();
    expectShape(limits, {
      absolute: {
        maxTotalVolumes: 'integer',
        maxTotalSnapshots: 'integer',
        maxTotalVolumeGigabytes: 'integer',
        maxTotalBackups: 'integer',
        maxTotalBackupGigabytes: 'integer',
        totalVolumesUsed: 'integer',
        totalGigabytesUsed: 'integer',
        totalSnapshotsUsed: 'integer',
        totalBackupsUsed: 'integer',
        totalBackupGigabytesUsed: 'integer',
      },
      rate: 'array',
    });
    const zones = await client.cinder.availabilityZones.list();
    expectShape(zones, [{ zoneName: 'string', zoneState: { available: 'boolean' } }]);
    expect(zones.map((zone) => zone.zoneName)).toContain('nova');
    const extensions = await client.cinder.extensions.list();
    expectShape(extensions, [
      { alias: 'string', name: 'string', description: 'string', updated: 'string' },
    ]);
  });

  it('lists services and QoS specs as admin; refuses a member with 403', async () => {
    const admin = await session('admin');
    const services = await admin.client.cinder.services.list();
    expectShape(services, [
      {
        binary: 'string',
        host: 'string',
        zone: 'string',
        status: 'string',
        state: 'string',
        updated_at: 'string|null',
      },
    ]);
    expect(services.map((service) => service.binary)).toEqual(
      expect.arrayContaining(['cinder-scheduler', 'cinder-volume']),
    );
    const volumeService = services.find((service) => service.binary === 'cinder-volume');
    expect(volumeService?.backend_state).toMatch(/^(up|down)$/);
    expectShape(await admin.client.cinder.qosSpecs.list(), [
      { id: 'string', name: 'string', consumer: 'string', specs: 'object' },
    ]);

    const demo = await session('demo');
    await expectClientError(demo.client.cinder.services.list(), {
      status: 403,
      title: 'forbidden',
    });
  });
  it("names the scheduler's pools host@backend#pool to an admin; refuses a member", async () => {
    const admin = await session('admin');
    const pools = await admin.client.cinder.pools.list();
    expectShape(pools, [{ name: 'string' }]);
    // Each on a volume service's host (host@backend), as Manage Volume offers them.
    const hosts = (await admin.client.cinder.services.list({ binary: 'cinder-volume' })).map(
      (service) => service.host,
    );
    for (const pool of pools) {
      expect(pool.name).toMatch(/^[^@#]+@[^#]+#.+$/);
      expect(hosts).toContain(pool.name.slice(0, pool.name.indexOf('#')));
    }
    const raw = await call(admin, 'volumev3', 'GET', 'scheduler-stats/get_pools?detail=true');
    expect(raw.status).toBe(200);
    expectShape(field(raw.body, 'pools'), [{ name: 'string', capabilities: 'object' }]);

    const demo = await session('demo');
    await expectClientError(demo.client.cinder.pools.list(), {
      status: 403,
      title: 'forbidden',
      message: 'scheduler_extension:scheduler_stats:get_pools',
    });
  });
});
