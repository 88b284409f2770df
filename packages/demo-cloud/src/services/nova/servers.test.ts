import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import {
  COMPUTE,
  cirrosImageId,
  createServer,
  getServer,
  networkIdByName,
  serverIdByName,
  waitForServer,
  waitForStatus,
} from './novaTestKit';
import type { ServerView } from './novaTestKit';

type ServerList = { servers: ServerView[]; servers_links?: Array<{ rel: string; href: string }> };

describe('nova servers: seed, views and listing', () => {
  // Scale 0: every transition is due at the next request, so the tests need no sleeping.
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const list = async (
    token: string,
    query = '',
    microversion = '2.1',
  ): Promise<{ status: number; body: ServerList }> =>
    cloud().request<ServerList>('GET', `${COMPUTE}/servers/detail${query}`, {
      token,
      microversion,
    });

  it('seeds servers in several states, each project seeing its own', async () => {
    const demo = await cloud().token('demo', 'demo');
    const mine = await list(demo);
    expect(mine.status).toBe(200);
    expect(Object.fromEntries(mine.body.servers.map((s) => [s.name, s.status]))).toEqual({
      'web-1': 'ACTIVE',
      'web-2': 'SHUTOFF',
      'db-1': 'ACTIVE',
      broken: 'ERROR',
      'paused-1': 'PAUSED',
    });
    const alt = await list(await cloud().token('demo', 'alt_demo'));
    expect(alt.body.servers.map((s) => s.name)).toEqual(['alt-server']);
    const reader = await list(await cloud().token('reader', 'demo'));
    expect(reader.body.servers).toHaveLength(5);

    // A member asking for every project is refused; the admin gets them all.
    const refused = await list(demo, '?all_tenants=1');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      forbidden: {
        code: 403,
        message:
          "Policy doesn't allow os_compute_api:servers:detail:get_all_tenants to be performed.",
      },
    });
    const admin = await cloud().token('admin', 'admin');
    const all = await list(admin, '?all_tenants=1');
    expect(all.body.servers.map((s) => s.name).sort()).toEqual(
      ['admin-vm', 'alt-server', 'broken', 'db-1', 'paused-1', 'web-1', 'web-2'].sort(),
    );
    expect((await list(admin)).body.servers.map((s) => s.name)).toEqual(['admin-vm']);
  });

  it('pages by marker in the default order (newest first, then id) and its reverse', async () => {
    const admin = await cloud().token('admin', 'admin');
    const demo = await cloud().token('demo', 'demo');
    type Row = { id: string; created: string };
    const rows = (body: ServerList): Row[] =>
      body.servers.map((s) => ({ id: s.id, created: (s as unknown as Row).created }));
    // Nova's order, by hand: created_at then id, both descending.
    const newestFirst = (list: Row[]): string[] =>
      [...list]
        .sort((a, b) =>
          a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1,
        )
        .map((r) => r.id);
    const walk = async (token: string, query: string): Promise<string[]> => {
      const seen: string[] = [];
      let marker = '';
      for (let i = 0; i < 20; i++) {
        const page = await list(token, `?limit=2${query}${marker}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.servers.map((s) => s.id));
        const next = page.body.servers_links?.[0]?.href;
        if (next === undefined) return seen;
        marker = `&marker=${new URL(next).searchParams.get('marker') ?? ''}`;
      }
      throw new Error('paging did not end');
    };
    for (const [token, query] of [
      [admin, '&all_tenants=1'],
      [demo, ''],
    ] as const) {
      const all = rows((await list(token, `?${query.slice(1)}`)).body);
      expect(all.length).toBeGreaterThan(2);
      expect(all.map((r) => r.id)).toEqual(newestFirst(all));
      expect(await walk(token, query)).toEqual(newestFirst(all));
      expect(await walk(token, `${query}&sort_key=created_at&sort_dir=asc`)).toEqual(
        newestFirst(all).reverse(),
      );
    }
    // Filters still apply on the way, and a marker the filter (or the project) hides is unknown.
    const active = await walk(demo, '&status=ACTIVE');
    expect(active).toHaveLength(2);
    const stopped = (await list(demo, '?status=SHUTOFF')).body.servers[0]?.id ?? '';
    expect((await list(demo, `?status=ACTIVE&marker=${stopped}`)).status).toBe(400);
    const alt = (await list(await cloud().token('demo', 'alt_demo'))).body.servers[0]?.id ?? '';
    expect((await list(demo, `?marker=${alt}`)).status).toBe(400);
    expect((await list(admin, `?all_tenants=1&marker=${alt}`)).status).toBe(200);
    expect((await list(demo, '?limit=0')).body.servers).toEqual([]);
  });

  it('hides other projects’ servers behind 404, and shows them to the admin', async () => {
    const alt = await cloud().token('demo', 'alt_demo');
    const demo = await cloud().token('demo', 'demo');
    const web1 = await serverIdByName(cloud(), demo, 'web-1');
    const hidden = await getServer(cloud(), alt, web1);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      itemNotFound: { code: 404, message: `Instance ${web1} could not be found.` },
    });
    expect((await getServer(cloud(), await cloud().token('admin', 'admin'), web1)).status).toBe(
      200,
    );
  });

  it('answers the detail fields of each microversion and policy', async () => {
    const demo = await cloud().token('demo', 'demo');
    const id = await serverIdByName(cloud(), demo, 'web-1');
    const v21 = (await getServer(cloud(), demo, id, '2.1')).body.server;
    expect(v21).toMatchObject({
      id,
      name: 'web-1',
      status: 'ACTIVE',
      'OS-EXT-STS:vm_state': 'active',
      'OS-EXT-STS:task_state': null,
      'OS-EXT-STS:power_state': 1,
      'OS-EXT-AZ:availability_zone': 'nova',
      'OS-DCF:diskConfig': 'MANUAL',
      key_name: 'demo-key',
      metadata: { role: 'web', tier: 'frontend' },
      security_groups: [{ name: 'default' }],
      config_drive: '',
      progress: 0,
      flavor: { id: '1', links: [{ rel: 'bookmark', href: `${cloud().url}/compute/flavors/1` }] },
    });
    expect(v21['created']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(v21['OS-SRV-USG:launched_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    expect(v21['hostId']).toMatch(/^[0-9a-f]{56}$/);
    for (const later of [
      'locked',
      'description',
      'tags',
      'locked_reason',
      'OS-EXT-SRV-ATTR:host',
      'host_status',
    ]) {
      expect(v21).not.toHaveProperty(later);
    }
    const latest = (await getServer(cloud(), demo, id, '2.93')).body.server;
    expect(latest).toMatchObject({
      locked: false,
      locked_reason: null,
      description: 'Front web server',
      tags: ['web', 'production'],
      trusted_image_certificates: null,
      'OS-EXT-SRV-ATTR:hostname': 'web-1',
      flavor: {
        vcpus: 1,
        ram: 512,
        disk: 1,
        ephemeral: 0,
        swap: 0,
        original_name: 'm1.tiny',
        extra_specs: {},
      },
    });
    expect((latest['server_groups'] as string[]).length).toBe(1);
    expect(latest).not.toHaveProperty('OS-EXT-SRV-ATTR:host');
    const v29 = (await getServer(cloud(), demo, id, '2.9')).body.server;
    expect(v29['locked']).toBe(false);
    expect(v29).not.toHaveProperty('description');
    expect((await getServer(cloud(), demo, id, '2.19')).body.server['description']).toBe(
      'Front web server',
    );
    expect((await getServer(cloud(), demo, id, '2.26')).body.server['tags']).toEqual([
      'web',
      'production',
    ]);

    const admin = await cloud().token('admin', 'admin');
    const asAdmin = (await getServer(cloud(), admin, id, '2.16')).body.server;
    expect(asAdmin).toMatchObject({
      'OS-EXT-SRV-ATTR:host': 'demo-compute-1',
      'OS-EXT-SRV-ATTR:hypervisor_hostname': 'demo-compute-1',
      'OS-EXT-SRV-ATTR:reservation_id': expect.stringMatching(/^r-[a-z0-9]{8}$/),
      'OS-EXT-SRV-ATTR:launch_index': 0,
      'OS-EXT-SRV-ATTR:root_device_name': '/dev/vda',
      host_status: 'UP',
    });
    expect(asAdmin['OS-EXT-SRV-ATTR:instance_name']).toMatch(/^instance-[0-9a-f]{8}$/);

    const broken = await serverIdByName(cloud(), demo, 'broken');
    const error = (await getServer(cloud(), demo, broken)).body.server;
    expect(error['fault']).toEqual({
      code: 500,
      created: expect.any(String),
      message: 'No valid host was found. There are not enough hosts available.',
    });
    const errorAsAdmin = (await getServer(cloud(), admin, broken)).body.server;
    expect((errorAsAdmin['fault'] as { details: string }).details).toContain('NoValidHost');

    const db = (await getServer(cloud(), demo, await serverIdByName(cloud(), demo, 'db-1'))).body
      .server;
    expect(db['image']).toBe('');
    expect(db['os-extended-volumes:volumes_attached']).toHaveLength(2);
  });

  it('filters, sorts and pages the list', async () => {
    const demo = await cloud().token('demo', 'demo');
    const names = async (query: string, microversion = '2.1'): Promise<string[]> =>
      (await list(demo, query, microversion)).body.servers.map((s) => s.name).sort();
    expect(await names('?name=web')).toEqual(['web-1', 'web-2']);
    expect(await names('?name=^w.b-1$')).toEqual(['web-1']);
    expect(await names('?status=shutoff')).toEqual(['web-2']);
    expect(await names('?status=ACTIVE&status=PAUSED')).toEqual(['db-1', 'paused-1', 'web-1']);
    expect(await names('?flavor=2')).toEqual(['db-1']);
    expect(await names('?tags=web', '2.26')).toEqual(['web-1', 'web-2']);
    expect(await names('?tags=web,production', '2.26')).toEqual(['web-1']);
    expect(await names('?not-tags-any=web', '2.26')).toEqual(['broken', 'db-1', 'paused-1']);
    expect(await names('?locked=false', '2.73')).toHaveLength(5);
    // A user's admin-only filter is dropped, not applied.
    expect(await names('?host=nowhere')).toHaveLength(5);
    expect((await list(demo, '?status=nonsense', '2.38')).status).toBe(400);
    expect((await list(demo, '?status=nonsense', '2.37')).body.servers).toEqual([]);
    const unknown = await list(demo, '?colour=blue', '2.75');
    expect(unknown.status).toBe(400);
    expect((await list(demo, '?colour=blue', '2.74')).status).toBe(200);

    const sorted = await list(demo, '?sort_key=display_name&sort_dir=asc');
    expect(sorted.body.servers.map((s) => s.name)).toEqual([
      'broken',
      'db-1',
      'paused-1',
      'web-1',
      'web-2',
    ]);
    const page1 = await list(demo, '?sort_key=display_name&sort_dir=asc&limit=2');
    expect(page1.body.servers.map((s) => s.name)).toEqual(['broken', 'db-1']);
    const next = page1.body.servers_links?.[0];
    expect(next?.rel).toBe('next');
    const nextUrl = new URL(next?.href ?? '');
    expect(nextUrl.searchParams.get('marker')).toBe(page1.body.servers[1]?.id);
    const page2 = await list(demo, `${nextUrl.search}`);
    expect(page2.body.servers.map((s) => s.name)).toEqual(['paused-1', 'web-1']);
    expect((await list(demo, '?marker=nope')).status).toBe(400);

    const brief = await cloud().request<{ servers: Array<Record<string, unknown>> }>(
      'GET',
      `${COMPUTE}/servers`,
      {
        token: demo,
      },
    );
    expect(Object.keys(brief.body.servers[0] ?? {}).sort()).toEqual(['id', 'links', 'name']);
  });

  it('creates a server that boots to ACTIVE, with its action recorded', async () => {
    const demo = await cloud().token('demo', 'demo');
    const image = await cirrosImageId(cloud(), demo);
    const privateNet = await networkIdByName(cloud(), demo, 'private');
    const created = await createServer(cloud(), demo, {
      name: 'new-web',
      imageRef: image,
      flavorRef: '1',
      networks: [{ uuid: privateNet }],
      key_name: 'demo-key',
      metadata: { a: 'b' },
      tags: ['fresh'],
      description: 'made by a test',
      user_data: Buffer.from('#!/bin/sh\necho hi\n').toString('base64'),
    });
    expect(created.status).toBe(202);
    const server = created.body.server;
    expect(server).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      'OS-DCF:diskConfig': 'MANUAL',
      security_groups: [{ name: 'default' }],
      adminPass: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
    });
    expect(created.headers.get('location')).toBe(
      `${cloud().url}/compute/v2.1/servers/${server?.id}`,
    );
    const active = await waitForStatus(cloud(), demo, server?.id ?? '', 'ACTIVE');
    expect(active).toMatchObject({
      name: 'new-web',
      metadata: { a: 'b' },
      tags: ['fresh'],
      description: 'made by a test',
      'OS-EXT-STS:power_state': 1,
      'OS-EXT-AZ:availability_zone': 'nova',
    });
    expect(active?.['OS-SRV-USG:launched_at']).not.toBeNull();
    // Its port on `private`, up now that the server runs.
    const addresses = active?.['addresses'] as Record<string, Array<Record<string, unknown>>>;
    expect(addresses['private']?.[0]).toMatchObject({
      version: 4,
      'OS-EXT-IPS:type': 'fixed',
      'OS-EXT-IPS-MAC:mac_addr': expect.stringMatching(/^fa:16:3e(:[0-9a-f]{2}){3}$/),
    });
    const ports = await cloud().request<{ ports: Array<{ status: string; device_owner: string }> }>(
      'GET',
      `/network/v2.0/ports?device_id=${server?.id}`,
      { token: demo },
    );
    expect(ports.body.ports).toEqual([
      expect.objectContaining({ status: 'ACTIVE', device_owner: 'compute:nova' }),
    ]);
    const actions = await cloud().request<{
      instanceActions: Array<{ action: string; request_id: string }>;
    }>('GET', `${COMPUTE}/servers/${server?.id}/os-instance-actions`, { token: demo });
    expect(actions.body.instanceActions.map((a) => a.action)).toEqual(['create']);
    expect(actions.body.instanceActions[0]?.request_id).toBe(
      created.headers.get('x-openstack-request-id'),
    );

    const reservation = await createServer(cloud(), demo, {
      name: 'many',
      imageRef: image,
      flavorRef: '1',
      networks: 'none',
      min_count: 2,
      max_count: 2,
      return_reservation_id: true,
    });
    expect(reservation.status).toBe(202);
    const rid = reservation.body['reservation_id'] as string;
    expect(rid).toMatch(/^r-/);
    const admin = await cloud().token('admin', 'admin');
    const byReservation = await cloud().request<ServerList>(
      'GET',
      `${COMPUTE}/servers/detail?all_tenants=1&reservation_id=${rid}`,
      { token: admin },
    );
    expect(byReservation.body.servers.map((s) => s.name).sort()).toEqual(['many-1', 'many-2']);
  });

  it('validates create requests with nova’s messages', async () => {
    const demo = await cloud().token('demo', 'demo');
    const image = await cirrosImageId(cloud(), demo);
    const attempt = async (
      server: Record<string, unknown>,
      microversion = '2.52',
    ): Promise<[number, unknown]> => {
      const r = await createServer(cloud(), demo, server, { microversion });
      return [r.status, r.body];
    };
    const base = { name: 'x', imageRef: image, flavorRef: '1', networks: 'none' };
    expect(await attempt({ ...base, flavorRef: '999' })).toEqual([
      400,
      { badRequest: { code: 400, message: 'Flavor 999 could not be found.' } },
    ]);
    expect(await attempt({ ...base, key_name: 'nope' })).toEqual([
      400,
      { badRequest: { code: 400, message: 'Invalid key_name provided.' } },
    ]);
    const [missing, missingBody] = await attempt(
      { name: 'x', imageRef: image, flavorRef: '1' },
      '2.37',
    );
    expect(missing).toBe(400);
    expect(JSON.stringify(missingBody)).toContain("'networks' is a required property");
    // Without networks nova takes the project's only network; demo sees `private` and `shared`.
    expect(await attempt({ name: 'x', imageRef: image, flavorRef: '1' }, '2.36')).toEqual([
      409,
      {
        conflictingRequest: {
          code: 409,
          message:
            'More than one possible network found. Specify network ID(s) to select which one(s) to connect to.',
        },
      },
    ]);
    expect(
      (await attempt({ ...base, networks: [{ uuid: '9b4b5bd5-0000-4000-8000-000000000000' }] }))[1],
    ).toEqual({
      badRequest: {
        code: 400,
        message: 'Network 9b4b5bd5-0000-4000-8000-000000000000 could not be found.',
      },
    });
    expect((await attempt({ ...base, user_data: 'not base64!' }))[0]).toBe(400);
    expect((await attempt({ ...base, availability_zone: 'mars' }))[1]).toEqual({
      badRequest: { code: 400, message: 'The requested availability zone is not available' },
    });
    expect((await attempt({ ...base, description: 'too early' }, '2.18'))[0]).toBe(400);
    expect((await attempt({ ...base, tags: ['a/b'] }))[0]).toBe(400);
    // Tags at boot arrived with 2.52.
    expect((await attempt({ ...base, tags: ['early'] }, '2.51'))[0]).toBe(400);
    const [, unknown] = await attempt({ ...base, colour: 'blue' });
    expect(JSON.stringify(unknown)).toContain(
      "Additional properties are not allowed ('colour' was unexpected)",
    );
    expect((await attempt({ ...base, min_count: 3, max_count: 2 }))[1]).toEqual({
      badRequest: { code: 400, message: 'min_count must be <= max_count' },
    });
    const reader = await cloud().token('reader', 'demo');
    const refused = await createServer(cloud(), reader, base);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:servers:create to be performed.",
      },
    });
  });

  it('enforces the instance, cores and ram quotas with nova’s text', async () => {
    const admin = await cloud().token('admin', 'admin');
    const alt = await cloud().token('demo', 'alt_demo');
    const login = (await cloud().login('demo', 'alt_demo')).body.token;
    const project = login.project?.id ?? '';
    const image = await cirrosImageId(cloud(), alt);
    const setQuota = async (quota: Record<string, number>): Promise<number> =>
      (
        await cloud().request('PUT', `${COMPUTE}/os-quota-sets/${project}`, {
          token: admin,
          body: { quota_set: quota },
        })
      ).status;
    // alt_demo holds the seeded alt-server (m1.tiny).
    expect(await setQuota({ instances: 3, cores: 10 })).toBe(200);
    const base = { imageRef: image, flavorRef: '1', networks: 'none' };
    expect((await createServer(cloud(), alt, { ...base, name: 'q1' })).status).toBe(202);
    const over = await createServer(cloud(), alt, { ...base, name: 'q2', min_count: 2 });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      forbidden: {
        code: 403,
        message: 'Quota exceeded for instances: Requested 2, but already used 2 of 3 instances',
      },
    });
    expect(await setQuota({ cores: 3 })).toBe(200);
    const cores = await createServer(cloud(), alt, { ...base, name: 'q3', flavorRef: '3' });
    expect((cores.body as { forbidden: { message: string } }).forbidden.message).toBe(
      'Quota exceeded for cores: Requested 2, but already used 2 of 3 cores',
    );
    // max_count beyond the quota creates as many as fit.
    expect(await setQuota({ instances: 4, cores: 20 })).toBe(200);
    const fits = await createServer(cloud(), alt, {
      ...base,
      name: 'fits',
      max_count: 5,
      return_reservation_id: true,
    });
    expect(fits.status).toBe(202);
    const limits = await cloud().request<{ limits: { absolute: Record<string, number> } }>(
      'GET',
      `${COMPUTE}/limits`,
      {
        token: alt,
      },
    );
    expect(limits.body.limits.absolute).toMatchObject({
      maxTotalInstances: 4,
      totalInstancesUsed: 4,
    });
    // A quota below what is in use is refused unless forced.
    expect(await setQuota({ instances: 1 })).toBe(400);
    await cloud().request('DELETE', `${COMPUTE}/os-quota-sets/${project}`, { token: admin });
  });

  it('renames, describes and deletes, releasing group membership', async () => {
    const demo = await cloud().token('demo', 'demo');
    const image = await cirrosImageId(cloud(), demo);
    const groups = await cloud().request<{
      server_groups: Array<{ id: string; name: string; members: string[] }>;
    }>('GET', `${COMPUTE}/os-server-groups`, { token: demo });
    const spread = groups.body.server_groups.find((g) => g.name === 'db-spread');
    const created = await createServer(
      cloud(),
      demo,
      { name: 'temp', imageRef: image, flavorRef: '1', networks: 'none' },
      { hints: { group: spread?.id } },
    );
    const id = created.body.server?.id ?? '';
    await waitForStatus(cloud(), demo, id, 'ACTIVE');
    const renamed = await cloud().request<{ server: ServerView }>(
      'PUT',
      `${COMPUTE}/servers/${id}`,
      {
        token: demo,
        microversion: '2.19',
        body: { server: { name: 'renamed', description: 'now described' } },
      },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.server).toMatchObject({ name: 'renamed', description: 'now described' });
    // Before 2.75 the answer leaves out what GET adds.
    expect(renamed.body.server).not.toHaveProperty('OS-EXT-STS:vm_state');
    const full = await cloud().request<{ server: ServerView }>('PUT', `${COMPUTE}/servers/${id}`, {
      token: demo,
      microversion: '2.75',
      body: { server: { name: 'renamed' } },
    });
    expect(full.body.server['OS-EXT-STS:vm_state']).toBe('active');

    const member = await cloud().request<{ server_group: { members: string[] } }>(
      'GET',
      `${COMPUTE}/os-server-groups/${spread?.id}`,
      { token: demo },
    );
    expect(member.body.server_group.members).toContain(id);
    const reader = await cloud().token('reader', 'demo');
    expect(
      (await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: reader })).status,
    ).toBe(403);
    expect(
      (await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo })).status,
    ).toBe(204);
    await waitForServer(cloud(), demo, id, (_s, status) => status === 404);
    const after = await cloud().request<{ server_group: { members: string[] } }>(
      'GET',
      `${COMPUTE}/os-server-groups/${spread?.id}`,
      { token: demo },
    );
    expect(after.body.server_group.members).not.toContain(id);
    // The admin still finds it among the deleted.
    const admin = await cloud().token('admin', 'admin');
    const deleted = await cloud().request<ServerList>(
      'GET',
      `${COMPUTE}/servers/detail?all_tenants=1&deleted=true`,
      {
        token: admin,
      },
    );
    expect(deleted.body.servers.find((s) => s.id === id)?.status).toBe('DELETED');
  });

  it('places anti-affinity members on different hosts, and fails the fourth', async () => {
    const demo = await cloud().token('demo', 'demo');
    const admin = await cloud().token('admin', 'admin');
    const image = await cirrosImageId(cloud(), demo);
    const project = (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';
    await cloud().request('PUT', `${COMPUTE}/os-quota-sets/${project}`, {
      token: admin,
      body: { quota_set: { instances: 50, cores: 50 } },
    });
    const group = await cloud().request<{ server_group: { id: string } }>(
      'POST',
      `${COMPUTE}/os-server-groups`,
      {
        token: demo,
        microversion: '2.64',
        body: { server_group: { name: 'spread-test', policy: 'anti-affinity' } },
      },
    );
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const r = await createServer(
        cloud(),
        demo,
        { name: `spread-${n}`, imageRef: image, flavorRef: '1', networks: 'none' },
        { hints: { group: group.body.server_group.id } },
      );
      ids.push(r.body.server?.id ?? '');
      await waitForServer(
        cloud(),
        demo,
        ids[ids.length - 1] ?? '',
        (s) => s?.status === 'ACTIVE' || s?.status === 'ERROR',
      );
    }
    const hosts = await Promise.all(
      ids.map(async (id) => (await getServer(cloud(), admin, id)).body.server),
    );
    expect(new Set(hosts.slice(0, 3).map((s) => s['OS-EXT-SRV-ATTR:host'])).size).toBe(3);
    expect(hosts[3]?.status).toBe('ERROR');
    expect((hosts[3]?.['fault'] as { message: string }).message).toBe(
      'No valid host was found. There are not enough hosts available.',
    );
    for (const id of ids)
      await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo });
  });
});

describe('nova servers: timed lifecycle and restarts', () => {
  // 3 s of nominal build time become 150 ms.
  const cloud = useTestCloud({ lifecycleScale: 0.05 });

  it('goes BUILD (scheduling, spawning) → ACTIVE, then deleting → gone, on its own timer', async () => {
    const demo = await cloud().token('demo', 'demo');
    const image = await cirrosImageId(cloud(), demo);
    const created = await createServer(cloud(), demo, {
      name: 'timed',
      imageRef: image,
      flavorRef: '1',
      networks: 'none',
    });
    const id = created.body.server?.id ?? '';
    const first = (await getServer(cloud(), demo, id)).body.server;
    expect(first.status).toBe('BUILD');
    expect(first['OS-EXT-STS:task_state']).toBe('scheduling');
    const spawning = await waitForServer(
      cloud(),
      demo,
      id,
      (s) => s?.['OS-EXT-STS:task_state'] !== 'scheduling',
    );
    expect(['spawning', null]).toContain(spawning?.['OS-EXT-STS:task_state']);
    // Nothing reads for a while: the timer alone brings it to ACTIVE.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const active = (await getServer(cloud(), demo, id)).body.server;
    expect(active.status).toBe('ACTIVE');

    expect(
      (await cloud().request('DELETE', `${COMPUTE}/servers/${id}`, { token: demo })).status,
    ).toBe(204);
    const deleting = (await getServer(cloud(), demo, id)).body.server;
    expect(deleting['OS-EXT-STS:task_state']).toBe('deleting');
    await waitForServer(cloud(), demo, id, (_s, status) => status === 404);
  });

  it('keeps servers and their pending transitions across a restart', async () => {
    const demo = await cloud().token('demo', 'demo');
    const image = await cirrosImageId(cloud(), demo);
    const created = await createServer(cloud(), demo, {
      name: 'survivor',
      imageRef: image,
      flavorRef: '1',
      networks: 'none',
    });
    const id = created.body.server?.id ?? '';
    expect((await getServer(cloud(), demo, id)).body.server.status).toBe('BUILD');
    await cloud().restart();
    const again = await cloud()
      .token('demo', 'demo')
      .catch(() =>
        cloud()
          .login('demo', 'demo')
          .then((l) => l.token),
      );
    const active = await waitForStatus(cloud(), again, id, 'ACTIVE');
    expect(active?.name).toBe('survivor');
    // The seed is not repeated.
    const all = await cloud().request<ServerList>('GET', `${COMPUTE}/servers/detail?name=^web-1$`, {
      token: again,
    });
    expect(all.body.servers).toHaveLength(1);
  });
});
