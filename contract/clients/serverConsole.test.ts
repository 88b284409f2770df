import { beforeAll, describe, expect, it } from 'vitest';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { bootActiveServer, flavorsBySize, publicBootImage, testNetwork } from '../support/servers';
import { MISSING_UUID } from '../support/services';
import { session } from '../support/session';

// The Console tab's, Retrieve Password's and Update Metadata's client calls (server/src/services/nova/serverLog.ts)
// through the server's own client on both targets.

const cleanup = cleanupAfterAll();
let serverId = '';

beforeAll(async () => {
  const demo = await session('demo');
  const imageId = await publicBootImage(demo);
  const [flavor] = await flavorsBySize(demo);
  if (!flavor) throw new Error('the target has no flavor');
  const networkId = await testNetwork(demo, '10.232.14.0/24', cleanup);
  serverId = await bootActiveServer(demo, { imageId, flavorId: flavor.id, networkId }, cleanup);
});

describe('nova console and password calls', () => {
  it('remoteConsole: a noVNC URL, or the 400 that sends AUTO on to the next kind', async () => {
    const demo = await session('demo');
    const calls = demo.client.nova.serverLog;
    const vnc = await calls.remoteConsole(serverId, 'vnc', 'novnc').then(
      (answer) => answer,
      (error: unknown) => error,
    );
    if (vnc instanceof OpenStackHttpError) {
      expect([vnc.status, vnc.message]).toEqual([400, 'Unavailable console type novnc.']);
    } else {
      expect(vnc).toMatchObject({ protocol: 'vnc', type: 'novnc' });
      expect((vnc as { url: string }).url).toMatch(/^https?:\/\/.*token/);
    }
    // Neither cloud runs a SPICE proxy: the 400 the server's AUTO moves on from.
    await expectClientError(calls.remoteConsole(serverId, 'spice', 'spice-html5'), {
      status: 400,
      service: 'compute',
      message: 'Unavailable console type spice-html5.',
    });
    await expectClientError(calls.remoteConsole(MISSING_UUID, 'vnc', 'novnc'), {
      status: 404,
      service: 'compute',
    });
  });

  it("password: a server booted without a key pair has none (''), a missing one is 404", async () => {
    const demo = await session('demo');
    expect(await demo.client.nova.serverLog.password(serverId)).toBe('');
    await expectClientError(demo.client.nova.serverLog.password(MISSING_UUID), {
      status: 404,
      service: 'compute',
    });
  });

  it('metadata: set merges, a key deleted is gone, a missing key is 404', async () => {
    const demo = await session('demo');
    const calls = demo.client.nova.serverLog;
    await calls.setMetadata(serverId, { role: 'web', tier: 'front' });
    await calls.setMetadata(serverId, { owner: 'contract' });
    expect(await calls.metadata(serverId)).toEqual({
      role: 'web',
      tier: 'front',
      owner: 'contract',
    });
    await calls.deleteMetadataKey(serverId, 'tier');
    expect(await calls.metadata(serverId)).toEqual({ role: 'web', owner: 'contract' });
    await expectClientError(calls.deleteMetadataKey(serverId, 'tier'), {
      status: 404,
      service: 'compute',
    });
  });
});
