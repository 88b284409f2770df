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
