import type { Store } from '../../store/store';
import { keypairs, serverGroups } from './model';

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

export interface ComputeUsage {
  instances: number;
  cores: number;
  ram: number;
  server_groups: number;
}

/**
 * Counters that add to a project's compute usage; the servers resource registers one so
 * /limits and quota checks count instances, cores and RAM without this file knowing servers.
 */
export type UsageCounter = (store: Store, projectId: string) => Partial<ComputeUsage>;

const counters: UsageCounter[] = [
  (store, projectId) => ({
    server_groups: store.collection(serverGroups).count('project_id', projectId),
  }),
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
