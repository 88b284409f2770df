import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';

interface Flavor {
  id: string;
  name: string;
  ram: number;
  disk: number;
  vcpus: number;
  swap: number | string;
  description?: string | null;
  extra_specs?: Record<string, string>;
  'os-flavor-access:is_public': boolean;
  links: Array<{ rel: string; href: string }>;
}

describe('nova flavors', () => {
  const cloud = useTestCloud();
  const admin = (): Promise<string> => cloud().token('admin', 'admin');
  const member = (): Promise<string> => cloud().token('demo', 'demo');
  const names = (flavors: Flavor[]): string[] => flavors.map((f) => f.name);

  it('lists public flavors with nova links, sorted by flavor id', async () => {
    const r = await cloud().request<{ flavors: Flavor[] }>('GET', '/compute/v2.1/flavors', {
      token: await member(),
    });
    expect(r.status).toBe(200);
    expect(names(r.body.flavors)).toEqual([
      'm1.tiny',
      'm1.small',
      'm1.medium',
      'm1.large',
      'm1.xlarge',
    ]);
    expect(r.body.flavors[0]).toEqual({
      id: '1',
      name: 'm1.tiny',
      links: [
        { rel: 'self', href: `${cloud().url}/compute/v2.1/flavors/1` },
        { rel: 'bookmark', href: `${cloud().url}/compute/flavors/1` },
      ],
    });
    expect(r.headers.get('openstack-api-version')).toBe('compute 2.1');
    expect(r.headers.get('x-openstack-nova-api-version')).toBe('2.1');
    expect(r.headers.get('vary')).toContain('OpenStack-API-Version');
  });

  it('changes the detail shape with the microversion', async () => {
    const token = await member();
    const at = async (v: string): Promise<Flavor> => {
      const r = await cloud().request<{ flavor: Flavor }>('GET', '/compute/v2.1/flavors/4', {
        token,
        microversion: v,
      });
      return r.body.flavor;
    };
    const v21 = await at('2.1');
    expect(v21).toMatchObject({
      name: 'm1.large',
      vcpus: 4,
      ram: 8192,
      disk: 80,
      swap: '',
      'OS-FLV-DISABLED:disabled': false,
    });
    expect(v21).not.toHaveProperty('description');
    expect(v21).not.toHaveProperty('extra_specs');
    const v255 = await at('2.55');
    expect(v255.description).toBeNull();
    expect(v255).not.toHaveProperty('extra_specs');
    const v261 = await at('2.61');
    expect(v261.extra_specs).toEqual({ 'hw:cpu_policy': 'dedicated', 'hw:mem_page_size': 'large' });
    expect(v261.swap).toBe('');
    expect((await at('2.75')).swap).toBe(0);
  });

  it('applies is_public the way nova does', async () => {
    const list = async (token: string, query = ''): Promise<string[]> => {
      const r = await cloud().request<{ flavors: Flavor[] }>(
        'GET',
        `/compute/v2.1/flavors/detail${query}`,
        { token },
      );
      expect(r.status).toBe(200);
      return names(r.body.flavors);
    };
    // A member never sees another project's private flavor, whatever it asks for.
    expect(await list(await member())).not.toContain('p1.secret');
    expect(await list(await member(), '?is_public=None')).not.toContain('p1.secret');
    // The admin project has access to p1.secret, so the default listing includes it.
    expect(await list(await admin())).toContain('p1.secret');
    expect(await list(await admin(), '?is_public=false')).toEqual(['p1.secret']);
    expect(await list(await admin(), '?is_public=none')).toHaveLength(6);
    const bad = await cloud().request('GET', '/compute/v2.1/flavors?is_public=maybe', {
      token: await admin(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      badRequest: { code: 400, message: 'Invalid is_public filter [maybe]' },
    });

    const secret = (
      await cloud().request<{ flavors: Flavor[] }>('GET', '/compute/v2.1/flavors?is_public=false', {
        token: await admin(),
      })
    ).body.flavors[0];
    const hidden = await cloud().request('GET', `/compute/v2.1/flavors/${secret?.id}`, {
      token: await member(),
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      itemNotFound: { code: 404, message: `Flavor ${secret?.id} could not be found.` },
    });
  });

  it('filters, sorts and pages', async () => {
    const token = await member();
    const big = await cloud().request<{ flavors: Flavor[] }>(
      'GET',
      '/compute/v2.1/flavors?minRam=8192&minDisk=100',
      {
        token,
      },
    );
    expect(names(big.body.flavors)).toEqual(['m1.xlarge']);
    const sorted = await cloud().request<{ flavors: Flavor[] }>(
      'GET',
      '/compute/v2.1/flavors/detail?sort_key=memory_mb&sort_dir=desc',
      { token },
    );
    expect(sorted.body.flavors.map((f) => f.ram)).toEqual([16384, 8192, 4096, 2048, 512]);
    const page = await cloud().request<{
      flavors: Flavor[];
      flavors_links: Array<{ rel: string; href: string }>;
    }>('GET', '/compute/v2.1/flavors?limit=2', { token });
    expect(names(page.body.flavors)).toEqual(['m1.tiny', 'm1.small']);
    expect(page.body.flavors_links).toEqual([
      { rel: 'next', href: `${cloud().url}/compute/v2.1/flavors?limit=2&marker=2` },
    ]);
    const next = await cloud().request<{ flavors: Flavor[] }>(
      'GET',
      '/compute/v2.1/flavors?limit=2&marker=2',
      { token },
    );
    expect(names(next.body.flavors)).toEqual(['m1.medium', 'm1.large']);
    const missing = await cloud().request('GET', '/compute/v2.1/flavors?marker=nope', { token });
    expect(missing.status).toBe(400);
    expect(
      (await cloud().request('GET', '/compute/v2.1/flavors?sort_key=bogus', { token })).status,
    ).toBe(400);
  });

  it('creates flavors for admins only, with nova validation and conflicts', async () => {
    const denied = await cloud().request('POST', '/compute/v2.1/flavors', {
      token: await member(),
      body: { flavor: { name: 'x', ram: 1, vcpus: 1, disk: 0 } },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      forbidden: {
        code: 403,
        message: "Policy doesn't allow os_compute_api:os-flavor-manage:create to be performed.",
      },
    });

    const token = await admin();
    const created = await cloud().request<{ flavor: Flavor }>('POST', '/compute/v2.1/flavors', {
      token,
      microversion: '2.55',
      body: {
        flavor: { name: 'c1.test', ram: '1024', vcpus: 2, disk: 10, description: 'for tests' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.flavor).toMatchObject({
      name: 'c1.test',
      ram: 1024,
      vcpus: 2,
      disk: 10,
      description: 'for tests',
    });
    expect(created.body.flavor.id).toMatch(/^[0-9a-f-]{36}$/);

    const explicit = await cloud().request<{ flavor: Flavor }>('POST', '/compute/v2.1/flavors', {
      token,
      body: {
        flavor: {
          name: 'c1.id',
          id: 'custom-1',
          ram: 64,
          vcpus: 1,
          disk: 0,
          'os-flavor-access:is_public': false,
        },
      },
    });
    expect(explicit.body.flavor.id).toBe('custom-1');
    expect(explicit.body.flavor['os-flavor-access:is_public']).toBe(false);

    const sameName = await cloud().request('POST', '/compute/v2.1/flavors', {
      token,
      body: { flavor: { name: 'c1.test', ram: 64, vcpus: 1, disk: 0 } },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({
      conflictingRequest: { code: 409, message: 'Flavor with name c1.test already exists.' },
    });
    const sameId = await cloud().request('POST', '/compute/v2.1/flavors', {
      token,
      body: { flavor: { name: 'c1.other', id: 'custom-1', ram: 64, vcpus: 1, disk: 0 } },
    });
    expect(sameId.body).toEqual({
      conflictingRequest: { code: 409, message: 'Flavor with ID custom-1 already exists.' },
    });

    for (const flavor of [
      { ram: 64, vcpus: 1, disk: 0 },
      { name: ' padded', ram: 64, vcpus: 1, disk: 0 },
      { name: 'z', ram: 0, vcpus: 1, disk: 0 },
      { name: 'z', ram: 64, vcpus: 1, disk: 0, bogus: 1 },
      { name: 'z', ram: 64, vcpus: 1, disk: 0, description: 'too early' },
    ]) {
      const r = await cloud().request<{ badRequest: { code: number } }>(
        'POST',
        '/compute/v2.1/flavors',
        { token, body: { flavor } },
      );
      expect(r.status, JSON.stringify(flavor)).toBe(400);
      expect(r.body.badRequest.code).toBe(400);
    }
  });

  it('updates the description from 2.55 and deletes', async () => {
    const token = await admin();
    const created = await cloud().request<{ flavor: Flavor }>('POST', '/compute/v2.1/flavors', {
      token,
      body: { flavor: { name: 'c1.update', ram: 64, vcpus: 1, disk: 0 } },
    });
    const path = `/compute/v2.1/flavors/${created.body.flavor.id}`;
    const early = await cloud().request('PUT', path, {
      token,
      body: { flavor: { description: 'x' } },
    });
    expect(early.status).toBe(404);
    const updated = await cloud().request<{ flavor: Flavor }>('PUT', path, {
      token,
      microversion: '2.55',
      body: { flavor: { description: 'now described' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.flavor.description).toBe('now described');
    const renaming = await cloud().request('PUT', path, {
      token,
      microversion: '2.55',
      body: { flavor: { name: 'x' } },
    });
    expect(renaming.status).toBe(400);
    expect((await cloud().request('DELETE', path, { token })).status).toBe(202);
    expect((await cloud().request('GET', path, { token })).status).toBe(404);
    expect((await cloud().request('DELETE', path, { token })).status).toBe(404);
  });

  it('manages extra specs', async () => {
    const token = await admin();
    const base = '/compute/v2.1/flavors/2/os-extra_specs';
    expect((await cloud().request('GET', base, { token: await member() })).body).toEqual({
      extra_specs: {},
    });
    const added = await cloud().request('POST', base, {
      token,
      body: { extra_specs: { 'hw:cpu_policy': 'dedicated', 'hw:numa_nodes': 2 } },
    });
    expect(added.status).toBe(200);
    expect((await cloud().request('GET', base, { token })).body).toEqual({
      extra_specs: { 'hw:cpu_policy': 'dedicated', 'hw:numa_nodes': '2' },
    });
    expect((await cloud().request('GET', `${base}/hw:numa_nodes`, { token })).body).toEqual({
      'hw:numa_nodes': '2',
    });
    const mismatch = await cloud().request('PUT', `${base}/hw:numa_nodes`, {
      token,
      body: { 'hw:cpu_policy': 'shared' },
    });
    expect(mismatch.body).toEqual({
      badRequest: { code: 400, message: 'Request body and URI mismatch' },
    });
    const put = await cloud().request('PUT', `${base}/hw:numa_nodes`, {
      token,
      body: { 'hw:numa_nodes': '1' },
    });
    expect(put.body).toEqual({ 'hw:numa_nodes': '1' });
    expect((await cloud().request('DELETE', `${base}/hw:numa_nodes`, { token })).status).toBe(200);
    const gone = await cloud().request('GET', `${base}/hw:numa_nodes`, { token });
    expect(gone.body).toEqual({
      itemNotFound: { code: 404, message: 'Flavor 2 has no extra specs with key hw:numa_nodes.' },
    });
    const denied = await cloud().request('POST', base, {
      token: await member(),
      body: { extra_specs: { a: 'b' } },
    });
    expect(denied.status).toBe(403);
    const badKey = await cloud().request('POST', base, {
      token,
      body: { extra_specs: { 'bad/key': 'x' } },
    });
    expect(badKey.status).toBe(400);
  });

  it('manages access to private flavors', async () => {
    const token = await admin();
    const publicAccess = await cloud().request('GET', '/compute/v2.1/flavors/1/os-flavor-access', {
      token,
    });
    expect(publicAccess.body).toEqual({
      itemNotFound: { code: 404, message: 'Access list not available for public flavors.' },
    });

    const created = await cloud().request<{ flavor: Flavor }>('POST', '/compute/v2.1/flavors', {
      token,
      body: {
        flavor: {
          name: 'p1.shared',
          ram: 64,
          vcpus: 1,
          disk: 0,
          'os-flavor-access:is_public': false,
        },
      },
    });
    const id = created.body.flavor.id;
    const demo = (await cloud().login('demo', 'demo')).body.token.project?.id ?? '';
    expect(
      (await cloud().request('GET', `/compute/v2.1/flavors/${id}`, { token: await member() }))
        .status,
    ).toBe(404);

    const added = await cloud().request('POST', `/compute/v2.1/flavors/${id}/action`, {
      token,
      body: { addTenantAccess: { tenant: demo } },
    });
    expect(added.body).toEqual({ flavor_access: [{ flavor_id: id, tenant_id: demo }] });
    const again = await cloud().request('POST', `/compute/v2.1/flavors/${id}/action`, {
      token,
      body: { addTenantAccess: { tenant: demo } },
    });
    expect(again.status).toBe(409);
    const unknown = await cloud().request('POST', `/compute/v2.1/flavors/${id}/action`, {
      token,
      body: { addTenantAccess: { tenant: 'no-such-project' } },
    });
    expect(unknown.status).toBe(400);

    // Now the member's project sees it, in lists and by id.
    const visible = await cloud().request<{ flavors: Flavor[] }>('GET', '/compute/v2.1/flavors', {
      token: await member(),
    });
    expect(names(visible.body.flavors)).toContain('p1.shared');
    expect(
      (await cloud().request('GET', `/compute/v2.1/flavors/${id}`, { token: await member() }))
        .status,
    ).toBe(200);
    expect(
      (
        await cloud().request('GET', `/compute/v2.1/flavors/${id}/os-flavor-access`, {
          token: await member(),
        })
      ).status,
    ).toBe(403);

    const removed = await cloud().request('POST', `/compute/v2.1/flavors/${id}/action`, {
      token,
      body: { removeTenantAccess: { tenant: demo } },
    });
    expect(removed.body).toEqual({ flavor_access: [] });
    const publicAdd = await cloud().request('POST', '/compute/v2.1/flavors/1/action', {
      token,
      body: { addTenantAccess: { tenant: demo } },
    });
    expect(publicAdd.body).toEqual({
      conflictingRequest: { code: 409, message: 'Can not add access to a public flavor.' },
    });
  });
});
