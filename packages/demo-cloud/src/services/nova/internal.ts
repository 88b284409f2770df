import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { serverGroups, servers } from './model';
import { statusOf } from './serverState';

/**
 * What other services of the demo cloud may ask of Nova, in process. Keep this module free of
 * imports of other services (and of nova/deps.ts): Glance, Neutron and Cinder load it while
 * Nova loads them.
 */

export { addServerGroupMember, removeServerGroupMember } from './model';
export { registerUsageCounter } from './quotas';
export type { UsageCounter } from './quotas';

/** A server as other services see it. */
export interface ServerInfo {
  readonly id: string;
  readonly name: string;
  readonly project_id: string;
  readonly user_id: string;
  /** The API status (ACTIVE, BUILD, SHUTOFF, ERROR ...). */
  readonly status: string;
  readonly vm_state: string;
  readonly task_state: string | null;
  /** The compute host, once scheduled. */
  readonly host: string | null;
  readonly availability_zone: string | null;
  /** Volumes attached (root disk included for a volume-backed server). */
  readonly volume_ids: readonly string[];
  readonly image_id: string;
  readonly flavor: {
    readonly id: string;
    readonly name: string;
    readonly vcpus: number;
    readonly ram: number;
    readonly disk: number;
  };
}

/** A live (not deleted) server by id, whatever its project; null when there is none. */
export const findServer = (ctx: CloudContext, id: string): ServerInfo | null => {
  const s = ctx.store.collection(servers).get(id);
  if (!s || s.deleted) return null;
  return {
    id: s.id,
    name: s.name,
    project_id: s.project_id,
    user_id: s.user_id,
    status: statusOf(s),
    vm_state: s.vm_state,
    task_state: s.task_state,
    host: s.host,
    availability_zone: s.availability_zone,
    volume_ids: s.block_devices.flatMap((b) =>
      b.destination_type === 'volume' && b.volume_id ? [b.volume_id] : [],
    ),
    image_id: s.image_id,
    flavor: {
      id: s.flavor.id,
      name: s.flavor.name,
      vcpus: s.flavor.vcpus,
      ram: s.flavor.ram,
      disk: s.flavor.disk,
    },
  };
};

/** The API status of a live server (ACTIVE, BUILD ...), or null when it does not exist. */
export const serverStatus = (ctx: CloudContext, id: string): string | null =>
  findServer(ctx, id)?.status ?? null;

/**
 * Neutron tells Nova a device's ports or floating IPs changed (nova's network-changed event):
 * the server's cached addresses are refreshed on the next read.
 */
export const networkInfoChanged = (ctx: CloudContext, serverId: string): void => {
  ctx.store
    .collection(servers)
    .update(serverId, (s) => (s.addresses_stale ? s : { ...s, addresses_stale: true }));
};

/**
 * Cinder tells Nova a volume left a server outside Nova's own detach (force-detach, or the
 * volume was deleted): the server forgets the block device.
 */
export const volumeDetached = (ctx: CloudContext, serverId: string, volumeId: string): void => {
  ctx.store.collection(servers).update(serverId, (s) => ({
    ...s,
    block_devices: s.block_devices.filter((b) => b.volume_id !== volumeId || b.boot_index === 0),
  }));
};

/**
 * Heat's OS::Nova::ServerGroup: a server group of the project (the API's checks left to Heat's
 * schema). Returns its id.
 */
export const createServerGroupFor = (
  ctx: CloudContext,
  spec: {
    readonly projectId: string;
    readonly userId: string;
    readonly name: string;
    readonly policy: string;
    readonly rules?: Record<string, number>;
  },
): string => {
  const id = uuid();
  ctx.store.collection(serverGroups).insert({
    id,
    name: spec.name,
    project_id: spec.projectId,
    user_id: spec.userId,
    policy: spec.policy,
    rules: spec.rules ?? {},
    members: [],
    created_at: ctx.now().toISOString(),
  });
  return id;
};

/** Deletes a server group; no-op when gone. */
export const deleteServerGroupById = (ctx: CloudContext, id: string): void => {
  ctx.store.collection(serverGroups).delete(id);
};

/** A server group by id: its name, policy and members; null when there is none. */
export const findServerGroup = (
  ctx: CloudContext,
  id: string,
): {
  readonly name: string;
  readonly policy: string;
  readonly members: readonly string[];
} | null => {
  const g = ctx.store.collection(serverGroups).get(id);
  return g ? { name: g.name, policy: g.policy, members: g.members } : null;
};
