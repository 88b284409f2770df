import type { Subnet, SubnetCreateBody, SubnetUpdateBody } from '@skydeck/contract';
import {
  checkSubnet,
  parseDnsLines,
  parsePoolLines,
  parseRouteLines,
  type SubnetIssue,
  type SubnetIssueCode,
} from '@skydeck/contract/subnetRules';
import { msg, type Msg } from '../../i18n/msg';

/** The subnet steps' and modals' values: the lists as text, one item a line. */
export interface SubnetFormValues {
  name: string;
  /** Create only: a typed CIDR, or an address allocated from a subnet pool. */
  address_source: 'manual' | 'subnetpool';
  subnetpool_id: string;
  /** The pool's prefix length to allocate; empty: the pool's default. */
  prefixlen: string;
  cidr: string;
  ip_version: '4' | '6';
  gateway_ip: string;
  no_gateway: boolean;
  enable_dhcp: boolean;
  allocation_pools: string;
  dns_nameservers: string;
  host_routes: string;
  ipv6_ra_mode: string;
  ipv6_address_mode: string;
}

export const EMPTY_SUBNET: SubnetFormValues = {
  name: '',
  address_source: 'manual',
  subnetpool_id: '',
  prefixlen: '',
  cidr: '',
  ip_version: '4',
  gateway_ip: '',
  no_gateway: false,
  enable_dhcp: true,
  allocation_pools: '',
  dns_nameservers: '',
  host_routes: '',
  ipv6_ra_mode: '',
  ipv6_address_mode: '',
};

/** An existing subnet as the edit form shows it. */
export function subnetFormOf(subnet: Subnet): SubnetFormValues {
  return {
    name: subnet.name,
    address_source: 'manual',
    subnetpool_id: subnet.subnetpool_id ?? '',
    prefixlen: '',
    cidr: subnet.cidr,
    ip_version: subnet.ip_version === 6 ? '6' : '4',
    gateway_ip: subnet.gateway_ip ?? '',
    no_gateway: subnet.gateway_ip === null,
    enable_dhcp: subnet.enable_dhcp,
    allocation_pools: subnet.allocation_pools.map((p) => `${p.start},${p.end}`).join('\n'),
    dns_nameservers: subnet.dns_nameservers.join('\n'),
    host_routes: subnet.host_routes.map((r) => `${r.destination},${r.nexthop}`).join('\n'),
    ipv6_ra_mode: subnet.ipv6_ra_mode ?? '',
    ipv6_address_mode: subnet.ipv6_address_mode ?? '',
  };
}

/** The texts of subnetRules' codes, translated where shown (values interpolated). */
export const SUBNET_ISSUE_TEXTS: Readonly<Record<SubnetIssueCode, Msg>> = {
  cidrInvalid: msg('{{value}} is not a valid network address (CIDR), e.g. 192.168.0.0/24.'),
  cidrHostBits: msg('{{value}} has host bits set; use {{suggestion}}.'),
  cidrVersion: msg('{{value}} is not an IPv{{version}} network address.'),
  cidrTooSmall: msg('{{value}} is too small for a subnet.'),
  gatewayInvalid: msg('{{value}} is not a valid IP address.'),
  gatewayVersion: msg('{{value}} is not an IPv{{version}} address.'),
  gatewayOutside: msg('The gateway {{value}} is outside the network address {{cidr}}.'),
  gatewayReserved: msg('The gateway {{value}} is the network or broadcast address of {{cidr}}.'),
  gatewayInPool: msg('The gateway {{value}} is inside the allocation pool {{pool}}.'),
  poolInvalid: msg('The allocation pool {{value}} must be two IP addresses: start,end.'),
  poolOutside: msg('The allocation pool {{value}} is outside the network address {{cidr}}.'),
  poolOrder: msg('The allocation pool {{value}} starts after it ends.'),
  poolOverlap: msg('The allocation pools {{value}} and {{other}} overlap.'),
  poolReserved: msg('The allocation pool {{value}} includes the network or broadcast address.'),
  dnsInvalid: msg('The DNS name server {{value}} is not a valid IP address.'),
  dnsDuplicate: msg('The DNS name server {{value}} is listed twice.'),
  routeInvalid: msg('The host route {{value}} must be a destination CIDR and a next hop: cidr,ip.'),
  routeVersion: msg('The host route {{value}} is not of IP version {{version}}.'),
  ipv6ModeOnIpv4: msg('IPv6 address modes apply to IPv6 subnets only.'),
  ipv6ModesDiffer: msg('The IPv6 RA mode and address mode must be the same when both are set.'),
};

export type SubnetFieldErrors = Partial<Record<keyof SubnetFormValues, string>>;

type Translate = (key: Msg, values?: Record<string, unknown>) => string;

/** The form's field messages: required fields, then subnetRules' checks, first one per field. */
export function subnetFieldErrors(
  v: SubnetFormValues,
  t: Translate,
  existingCidr?: string,
): SubnetFieldErrors {
  const errors: SubnetFieldErrors = {};
  const fromPool = existingCidr === undefined && v.address_source === 'subnetpool';
  if (fromPool && v.subnetpool_id === '') {
    errors.subnetpool_id = t(msg('This field is required.'));
  }
  if (existingCidr === undefined && !fromPool && v.cidr.trim() === '') {
    errors.cidr = t(msg('This field is required.'));
  }
  const issues: SubnetIssue[] = checkSubnet({
    ip_version: v.ip_version === '6' ? 6 : 4,
    ...(existingCidr === undefined
      ? !fromPool && v.cidr.trim() !== '' && { cidr: v.cidr.trim() }
      : { existingCidr }),
    gateway_ip: v.no_gateway ? null : v.gateway_ip.trim(),
    allocation_pools: parsePoolLines(v.allocation_pools),
    dns_nameservers: parseDnsLines(v.dns_nameservers),
    host_routes: parseRouteLines(v.host_routes),
    ipv6_ra_mode: v.ip_version === '6' && v.ipv6_ra_mode ? v.ipv6_ra_mode : null,
    ipv6_address_mode: v.ip_version === '6' && v.ipv6_address_mode ? v.ipv6_address_mode : null,
  });
  for (const issue of issues) {
    errors[issue.field] ??= t(SUBNET_ISSUE_TEXTS[issue.code], issue.values);
  }
  return errors;
}

type Ipv6Mode = NonNullable<SubnetCreateBody['ipv6_ra_mode']>;
const ipv6Mode = (value: string): Ipv6Mode | undefined =>
  value === 'slaac' || value === 'dhcpv6-stateful' || value === 'dhcpv6-stateless'
    ? value
    : undefined;

/** The lists and gateway as both create and update send them. */
function common(v: SubnetFormValues): SubnetUpdateBody {
  const body: SubnetUpdateBody = {
    name: v.name.trim(),
    enable_dhcp: v.enable_dhcp,
    allocation_pools: parsePoolLines(v.allocation_pools),
    dns_nameservers: parseDnsLines(v.dns_nameservers),
    host_routes: parseRouteLines(v.host_routes),
  };
  // No gateway is an explicit null; an empty field lets Neutron pick the first address.
  if (v.no_gateway) body.gateway_ip = null;
  else if (v.gateway_ip.trim() !== '') body.gateway_ip = v.gateway_ip.trim();
  return body;
}

export function subnetCreateBody(networkId: string, v: SubnetFormValues): SubnetCreateBody {
  const { allocation_pools, ...rest } = common(v);
  const body: SubnetCreateBody = {
    ...rest,
    network_id: networkId,
    ip_version: v.ip_version === '6' ? 6 : 4,
  };
  if (v.address_source === 'subnetpool') {
    body.subnetpool_id = v.subnetpool_id;
    if (v.prefixlen !== '') body.prefixlen = Number(v.prefixlen);
  } else {
    body.cidr = v.cidr.trim();
  }
  // No pools given: Neutron's default, the whole CIDR but the gateway.
  if (allocation_pools && allocation_pools.length > 0) body.allocation_pools = allocation_pools;
  if (v.ip_version === '6') {
    const ra = ipv6Mode(v.ipv6_ra_mode);
    const address = ipv6Mode(v.ipv6_address_mode);
    if (ra) body.ipv6_ra_mode = ra;
    if (address) body.ipv6_address_mode = address;
  }
  return body;
}

export function subnetUpdateBody(v: SubnetFormValues): SubnetUpdateBody {
  const body = common(v);
  // Neutron needs at least one pool on an update; none typed keeps the subnet's own.
  if (body.allocation_pools?.length === 0) delete body.allocation_pools;
  return body;
}
