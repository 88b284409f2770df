// Neutron v2.0 shapes as the API reference documents them (ML2 with the usual extensions).

/** Fields every standard-attribute resource carries. */
export interface NeutronStandardAttrs {
  id: string;
  name: string;
  description?: string;
  project_id: string;
  tenant_id?: string;
  created_at?: string;
  updated_at?: string;
  revision_number?: number;
  tags?: string[];
}

export interface NeutronNetwork extends NeutronStandardAttrs {
  admin_state_up: boolean;
  status: string;
  shared: boolean;
  subnets: string[];
  mtu?: number;
  'router:external'?: boolean;
  port_security_enabled?: boolean;
  availability_zones?: string[];
  availability_zone_hints?: string[];
  /** Admin only (provider extension). */
  'provider:network_type'?: string | null;
  'provider:physical_network'?: string | null;
  'provider:segmentation_id'?: number | null;
  is_default?: boolean;
  qos_policy_id?: string | null;
}

export interface NetworkCreate {
  name?: string;
  description?: string;
  admin_state_up?: boolean;
  shared?: boolean;
  'router:external'?: boolean;
  port_security_enabled?: boolean;
  availability_zone_hints?: string[];
  mtu?: number;
  /** Admin: the owning project. */
  project_id?: string;
  'provider:network_type'?: string;
  'provider:physical_network'?: string;
  'provider:segmentation_id'?: number;
  /** The qos extension: the policy applied to the network's ports (null: none). */
  qos_policy_id?: string | null;
}
export type NetworkUpdate = Omit<
  NetworkCreate,
  'project_id' | 'availability_zone_hints' | 'provider:network_type'
>;

export interface AllocationPool {
  start: string;
  end: string;
}

export interface HostRoute {
  destination: string;
  nexthop: string;
}

export interface NeutronSubnet extends NeutronStandardAttrs {
  network_id: string;
  ip_version: 4 | 6;
  cidr: string;
  gateway_ip: string | null;
  enable_dhcp: boolean;
  allocation_pools: AllocationPool[];
  dns_nameservers: string[];
  host_routes: HostRoute[];
  ipv6_ra_mode?: string | null;
  ipv6_address_mode?: string | null;
  subnetpool_id?: string | null;
  segment_id?: string | null;
  service_types?: string[];
}

export interface SubnetCreate {
  network_id: string;
  ip_version: 4 | 6;
  name?: string;
  description?: string;
  cidr?: string;
  subnetpool_id?: string;
  prefixlen?: number;
  /** `null`: no gateway. */
  gateway_ip?: string | null;
  enable_dhcp?: boolean;
  allocation_pools?: AllocationPool[];
  dns_nameservers?: string[];
  host_routes?: HostRoute[];
  ipv6_ra_mode?: string;
  ipv6_address_mode?: string;
}
export interface SubnetUpdate {
  name?: string;
  description?: string;
  gateway_ip?: string | null;
  enable_dhcp?: boolean;
  allocation_pools?: AllocationPool[];
  dns_nameservers?: string[];
  host_routes?: HostRoute[];
}

export interface FixedIp {
  subnet_id: string;
  ip_address: string;
}

export interface NeutronPort extends NeutronStandardAttrs {
  network_id: string;
  admin_state_up: boolean;
  status: string;
  mac_address: string;
  fixed_ips: FixedIp[];
  device_id: string;
  device_owner: string;
  security_groups?: string[];
  port_security_enabled?: boolean;
  allowed_address_pairs?: Array<{ ip_address: string; mac_address?: string }>;
  'binding:vnic_type'?: string;
  'binding:host_id'?: string;
  qos_policy_id?: string | null;
  trunk_details?: unknown;
}

export interface SecurityGroupRule {
  id: string;
  security_group_id: string;
  direction: 'ingress' | 'egress';
  ethertype: string;
  protocol: string | null;
  port_range_min: number | null;
  port_range_max: number | null;
  remote_ip_prefix: string | null;
  remote_group_id: string | null;
  description?: string;
}

export interface NeutronSecurityGroup extends NeutronStandardAttrs {
  security_group_rules: SecurityGroupRule[];
  stateful?: boolean;
}

/** A list answer: the collection under its plural key, with Neutron's pagination links. */
export interface NeutronLink {
  rel: string;
  href: string;
}

export interface PortCreate {
  network_id: string;
  name?: string;
  description?: string;
  admin_state_up?: boolean;
  fixed_ips?: Array<{ subnet_id?: string; ip_address?: string }>;
  device_id?: string;
  device_owner?: string;
  security_groups?: string[];
  port_security_enabled?: boolean;
  mac_address?: string;
  allowed_address_pairs?: Array<{ ip_address: string; mac_address?: string }>;
  'binding:vnic_type'?: string;
  qos_policy_id?: string | null;
  /** Admin: the owning project (a router's interface port is its router's project's). */
  project_id?: string;
}
export type PortUpdate = Omit<PortCreate, 'network_id' | 'project_id'>;

/** A subnet pool; Neutron answers its prefix lengths as text ("24"). */
export interface NeutronSubnetPool extends NeutronStandardAttrs {
  ip_version: 4 | 6;
  prefixes: string[];
  min_prefixlen: string | number;
  max_prefixlen: string | number;
  default_prefixlen: string | number;
  shared: boolean;
  is_default: boolean;
}
