import { describe, expect, it } from 'vitest';
import {
  checkSubnet,
  parseCidr,
  parseIp,
  parsePoolLines,
  parseRouteLines,
  subnetIssueMessage,
  type SubnetAddressing,
} from './subnetRules';

const codes = (s: SubnetAddressing): string[] => checkSubnet(s).map((i) => i.code);

describe('parseIp and parseCidr', () => {
  it('reads IPv4 and IPv6, compressed or with an IPv4 tail', () => {
    expect(parseIp('10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
    expect(parseIp('::1')).toEqual({ version: 6, value: 1n });
    expect(parseIp('fd00::1:2')?.value).toBe((0xfd00n << 112n) | (1n << 16n) | 2n);
    expect(parseIp('::ffff:10.0.0.1')?.value).toBe((0xffffn << 32n) | 0x0a000001n);
    expect(parseIp('2001:db8:0:0:0:0:0:1')?.value).toBe(parseIp('2001:db8::1')?.value);
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      '10.0.0',
      '10.0.0.256',
      '010.0.0.1',
      'a.b.c.d',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '',
    ]) {
      expect(parseIp(bad), bad).toBeUndefined();
    }
  });

  it('reads a CIDR and notes host bits', () => {
    expect(parseCidr('10.0.0.0/24')).toEqual({
      version: 4,
      network: 0x0a000000n,
      prefix: 24,
      hostBitsSet: false,
    });
    expect(parseCidr('10.0.0.1/24')?.hostBitsSet).toBe(true);
    expect(parseCidr('fd00::/64')?.prefix).toBe(64);
    for (const bad of ['10.0.0.0', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/24/1', '10.0.0.0/x']) {
      expect(parseCidr(bad), bad).toBeUndefined();
    }
  });
});

describe('checkSubnet', () => {
  const base: SubnetAddressing = { ip_version: 4, cidr: '192.168.10.0/24' };

  it('accepts a full, consistent subnet', () => {
    expect(
      checkSubnet({
        ...base,
        gateway_ip: '192.168.10.1',
        allocation_pools: [
          { start: '192.168.10.10', end: '192.168.10.50' },
          { start: '192.168.10.100', end: '192.168.10.200' },
        ],
        dns_nameservers: ['8.8.8.8', '2001:4860:4860::8888'],
        host_routes: [{ destination: '10.0.0.0/8', nexthop: '192.168.10.254' }],
      }),
    ).toEqual([]);
    expect(
      checkSubnet({
        ip_version: 6,
        cidr: 'fd00:1::/64',
        ipv6_ra_mode: 'slaac',
        ipv6_address_mode: 'slaac',
      }),
    ).toEqual([]);
  });

  it('names a bad CIDR, one with host bits (with the fix), another version, and one too small', () => {
    expect(codes({ ip_version: 4, cidr: '192.168.10/24' })).toEqual(['cidrInvalid']);
    const hostBits = checkSubnet({ ip_version: 4, cidr: '192.168.10.7/24' });
    expect(hostBits.map(subnetIssueMessage)).toEqual([
      'The network address 192.168.10.7/24 has host bits set; use 192.168.10.0/24.',
    ]);
    expect(codes({ ip_version: 6, cidr: '10.0.0.0/8' })).toEqual(['cidrVersion']);
    expect(codes({ ip_version: 4, cidr: '10.0.0.4/32' })).toEqual(['cidrTooSmall']);
    expect(codes({ ip_version: 4, cidr: '10.0.0.4/31' })).toEqual(['cidrTooSmall']);
    expect(codes({ ip_version: 4, cidr: '10.0.0.4/30' })).toEqual([]);
  });

  it('checks the gateway: address, version, inside the CIDR, not reserved, not in a pool', () => {
    expect(codes({ ...base, gateway_ip: 'gw' })).toEqual(['gatewayInvalid']);
    expect(codes({ ...base, gateway_ip: 'fd00::1' })).toEqual(['gatewayVersion']);
    expect(codes({ ...base, gateway_ip: '192.168.11.1' })).toEqual(['gatewayOutside']);
    expect(codes({ ...base, gateway_ip: '192.168.10.0' })).toEqual(['gatewayReserved']);
    expect(codes({ ...base, gateway_ip: '192.168.10.255' })).toEqual(['gatewayReserved']);
    expect(
      codes({
        ...base,
        gateway_ip: '192.168.10.20',
        allocation_pools: [{ start: '192.168.10.10', end: '192.168.10.50' }],
      }),
    ).toEqual(['gatewayInPool']);
    // No gateway at all, or Neutron's default, is fine.
    expect(codes({ ...base, gateway_ip: null })).toEqual([]);
    expect(codes({ ...base, gateway_ip: '' })).toEqual([]);
  });

  it('checks allocation pools: addresses, order, inside the CIDR, reserved ends, overlaps', () => {
    const pools = (...p: Array<[string, string]>): SubnetAddressing => ({
      ...base,
      allocation_pools: p.map(([start, end]) => ({ start, end })),
    });
    expect(codes(pools(['192.168.10.10', '']))).toEqual(['poolInvalid']);
    expect(codes(pools(['192.168.10.50', '192.168.10.10']))).toEqual(['poolOrder']);
    expect(codes(pools(['192.168.10.10', '192.168.11.10']))).toEqual(['poolOutside']);
    expect(codes(pools(['192.168.10.0', '192.168.10.10']))).toEqual(['poolReserved']);
    expect(
      codes(pools(['192.168.10.10', '192.168.10.30'], ['192.168.10.30', '192.168.10.40'])),
    ).toEqual(['poolOverlap']);
    expect(codes(pools(['fd00::1', 'fd00::2']))).toEqual(['poolInvalid']);
  });

  it('checks DNS servers and host routes', () => {
    expect(codes({ ...base, dns_nameservers: ['8.8.8.8', 'dns.example'] })).toEqual(['dnsInvalid']);
    expect(codes({ ...base, dns_nameservers: ['8.8.8.8', '8.8.8.8'] })).toEqual(['dnsDuplicate']);
    expect(codes({ ...base, host_routes: [{ destination: '10.0.0.0/8', nexthop: '' }] })).toEqual([
      'routeInvalid',
    ]);
    expect(
      codes({ ...base, host_routes: [{ destination: '10.0.0.1/8', nexthop: '192.168.10.1' }] }),
    ).toEqual(['routeInvalid']);
    expect(
      codes({ ...base, host_routes: [{ destination: 'fd00::/64', nexthop: 'fd00::1' }] }),
    ).toEqual(['routeVersion']);
  });

  it('allows IPv6 modes on IPv6 only, and equal when both are set', () => {
    expect(codes({ ...base, ipv6_ra_mode: 'slaac' })).toEqual(['ipv6ModeOnIpv4']);
    expect(
      codes({
        ip_version: 6,
        cidr: 'fd00::/64',
        ipv6_ra_mode: 'slaac',
        ipv6_address_mode: 'dhcpv6-stateful',
      }),
    ).toEqual(['ipv6ModesDiffer']);
  });

  it("on edit, checks the gateway and pools against the subnet's own CIDR", () => {
    expect(codes({ ip_version: 4, existingCidr: '10.1.0.0/16', gateway_ip: '10.2.0.1' })).toEqual([
      'gatewayOutside',
    ]);
    expect(codes({ ip_version: 4, existingCidr: '10.1.0.0/16', gateway_ip: '10.1.200.1' })).toEqual(
      [],
    );
  });
});

describe('the text forms of the lists', () => {
  it('reads one item a line, skipping blank lines', () => {
    expect(parsePoolLines('10.0.0.2,10.0.0.9\n\n 10.0.0.20 , 10.0.0.30 \n10.0.0.40')).toEqual([
      { start: '10.0.0.2', end: '10.0.0.9' },
      { start: '10.0.0.20', end: '10.0.0.30' },
      { start: '10.0.0.40', end: '' },
    ]);
    expect(parseRouteLines('10.0.0.0/8,192.168.0.1')).toEqual([
      { destination: '10.0.0.0/8', nexthop: '192.168.0.1' },
    ]);
  });
});
