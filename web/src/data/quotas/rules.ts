import type { QuotaLimit } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

/** Nova's and Cinder's ceiling for a quota (a signed 32-bit integer). */
export const QUOTA_MAX = 2147483647;

/** The names users know the quotas by; an unknown one (volumes_<type>…) shows as it is. */
export const QUOTA_LABELS: Readonly<Record<string, Msg>> = {
  instances: msg('Instances'),
  cores: msg('VCPUs'),
  ram: msg('RAM (MB)'),
  metadata_items: msg('Metadata Items'),
  key_pairs: msg('Key Pairs'),
  server_groups: msg('Server Groups'),
  server_group_members: msg('Server Group Members'),
  volumes: msg('Volumes'),
  gigabytes: msg('Total Size of Volumes and Snapshots (GiB)'),
  snapshots: msg('Volume Snapshots'),
  backups: msg('Backups'),
  backup_gigabytes: msg('Total Size of Backups (GiB)'),
  per_volume_gigabytes: msg('Per Volume Size (GiB)'),
  groups: msg('Volume Groups'),
  network: msg('Networks'),
  subnet: msg('Subnets'),
  port: msg('Ports'),
  router: msg('Routers'),
  floatingip: msg('Floating IPs'),
  security_group: msg('Security Groups'),
  security_group_rule: msg('Security Group Rules'),
  subnetpool: msg('Subnet Pools'),
  rbac_policy: msg('RBAC Policies'),
};

export const QUOTA_INVALID = msg('Enter a whole number, -1 for unlimited.');

/** A typed limit: a whole number from -1 (unlimited) up to QUOTA_MAX, else undefined. */
export function parseQuota(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= -1 && value <= QUOTA_MAX ? value : undefined;
}

/**
 * The body of Update Defaults: only the limits the user changed, so a default another admin
 * changed meanwhile is not put back. Undefined while any field is invalid.
 */
export function changedQuotas(
  rows: readonly QuotaLimit[],
  values: Readonly<Record<string, string>>,
): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const row of rows) {
    const text = values[row.name];
    if (text === undefined) continue;
    const value = parseQuota(text);
    if (value === undefined) return undefined;
    if (value !== row.limit) out[row.name] = value;
  }
  return out;
}
