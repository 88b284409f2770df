import { describe, expect, it } from 'vitest';
import { nova } from './support/nova';
import { session } from './support/session';
import { expectComputeFault, expectKeys, field } from './support/shape';

// Nova's simple tenant usage as the overview pages read it: whole-period answers before 2.40,
// pages of servers (limit + marker) from 2.40, the period cut at now, and its refusals. The
// target's servers are whatever it has; nothing is booted here.

const naive = (ms: number): string => new Date(ms).toISOString().slice(0, 19);
const WIDE = `start=2000-01-01T00:00:00&end=${naive(Date.now() + 30 * 86_400_000)}`;
const TOTALS = [
  'tenant_id',
  'total_local_gb_usage',
  'total_vcpus_usage',
  'total_memory_mb_usage',
  'total_hours',
  'start',
  'stop',
];
const SERVER_KEYS = [
  'instance_id',
  'name',
  'hours',
  'memory_mb',
  'local_gb',
  'vcpus',
  'tenant_id',
  'flavor',
  'started_at',
  'ended_at',
  'state',
  'uptime',
];

describe('simple tenant usage', () => {
  it("answers every project's totals to an admin, servers only when detailed", async () => {
    const admin = await session('admin');
    const brief = await nova(admin, 'GET', `os-simple-tenant-usage?${WIDE}`);
    expect(brief.status).toBe(200);
    const usages = field(brief.body, 'tenant_usages') as Record<string, unknown>[];
    expect(Array.isArray(usages)).toBe(true);
    for (const u of usages) expectKeys(u, TOTALS, 'tenant usage');
    const detailed = await nova(admin, 'GET', `os-simple-tenant-usage?${WIDE}&detailed=1`);
    for (const u of field(detailed.body, 'tenant_usages') as Record<string, unknown>[]) {
      expectKeys(u, [...TOTALS, 'server_usages'], 'detailed tenant usage');
      for (const s of u['server_usages'] as unknown[]) expectKeys(s, SERVER_KEYS, 'server usage');
    }
  });

  it('cuts a period reaching into the future at now', async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `os-simple-tenant-usage/${demo.projectId}?${WIDE}`);
    expect(answer.status).toBe(200);
    const usage = field(answer.body, 'tenant_usage') as Record<string, unknown>;
    if (Object.keys(usage).length === 0) return; // no server in the project: `{}`
    expectKeys(usage, [...TOTALS, 'server_usages'], 'tenant usage');
    const stop = Date.parse(`${String(usage['stop'])}Z`);
    expect(stop).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('pages the servers from 2.40 with limit and marker', async () => {
    const demo = await session('demo');
    const path = `os-simple-tenant-usage/${demo.projectId}?${WIDE}`;
    const whole = await nova(demo, 'GET', path);
    const all = (field(whole.body, 'tenant_usage', 'server_usages') ?? []) as {
      instance_id: string;
    }[];
    const first = await nova(demo, 'GET', `${path}&limit=1`, '2.40');
    expect(first.status).toBe(200);
    const page = (field(first.body, 'tenant_usage', 'server_usages') ?? []) as {
      instance_id: string;
    }[];
    expect(page.length).toBe(Math.min(1, all.length));
    const links = field(first.body, 'tenant_usage_links') as { rel: string; href: string }[];
    if (all.length > 1) {
      const next = links.find((l) => l.rel === 'next');
      const marker = new URL(next?.href ?? 'http://x/').searchParams.get('marker');
      expect(marker).toBe(page[0]?.instance_id);
      const second = await nova(demo, 'GET', `${path}&limit=1&marker=${marker}`, '2.40');
      const ids = (
        (field(second.body, 'tenant_usage', 'server_usages') ?? []) as {
          instance_id: string;
        }[]
      ).map((s) => s.instance_id);
      expect(ids).toHaveLength(1);
      expect(ids).not.toContain(marker);
    }
  });

  it('answers {} for a period without servers, and refuses a reversed one', async () => {
    const demo = await session('demo');
    const base = `os-simple-tenant-usage/${demo.projectId}`;
    const empty = await nova(
      demo,
      'GET',
      `${base}?start=2001-01-01T00:00:00&end=2001-01-02T00:00:00`,
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ tenant_usage: {} });
    const reversed = await nova(
      demo,
      'GET',
      `${base}?start=2001-01-02T00:00:00&end=2001-01-01T00:00:00`,
    );
    expectComputeFault(reversed.body, 'badRequest', 400);
  });

  it("refuses every project's usage to a member", async () => {
    const demo = await session('demo');
    const answer = await nova(demo, 'GET', `os-simple-tenant-usage?${WIDE}`);
    expect(answer.status).toBe(403);
  });
});
