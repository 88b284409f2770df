import { describe, expect, it } from 'vitest';
import type { Subnet } from '@skydeck/contract';
import {
  EMPTY_SUBNET,
  subnetCreateBody,
  subnetFieldErrors,
  subnetFormOf,
  subnetUpdateBody,
} from './subnetForm';

// English texts: the catalogue's values are the keys.
const t = (key: string, values?: Record<string, unknown>): string =>
  key.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values?.[k] ?? ''));

describe('subnet form', () => {
  it('asks for a CIDR on create, and names the first problem of each field', () => {
    expect(subnetFieldErrors(EMPTY_SUBNET, t).cidr).toBe('This field is required.');
    const errors = subnetFieldErrors(
      {
        ...EMPTY_SUBNET,
        cidr: '10.0.0.5/24',
        gateway_ip: '10.0.1.1',
        allocation_pools: '10.0.0.20,10.0.0.10\n10.0.0.30',
        dns_nameservers: '8.8.8.8\n8.8.8.8',
        host_routes: 'nowhere',
      },
      t,
    );
    expect(errors).toEqual({
      cidr: '10.0.0.5/24 has host bits set; use 10.0.0.0/24.',
      gateway_ip: 'The gateway 10.0.1.1 is outside the network address 10.0.0.5/24.',
      allocation_pools: 'The allocation pool 10.0.0.20,10.0.0.10 starts after it ends.',
      dns_nameservers: 'The DNS name server 8.8.8.8 is listed twice.',
      host_routes: 'The host route nowhere, must be a destination CIDR and a next hop: cidr,ip.',
    });
  });

  it('checks an edit against the subnet CIDR it cannot change', () => {
    const v = { ...EMPTY_SUBNET, cidr: '', gateway_ip: '172.16.9.1' };
    expect(subnetFieldErrors(v, t, '172.16.0.0/24').gateway_ip).toMatch(/outside/);
    expect(subnetFieldErrors({ ...v, gateway_ip: '172.16.0.9' }, t, '172.16.0.0/24')).toEqual({});
  });

  it('builds the create body: null for no gateway, pools only when given, IPv6 modes on IPv6', () => {
    expect(
      subnetCreateBody('net-1', {
        ...EMPTY_SUBNET,
        name: ' sub ',
        cidr: '10.0.0.0/24',
        no_gateway: true,
        dns_nameservers: '1.1.1.1\n\n',
        ipv6_ra_mode: 'slaac',
      }),
    ).toEqual({
      network_id: 'net-1',
      ip_version: 4,
      cidr: '10.0.0.0/24',
      name: 'sub',
      enable_dhcp: true,
      gateway_ip: null,
      dns_nameservers: ['1.1.1.1'],
      host_routes: [],
    });
    const v6 = subnetCreateBody('n', {
      ...EMPTY_SUBNET,
      ip_version: '6',
      cidr: 'fd00::/64',
      ipv6_ra_mode: 'slaac',
      ipv6_address_mode: 'slaac',
      allocation_pools: 'fd00::10,fd00::20',
    });
    expect(v6).toMatchObject({
      ip_version: 6,
      ipv6_ra_mode: 'slaac',
      ipv6_address_mode: 'slaac',
      allocation_pools: [{ start: 'fd00::10', end: 'fd00::20' }],
    });
    expect(v6).not.toHaveProperty('gateway_ip');
  });

  it('takes the address from a pool: no CIDR asked or sent, the prefix length when chosen', () => {
    const v = { ...EMPTY_SUBNET, address_source: 'subnetpool' as const };
    expect(subnetFieldErrors(v, t)).toEqual({ subnetpool_id: 'This field is required.' });
    const chosen = { ...v, subnetpool_id: 'pool-1', prefixlen: '26', cidr: 'ignored' };
    expect(subnetFieldErrors(chosen, t)).toEqual({});
    const body = subnetCreateBody('n', chosen);
    expect(body).toMatchObject({ subnetpool_id: 'pool-1', prefixlen: 26, ip_version: 4 });
    expect(body).not.toHaveProperty('cidr');
  });

  it('round-trips an existing subnet through the edit form', () => {
    const subnet: Subnet = {
      id: 's',
      name: 'a',
      description: '',
      network_id: 'n',
      project_id: 'p',
      ip_version: 4,
      cidr: '10.1.0.0/24',
      gateway_ip: '10.1.0.1',
      enable_dhcp: false,
      allocation_pools: [{ start: '10.1.0.2', end: '10.1.0.254' }],
      dns_nameservers: ['9.9.9.9'],
      host_routes: [{ destination: '0.0.0.0/0', nexthop: '10.1.0.254' }],
      ipv6_ra_mode: null,
      ipv6_address_mode: null,
      subnetpool_id: null,
    };
    expect(subnetUpdateBody(subnetFormOf(subnet))).toEqual({
      name: 'a',
      enable_dhcp: false,
      gateway_ip: '10.1.0.1',
      allocation_pools: subnet.allocation_pools,
      dns_nameservers: ['9.9.9.9'],
      host_routes: subnet.host_routes,
    });
    // Pools cleared on edit keep the subnet's own (Neutron needs one).
    expect(subnetUpdateBody({ ...subnetFormOf(subnet), allocation_pools: '' })).not.toHaveProperty(
      'allocation_pools',
    );
  });
});
