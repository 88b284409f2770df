import { afterAll, describe, expect, it } from 'vitest';
import type { Instance, InstanceList } from '@skydeck/contract';
import type { TestSession } from '../../../testing/buildTestApp';
import { useTestApp } from '../../../testing/useTestApp';

// 90 more servers (most in demo, the rest in alt_demo and admin) for pages of 50 rows.
const previousScale = process.env['DEMO_CLOUD_SCALE'];
process.env['DEMO_CLOUD_SCALE'] = 'servers=90';
afterAll(() => {
  if (previousScale === undefined) delete process.env['DEMO_CLOUD_SCALE'];
  else process.env['DEMO_CLOUD_SCALE'] = previousScale;
});

/** Every upstream call the server makes, as `METHOD path?query`. */
const calls: string[] = [];
const countingFetch = async (url: string, init: RequestInit): Promise<Response> => {
  const { pathname, search } = new URL(url);
  calls.push(`${init.method ?? 'GET'} ${pathname}${search}`);
  return fetch(url, init);
};

const { t, admin, demo } = useTestApp(['admin', 'demo'], { app: { fetch: countingFetch } });

const list = async (session: TestSession, query = ''): Promise<InstanceList> => {
  const res = await t.as(session, { url: `/api/nova/servers/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InstanceList>();
};

const names = (page: InstanceList): string[] => page.items.map((i) => i.name);

/** The upstream calls one request makes (session and version discovery already warm). */
const callsOf = async (session: TestSession, url: string): Promise<string[]> => {
  calls.length = 0;
  const res = await t.as(session, { url });
  expect(res.statusCode, res.body).toBe(200);
  return [...calls];
};

describe('GET /api/nova/servers/', () => {
  it("lists a member's own project's instances in the contract shape", async () => {
    const page = await list(demo, '?limit=100');
    const projectId = demo.user.project_id;
    expect(page.items.length).toBeGreaterThan(20);
    expect(page.items.every((i) => i.project_id === projectId)).toBe(true);
    expect(page.items.every((i) => i.project_name === demo.user.project_name)).toBe(true);
    const web1 = page.items.find((i) => i.name === 'web-1');
    expect(web1).toMatchObject({
      status: 'ACTIVE',
      vm_state: 'active',
      power_state: 1,
      task_state: null,
      locked: false,
      key_name: 'demo-key',
      availability_zone: 'nova',
      metadata: { role: 'web', tier: 'frontend' },
      description: 'Front web server',
      flavor: { name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
    });
    expect(web1?.image?.name).toMatch(/^cirros/);
    const net = web1?.addresses.find((a) => a.network === 'private');
    expect(net?.ips.map((ip) => [ip.type, ip.version])).toEqual([
      ['fixed', 4],
      ['fixed', 6],
    ]);
    expect(net?.ips[0]?.mac).toMatch(/^fa:16:3e(:[0-9a-f]{2}){3}$/);
    // Volume-booted: no image.
    expect(page.items.find((i) => i.name === 'db-1')?.image).toBeNull();
    // Nova's extended attributes are an admin's.
    expect(web1).not.toHaveProperty('host');
    expect(web1).not.toHaveProperty('hypervisor_hostname');
    // An allowlist: none of Nova's own keys pass through.
    for (const key of ['links', 'OS-EXT-STS:vm_state', 'tenant_id', 'hostId', 'security_groups']) {
      expect(Object.keys(web1 ?? {})).not.toContain(key);
    }
  });

  it("lists every project's instances for an admin with all_projects, with hosts and project names", async () => {
    const own = await list(admin, '?limit=200');
    expect(names(own)).toContain('admin-vm');
    expect(names(own)).not.toContain('alt-server');
    const all = await list(admin, '?all_projects=true&limit=200');
    const alt = all.items.find((i) => i.name === 'alt-server');
    expect(alt).toMatchObject({ project_name: 'alt_demo', host: 'demo-compute-2' });
    expect(alt?.hypervisor_hostname).toBeTruthy();
    const byProject = await list(admin, `?project_id=${alt?.project_id ?? ''}&limit=200`);
    expect(byProject.items.length).toBeGreaterThan(0);
    expect(byProject.items.every((i) => i.project_id === alt?.project_id)).toBe(true);
    const byHost = await list(admin, '?all_projects=true&host=demo-compute-3&limit=200');
    expect(byHost.items.length).toBeGreaterThan(0);
    expect(byHost.items.every((i) => i.host === 'demo-compute-3')).toBe(true);
  });

  it("refuses a member's all_projects with Nova's 403", async () => {
    const res = await t.as(demo, { url: '/api/nova/servers/?all_projects=true' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('filters by a part of a name, literally, and by status, image, flavor, ip and zone', async () => {
    expect(names(await list(demo, '?name=web-')).sort()).toEqual(['web-1', 'web-2']);
    expect(names(await list(demo, '?name=eb-1'))).toEqual(['web-1']);
    // Regular expression metacharacters are literal: "web.1" is not "web-1", and a broken
    // pattern is no error.
    expect(names(await list(demo, '?name=web.1'))).toEqual([]);
    for (const name of ['web-(1', '[', '*', '.*', 'a|b', '\\', '^web']) {
      expect((await list(demo, `?name=${encodeURIComponent(name)}`)).items, name).toEqual([]);
    }
    const shutoff = await list(demo, '?status=SHUTOFF&limit=100');
    expect(shutoff.items.length).toBeGreaterThan(0);
    expect(shutoff.items.every((i) => i.status === 'SHUTOFF')).toBe(true);
    expect(names(shutoff)).toContain('web-2');

    const web1 = (await list(demo, '?name=web-1')).items[0] as Instance;
    const byImage = await list(demo, `?image=${web1.image?.id ?? ''}&limit=100`);
    expect(names(byImage)).toContain('web-1');
    expect(byImage.items.every((i) => i.image?.id === web1.image?.id)).toBe(true);
    const bySmall = await list(demo, '?flavor=2&limit=100');
    expect(names(bySmall)).toContain('db-1');
    expect(bySmall.items.every((i) => i.flavor?.name === 'm1.small')).toBe(true);

    const fixed = web1.addresses[0]?.ips.find((ip) => ip.type === 'fixed')?.addr ?? '';
    expect(names(await list(demo, `?ip=${fixed}`))).toContain('web-1');
    // A part of the address; the dots are dots.
    const part = fixed.split('.').slice(0, 3).join('.');
    expect(names(await list(demo, `?ip=${part}.&limit=100`))).toContain('web-1');
    expect(names(await list(demo, `?ip=${fixed.replace(/\./g, 'a')}`))).toEqual([]);
    expect(names(await list(demo, '?availability_zone=nova&name=web-1'))).toEqual(['web-1']);
    expect(names(await list(demo, '?availability_zone=elsewhere&name=web-1'))).toEqual([]);
  });

  it('pages forward and back with markers, in any sort', async () => {
    for (const sort of ['', '&sort_key=name&sort_dir=asc', '&sort_key=created&sort_dir=asc']) {
      const first = await list(demo, `?limit=7${sort}`);
      expect(first.items).toHaveLength(7);
      expect(first).toMatchObject({ has_more_data: true, has_prev_data: false });
      const second = await list(demo, `?limit=7&marker=${first.next_marker ?? ''}${sort}`);
      expect(second).toMatchObject({ has_more_data: true, has_prev_data: true });
      expect(second.items.map((i) => i.id)).not.toContain(first.items[0]?.id);
      const back = await list(demo, `?limit=7&prev_marker=${second.prev_marker ?? ''}${sort}`);
      expect(
        back.items.map((i) => i.id),
        sort,
      ).toEqual(first.items.map((i) => i.id));
      expect(back).toMatchObject({ has_more_data: true, has_prev_data: false });
    }
    const byName = await list(demo, '?limit=100&sort_key=name&sort_dir=asc');
    expect(names(byName)).toEqual([...names(byName)].sort());
    const all = await list(demo, '?limit=1000');
    expect(all).toMatchObject({ has_more_data: false, has_prev_data: false });
    const last = await list(demo, `?limit=1000&marker=${all.items.at(-1)?.id ?? ''}`);
    expect(last).toMatchObject({ items: [], has_more_data: false, has_prev_data: true });
  });

  it('answers a bad query with a 400, never a 500', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?status=RUNNING',
      '?marker=not-an-id',
      '?prev_marker=../x',
      '?ip=10.0.0.1;drop',
      '?sort_key=password',
      '?sort_dir=up',
      `?marker=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
    ]) {
      const res = await t.as(demo, { url: `/api/nova/servers/${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    const both = await t.as(demo, {
      url: `/api/nova/servers/?marker=${'1'.repeat(32)}&prev_marker=${'2'.repeat(32)}`,
    });
    expect(both.statusCode).toBe(400);
  });

  it('assembles a page in the same number of upstream calls for 1 row and for 50', async () => {
    for (const [session, query] of [
      [admin, 'all_projects=true&'],
      [demo, ''],
    ] as const) {
      // Warm: version discovery happens once per endpoint.
      await callsOf(session, `/api/nova/servers/?${query}limit=1`);
      const one = await callsOf(session, `/api/nova/servers/?${query}limit=1`);
      const fifty = await callsOf(session, `/api/nova/servers/?${query}limit=50`);
      const page = await list(session, `?${query}limit=50`);
      expect(page.items).toHaveLength(50);
      expect(fifty.length, fifty.join('\n')).toBe(one.length);
      expect(fifty.filter((c) => c.includes('/servers/detail'))).toHaveLength(1);
      expect(fifty.filter((c) => c.includes('/images'))).toHaveLength(1);
      expect(fifty.filter((c) => c.includes('/flavors'))).toHaveLength(0);
      expect(fifty.filter((c) => c.includes('/projects')).length).toBe(query ? 1 : 0);
    }
  });
});

describe('GET /api/nova/servers/:id/', () => {
  it('shows one instance as the list does', async () => {
    const web1 = (await list(demo, '?name=web-1')).items[0] as Instance;
    const res = await t.as(demo, { url: `/api/nova/servers/${web1.id}/` });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<Instance>();
    expect({ ...shown, updated: null }).toEqual({ ...web1, updated: null });
  });

  it("shows another project's instance to an admin with its project name", async () => {
    const alt = (await list(admin, '?all_projects=true&name=alt-server')).items[0] as Instance;
    const res = await t.as(admin, { url: `/api/nova/servers/${alt.id}/` });
    expect(res.json<Instance>()).toMatchObject({ name: 'alt-server', project_name: 'alt_demo' });
  });

  it('answers 404 for an unknown or malformed id, never a 500', async () => {
    const alt = (await list(admin, '?all_projects=true&name=alt-server')).items[0] as Instance;
    for (const id of [
      alt.id, // another project's: no such instance for a member
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      '%2e%2e',
      'x'.repeat(255),
    ]) {
      const res = await t.as(demo, { url: `/api/nova/servers/${id}/` });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
