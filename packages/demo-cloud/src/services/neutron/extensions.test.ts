import { describe, expect, it } from 'vitest';
import { useTestCloud } from '../../testing/testCloud';
import { list, neutronAs } from './testSupport';
import type { Body } from './testSupport';

describe('neutron extensions, agents, availability zones, IP availability', () => {
  const cloud = useTestCloud();
  const call = neutronAs(cloud);

  it('lists the extensions the dashboard checks, to any caller', async () => {
    const all = await call('reader', 'GET', '/extensions');
    const aliases = list(all.body, 'extensions').map((e) => e['alias']);
    for (const alias of [
      'quotas',
      'security-group',
      'router',
      'extraroute',
      'trunk',
      'qos',
      'port-security',
      'binding',
      'agent',
      'availability_zone',
      'subnet_allocation',
      'network-ip-availability',
      'standard-attr-tag',
    ]) {
      expect(aliases).toContain(alias);
    }
    const trunk = await call('demo', 'GET', '/extensions/trunk');
    expect(trunk.body).toEqual({
      extension: {
        name: 'Trunk Extension',
        alias: 'trunk',
        description: 'Provides support for trunk ports',
        updated: '2016-01-01T10:00:00-00:00',
        links: [],
      },
    });
    const missing = await cloud()
      .request('GET', '/network/v2.0/extensions/nope', {
        token: await cloud().token('demo', 'demo'),
        headers: { Accept: 'text/html' },
      })
      .catch(() => undefined);
    expect(missing?.status ?? 404).toBe(404);
  });

  it('answers an unknown alias as webob does, in the type the client accepts', async () => {
    const token = await cloud().token('demo', 'demo');
    const ask = (accept: string) =>
      fetch(`${cloud().url}/network/v2.0/extensions/nope`, {
        headers: { 'X-Auth-Token': token, Accept: accept },
      });
    const json = await ask('application/json');
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.json()).toEqual({
      message:
        'The resource could not be found.<br /><br />\nExtension with alias nope does not exist\n\n',
      code: '404 Not Found',
      title: 'Not Found',
    });
    const html = await ask('*/*');
    expect(html.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await html.text()).toContain('<h1>404 Not Found</h1>');
    // An empty Accept (fetch would send */* for none) matches no offer: plain text.
    const plain = await ask('');
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(await plain.text()).toBe(
      '404 Not Found\n\nThe resource could not be found.\n\n Extension with alias nope does not exist  ',
    );
  });

  it('finds a collection under either spelling, but not a member action', async () => {
    const dashed = await call('demo', 'GET', '/security-groups?fields=id');
    const underscored = await call('demo', 'GET', '/security_groups?fields=id');
    expect(underscored.status).toBe(200);
    expect(underscored.body).toEqual(dashed.body);
    expect((await call('demo', 'GET', '/floatingip-pools')).status).toBe(200);
    expect((await call('demo', 'GET', '/qos/rule_types')).status).toBe(200);
    const action = await call('demo', 'PUT', '/routers/some-id/add-router-interface', {});
    expect(action.status).toBe(404);
  });

  it('refuses to create an agent: agents register themselves', async () => {
    const created = await call('admin', 'POST', '/agents', { agent: { host: 'x' } });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      NeutronError: {
        type: 'HTTPBadRequest',
        message: "Unrecognized attribute(s) 'project_id, tenant_id'",
        detail: '',
      },
    });
    expect((await call('admin', 'POST', '/agents', {})).body).toMatchObject({
      NeutronError: { message: 'Resource body required' },
    });
  });

  it('shows admins alive agents and the availability zones they serve', async () => {
    const agents = await call('admin', 'GET', '/agents');
    const items = list(agents.body, 'agents');
    expect(items.map((a) => a['agent_type']).sort()).toEqual([
      'DHCP agent',
      'L3 agent',
      'Metadata agent',
      'Open vSwitch agent',
    ]);
    const l3 = items.find((a) => a['agent_type'] === 'L3 agent') ?? {};
    expect(l3).toMatchObject({
      binary: 'neutron-l3-agent',
      topic: 'l3_agent',
      host: 'devstack',
      alive: true,
      admin_state_up: true,
      availability_zone: 'nova',
    });
    expect(l3['heartbeat_timestamp']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((l3['configurations'] as Body)['routers']).toBe(1);
    const dhcp = await call('admin', 'GET', '/agents?agent_type=DHCP agent');
    expect(list(dhcp.body, 'agents')).toHaveLength(1);
    const id = String(l3['id']);
    const disabled = await call('admin', 'PUT', `/agents/${id}`, {
      agent: { admin_state_up: false, description: 'maintenance' },
    });
    expect(disabled.body['agent']).toMatchObject({
      admin_state_up: false,
      description: 'maintenance',
    });
    expect((await call('demo', 'GET', '/agents')).body).toEqual({ agents: [] });
    expect(
      (await call('demo', 'PUT', `/agents/${id}`, { agent: { admin_state_up: true } })).status,
    ).toBe(404);

    const zones = await call('admin', 'GET', '/availability_zones');
    expect(list(zones.body, 'availability_zones')).toEqual([
      { name: 'nova', resource: 'network', state: 'available' },
      { name: 'nova', resource: 'router', state: 'unavailable' },
    ]);
    expect((await call('demo', 'GET', '/availability_zones')).body).toEqual({
      availability_zones: [],
    });
  });

  it('counts addresses per network and subnet for admins, with exact big totals', async () => {
    const all = await call('admin', 'GET', '/network-ip-availabilities');
    const items = list(all.body, 'network_ip_availabilities');
    const pub = items.find((n) => n['network_name'] === 'public') ?? {};
    expect(pub).toMatchObject({
      total_ips: 253,
      subnet_ip_availability: [
        expect.objectContaining({ cidr: '172.24.4.0/24', ip_version: 4, total_ips: 253 }),
      ],
    });
    expect(pub['used_ips']).toBeGreaterThanOrEqual(2);
    const response = await fetch(
      `${cloud().url}/network/v2.0/network-ip-availabilities?network_name=private`,
      {
        headers: { 'X-Auth-Token': await cloud().token('admin', 'admin') },
      },
    );
    const text = await response.text();
    expect(text).toContain('"total_ips":18446744073709551615');
    expect((await call('demo', 'GET', '/network-ip-availabilities')).body).toEqual({
      network_ip_availabilities: [],
    });
  });
});
