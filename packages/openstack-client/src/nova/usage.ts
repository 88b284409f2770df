import { urlPath } from '../http/url';
import type { CallOptions } from '../http/request';
import type { NovaContext } from './context';

/** 2.40: `limit` and `marker` page the servers of a tenant usage answer. */
const PAGED = '2.40';
/** Before 2.40 an answer holds every server of the period (no paging, no max_limit cut). */
const UNPAGED = '2.39';

/** One server's usage in the period, as `os-simple-tenant-usage` answers it. */
export interface ServerUsage {
  instance_id: string;
  name: string;
  /** Hours the server ran within the period. */
  hours: number;
  memory_mb: number;
  local_gb: number;
  vcpus: number;
  tenant_id: string;
  flavor: string;
  started_at: string | null;
  ended_at: string | null;
  state: string;
  uptime: number;
}

/** A project's usage in the period (the totals are over the servers of the answer). */
export interface TenantUsage {
  tenant_id: string;
  total_local_gb_usage: number;
  total_vcpus_usage: number;
  total_memory_mb_usage: number;
  total_hours: number;
  start: string;
  stop: string;
  server_usages?: ServerUsage[];
}

export interface UsagePeriod extends CallOptions {
  /** Naive UTC, `YYYY-MM-DDTHH:MM:SS` (nova reads it as UTC). */
  start: string;
  end: string;
}

export interface UsagePageOptions extends UsagePeriod {
  limit: number;
  marker?: string;
}

export interface UsagePage {
  usage: TenantUsage | null;
  /** The last server of a full page: where the next page starts. */
  next: string | null;
}

interface ShowResponse {
  tenant_usage: TenantUsage | Record<string, never>;
  tenant_usage_links?: { href: string; rel: string }[];
}

const markerOf = (links: { href: string; rel: string }[] | undefined): string | null => {
  const next = links?.find((l) => l.rel === 'next');
  if (!next) return null;
  return new URL(next.href, 'http://x/').searchParams.get('marker');
};

/** Nova answers `{}` for a project without servers in the period. */
const present = (u: TenantUsage | Record<string, never>): TenantUsage | null =>
  typeof u.tenant_id === 'string' ? (u as TenantUsage) : null;

/** Nova's simple tenant usage (os-simple-tenant-usage). */
export interface UsageCalls {
  /** One project's usage over the whole period, every server in one answer (pre-2.40). */
  project(projectId: string, period: UsagePeriod): Promise<TenantUsage | null>;
  /** One page of a project's servers (2.40 `limit` + `marker`); totals are the page's. */
  projectPage(projectId: string, options: UsagePageOptions): Promise<UsagePage>;
  /** Every project's totals over the period (admin), one answer (pre-2.40, not detailed). */
  all(period: UsagePeriod & { detailed?: boolean }): Promise<TenantUsage[]>;
}

export function usageCalls(ctx: NovaContext): UsageCalls {
  return {
    async project(projectId, period) {
      const { start, end, ...call } = period;
      const answer = await ctx.call<ShowResponse>(
        { want: '2.1', upTo: UNPAGED },
        { ...call, path: urlPath`os-simple-tenant-usage/${projectId}`, query: { start, end } },
      );
      return present(answer.tenant_usage);
    },
    async projectPage(projectId, options) {
      const { start, end, limit, marker, ...call } = options;
      const answer = await ctx.call<ShowResponse>(
        { want: PAGED, need: PAGED },
        {
          ...call,
          path: urlPath`os-simple-tenant-usage/${projectId}`,
          query: { start, end, limit, marker },
        },
      );
      return { usage: present(answer.tenant_usage), next: markerOf(answer.tenant_usage_links) };
    },
    async all(period) {
      const { start, end, detailed, ...call } = period;
      const answer = await ctx.call<{ tenant_usages: TenantUsage[] }>(
        { want: '2.1', upTo: UNPAGED },
        {
          ...call,
          path: 'os-simple-tenant-usage',
          query: { start, end, detailed: detailed ? 1 : undefined },
        },
      );
      return answer.tenant_usages;
    },
  };
}
