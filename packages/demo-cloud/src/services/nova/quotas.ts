import { Fault } from '../../core/faults';
import type { Store } from '../../store/store';
import { keypairs, quotas, serverGroups, servers } from './model';
import type { ServerDoc } from './model';

/** Nova's default quotas ([quota] options). */
export const DEFAULT_QUOTAS = {
  instances: 10,
  cores: 20,
  ram: 51200,
  floating_ips: 10,
  fixed_ips: -1,
  metadata_items: 128,
  injected_files: 5,
  injected_file_content_bytes: 10240,
  injected_file_path_bytes: 255,
  security_groups: 10,
  security_group_rules: 20,
  key_pairs: 100,
  server_groups: 10,
  server_group_members: 10,
} as const;

export type QuotaResource = keyof typeof DEFAULT_QUOTAS;
export type QuotaLimits = Record<QuotaResource, number>;

export const QUOTA_RESOURCES = Object.keys(DEFAULT_QUOTAS) as QuotaResource[];

/** Resources the quota APIs stopped showing: network ones with 2.36, file injection with 2.57. */
export const NETWORK_QUOTAS: readonly QuotaResource[] = [
  'floating_ips',
  'fixed_ips',
  'security_groups',
  'security_group_rules',
];
export const INJECTION_QUOTAS: readonly QuotaResource[] = [
  'injected_files',
  'injected_file_content_bytes',
  'injected_file_path_bytes',
];

export const classKey = (name: string): string => `class:${name}`;
export const projectKey = (projectId: string, userId?: string | null): string =>
  userId ? `${projectId}/${userId}` : projectId;

/** The defaults: nova's options overlaid by the `default` quota class. */
export const defaultQuotas = (store: Store): QuotaLimits => ({
  ...DEFAULT_QUOTAS,
  ...(store.collection(quotas).get(classKey('default'))?.limits as Partial<QuotaLimits>),
});

/** The limits in force for a project (and a user of it, when given). */
export const effectiveQuotas = (
  store: Store,
  projectId: string,
  userId?: string | null,
): QuotaLimits => {
  const col = store.collection(quotas);
  const limits = {
    ...defaultQuotas(store),
    ...(col.get(projectKey(projectId))?.limits as Partial<QuotaLimits>),
  };
  if (userId) Object.assign(limits, col.get(projectKey(projectId, userId))?.limits);
  return limits;
};

export interface ComputeUsage {
  instances: number;
  cores: number;
  ram: number;
  server_groups: number;
}

/**
 * Counters that add to a project's compute usage; other resources (or services) may register
 * one so /limits and quota checks count them.
 */
export type UsageCounter = (store: Store, projectId: string) => Partial<ComputeUsage>;

/** Servers count until deleted; a resizing server counts its larger flavor, as nova's quota does. */
export const serverUsage = (
  list: readonly ServerDoc[],
): Pick<ComputeUsage, 'instances' | 'cores' | 'ram'> => {
  let cores = 0;
  let ram = 0;
  for (const s of list) {
    cores += Math.max(s.flavor.vcpus, s.old_flavor?.vcpus ?? 0);
    ram += Math.max(s.flavor.ram, s.old_flavor?.ram ?? 0);
  }
  return { instances: list.length, cores, ram };
};

export const liveServersOf = (store: Store, projectId: string): ServerDoc[] =>
  store
    .collection(servers)
    .where('project_id', projectId)
    .filter((s) => !s.deleted);

const counters: UsageCounter[] = [
  (store, projectId) => ({
    server_groups: store.collection(serverGroups).count('project_id', projectId),
  }),
  (store, projectId) => serverUsage(liveServersOf(store, projectId)),
];

export const registerUsageCounter = (counter: UsageCounter): void => {
  counters.push(counter);
};

export const projectUsage = (store: Store, projectId: string): ComputeUsage => {
  const usage: ComputeUsage = { instances: 0, cores: 0, ram: 0, server_groups: 0 };
  for (const counter of counters) {
    for (const [key, value] of Object.entries(counter(store, projectId)) as Array<
      [keyof ComputeUsage, number]
    >) {
      usage[key] += value;
    }
  }
  return usage;
};

export const keypairCount = (store: Store, userId: string): number =>
  store.collection(keypairs).count('user_id', userId);

/** In-use counts of every quota resource for a project (or one user of it). */
export const quotaUsage = (
  store: Store,
  projectId: string,
  userId?: string | null,
): Record<QuotaResource, number> => {
  const usage = projectUsage(store, projectId);
  const own = userId
    ? serverUsage(liveServersOf(store, projectId).filter((s) => s.user_id === userId))
    : usage;
  return {
    instances: own.instances,
    cores: own.cores,
    ram: own.ram,
    server_groups: userId
      ? store
          .collection(serverGroups)
          .where('project_id', projectId)
          .filter((g) => g.user_id === userId).length
      : usage.server_groups,
    key_pairs: userId ? keypairCount(store, userId) : 0,
    floating_ips: 0,
    fixed_ips: 0,
    metadata_items: 0,
    injected_files: 0,
    injected_file_content_bytes: 0,
    injected_file_path_bytes: 0,
    security_groups: 0,
    security_group_rules: 0,
    server_group_members: 0,
  };
};

/**
 * Nova's instance quota check (cores, instances, ram) for what a request adds, with its
 * TooManyInstances text, answered as 403.
 */
export const checkServerQuota = (
  store: Store,
  projectId: string,
  userId: string,
  requested: { instances: number; cores: number; ram: number },
): void => {
  const limits = effectiveQuotas(store, projectId, userId);
  const used = projectUsage(store, projectId);
  const overs = (['cores', 'instances', 'ram'] as const).filter(
    (r) => limits[r] >= 0 && requested[r] > 0 && used[r] + requested[r] > limits[r],
  );
  if (overs.length === 0) return;
  const list = (f: (r: (typeof overs)[number]) => number): string => overs.map(f).join(', ');
  throw new Fault(
    403,
    `Quota exceeded for ${overs.join(', ')}: Requested ${list((r) => requested[r])}, but already used ${list((r) => used[r])} of ${list((r) => limits[r])} ${overs.join(', ')}`,
  );
};
