import { beforeAll, describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import {
  COMPUTE,
  cirrosImageId,
  createServer,
  getServer,
  networkIdByName,
  serverAction,
  waitForStatus,
} from './novaTestKit';

describe('nova cold and live migration', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  let admin = '';
  let demo = '';
  let id = '';

  const hostOf = async (): Promise<string> =>
    String((await getServer(cloud(), admin, id)).body.server['OS-EXT-SRV-ATTR:host']);

  beforeAll(async () => {
    admin = await cloud().token('admin', 'admin');
    demo = await cloud().token('demo', 'demo');
    const project = (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';
    await cloud().request('PUT', `${COMPUTE}/os-quota-sets/${project}`, {
      token: admin,
      body: { quota_set: { instances: 50, cores: 50 } },
    });
    const created = await createServer(cloud(), demo, {
      name: 'migrant',
      imageRef: await cirrosImageId(cloud(), demo),
      flavorRef: '1',
      networks: [{ uuid: await networkIdByName(cloud(), demo, 'private') }],
    });
    id = created.body.server?.id ?? '';
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
  });

  it('refuses both to a member (admin policy)', async () => {
    expect((await serverAction(cloud(), demo, id, { migrate: null })).body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:os-migrate-server:migrate to be performed.",
      },
    });
    const live = { 'os-migrateLive': { host: null, block_migration: 'auto' } };
    expect((await serverAction(cloud(), demo, id, live)).status).toBe(403);
  });

  it('live-migrates (MIGRATING) to a named host, refusing the current and unknown hosts', async () => {
    const source = await hostOf();
    const live = (
      host: unknown,
      block: unknown = 'auto',
    ): Promise<{ status: number; body: unknown }> =>
      serverAction(cloud(), admin, id, { 'os-migrateLive': { host, block_migration: block } });

    expect((await live(source)).body).toEqual({
      badRequest: {
        code: 400,
        message: `Unable to migrate instance (${id}) to current host (${source}).`,
      },
    });
    expect((await live('nowhere')).body).toEqual({
      badRequest: { code: 400, message: 'Compute host nowhere could not be found.' },
    });
    expect((await live(null, 'sometimes')).status).toBe(400);
    expect(
      (await serverAction(cloud(), admin, id, { 'os-migrateLive': { host: null } })).status,
    ).toBe(400);

    const target = ['demo-compute-1', 'demo-compute-2', 'demo-compute-3'].find((h) => h !== source);
    expect((await live(target)).status).toBe(202);
    await waitForStatus(cloud(), admin, id, 'ACTIVE');
    expect(await hostOf()).toBe(target);
  });

  it('cold-migrates to VERIFY_RESIZE on another host, then confirms; wrong state is 409', async () => {
    const source = await hostOf();
    expect((await serverAction(cloud(), admin, id, { migrate: null })).status).toBe(202);
    await waitForStatus(cloud(), admin, id, 'VERIFY_RESIZE');
    expect(await hostOf()).not.toBe(source);
    expect((await serverAction(cloud(), admin, id, { migrate: null })).body).toEqual({
      conflictingRequest: {
        code: 409,
        message: `Cannot 'migrate' instance ${id} while it is in vm_state resized`,
      },
    });
    expect((await serverAction(cloud(), demo, id, { confirmResize: null })).status).toBe(204);
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
  });

  it('accepts a cold migration it cannot place (202) and records the failure', async () => {
    // web-1 is in an affinity group with web-2: no other host may take it.
    const list = await cloud().request<{ servers: Array<{ id: string; name: string }> }>(
      'GET',
      `${COMPUTE}/servers?name=^web-1$`,
      { token: demo },
    );
    const pinned = list.body.servers[0]?.id ?? '';
    expect((await serverAction(cloud(), admin, pinned, { migrate: null })).status).toBe(202);
    expect((await getServer(cloud(), admin, pinned)).body.server.status).toBe('ACTIVE');
    const actions = await cloud().request<{
      instanceActions: Array<{ action: string; message: string | null }>;
    }>('GET', `${COMPUTE}/servers/${pinned}/os-instance-actions`, { token: admin });
    expect(actions.body.instanceActions[0]).toMatchObject({ action: 'migrate', message: 'Error' });
    const live = { 'os-migrateLive': { host: null, block_migration: 'auto' } };
    expect((await serverAction(cloud(), admin, pinned, live, '2.25')).body).toEqual({
      badRequest: {
        code: 400,
        message: 'No valid host was found. There are not enough hosts available.',
      },
    });
  });

  it('live migration of a stopped server is 409', async () => {
    expect((await serverAction(cloud(), demo, id, { 'os-stop': null })).status).toBe(202);
    await waitForStatus(cloud(), demo, id, 'SHUTOFF');
    const live = { 'os-migrateLive': { host: null, block_migration: 'auto' } };
    expect((await serverAction(cloud(), admin, id, live)).body).toEqual({
      conflictingRequest: {
        code: 409,
        message: `Cannot 'os-migrateLive' instance ${id} while it is in vm_state stopped`,
      },
    });
  });
});
