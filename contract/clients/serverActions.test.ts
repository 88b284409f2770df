import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { bootTestServers, settledServer } from '../support/servers';
import { MISSING_UUID, call } from '../support/services';
import { session, uniqueName } from '../support/session';

// The instance actions' client calls (server/src/routes/api/nova/serverActions.ts) through the
// server's own client on both targets: act, update, snapshot and delete.

const cleanup = cleanupAfterAll();
let serverId = '';

beforeAll(async () => {
  [serverId = ''] = (
    await bootTestServers(await session('demo'), '10.232.12.0/24', cleanup)
  ).serverIds;
});

const settle = async (status: string): Promise<Record<string, unknown>> =>
  settledServer(await session('demo'), serverId, status, '2.73');

describe('nova server action calls', () => {
  it('act: stop, start, soft reboot; a wrong state is the 409 the server passes on', async () => {
    const demo = await session('demo');
    const actions = demo.client.nova.serverActions;
    await actions.act(serverId, { action: 'os-stop' });
    await settle('SHUTOFF');
    await expectClientError(actions.act(serverId, { action: 'os-stop' }), {
      status: 409,
      service: 'compute',
      title: 'conflictingRequest',
      message: `Cannot 'stop' instance ${serverId} while it is in vm_state stopped`,
    });
    await actions.act(serverId, { action: 'os-start' });
    await settle('ACTIVE');
    await actions.act(serverId, { action: 'reboot', type: 'SOFT' });
    await settle('ACTIVE');
  });

  it('act: lock with a reason (2.73) and unlock', async () => {
    const demo = await session('demo');
    await demo.client.nova.serverActions.act(serverId, { action: 'lock', reason: 'contract' });
    const locked = await settle('ACTIVE');
    expect([locked['locked'], locked['locked_reason']]).toEqual([true, 'contract']);
    await demo.client.nova.serverActions.act(serverId, { action: 'unlock' });
    expect((await settle('ACTIVE'))['locked']).toBe(false);
  });

  it('act: a member may not reset the state (403); an admin may', async () => {
    const demo = await session('demo');
    const admin = await session('admin');
    await expectClientError(
      demo.client.nova.serverActions.act(serverId, { action: 'os-resetState', state: 'error' }),
      { status: 403, service: 'compute', message: 'os-admin-actions:reset_state' },
    );
    await admin.client.nova.serverActions.act(serverId, {
      action: 'os-resetState',
      state: 'active',
    });
    await settle('ACTIVE');
  });

  it('update: name and description (2.19)', async () => {
    const demo = await session('demo');
    const name = uniqueName('renamed');
    await demo.client.nova.serverActions.update(serverId, { name, description: 'contract' });
    const server = await settle('ACTIVE');
    expect([server['name'], server['description']]).toEqual([name, 'contract']);
  });

  it('snapshot: names the new image (2.45)', async () => {
    const demo = await session('demo');
    const { imageId } = await demo.client.nova.serverActions.snapshot(serverId, {
      name: uniqueName('snap'),
    });
    expect(imageId).toMatch(/^[0-9a-f-]{36}$/);
    cleanup(() => call(demo, 'image', 'DELETE', `v2/images/${imageId ?? ''}`));
    await settle('ACTIVE');
  });

  it('act and delete: an unknown server is a 404', async () => {
    const demo = await session('demo');
    await expectClientError(demo.client.nova.serverActions.act(MISSING_UUID, { action: 'pause' }), {
      status: 404,
      service: 'compute',
    });
    await expectClientError(demo.client.nova.serverActions.delete(MISSING_UUID), {
      status: 404,
      service: 'compute',
    });
  });
});
