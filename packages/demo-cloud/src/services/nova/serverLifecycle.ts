import { cancelScheduled, registerTransitionHandler, schedule } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import { generatePassword, encryptPassword } from './sshKeys';
import {
  COMPUTE_HOSTS,
  CPU_ALLOCATION_RATIO,
  DISK_ALLOCATION_RATIO,
  RAM_ALLOCATION_RATIO,
  hostUsage,
  zoneOfHost,
} from './hosts';
import { addEvent, finishAction } from './instanceActions';
import { consoleTokens, removeServerGroupMember, serverGroups, servers } from './model';
import type { ServerAddress, ServerDoc, ServerFault } from './model';
import { POWER, VM } from './serverState';
import { serviceState } from './services';

/** The lifecycle work kind of servers; the payload's `step` says what to do. */
export const SERVER_WORK = 'nova.server';

/** Nominal durations (ms, scaled by lifecycleScale). */
export const DURATIONS = {
  schedule: 700,
  spawn: 2300,
  action: 1200,
  reboot: 1800,
  delete: 800,
  resize: 2500,
  snapshot: 1500,
} as const;

export type ServerStep =
  | { step: 'schedule' }
  | { step: 'spawn' }
  | { step: 'delete'; action: string }
  | {
      step: 'settle';
      /** Applied only while the server is still in this task state. */
      expectTask: string;
      /** Fields to set (task_state is cleared unless set here). */
      set: Partial<ServerDoc>;
      /** The instance action to finish, if any. */
      action?: string;
      ports?: 'ACTIVE' | 'DOWN';
      /** The guest boots again (its console log starts over). */
      boot?: boolean;
      /** Free the host (shelve offload). */
      unhost?: boolean;
      /** Pick a host again (unshelve). */
      rehost?: boolean;
      /** Move to this host (a migration's destination). */
      moveTo?: string;
    };

export const scheduleServerStep = (
  ctx: CloudContext,
  serverId: string,
  afterMs: number,
  step: ServerStep,
): void => {
  schedule(ctx, {
    kind: SERVER_WORK,
    id: serverId,
    afterMs,
    payload: step as Record<string, unknown>,
  });
};

/** Drops the server's pending steps (a newer request supersedes them, e.g. delete during BUILD). */
export const cancelServerSteps = (ctx: CloudContext, serverId: string): void => {
  cancelScheduled(ctx, { id: serverId, kind: SERVER_WORK });
};

const save = (
  ctx: CloudContext,
  id: string,
  change: (s: ServerDoc) => Partial<ServerDoc>,
): ServerDoc | undefined =>
  ctx.store
    .collection(servers)
    .update(id, (s) => ({ ...s, ...change(s), updated_at: ctx.now().toISOString() }));

/** Runs a call into another service, keeping a failure there from breaking Nova's own step. */
const tolerate = (fn: () => void): void => {
  try {
    fn();
  } catch (error) {
    process.emitWarning(`nova: cross-service call failed: ${String(error)}`);
  }
};

/** Rebuilds the server's network info cache from its Neutron ports and floating IPs. */
export const networkInfoOf = (ctx: CloudContext, serverId: string): ServerAddress[] => {
  const neutron = deps(ctx).neutron;
  if (!neutron) return [];
  const out: ServerAddress[] = [];
  for (const port of neutron.portsOfDevice(ctx, serverId)) {
    const network = port.network_name || port.network_id;
    for (const ip of port.fixed_ips) {
      out.push({
        network,
        addr: ip.ip_address,
        version: ip.ip_version,
        type: 'fixed',
        mac: port.mac_address,
        port_id: port.id,
      });
      for (const f of port.floating_ips) {
        if (f.fixed_ip_address !== null && f.fixed_ip_address !== ip.ip_address) continue;
        out.push({
          network,
          addr: f.floating_ip_address,
          version: f.floating_ip_address.includes(':') ? 6 : 4,
          type: 'floating',
          mac: port.mac_address,
          port_id: port.id,
        });
      }
    }
  }
  return out;
};

export const refreshAddresses = (ctx: CloudContext, serverId: string): ServerDoc | undefined => {
  const addresses = networkInfoOf(ctx, serverId);
  return ctx.store.collection(servers).update(serverId, (s) => ({
    ...s,
    addresses,
    addresses_stale: false,
  }));
};

/**
 * The server with the addresses its Neutron ports give it now. Real Nova keeps a cache that
 * Neutron's network-changed events refresh; this cloud's Neutron sends none, so every read
 * compares instead (an indexed lookup of the server's ports): a floating IP associated, or a
 * port changed or deleted, through Neutron's own API shows in a list as in GET /servers/{id}.
 * A building or failed server keeps what it has (no addresses yet, none left).
 */
export const withCurrentAddresses = (ctx: CloudContext, server: ServerDoc): ServerDoc => {
  if (
    server.deleted ||
    server.vm_state === VM.BUILDING ||
    server.vm_state === VM.ERROR ||
    !deps(ctx).neutron
  ) {
    return server;
  }
  const addresses = networkInfoOf(ctx, server.id);
  if (!server.addresses_stale && JSON.stringify(addresses) === JSON.stringify(server.addresses)) {
    return server;
  }
  return (
    ctx.store
      .collection(servers)
      .update(server.id, (s) => ({ ...s, addresses, addresses_stale: false })) ?? server
  );
};

export const NO_VALID_HOST = 'No valid host was found. There are not enough hosts available.';

const traceback = (where: string, exception: string, message: string): string =>
  [
    'Traceback (most recent call last):',
    `  File "/usr/lib/python3/dist-packages/nova/${where}", in the demo cloud's scheduler`,
    `${exception}: ${message}`,
    '',
  ].join('\n');

export const faultOf = (
  ctx: CloudContext,
  message: string,
  details: string,
  code = 500,
): ServerFault => ({
  code,
  message,
  details,
  created: ctx.now().toISOString(),
});

/**
 * The filter scheduler in small: hosts of the requested zone with room for the flavor (at
 * placement's allocation ratios) that satisfy the server group's policy, the one with the most
 * free RAM first (nova's default weigher spreads).
 */
export const pickHost = (
  ctx: CloudContext,
  server: ServerDoc,
  /** A host to leave out (a migration's source). */
  exclude?: string,
): string | null => {
  const { store } = ctx;
  const usage = hostUsage(store);
  const group = server.server_group_id
    ? store.collection(serverGroups).get(server.server_group_id)
    : undefined;
  const memberHosts = new Map<string, number>();
  if (group) {
    for (const memberId of group.members) {
      if (memberId === server.id) continue;
      const member = store.collection(servers).get(memberId);
      if (member?.host && !member.deleted) {
        memberHosts.set(member.host, (memberHosts.get(member.host) ?? 0) + 1);
      }
    }
  }
  const forced = server.availability_zone?.includes(':')
    ? server.availability_zone.split(':')[1]
    : undefined;
  const zone = server.availability_zone?.split(':')[0] || undefined;
  const candidates = COMPUTE_HOSTS.filter((h) => {
    if (h.name === exclude) return false;
    if (forced && h.name !== forced) return false;
    // ComputeFilter: a disabled compute service takes no new servers (a forced host skips it).
    if (!forced && serviceState(store, h.serviceUuid).status === 'disabled') return false;
    if (zone && zoneOfHost(store, h.name) !== zone) return false;
    const used = usage.get(h.name);
    if (!used) return false;
    const disk = server.image_id === '' ? 0 : server.flavor.disk + server.flavor.ephemeral;
    return (
      used.vcpus + server.flavor.vcpus <= h.vcpus * CPU_ALLOCATION_RATIO &&
      used.memoryMb + server.flavor.ram <= h.memoryMb * RAM_ALLOCATION_RATIO &&
      used.localGb + disk <= h.localGb * DISK_ALLOCATION_RATIO
    );
  }).filter((h) => {
    if (!group) return true;
    const count = memberHosts.get(h.name) ?? 0;
    if (group.policy === 'affinity') return memberHosts.size === 0 || count > 0;
    if (group.policy === 'anti-affinity') return count < (group.rules['max_server_per_host'] ?? 1);
    return true;
  });
  const weight = (name: string): number => {
    const h = COMPUTE_HOSTS.find((c) => c.name === name);
    const free = (h?.memoryMb ?? 0) * RAM_ALLOCATION_RATIO - (usage.get(name)?.memoryMb ?? 0);
    const count = memberHosts.get(name) ?? 0;
    // Soft policies prefer, without requiring, (non-)colocation.
    const soft =
      group?.policy === 'soft-affinity'
        ? count * 1e9
        : group?.policy === 'soft-anti-affinity'
          ? -count * 1e9
          : 0;
    return free + soft;
  };
  const best = [...candidates].sort((a, b) => weight(b.name) - weight(a.name))[0];
  return best?.name ?? null;
};

const failBuild = (ctx: CloudContext, server: ServerDoc, fault: ServerFault): void => {
  const neutron = deps(ctx).neutron;
  if (neutron) {
    tolerate(() => neutron.releaseDevicePorts(ctx, server.id, { deletePortsCreatedByNova: true }));
  }
  save(ctx, server.id, () => ({
    vm_state: VM.ERROR,
    task_state: null,
    power_state: POWER.NOSTATE,
    fault,
    addresses: [],
  }));
  finishAction(ctx.store, ctx.now(), server.id, 'create', {
    message: fault.message,
    traceback: fault.details,
  });
};

const scheduleStep = (ctx: CloudContext, server: ServerDoc): void => {
  const host = pickHost(ctx, server);
  if (!host) {
    failBuild(
      ctx,
      server,
      faultOf(
        ctx,
        NO_VALID_HOST,
        traceback('conductor/manager.py', 'nova.exception.NoValidHost', NO_VALID_HOST),
      ),
    );
    return;
  }
  save(ctx, server.id, () => ({
    host,
    availability_zone: zoneOfHost(ctx.store, host),
    task_state: 'spawning',
    booted_at: ctx.now().toISOString(),
  }));
  finishAction(ctx.store, ctx.now(), server.id, 'create');
  addEvent(ctx.store, ctx.now(), server.id, 'create', 'compute__do_build_and_run_instance', host);
  scheduleServerStep(ctx, server.id, DURATIONS.spawn, { step: 'spawn' });
};

/** Attaches the server's volume block devices in Cinder; throws what Cinder refuses. */
const attachVolumes = (ctx: CloudContext, server: ServerDoc): ServerDoc['block_devices'] => {
  const cinder = deps(ctx).cinder;
  return server.block_devices.map((b) => {
    if (b.destination_type !== 'volume' || !b.volume_id || b.attachment_id || !cinder) return b;
    const result = cinder.attachVolume(ctx, b.volume_id, {
      serverId: server.id,
      device: b.device_name,
      hostName: server.host ?? '',
    });
    const attachment = (result && (result.attachment_id ?? result.id)) || null;
    return { ...b, attachment_id: attachment };
  });
};

const spawnStep = (ctx: CloudContext, server: ServerDoc): void => {
  let blockDevices: ServerDoc['block_devices'];
  try {
    blockDevices = attachVolumes(ctx, server);
  } catch (error) {
    const message = `Build of instance ${server.id} aborted: ${(error as Error).message}`;
    failBuild(
      ctx,
      server,
      faultOf(
        ctx,
        message,
        traceback('compute/manager.py', 'nova.exception.BuildAbortException', message),
      ),
    );
    return;
  }
  const neutron = deps(ctx).neutron;
  if (neutron) tolerate(() => neutron.setDevicePortsStatus(ctx, server.id, 'ACTIVE'));
  // The guest agent posts its password, encrypted with the key pair's RSA key.
  const password = server.key_data
    ? (encryptPassword(server.key_data, generatePassword()) ?? '')
    : '';
  const now = ctx.now().toISOString();
  save(ctx, server.id, () => ({
    vm_state: VM.ACTIVE,
    task_state: null,
    power_state: POWER.RUNNING,
    launched_at: now,
    block_devices: blockDevices,
    password,
    addresses: networkInfoOf(ctx, server.id),
  }));
  finishAction(ctx.store, ctx.now(), server.id, 'create');
};

/** The end of a delete: resources go back to their services and the row is soft-deleted. */
export const finalizeDelete = (ctx: CloudContext, serverId: string, action = 'delete'): void => {
  const server = ctx.store.collection(servers).get(serverId);
  if (!server || server.deleted) return;
  cancelServerSteps(ctx, serverId);
  const { neutron, cinder } = deps(ctx);
  if (neutron) {
    tolerate(() => neutron.releaseDevicePorts(ctx, serverId, { deletePortsCreatedByNova: true }));
  }
  if (cinder) {
    for (const b of server.block_devices) {
      if (b.destination_type !== 'volume' || !b.volume_id) continue;
      const volumeId = b.volume_id;
      tolerate(() => cinder.detachVolume(ctx, volumeId, serverId));
      if (b.delete_on_termination) tolerate(() => cinder.deleteVolume(ctx, volumeId));
    }
  }
  removeServerGroupMember(ctx.store, serverId);
  ctx.store.collection(consoleTokens).deleteWhere('server_id', serverId);
  const now = ctx.now().toISOString();
  save(ctx, serverId, () => ({
    deleted: true,
    deleted_at: now,
    terminated_at: now,
    vm_state: VM.DELETED,
    task_state: null,
    power_state: POWER.NOSTATE,
    addresses: [],
    password: '',
  }));
  finishAction(ctx.store, ctx.now(), serverId, action);
};

const settleStep = (
  ctx: CloudContext,
  server: ServerDoc,
  step: Extract<ServerStep, { step: 'settle' }>,
): void => {
  if (server.task_state !== step.expectTask) return;
  let host = server.host;
  if (step.rehost) {
    host = pickHost(ctx, { ...server, host: null });
    if (!host) {
      save(ctx, server.id, () => ({
        task_state: null,
        fault: faultOf(
          ctx,
          NO_VALID_HOST,
          traceback('conductor/manager.py', 'nova.exception.NoValidHost', NO_VALID_HOST),
        ),
      }));
      if (step.action) {
        finishAction(ctx.store, ctx.now(), server.id, step.action, {
          message: NO_VALID_HOST,
          traceback: NO_VALID_HOST,
        });
      }
      return;
    }
  }
  if (step.unhost) host = null;
  if (step.moveTo) host = step.moveTo;
  const neutron = deps(ctx).neutron;
  if (step.ports && neutron) {
    const status = step.ports;
    tolerate(() => neutron.setDevicePortsStatus(ctx, server.id, status));
  }
  save(ctx, server.id, () => ({
    task_state: null,
    ...step.set,
    host,
    ...(step.rehost && host ? { availability_zone: zoneOfHost(ctx.store, host) } : {}),
    ...(step.boot ? { booted_at: ctx.now().toISOString() } : {}),
  }));
  if (step.action) finishAction(ctx.store, ctx.now(), server.id, step.action);
};

registerTransitionHandler(SERVER_WORK, (ctx, work) => {
  const server = ctx.store.collection(servers).get(work.id);
  if (!server || server.deleted) return;
  const step = work.payload as ServerStep;
  switch (step.step) {
    case 'schedule':
      if (server.vm_state === VM.BUILDING) scheduleStep(ctx, server);
      return;
    case 'spawn':
      if (server.vm_state === VM.BUILDING) spawnStep(ctx, server);
      return;
    case 'delete':
      finalizeDelete(ctx, server.id, step.action);
      return;
    case 'settle':
      settleStep(ctx, server, step);
      return;
  }
});
