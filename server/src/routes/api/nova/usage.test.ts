import { describe, expect, it } from 'vitest';
import type { AllUsage, LimitSummary, ProjectUsage, UsageSeries } from '@skydeck/contract';
import { useTestApp } from '../../../testing/useTestApp';

const { t, demo, admin } = useTestApp(['demo', 'admin']);

/** Nova's own answer, asked directly of the demo cloud with the session's token. */
const novaUsage = async (session: typeof demo, path: string): Promise<Record<string, unknown>> => {
  const token = await t.tokenOf(session);
  const res = await fetch(`${t.cloud.url}/compute/v2.1/${path}`, {
    headers: { 'x-auth-token': token },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

// The longest period the server takes, ten whole years around today: every seeded server is in it.
const thisYear = new Date().getUTCFullYear();
const YEAR = `start=${thisYear - 5}-01-01&end=${thisYear + 4}-12-31`;
const NOVA_YEAR = `start=${thisYear - 5}-01-01T00:00:00&end=${thisYear + 5}-01-01T00:00:00`;

describe('GET /api/nova/usage/', () => {
  it("answers the project's instances a page at a time, with Nova's totals", async () => {
    const first = await t.as(demo, { url: `/api/nova/usage/?${YEAR}&limit=1` });
    expect(first.statusCode).toBe(200);
    const page = first.json<ProjectUsage>();
    expect(page.items).toHaveLength(1);
    const nova = (await novaUsage(
      demo,
      `os-simple-tenant-usage/${demo.user.project_id}?${NOVA_YEAR}`,
    )) as { tenant_usage: { total_vcpus_usage: number; server_usages: unknown[] } };
    // The period ends now for running servers: the two reads are moments apart (0.05 h).
    expect(page.totals.vcpu_hours).toBeCloseTo(nova.tenant_usage.total_vcpus_usage, 1);
    expect(page.totals.instances).toBe(nova.tenant_usage.server_usages.length);
    const item = page.items[0];
    expect(item?.vcpu_hours).toBeCloseTo((item?.vcpus ?? 0) * (item?.hours ?? 0), 9);
    if (page.totals.instances > 1) {
      expect(page.next).toBe(item?.instance_id);
      const second = await t.as(demo, {
        url: `/api/nova/usage/?${YEAR}&limit=1&marker=${page.next}`,
      });
      expect(second.json<ProjectUsage>().items[0]?.instance_id).not.toBe(item?.instance_id);
    }
  });

  it('refuses impossible or reversed periods with 400', async () => {
    for (const query of [
      'start=2026-02-30&end=2026-03-01',
      'start=2026-03-02&end=2026-03-01',
      'start=2026-3-1&end=2026-03-01',
      'start=2026-03-01',
    ]) {
      const res = await t.as(demo, { url: `/api/nova/usage/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('answers an empty period with zero totals', async () => {
    const res = await t.as(demo, { url: '/api/nova/usage/?start=2001-01-01&end=2001-01-31' });
    expect(res.json<ProjectUsage>()).toMatchObject({
      items: [],
      next: null,
      totals: { instances: 0 },
    });
  });
});

describe('GET /api/nova/usage/csv/', () => {
  it("streams every instance with Nova's hours", async () => {
    const res = await t.as(demo, { url: `/api/nova/usage/csv/?${YEAR}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="demo-usage-/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toMatch(/^Instance Name,Instance ID,Flavor,VCPUs/);
    const nova = (await novaUsage(
      demo,
      `os-simple-tenant-usage/${demo.user.project_id}?${NOVA_YEAR}`,
    )) as { tenant_usage: { server_usages: { instance_id: string; hours: number }[] } };
    expect(rows).toHaveLength(nova.tenant_usage.server_usages.length);
    for (const s of nova.tenant_usage.server_usages) {
      const row = rows.find((r) => r.includes(s.instance_id));
      expect(row).toBeDefined();
    }
  });
});

describe('GET /api/nova/usage/all/', () => {
  it("lists every project's totals for an admin, with names", async () => {
    const res = await t.as(admin, { url: `/api/nova/usage/all/?${YEAR}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<AllUsage>();
    const mine = body.items.find((p) => p.project_name === 'demo');
    expect(mine?.instances).toBeGreaterThan(0);
    const csv = await t.as(admin, { url: `/api/nova/usage/all/csv/?${YEAR}` });
    expect(csv.body.split('\r\n')[0]).toBe(
      'Project Name,Project ID,Instances,VCPU Hours,Disk GB Hours,RAM MB Hours',
    );
    expect(csv.body).toContain(`demo,${mine?.project_id},${mine?.instances},`);
  });

  it('is refused to a member', async () => {
    expect((await t.as(demo, { url: `/api/nova/usage/all/?${YEAR}` })).statusCode).toBe(403);
  });
});

describe('GET /api/nova/usage/limits/', () => {
  it("sums up Nova's, Cinder's and Neutron's limits with what is used", async () => {
    const res = await t.as(demo, { url: '/api/nova/usage/limits/' });
    expect(res.statusCode).toBe(200);
    const names = res.json<LimitSummary>().items.map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['instances', 'cores', 'ram', 'volumes', 'gigabytes', 'network']),
    );
  });
});

describe('GET /api/nova/usage/series/', () => {
  const DAY_H = 24;
  it("draws the projects' use per day; the lines add up to Nova's hours", async () => {
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.as(admin, { url: `/api/nova/usage/series/?start=${start}&end=${end}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<UsageSeries>();
    expect(body.stats).toMatchObject({ start, end, metric: 'vcpus', step: 86_400 });
    expect(body.settings).toEqual({});
    const all = (
      await t.as(admin, { url: `/api/nova/usage/all/?start=${start}&end=${end}` })
    ).json<AllUsage>();
    for (const line of body.series) {
      expect(line.unit).toBe('vCPUs');
      expect(line.data[0]?.x).toBe(`${start}T00:00:00`);
      for (const p of line.data) expect(p.x).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      const project = all.items.find((p) => p.project_name === line.name);
      const stat = body.stats.projects.find((p) => p.project_name === line.name);
      // The last day is cut at now; the two reads are moments apart.
      expect(stat?.used).toBeCloseTo(project?.vcpu_hours ?? -1, 0);
      const fullDays = line.data.slice(0, -1).reduce((sum, p) => sum + p.y * DAY_H, 0);
      expect(fullDays).toBeLessThanOrEqual((stat?.used ?? 0) + 0.01);
    }
  });

  it('counts instances when asked, hourly for a single day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.as(admin, {
      url: `/api/nova/usage/series/?start=${day}&end=${day}&metric=instances`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<UsageSeries>();
    expect(body.stats.step).toBe(3600);
    for (const line of body.series) expect(line.unit).toBe('instances');
  });

  it('refuses bad periods and metrics with 400 and a message', async () => {
    for (const query of [
      'start=2026-02-30&end=2026-03-01',
      'start=2026-03-02&end=2026-03-01',
      'start=2026-3-1&end=2026-03-01',
      'start=2026-03-01',
      'start=2026-03-01&end=2026-03-02&metric=disk',
    ]) {
      const res = await t.as(admin, { url: `/api/nova/usage/series/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const reversed = await t.as(admin, {
      url: '/api/nova/usage/series/?start=2026-03-02&end=2026-03-01',
    });
    expect(reversed.json<{ message: string }>().message).toBe(
      'The start date must not be after the end date.',
    );
    // Ten whole years are one Nova call the server makes; eleven centuries are refused.
    const centuries = await t.as(admin, {
      url: '/api/nova/usage/series/?start=1900-01-01&end=2999-12-31',
    });
    expect(centuries.statusCode).toBe(400);
    expect(centuries.json<{ message: string }>().message).toBe(
      'The period must not be longer than 10 years.',
    );
    const decade = await t.as(admin, {
      url: '/api/nova/usage/series/?start=2016-01-01&end=2025-12-31',
    });
    expect(decade.statusCode).toBe(200);
  });

  it('is refused to a project member (Nova lists every project only to admins)', async () => {
    const res = await t.as(demo, { url: `/api/nova/usage/series/?${YEAR}` });
    expect(res.statusCode).toBe(403);
  });
});
