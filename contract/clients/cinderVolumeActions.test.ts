import { describe, expect, it } from 'vitest';
import type { Volume } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { MISSING_UUID, call, waitFor } from '../support/services';
import { session, uniqueName } from '../support/session';
import type { Session } from '../support/session';
import { expectShape, field } from '../support/shape';

// The Volumes panel's actions (server/src/routes/api/cinder/volumeActions.ts), made through the
// server's own client on both targets.

const cleanup = cleanupAfterAll();

const statusOf = async (who: Session, id: string): Promise<unknown> =>
  field((await call(who, 'volumev3', 'GET', `volumes/${id}`)).body, 'volume', 'status');

const settle = (who: Session, id: string, label: string) =>
  waitFor(
    () => call(who, 'volumev3', 'GET', `volumes/${id}`),
    (answer) => field(answer.body, 'volume', 'status') === 'available',
    { timeoutMs: 90_000, label },
  );

async function availableVolume(who: Session): Promise<Volume> {
  const volume = await who.client.cinder.volumes.create({ size: 1, name: uniqueName('act') });
  cleanup(() =>
    waitFor(
      () => call(who, 'volumev3', 'DELETE', `volumes/${volume.id}?cascade=true`),
      (answer) => answer.status === 202 || answer.status === 404,
      { timeoutMs: 90_000, label: 'volume deletable' },
    ),
  );
  await settle(who, volume.id, 'volume available');
  return volume;
}

describe('cinder client: volume actions', { timeout: 200_000 }, () => {
  it('extends, sets bootable and refuses a smaller size', async () => {
    const demo = await session('demo');
    const volume = await availableVolume(demo);
    const actions = demo.client.cinder.volumeActions;
    await actions.extend(volume.id, 2);
    // The API accepts the extend; whether the backend can do it is the driver's matter (the
    // lab's LVM-less backend ends in error_extending, the demo cloud's grows the volume).
    const done = await waitFor(
      () => call(demo, 'volumev3', 'GET', `volumes/${volume.id}`),
      (answer) => field(answer.body, 'volume', 'status') !== 'extending',
      { timeoutMs: 90_000, label: 'extend finished' },
    );
    const outcome = field(done.body, 'volume', 'status');
    expect(['available', 'error_extending']).toContain(outcome);
    if (outcome === 'available') {
      expect((await demo.client.cinder.volumes.get(volume.id)).size).toBe(2);
    }
    await actions.setBootable(volume.id, true);
    expect((await demo.client.cinder.volumes.get(volume.id)).bootable).toBe('true');
    await expectClientError(actions.extend(volume.id, 1), { status: 400, service: 'volume' });
    await expectClientError(actions.extend(MISSING_UUID, 5), { status: 404, service: 'volume' });
  });

  it('snapshots a volume, renames the snapshot and deletes it', async () => {
    const demo = await session('demo');
    const volume = await availableVolume(demo);
    const snapshots = demo.client.cinder.snapshots;
    const created = await snapshots.create({ volume_id: volume.id, name: uniqueName('snap') });
    expectShape(created, { id: 'string', name: 'string', status: 'string', size: 'integer' });
    expect(created.volume_id).toBe(volume.id);
    await waitFor(
      () => call(demo, 'volumev3', 'GET', `snapshots/${created.id}`),
      (answer) => field(answer.body, 'snapshot', 'status') === 'available',
      { timeoutMs: 90_000, label: 'snapshot available' },
    );
    const renamed = await snapshots.update(created.id, { name: 'renamed', description: 'd' });
    expect(renamed.name).toBe('renamed');
    await snapshots.delete(created.id);
    await expectClientError(snapshots.create({ volume_id: MISSING_UUID, name: 'x' }), {
      status: 404,
      service: 'volume',
    });
  });

  it('transfers a volume to another project with its key', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    const volume = await availableVolume(demo);
    const transfers = demo.client.cinder.transfers;
    const transfer = await transfers.create(volume.id, uniqueName('gift'));
    expectShape(transfer, { id: 'string', volume_id: 'string', auth_key: 'string' });
    expect(await statusOf(demo, volume.id)).toBe('awaiting-transfer');
    const listed = await transfers.list();
    expect(listed.find((x) => x.id === transfer.id)?.auth_key).toBeUndefined();
    await expectClientError(admin.client.cinder.transfers.accept(transfer.id, 'wrong-key'), {
      status: 400,
      service: 'volume',
    });
    const accepted = await admin.client.cinder.transfers.accept(
      transfer.id,
      transfer.auth_key ?? '',
    );
    expect(accepted.volume_id).toBe(volume.id);
    // Now admin's: it cleans up there.
    cleanup(() => call(admin, 'volumev3', 'DELETE', `volumes/${volume.id}`));
    await expectClientError(demo.client.cinder.volumes.get(volume.id), {
      status: 404,
      service: 'volume',
    });
  });

  it('cancels a transfer', async () => {
    const demo = await session('demo');
    const volume = await availableVolume(demo);
    const transfer = await demo.client.cinder.transfers.create(volume.id, uniqueName('gift'));
    await demo.client.cinder.transfers.delete(transfer.id);
    expect(await statusOf(demo, volume.id)).toBe('available');
    await expectClientError(demo.client.cinder.transfers.delete(transfer.id), {
      status: 404,
      service: 'volume',
    });
  });
});
