import type { ServerUsage, TenantUsage } from '@skydeck/openstack-client';
import type { InstanceUsage, ProjectUsageTotals, UsageTotals } from '@skydeck/contract';

const DAY_MS = 86_400_000;

/** A usage period as Nova takes it: naive UTC from the first day's start to after the last day. */
export interface NovaPeriod {
  start: string;
  end: string;
}

/** `yyyy-mm-dd` → ms at 00:00 UTC, or null for a day that does not exist (2026-02-30). */
export const parseDay = (day: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  if (back.getUTCDate() !== date) return null;
  return ms;
};

const naive = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/**
 * The Nova period of whole days `start`..`end` (both included), or the message of a 400.
 * Nova itself cuts the end at now, so a period reaching into the future counts to now.
 */
/** The longest usage period: ten years of days. */
export const MAX_PERIOD_DAYS = 3653;

export const novaPeriod = (start: string, end: string): NovaPeriod | { error: string } => {
  const from = parseDay(start);
  const to = parseDay(end);
  if (from === null) return { error: `Invalid start date: ${start}.` };
  if (to === null) return { error: `Invalid end date: ${end}.` };
  if (from > to) return { error: 'The start date must not be after the end date.' };
  // Nova reads every server of the period in one answer; centuries of it are a mistake, not a
  // report (the usage form refuses them too).
  if (to - from >= MAX_PERIOD_DAYS * DAY_MS) {
    return { error: 'The period must not be longer than 10 years.' };
  }
  return { start: naive(from), end: naive(to + DAY_MS) };
};

export const instanceUsage = (s: ServerUsage): InstanceUsage => ({
  instance_id: s.instance_id,
  name: s.name,
  flavor: s.flavor,
  vcpus: s.vcpus,
  memory_mb: s.memory_mb,
  local_gb: s.local_gb,
  hours: s.hours,
  vcpu_hours: s.vcpus * s.hours,
  gb_hours: s.local_gb * s.hours,
  ram_mb_hours: s.memory_mb * s.hours,
  state: s.state,
  started_at: s.started_at,
  ended_at: s.ended_at,
  uptime: s.uptime,
});

export const NO_USAGE: UsageTotals = {
  instances: 0,
  hours: 0,
  vcpu_hours: 0,
  gb_hours: 0,
  ram_mb_hours: 0,
};

/** Nova's own totals of a tenant usage; `instances` counts the servers it lists, when it does. */
export const totalsOf = (u: TenantUsage | null, instances?: number): UsageTotals =>
  u === null
    ? NO_USAGE
    : {
        instances: instances ?? u.server_usages?.length ?? 0,
        hours: u.total_hours,
        vcpu_hours: u.total_vcpus_usage,
        gb_hours: u.total_local_gb_usage,
        ram_mb_hours: u.total_memory_mb_usage,
      };

export const sumTotals = (all: readonly UsageTotals[]): UsageTotals =>
  all.reduce(
    (sum, t) => ({
      instances: sum.instances + t.instances,
      hours: sum.hours + t.hours,
      vcpu_hours: sum.vcpu_hours + t.vcpu_hours,
      gb_hours: sum.gb_hours + t.gb_hours,
      ram_mb_hours: sum.ram_mb_hours + t.ram_mb_hours,
    }),
    NO_USAGE,
  );

/** One project's line of the admin overview. */
export const projectTotals = (u: TenantUsage, name: string | undefined): ProjectUsageTotals => ({
  project_id: u.tenant_id,
  project_name: name ?? u.tenant_id,
  ...totalsOf(u),
});

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
export const csvField = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  // A leading = + - @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (fields: readonly (string | number | null)[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;

export const INSTANCE_CSV_HEADER = [
  'Instance Name',
  'Instance ID',
  'Flavor',
  'VCPUs',
  'Disk (GB)',
  'RAM (MB)',
  'Hours',
  'VCPU Hours',
  'Disk GB Hours',
  'RAM MB Hours',
  'State',
  'Started At',
] as const;

export const instanceCsvLine = (u: InstanceUsage): string =>
  csvLine([
    u.name,
    u.instance_id,
    u.flavor,
    u.vcpus,
    u.local_gb,
    u.memory_mb,
    u.hours,
    u.vcpu_hours,
    u.gb_hours,
    u.ram_mb_hours,
    u.state,
    u.started_at,
  ]);

export const PROJECT_CSV_HEADER = [
  'Project Name',
  'Project ID',
  'Instances',
  'VCPU Hours',
  'Disk GB Hours',
  'RAM MB Hours',
] as const;

export const projectCsvLine = (p: ProjectUsageTotals): string =>
  csvLine([p.project_name, p.project_id, p.instances, p.vcpu_hours, p.gb_hours, p.ram_mb_hours]);
