import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { idOf, list, names, neutronAs, neutronError } from './testSupport';
import type { Body } from './testSupport';

describe('neutron networks', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);

  it('publishes the version document and the core resources', async () => {
    const versions = await cloud().request('GET', '/network/');
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual({
      versions: [
        {
          id: 'v2.0',
          status: 'CURRENT',
          links: [{ rel: 'self', href: `${cloud().url}/network/v2.0/` }],
        },
      ],
    });
    const unauthenticated = await cloud().request('GET', '/network/v2.0/networks');
    expect(unauthenticated.status).toBe(401);
    const resources = await call('demo', 'GET', '');
    expect(resources.headers.get('x-openstack-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(list(resources.body, 'resources').map((r) => r['collection'])).toEqual([
      'networks',
      'subnets',
      'subnetpools',
      'ports',
    ]);
  });

  it('shows a member its own, shared and external networks, not other projects’ private ones', async () => {
    const demo = await call('demo', 'GET', '/networks');
    expect(demo.status).toBe(200);
    expect(names(demo.body, 'networks').sort()).toEqual([
      'db-net',
      'private',
      'public',
      'shared-net',
    ]);
    const alt = await call('alt', 'GET', '/networks');
    expect(names(alt.body, 'networks').sort()).toEqual(['alt-private', 'public', 'shared-net']);
    const admin = await call('admin', 'GET', '/networks');
    expect(names(admin.body, 'networks')).toContain('alt-private');

    const altPrivate = idOf(admin.body, 'networks', 'alt-private');
    const hidden = await call('demo', 'GET', `/networks/${altPrivate}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(
      neutronError('NetworkNotFound', `Network ${altPrivate} could not be found.`),
    );
  });

  it('strips attributes a member may not read (provider:*, router:external of others)', async () => {
    const demo = await call('demo', 'GET', '/networks');
    const byName = (body: Body, name: string): Body =>
      list(body, 'networks').find((n) => n['name'] === name) ?? {};
    const pub = byName(demo.body, 'public');
    expect(pub).not.toHaveProperty('router:external');
    expect(pub).not.toHaveProperty('provider:network_type');
    expect(pub['tenant_id']).toBe(pub['project_id']);
    const own = byName(demo.body, 'private');
    expect(own['router:external']).toBe(false);
    expect(own).not.toHaveProperty('provider:segmentation_id');
    expect(own).toMatchObject({ status: 'ACTIVE', mtu: 1450, shared: false, admin_state_up: true });
    expect(own['subnets']).toHaveLength(2);

    const admin = await call('admin', 'GET', '/networks');
    expect(byName(admin.body, 'public')).toMatchObject({
      'router:external': true,
      'provider:network_type': 'flat',
      'provider:physical_network': 'public',
      'provider:segmentation_id': null,
      mtu: 1500,
    });
    expect(byName(admin.body, 'private')['provider:network_type']).toBe('vxlan');
  });

  it('filters by any attribute with repeated keys, selects fields, sorts', async () => {
    const two = await call('demo', 'GET', '/networks?name=private&name=db-net');
    expect(names(two.body, 'networks').sort()).toEqual(['db-net', 'private']);
    const shared = await call('demo', 'GET', '/networks?shared=true');
    expect(names(shared.body, 'networks')).toEqual(['shared-net']);
    const external = await call('demo', 'GET', '/networks?router:external=True');
    expect(names(external.body, 'networks')).toEqual(['public']);
    const fields = await call('demo', 'GET', '/networks?fields=id&fields=name');
    for (const n of list(fields.body, 'networks'))
      expect(Object.keys(n).sort()).toEqual(['id', 'name']);
    const invalid = await call('demo', 'GET', '/networks?foo=1');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(
      neutronError('HTTPBadRequest', "['foo'] is invalid attribute for filtering"),
    );
    const sorted = await call('demo', 'GET', '/networks?sort_key=name&sort_dir=desc');
    expect(names(sorted.body, 'networks')).toEqual(['shared-net', 'public', 'private', 'db-net']);
    const unpaired = await call('demo', 'GET', '/networks?sort_key=name');
    expect(unpaired.body).toEqual(
      neutronError('HTTPBadRequest', 'The number of sort_keys and sort_dirs must be same'),
    );
  });

  it('pages by id with next and previous links', async () => {
    const all = await call('demo', 'GET', '/networks');
    const ids = list(all.body, 'networks').map((n) => String(n['id']));
    expect(ids).toEqual([...ids].sort());
    const first = await call('demo', 'GET', '/networks?limit=2');
    expect(list(first.body, 'networks').map((n) => n['id'])).toEqual(ids.slice(0, 2));
    const links = first.body['networks_links'] as Array<{ rel: string; href: string }>;
    expect(links).toEqual([
      { rel: 'next', href: `${cloud().url}/network/v2.0/networks?limit=2&marker=${ids[1]}` },
      {
        rel: 'previous',
        href: `${cloud().url}/network/v2.0/networks?limit=2&marker=${ids[0]}&page_reverse=True`,
      },
    ]);
    const next = await call('demo', 'GET', `/networks?limit=2&marker=${ids[1]}`);
    expect(list(next.body, 'networks').map((n) => n['id'])).toEqual(ids.slice(2, 4));
    const missing = await call('demo', 'GET', '/networks?limit=2&marker=nope');
    expect(missing.status).toBe(404);
    const badLimit = await call('demo', 'GET', '/networks?limit=x');
    expect(badLimit.body).toEqual(
      neutronError(
        'BadRequest',
        "Bad limit request: Limit must be an integer 0 or greater and not 'x'.",
      ),
    );
  });

  it('creates, updates and deletes a network with neutron’s shapes and errors', async () => {
    const created = await call('demo', 'POST', '/networks', { network: { name: 'app-net' } });
    expect(created.status).toBe(201);
    const net = created.body['network'] as Body;
    expect(net).toMatchObject({
      name: 'app-net',
      status: 'ACTIVE',
      subnets: [],
      shared: false,
      'router:external': false,
      mtu: 1450,
      revision_number: 1,
      tags: [],
      description: '',
    });
    expect(net['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(net['tenant_id']).toBe(net['project_id']);
    const updated = await call('demo', 'PUT', `/networks/${String(net['id'])}`, {
      network: { name: 'app-net-2', description: 'renamed' },
    });
    expect(updated.body['network']).toMatchObject({ name: 'app-net-2', revision_number: 2 });
    const readOnly = await call('demo', 'PUT', `/networks/${String(net['id'])}`, {
      network: { status: 'DOWN' },
    });
    expect(readOnly.body).toEqual(
      neutronError('HTTPBadRequest', 'Cannot update read-only attribute status'),
    );
    const deleted = await call('demo', 'DELETE', `/networks/${String(net['id'])}`);
    expect(deleted.status).toBe(204);
  });

  it('validates bodies and enforces Zed policies per attribute', async () => {
    const shared = await call('demo', 'POST', '/networks', {
      network: { name: 'x', shared: true },
    });
    expect(shared.status).toBe(403);
    expect(shared.body).toEqual(
      neutronError(
        'PolicyNotAuthorized',
        '(rule:create_network and rule:create_network:shared) is disallowed by policy',
      ),
    );
    const reader = await call('reader', 'POST', '/networks', { network: { name: 'x' } });
    expect(reader.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:create_network is disallowed by policy'),
    );
    const notBool = await call('admin', 'POST', '/networks', { network: { shared: 'maybe' } });
    expect(notBool.body).toEqual(
      neutronError(
        'InvalidInput',
        "Invalid input for operation: 'maybe' cannot be converted to boolean.",
      ),
    );
    const wrongKey = await call('demo', 'POST', '/networks', { netwrk: {} });
    expect(wrongKey.body).toEqual(
      neutronError('HTTPBadRequest', "Unable to find 'network' in request body"),
    );
    const unknown = await call('demo', 'POST', '/networks', { network: { colour: 'red' } });
    expect(unknown.body).toEqual(
      neutronError('HTTPBadRequest', "Unrecognized attribute(s) 'colour'"),
    );
    const tooLong = await call('demo', 'POST', '/networks', { network: { name: 'n'.repeat(256) } });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body['NeutronError'] as Body)['message']).toMatch(
      /^Invalid input for name\. Reason: 'n+' exceeds maximum length of 255\.$/,
    );
    const admin = await call('admin', 'POST', '/networks', {
      network: {
        name: 'provider-vlan',
        shared: true,
        'provider:network_type': 'vlan',
        'provider:physical_network': 'physnet1',
        'provider:segmentation_id': 150,
      },
    });
    expect(admin.status).toBe(201);
    expect(admin.body['network']).toMatchObject({ 'provider:segmentation_id': 150, mtu: 1500 });
    const clash = await call('admin', 'POST', '/networks', {
      network: {
        'provider:network_type': 'vlan',
        'provider:physical_network': 'physnet1',
        'provider:segmentation_id': 150,
      },
    });
    expect(clash.status).toBe(409);
    expect((clash.body['NeutronError'] as Body)['type']).toBe('VlanIdInUse');
    await call('admin', 'DELETE', `/networks/${String((admin.body['network'] as Body)['id'])}`);
  });

  it('refuses to delete a network with ports, and hides others’ networks on update', async () => {
    const nets = await call('demo', 'GET', '/networks');
    const priv = idOf(nets.body, 'networks', 'private');
    const inUse = await call('demo', 'DELETE', `/networks/${priv}`);
    expect(inUse.status).toBe(409);
    expect((inUse.body['NeutronError'] as Body)['type']).toBe('NetworkInUse');
    expect(String((inUse.body['NeutronError'] as Body)['message'])).toMatch(
      new RegExp(
        `^Unable to complete operation on network ${priv}\\. There are one or more ports still in use on the network, id for these ports is: [0-9a-f-]{36}(,[0-9a-f-]{36})*\\.$`,
      ),
    );
    const pub = idOf(nets.body, 'networks', 'public');
    const foreign = await call('demo', 'PUT', `/networks/${pub}`, { network: { name: 'mine' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(
      neutronError('PolicyNotAuthorized', 'rule:update_network is disallowed by policy'),
    );
  });

  it('manages tags', async () => {
    const nets = await call('demo', 'GET', '/networks');
    const db = idOf(nets.body, 'networks', 'db-net');
    expect((await call('demo', 'PUT', `/networks/${db}/tags/tier-db`)).status).toBe(201);
    const all = await call('demo', 'PUT', `/networks/${db}/tags`, { tags: ['a', 'b'] });
    expect(all.body).toEqual({ tags: ['a', 'b'] });
    const tagged = await call('demo', 'GET', '/networks?tags=a');
    expect(names(tagged.body, 'networks')).toEqual(['db-net']);
    expect((await call('demo', 'GET', `/networks/${db}/tags/zzz`)).status).toBe(404);
    expect((await call('demo', 'DELETE', `/networks/${db}/tags`)).status).toBe(204);
    expect((await call('reader', 'PUT', `/networks/${db}/tags/x`)).status).toBe(403);
  });

  it('keeps its state across a restart', async () => {
    const created = await call('demo', 'POST', '/networks', { network: { name: 'durable' } });
    const id = String((created.body['network'] as Body)['id']);
    await call('demo', 'POST', '/subnets', {
      subnet: { network_id: id, cidr: '10.77.0.0/24', ip_version: 4 },
    });
    await cloud().restart();
    const after = await call('demo', 'GET', `/networks/${id}`);
    expect(after.body['network']).toMatchObject({ name: 'durable', revision_number: 2 });
    expect(((after.body['network'] as Body)['subnets'] as string[]).length).toBe(1);
    const seeded = await call('demo', 'GET', '/networks?name=private');
    expect(list(seeded.body, 'networks')).toHaveLength(1);
  });
});

describe('neutron policy without enforce_new_defaults', () => {
  const cloud = useTestCloud({ enforceNewDefaults: false });
  const call = neutronAs(cloud);

  it('lets an admin see and change every project’s resources, as neutron’s is_admin shortcut does', async () => {
    const groups = await call('admin', 'GET', '/security-groups?name=web');
    expect(names(groups.body, 'security_groups')).toEqual(['web']);
    const trunks = await call('admin', 'GET', '/trunks');
    expect(names(trunks.body, 'trunks')).toEqual(['trunk1']);
    const reader = await call('reader', 'POST', '/networks', { network: { name: 'by-reader' } });
    expect(reader.status).toBe(201);
  });
});
