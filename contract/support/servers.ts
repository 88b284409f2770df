import { expect } from 'vitest';
import { nova } from './nova';
import { call, waitFor } from './services';
import type { Session } from './session';
import { uniqueName } from './session';
import { field } from './shape';

/** A flavor as `flavors/detail` lists it (the fields the tests pick by). */
export interface FlavorRow {
  id: string;
  name: string;
  vcpus: number;
  ram: number;
  disk: number;
}

/** The target's active public cirros image (or its first active public image). */
export async function publicBootImage(session: Session): Promise<string> {
  const images = await call(session, 'image', 'GET', 'v2/images?status=active&visibility=public');
  const list = field(images.body, 'images') as { id: string; name: string }[];
  const image = list.find((i) => i.name.startsWith('cirros')) ?? list[0];
  if (!image) throw new Error('the target has no active public image');
  return image.id;
}

/** The flavors the session sees, smallest RAM first. */
export async function flavorsBySize(session: Session): Promise<FlavorRow[]> {
  const answer = await nova(session, 'GET', 'flavors/detail');
  return (field(answer.body, 'flavors') as FlavorRow[]).sort((a, b) => a.ram - b.ram);
}

/**
 * A fresh `contract-*` network with one IPv4 subnet of `cidr`; `undo` receives its deletion
 * (run it after the servers on it are gone).
 */
export async function testNetwork(
  session: Session,
  cidr: string,
  undo: (step: () => Promise<unknown>) => void,
): Promise<string> {
  const net = await call(session, 'network', 'POST', 'v2.0/networks', {
    json: { network: { name: uniqueName('net') } },
  });
  const networkId = String(field(net.body, 'network', 'id'));
  undo(() => call(session, 'network', 'DELETE', `v2.0/networks/${networkId}`));
  const subnet = await call(session, 'network', 'POST', 'v2.0/subnets', {
    json: { subnet: { network_id: networkId, ip_version: 4, cidr } },
  });
  expect(subnet.status).toBe(201);
  return networkId;
}

/**
 * Boots a `contract-*` server and waits until it is ACTIVE; `undo` receives its deletion, which
 * waits until the server is gone (so its network can go next).
 *
 * The lab has one compute host, so Nova cannot reschedule a boot that fails on it the way a
 * cloud with several hosts would: a boot that ends in ERROR is tried once more (its fault is
 * printed), and a second ERROR fails with that fault.
 */
export async function bootActiveServer(
  session: Session,
  spec: { imageId: string; flavorId: string; networkId: string },
  undo: (step: () => Promise<unknown>) => void,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const { serverId, status, fault } = await bootOnce(session, spec, undo);
    if (status === 'ACTIVE') return serverId;
    if (attempt === 2) {
      expect(status, `boot of ${serverId} failed: ${JSON.stringify(fault)}`).toBe('ACTIVE');
    }
    console.warn(`boot of ${serverId} ended in ${status}, trying again: ${JSON.stringify(fault)}`);
  }
}

async function bootOnce(
  session: Session,
  spec: { imageId: string; flavorId: string; networkId: string },
  undo: (step: () => Promise<unknown>) => void,
): Promise<{ serverId: string; status: string; fault: unknown }> {
  const booted = await nova(session, 'POST', 'servers', undefined, {
    json: {
      server: {
        name: uniqueName('vm'),
        imageRef: spec.imageId,
        flavorRef: spec.flavorId,
        networks: [{ uuid: spec.networkId }],
      },
    },
  });
  expect(booted.status, JSON.stringify(booted.body)).toBe(202);
  const serverId = String(field(booted.body, 'server', 'id'));
  undo(async () => {
    await nova(session, 'DELETE', `servers/${serverId}`);
    await waitFor(
      () => nova(session, 'GET', `servers/${serverId}`),
      (a) => a.status === 404,
      { timeoutMs: 60_000, label: 'server gone' },
    );
  });
  const settled = await waitFor(
    () => nova(session, 'GET', `servers/${serverId}`),
    (a) => ['ACTIVE', 'ERROR'].includes(String(field(a.body, 'server', 'status'))),
    { timeoutMs: 90_000, intervalMs: 1_000, label: 'server ACTIVE' },
  );
  return {
    serverId,
    status: String(field(settled.body, 'server', 'status')),
    // Nova shows an errored server's fault to its owner: the cause, for the log.
    fault: field(settled.body, 'server', 'fault') ?? null,
  };
}

/**
 * The set-up of a file that needs servers to act on: `count` ACTIVE servers of the session's,
 * booted from the public image with the smallest flavor on a fresh network of `cidr` (each file
 * its own, so files never share a server). `undo` receives their deletion, then the network's.
 */
export async function bootTestServers(
  session: Session,
  cidr: string,
  undo: (step: () => Promise<unknown>) => void,
  count = 1,
): Promise<{ serverIds: string[]; networkId: string }> {
  const imageId = await publicBootImage(session);
  const [flavor] = await flavorsBySize(session);
  if (!flavor) throw new Error('the target has no flavor');
  const networkId = await testNetwork(session, cidr, undo);
  const serverIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    serverIds.push(
      await bootActiveServer(session, { imageId, flavorId: flavor.id, networkId }, undo),
    );
  }
  return { serverIds, networkId };
}

/**
 * Polls a server until it rests in `status` with no task state (an action has finished) and
 * returns it as Nova shows it at `microversion`.
 */
export async function settledServer(
  session: Session,
  serverId: string,
  status: string,
  microversion?: string,
): Promise<Record<string, unknown>> {
  const answer = await waitFor(
    () => nova(session, 'GET', `servers/${serverId}`, microversion),
    (a) => {
      const s = field(a.body, 'server') as Record<string, unknown>;
      return s['status'] === status && s['OS-EXT-STS:task_state'] === null;
    },
    { timeoutMs: 60_000, intervalMs: 200, label: `server ${status}` },
  );
  return field(answer.body, 'server') as Record<string, unknown>;
}
