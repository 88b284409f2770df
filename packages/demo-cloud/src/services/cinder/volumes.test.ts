import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { cinderClient } from './testSupport';
import type { Body } from './testSupport';

interface Volume extends Body {
  id: string;
  name: string | null;
  status: string;
  size: number;
}

describe('cinder volumes', () => {
  const cloud = useTestCloud({ lifecycleScale: 0 });
  const cinder = cinderClient(cloud);
  const demo = (): ReturnType<typeof cinder.session> => cinder.session('demo', 'demo');

  it('lists the seeded volumes of the project, newest first, with links', async () => {
    const s = await demo();
    const r = await cinder.call<{ volumes: Volume[] }>(s, 'GET', '/volumes');
    expect(r.status).toBe(200);
    expect(r.headers.get('openstack-api-version')).toBe('volume 3.0');
    expect(r.body.volumes.map((v) => v.name)).toEqual([
      'broken-vol',
      'cirros-vol',
      'fast-scratch',
      'boot-vol',
      'data-vol',
    ]);
    const first = r.body.volumes[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(['id', 'links', 'name']);
    expect(first?.['links']).toEqual([
      { rel: 'self', href: `${cloud().url}/volume/v3/${s.projectId}/volumes/${first?.id}` },
      { rel: 'bookmark', href: `${cloud().url}/volume/${s.projectId}/volumes/${first?.id}` },
    ]);
  });

  it('shows the detailed view with the fields a member may see', async () => {
    const s = await demo();
    const list = await cinder.call<{ volumes: Volume[] }>(
      s,
      'GET',
      '/volumes/detail?name=fast-scratch',
    );
    const vol = list.body.volumes[0];
    expect(vol).toMatchObject({
      name: 'fast-scratch',
      description: 'Scratch space on SSD',
      status: 'available',
      size: 5,
      availability_zone: 'nova',
      volume_type: 'ssd',
      bootable: 'false',
      encrypted: false,
      multiattach: false,
      attachments: [],
      replication_status: null,
      consistencygroup_id: null,
      snapshot_id: null,
      source_volid: null,
      metadata: {},
      'os-vol-tenant-attr:tenant_id': s.projectId,
      user_id: s.userId,
    });
    expect(vol?.['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    // Host, migration status and provider are admin-only.
    expect(vol).not.toHaveProperty('os-vol-host-attr:host');
    expect(vol).not.toHaveProperty('migration_status');
    expect(vol).not.toHaveProperty('group_id');
  });

  it('seeds bootable volumes made from the cirros image', async () => {
    const s = await demo();
    const r = await cinder.call<{ volumes: Volume[] }>(s, 'GET', '/volumes/detail?name=cirros-vol');
    expect(r.body.volumes[0]).toMatchObject({
      bootable: 'true',
      status: 'available',
      volume_image_metadata: expect.objectContaining({
        image_name: 'cirros-0.6.2-x86_64-disk',
        image_id: expect.any(String),
        container_format: 'bare',
      }),
    });
  });

  it('adds fields by microversion', async () => {
    const s = await demo();
    const at = async (version: string): Promise<Volume> => {
      const r = await cinder.call<{ volumes: Volume[] }>(
        s,
        'GET',
        '/volumes/detail?name=data-vol',
        { version },
      );
      expect(r.headers.get('openstack-api-version')).toBe(`volume ${version}`);
      return r.body.volumes[0] as Volume;
    };
    expect(await at('3.12')).not.toHaveProperty('group_id');
    expect(await at('3.13')).toHaveProperty('group_id', null);
    expect(await at('3.47')).not.toHaveProperty('shared_targets');
    const v48 = await at('3.48');
    expect(v48).toHaveProperty('shared_targets', false);
    expect(v48['service_uuid']).toEqual(expect.any(String));
    expect(await at('3.62')).not.toHaveProperty('volume_type_id');
    const v63 = await at('3.63');
    expect(v63['volume_type_id']).toEqual(expect.any(String));
    expect(v63).not.toHaveProperty('consumes_quota');
    expect(await at('3.65')).toHaveProperty('consumes_quota', true);

    const admin = await cinder.session('admin', 'admin');
    const allAt = async (version: string): Promise<Volume> => {
      const r = await cinder.call<{ volumes: Volume[] }>(
        admin,
        'GET',
        '/volumes/detail?all_tenants=1&name=data-vol',
        { version },
      );
      return r.body.volumes[0] as Volume;
    };
    const v20 = await allAt('3.20');
    expect(v20).not.toHaveProperty('provider_id');
    expect(v20['os-vol-host-attr:host']).toBe('demo-controller@lvmdriver-1#lvmdriver-1');
    expect(v20['migration_status']).toBeNull();
    expect(await allAt('3.21')).toHaveProperty('provider_id', null);
    expect(await allAt('3.61')).toHaveProperty('cluster_name', null);
  });

  it('counts with with_count from 3.45 and pages with markers', async () => {
    const s = await demo();
    const old = await cinder.call<Body>(s, 'GET', '/volumes?with_count=true', { version: '3.44' });
    expect(old.body).not.toHaveProperty('count');
    const page = await cinder.call<{ volumes: Volume[]; count: number; volumes_links: Body[] }>(
      s,
      'GET',
      '/volumes?limit=2&with_count=true&sort=name:asc',
      { version: '3.45' },
    );
    expect(page.body.count).toBe(5);
    expect(page.body.volumes.map((v) => v.name)).toEqual(['boot-vol', 'broken-vol']);
    const marker = page.body.volumes[1]?.id;
    expect(page.body.volumes_links).toEqual([
      {
        rel: 'next',
        href: `${cloud().url}/volume/v3/${s.projectId}/volumes?limit=2&with_count=true&sort=name%3Aasc&marker=${marker}`,
      },
    ]);
    const next = await cinder.call<{ volumes: Volume[] }>(
      s,
      'GET',
      `/volumes?limit=2&sort=name:asc&marker=${marker}`,
    );
    expect(next.body.volumes.map((v) => v.name)).toEqual(['cirros-vol', 'data-vol']);
    const missing = await cinder.call(s, 'GET', '/volumes?marker=nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      itemNotFound: { code: 404, message: 'Volume nope could not be found.' },
    });
    const bad = await cinder.call(s, 'GET', '/volumes?limit=x');
    expect(bad.body).toEqual({
      badRequest: { code: 400, message: 'limit param must be an integer' },
    });
  });

  it('filters by status, metadata and bootable', async () => {
    const s = await demo();
    const names = async (query: string, version?: string): Promise<unknown> => {
      const r = await cinder.call<{ volumes: Volume[] }>(s, 'GET', `/volumes${query}`, {
        ...(version ? { version } : {}),
      });
      return r.status === 200 ? r.body.volumes.map((v) => v.name).sort() : r.body;
    };
    expect(await names('?status=error')).toEqual(['broken-vol']);
    expect(await names(`?metadata=${encodeURIComponent("{'tier': 'gold'}")}`)).toEqual([
      'data-vol',
    ]);
    expect(await names('?bootable=true')).toEqual(['boot-vol', 'cirros-vol']);
    expect(await names('?bootable=true&size=1&name=cirros-vol')).toEqual(['cirros-vol']);
    // Before 3.2 any value but false counts as true; from 3.2 it must be a boolean.
    expect(await names('?bootable=1')).toEqual(['boot-vol', 'cirros-vol']);
    expect(await names('?bootable=False')).toEqual(['broken-vol', 'data-vol', 'fast-scratch']);
    expect(await names('?bootable=maybe', '3.2')).toEqual({
      badRequest: { code: 400, message: "Invalid input received: 'bootable = maybe'" },
    });
    // A member's unknown filters are dropped, all_tenants among them.
    expect(await names('?all_tenants=1&bogus=1')).toHaveLength(5);
  });

  it('keeps projects apart', async () => {
    const s = await demo();
    const alt = await cinder.session('demo', 'alt_demo');
    const altList = await cinder.call<{ volumes: Volume[] }>(alt, 'GET', '/volumes');
    expect(altList.body.volumes.map((v) => v.name)).toEqual(['alt-vol']);
    const dataVol = (await cinder.call<{ volumes: Volume[] }>(s, 'GET', '/volumes?name=data-vol'))
      .body.volumes[0];
    const hidden = await cinder.call(alt, 'GET', `/volumes/${dataVol?.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      itemNotFound: { code: 404, message: `Volume ${dataVol?.id} could not be found.` },
    });
    // The URL's project must be the token's.
    const wrong = await cloud().request('GET', `/volume/v3/${alt.projectId}/volumes`, {
      token: s.token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ badRequest: { code: 400, message: 'Malformed request url' } });
    // An admin sees every project with all_tenants.
    const admin = await cinder.session('admin', 'admin');
    const all = await cinder.call<{ volumes: Volume[] }>(admin, 'GET', '/volumes?all_tenants=1');
    expect(all.body.volumes.map((v) => v.name)).toContain('alt-vol');
    const own = await cinder.call<{ volumes: Volume[] }>(admin, 'GET', '/volumes');
    expect(own.body.volumes).toEqual([]);
  });

  it('creates a volume: creating, then available', async () => {
    const s = await demo();
    const r = await cinder.call<{ volume: Volume }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, name: ' new-vol ', description: 'test', metadata: { a: 'b' } } },
    });
    expect(r.status).toBe(202);
    expect(r.body.volume).toMatchObject({
      name: 'new-vol',
      status: 'creating',
      size: 1,
      volume_type: 'lvmdriver-1',
      metadata: { a: 'b' },
      bootable: 'false',
      updated_at: null,
    });
    // Extensions add their attributes to show and list answers, not to the create answer.
    expect(r.body.volume).not.toHaveProperty('os-vol-tenant-attr:tenant_id');
    const ready = await cinder.waitFor(s, `/volumes/${r.body.volume.id}`, 'volume', 'available');
    expect(ready?.['updated_at']).toEqual(expect.any(String));
    // The project-less URL works too (3.67 made the project optional).
    const bare = await cloud().request<{ volume: Volume }>(
      'GET',
      `/volume/v3/volumes/${r.body.volume.id}`,
      { token: s.token },
    );
    expect(bare.body.volume.links).toEqual([
      { rel: 'self', href: `${cloud().url}/volume/v3/volumes/${r.body.volume.id}` },
      { rel: 'bookmark', href: `${cloud().url}/volume/volumes/${r.body.volume.id}` },
    ]);
    await cinder.call(s, 'DELETE', `/volumes/${r.body.volume.id}`);
    await cinder.waitFor(s, `/volumes/${r.body.volume.id}`, 'volume', null);
  });

  it('validates the create body with cinder’s messages', async () => {
    const s = await demo();
    const create = async (volume: unknown, version?: string): Promise<unknown> => {
      const r = await cinder.call(s, 'POST', '/volumes', {
        body: { volume },
        ...(version ? { version } : {}),
      });
      return r.body;
    };
    expect(await create({ size: 'abc' })).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute size. Value: abc. 'abc' does not match '^[0-9]+$'",
      },
    });
    expect(await create({ size: 0 })).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid input for field/attribute size. Value: 0. 0 is less than the minimum of 1',
      },
    });
    expect(await create({ name: 'x' })).toEqual({
      badRequest: {
        code: 400,
        message:
          'The server could not comply with the request since it is either malformed or otherwise incorrect.',
      },
    });
    expect(await create({ size: 1, bogus: 1 }, '3.53')).toEqual({
      badRequest: {
        code: 400,
        message:
          "Invalid input for field/attribute volume. Value: {'size': 1, 'bogus': 1}. Additional properties are not allowed ('bogus' was unexpected)",
      },
    });
    expect(await create({ size: 1, volume_type: 'nope' })).toEqual({
      itemNotFound: { code: 404, message: 'Volume type with name nope could not be found.' },
    });
    expect(await create({ size: 1, multiattach: true })).toMatchObject({
      badRequest: { code: 400 },
    });
    expect(await create({ size: 1, availability_zone: 'elsewhere' })).toEqual({
      badRequest: { code: 400, message: "Availability zone 'elsewhere' is invalid." },
    });
    expect(await create({ size: 1, name: 'x'.repeat(300) })).toEqual({
      badRequest: {
        code: 400,
        message: 'Invalid input received: name has 300 characters, more than 255.',
      },
    });
  });

  it('refuses readers and enforces the quota with 413', async () => {
    const reader = await cinder.session('reader', 'demo');
    const denied = await cinder.call(reader, 'POST', '/volumes', { body: { volume: { size: 1 } } });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      forbidden: { code: 403, message: "Policy doesn't allow volume:create to be performed." },
    });
    expect((await cinder.call(reader, 'GET', '/volumes/detail')).status).toBe(200);

    const s = await demo();
    const limits = await cinder.call<{ limits: { absolute: Record<string, number> } }>(
      s,
      'GET',
      '/limits',
    );
    const used = limits.body.limits.absolute['totalGigabytesUsed'] ?? 0;
    const big = await cinder.call(s, 'POST', '/volumes', { body: { volume: { size: 2000 } } });
    expect(big.status).toBe(413);
    expect(big.headers.get('retry-after')).toBe('0');
    expect(big.body).toEqual({
      overLimit: {
        code: 413,
        message: `VolumeSizeExceedsAvailableQuota: Requested volume or snapshot exceeds allowed gigabytes quota. Requested 2000G, quota is 1000G and ${used}G has been consumed.`,
        retryAfter: '0',
      },
    });
  });

  it('applies the delete rules', async () => {
    const s = await demo();
    const byName = async (name: string): Promise<Volume> =>
      (await cinder.call<{ volumes: Volume[] }>(s, 'GET', `/volumes/detail?name=${name}`)).body
        .volumes[0] as Volume;
    const dataVol = await byName('data-vol');
    const refused = await cinder.call(s, 'DELETE', `/volumes/${dataVol.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid volume: Volume status must be available or error or error_restoring or error_extending or error_managing and must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.',
      },
    });
    const reader = await cinder.session('reader', 'demo');
    const denied = await cinder.call(reader, 'DELETE', `/volumes/${dataVol.id}`);
    expect(denied.status).toBe(403);
    // A volume the scheduler never placed goes at once.
    const broken = await byName('broken-vol');
    expect((await cinder.call(s, 'DELETE', `/volumes/${broken.id}`)).status).toBe(202);
    expect((await cinder.call(s, 'GET', `/volumes/${broken.id}`)).status).toBe(404);
    // force is an admin's, from 3.23.
    const forced = await cinder.call(s, 'DELETE', `/volumes/${dataVol.id}?force=true`, {
      version: '3.23',
    });
    expect(forced.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow volume:force_delete to be performed.",
      },
    });
  });

  it('updates name, description and metadata', async () => {
    const s = await demo();
    const created = await cinder.call<{ volume: Volume }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, name: 'to-rename' } },
    });
    const id = created.body.volume.id;
    const r = await cinder.call<{ volume: Volume }>(s, 'PUT', `/volumes/${id}`, {
      body: { volume: { name: 'renamed', description: 'new', metadata: { k: 'v' } } },
    });
    expect(r.status).toBe(200);
    expect(r.body.volume).toMatchObject({
      name: 'renamed',
      description: 'new',
      metadata: { k: 'v' },
    });
    const empty = await cinder.call(s, 'PUT', `/volumes/${id}`, {
      body: { volume: {} },
      version: '3.53',
    });
    expect(empty.body).toEqual({
      badRequest: {
        code: 400,
        message:
          'Invalid input for field/attribute volume. Value: {}. {} is not valid under any of the given schemas',
      },
    });
  });

  it('summarises the volumes from 3.12', async () => {
    const s = await demo();
    expect((await cinder.call(s, 'GET', '/volumes/summary')).status).toBe(404);
    const r = await cinder.call<{ 'volume-summary': Body }>(s, 'GET', '/volumes/summary', {
      version: '3.36',
    });
    expect(r.body['volume-summary']).toMatchObject({
      total_count: expect.any(Number),
      metadata: expect.objectContaining({ tier: ['gold'] }),
    });
  });

  it('serves the version documents', async () => {
    const root = await cloud().request<{ versions: Body[] }>('GET', '/volume/');
    expect(root.status).toBe(300);
    expect(root.body.versions[0]).toMatchObject({
      id: 'v3.0',
      status: 'CURRENT',
      version: '3.70',
      min_version: '3.0',
      links: [
        { rel: 'describedby', type: 'text/html', href: 'https://docs.openstack.org/' },
        { rel: 'self', href: `${cloud().url}/volume/v3/` },
      ],
    });
    expect((await cloud().request('GET', '/volume/v3/')).status).toBe(401);
    const s = await demo();
    const v3 = await cloud().request('GET', '/volume/v3/', { token: s.token });
    expect(v3.status).toBe(200);
    const tooNew = await cinder.call(s, 'GET', '/volumes', { version: '3.71' });
    expect(tooNew.status).toBe(406);
    expect(tooNew.body).toEqual({
      computeFault: {
        code: 406,
        message: 'Version 3.71 is not supported by the API. Minimum is 3.0 and maximum is 3.70.',
      },
    });
    const latest = await cinder.call(s, 'GET', '/volumes', { version: 'latest' });
    expect(latest.headers.get('openstack-api-version')).toBe('volume 3.70');
  });

  it('keeps volumes across a restart', async () => {
    const s = await demo();
    const created = await cinder.call<{ volume: Volume }>(s, 'POST', '/volumes', {
      body: { volume: { size: 1, name: 'persistent' } },
    });
    await cloud().restart();
    const fresh = await cloud().login('demo', 'demo');
    const again = await cloud().request<{ volume: Volume }>(
      'GET',
      `/volume/v3/${s.projectId}/volumes/${created.body.volume.id}`,
      { token: fresh.token },
    );
    expect(again.body.volume).toMatchObject({ name: 'persistent', status: 'available' });
  });
});

describe('cinder volumes at scale', () => {
  const cloud = useTestCloud({ lifecycleScale: 0, scale: { volumes: 2000 } });
  const cinder = cinderClient(cloud);

  it('generates the scale seed and pages through it', async () => {
    const admin = await cinder.session('admin', 'admin');
    const started = Date.now();
    const all = await cinder.call<{ volumes: Volume[]; count: number }>(
      admin,
      'GET',
      '/volumes/detail?all_tenants=1&with_count=1&limit=1000',
      { version: '3.45' },
    );
    const elapsed = Date.now() - started;
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2000 + 6);
    expect(all.body.volumes).toHaveLength(1000);
    // A generous bound: the list is one query plus an in-memory sort, not one query per volume.
    expect(elapsed).toBeLessThan(5000);
    const s = await cinder.session('demo', 'demo');
    const page = await cinder.call<{ volumes: Volume[] }>(s, 'GET', '/volumes?limit=10');
    expect(page.body.volumes).toHaveLength(10);
  });
});
