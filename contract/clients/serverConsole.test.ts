import { beforeAll, describe, expect, it } from 'vitest';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import { cleanupAfterAll } from '../support/cleanup';
import { expectClientError } from '../support/clients';
import { bootTestServers } from '../support/servers';
import { MISSING_UUID } from '../support/services';
import { session } from '../support/session';

// The Console tab's, Retrieve Password's and Update Metadata's client calls (server/src/services/nova/serverLog.ts)
// through the server's own client on both targets.

const cleanup = cleanupAfterAll();
let serverId = '';
let networkId = '';

beforeAll(async () => {
  const booted = await bootTestServers(await session('demo'), '10.232.14.0/24', cleanup);
  [serverId = ''] = booted.serverIds;
  networkId = booted.networkId;
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

  it('interfaces: attach a port at a fixed IP, list it, detach it; both ids is a 400', async () => {
    const demo = await session('demo');
    const calls = demo.client.nova.serverLog;
    const before = await calls.interfaces(serverId);
    expect(before.map((p) => p.net_id)).toEqual([networkId]);
    const attached = await calls.attachInterface(serverId, {
      net_id: networkId,
      fixed_ips: [{ ip_address: '10.232.14.200' }],
    });
    expect(attached.net_id).toBe(networkId);
    expect(attached.fixed_ips?.map((ip) => ip.ip_address)).toEqual(['10.232.14.200']);
    expect((await calls.interfaces(serverId)).map((p) => p.port_id)).toContain(attached.port_id);
    await expectClientError(
      calls.attachInterface(serverId, { net_id: networkId, port_id: attached.port_id }),
      { status: 400, service: 'compute', message: 'Must not input both network_id and port_id' },
    );
    await calls.detachInterface(serverId, attached.port_id);
    // Nova detaches in the background (202): the port goes once the compute host is done.
    const deadline = Date.now() + 60_000;
    let ports = await calls.interfaces(serverId);
    while (ports.some((p) => p.port_id === attached.port_id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      ports = await calls.interfaces(serverId);
    }
    expect(ports.map((p) => p.port_id)).toEqual(before.map((p) => p.port_id));
    // A port no longer attached is accepted too: the compute host finds out, not the API.
    await calls.detachInterface(serverId, attached.port_id);
  });
});
