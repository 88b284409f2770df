import type { Network, NetworkSubnetRef, Port, SecurityGroup, Subnet } from '@skydeck/contract';
import type {
  NeutronNetwork,
  NeutronPort,
  NeutronSecurityGroup,
  NeutronSubnet,
  OpenStackClient,
} from '@skydeck/openstack-client';
import { toRule } from './l3views';
import { identityFieldsOf, withTimestamps } from './standardAttrs';

// Pure mappers from Neutron's shapes to the contract's (the allowlist: nothing else goes out).

export const toNetwork = (
  n: NeutronNetwork,
  refs: ReadonlyMap<string, NetworkSubnetRef>,
): Network => {
  const out: Network = {
    ...identityFieldsOf(n),
    status: n.status,
    admin_state_up: n.admin_state_up,
    shared: n.shared,
    external: n['router:external'] ?? false,
    availability_zones: n.availability_zones ?? [],
    availability_zone_hints: n.availability_zone_hints ?? [],
    subnet_ids: n.subnets,
    subnets: n.subnets.flatMap((id) => {
      const ref = refs.get(id);
      return ref ? [ref] : [];
    }),
  };
  if (n.mtu !== undefined) out.mtu = n.mtu;
  if (n.port_security_enabled !== undefined) out.port_security_enabled = n.port_security_enabled;
  // Provider fields are present only when policy shows them (admins).
  if (n['provider:network_type'] !== undefined) {
    out.provider_network_type = n['provider:network_type'];
  }
  if (n['provider:physical_network'] !== undefined) {
    out.provider_physical_network = n['provider:physical_network'];
  }
  if (n['provider:segmentation_id'] !== undefined) {
    out.provider_segmentation_id = n['provider:segmentation_id'];
  }
  if (n.qos_policy_id !== undefined) out.qos_policy_id = n.qos_policy_id;
  return withTimestamps(out, n);
};

export const toSubnet = (s: NeutronSubnet): Subnet => {
  const out: Subnet = {
    ...identityFieldsOf(s),
    network_id: s.network_id,
    ip_version: s.ip_version,
    cidr: s.cidr,
    gateway_ip: s.gateway_ip,
    enable_dhcp: s.enable_dhcp,
    allocation_pools: s.allocation_pools.map((p) => ({ start: p.start, end: p.end })),
    dns_nameservers: s.dns_nameservers,
    host_routes: s.host_routes.map((r) => ({ destination: r.destination, nexthop: r.nexthop })),
    ipv6_ra_mode: s.ipv6_ra_mode ?? null,
    ipv6_address_mode: s.ipv6_address_mode ?? null,
    subnetpool_id: s.subnetpool_id ?? null,
  };
  return withTimestamps(out, s);
};

export const toPort = (p: NeutronPort): Port => {
  const out: Port = {
    ...identityFieldsOf(p),
    network_id: p.network_id,
    status: p.status,
    admin_state_up: p.admin_state_up,
    mac_address: p.mac_address,
    fixed_ips: p.fixed_ips.map((ip) => ({ subnet_id: ip.subnet_id, ip_address: ip.ip_address })),
    device_id: p.device_id,
    device_owner: p.device_owner,
    security_groups: p.security_groups ?? [],
    allowed_address_pairs: (p.allowed_address_pairs ?? []).map((a) =>
      a.mac_address === undefined
        ? { ip_address: a.ip_address }
        : { ip_address: a.ip_address, mac_address: a.mac_address },
    ),
  };
  if (p.qos_policy_id !== undefined) out.qos_policy_id = p.qos_policy_id;
  if (p.port_security_enabled !== undefined) out.port_security_enabled = p.port_security_enabled;
  if (p['binding:vnic_type'] !== undefined) out.vnic_type = p['binding:vnic_type'];
  const trunk = p.trunk_details;
  if (typeof trunk === 'object' && trunk !== null && 'trunk_id' in trunk) {
    const id = (trunk as { trunk_id: unknown }).trunk_id;
    if (typeof id === 'string') out.trunk_id = id;
  }
  return withTimestamps(out, p);
};

export const toSecurityGroup = (g: NeutronSecurityGroup): SecurityGroup => {
  const out: SecurityGroup = {
    ...identityFieldsOf(g),
    rules: g.security_group_rules.map(toRule),
  };
  if (g.stateful !== undefined) out.stateful = g.stateful;
  return withTimestamps(out, g);
};

/** Ids per subnet read: a Neutron filter of 100 repeated ids keeps the URL short. */
const IDS_PER_READ = 100;
const REF_FIELDS = ['id', 'name', 'cidr', 'ip_version', 'network_id'] as const;

/**
 * The subnets of these networks, by id, in one read per 100 networks (not one per network):
 * a page of networks costs a constant number of calls whatever its size.
 */
export const subnetRefsOf = async (
  openstack: OpenStackClient,
  networks: readonly NeutronNetwork[],
): Promise<Map<string, NetworkSubnetRef>> => {
  const refs = new Map<string, NetworkSubnetRef>();
  const ids = networks.filter((n) => n.subnets.length > 0).map((n) => n.id);
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const { items } = await openstack.neutron.subnets.listAll({
      filters: { network_id: ids.slice(i, i + IDS_PER_READ) },
      fields: REF_FIELDS,
    });
    for (const s of items) {
      refs.set(s.id, { id: s.id, name: s.name, cidr: s.cidr, ip_version: s.ip_version });
    }
  }
  return refs;
};
