import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';

/** What every neutron resource with a standard_attr row has. */
export interface StandardAttrs {
  description: string;
  tags: string[];
  readonly created_at: string;
  updated_at: string;
  revision_number: number;
}

export interface NetworkDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  admin_state_up: boolean;
  shared: boolean;
  external: boolean;
  is_default: boolean;
  mtu: number;
  port_security_enabled: boolean;
  qos_policy_id: string | null;
  availability_zone_hints: string[];
  provider: {
    network_type: string;
    physical_network: string | null;
    segmentation_id: number | null;
  };
}

export interface AllocationPool {
  start: string;
  end: string;
}

export interface HostRoute {
  destination: string;
  nexthop: string;
}

export interface SubnetDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  readonly network_id: string;
  readonly ip_version: 4 | 6;
  readonly cidr: string;
  gateway_ip: string | null;
  allocation_pools: AllocationPool[];
  dns_nameservers: string[];
  host_routes: HostRoute[];
  enable_dhcp: boolean;
  readonly ipv6_ra_mode: string | null;
  readonly ipv6_address_mode: string | null;
  readonly subnetpool_id: string | null;
  service_types: string[];
}

export interface SubnetPoolDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  prefixes: string[];
  readonly ip_version: 4 | 6;
  default_prefixlen: number;
  min_prefixlen: number;
  max_prefixlen: number;
  default_quota: number | null;
  readonly shared: boolean;
  is_default: boolean;
  address_scope_id: string | null;
}

export interface AddressScopeDoc {
  readonly id: string;
  name: string;
  readonly project_id: string;
  shared: boolean;
  readonly ip_version: 4 | 6;
}

export interface FixedIp {
  subnet_id: string;
  ip_address: string;
}

export interface AddressPair {
  ip_address: string;
  mac_address: string;
}

export interface PortDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  /** Empty for the ports neutron owns itself (router gateways, floating IPs). */
  readonly project_id: string;
  readonly network_id: string;
  admin_state_up: boolean;
  mac_address: string;
  fixed_ips: FixedIp[];
  device_id: string;
  device_owner: string;
  status: 'ACTIVE' | 'DOWN' | 'BUILD' | 'ERROR';
  binding: {
    host_id: string;
    vnic_type: string;
    profile: Record<string, unknown>;
    vif_type: string;
    vif_details: Record<string, unknown>;
  };
  port_security_enabled: boolean;
  security_groups: string[];
  allowed_address_pairs: AddressPair[];
  extra_dhcp_opts: Array<Record<string, unknown>>;
  qos_policy_id: string | null;
  numa_affinity_policy: string | null;
  readonly device_profile: string | null;
  /** Set when nova created the port for a server (deleted with it). */
  created_by_nova?: boolean;
}

/** One allocated address; the id `<subnet_id>|<ip>` makes an address unique per subnet. */
export interface IpAllocationDoc {
  readonly id: string;
  readonly subnet_id: string;
  readonly network_id: string;
  readonly port_id: string;
  readonly ip_address: string;
}

export interface RouterDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  admin_state_up: boolean;
  status: 'ACTIVE' | 'DOWN' | 'ERROR';
  gateway: {
    network_id: string;
    enable_snat: boolean;
    port_id: string;
    qos_policy_id: string | null;
  } | null;
  routes: HostRoute[];
  ha: boolean;
  distributed: boolean;
  availability_zone_hints: string[];
  flavor_id: string | null;
}

export interface SecurityGroupDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  stateful: boolean;
}

export interface SecurityGroupRuleDoc {
  readonly id: string;
  readonly security_group_id: string;
  readonly project_id: string;
  readonly direction: 'ingress' | 'egress';
  readonly ethertype: 'IPv4' | 'IPv6';
  readonly protocol: string | null;
  readonly port_range_min: number | null;
  readonly port_range_max: number | null;
  readonly remote_ip_prefix: string | null;
  readonly remote_group_id: string | null;
  readonly remote_address_group_id: string | null;
  readonly normalized_cidr: string | null;
  /** neutron's standard_attributes row id, shown on rules nested in a group. */
  readonly standard_attr_id: number;
  /** null on the rules neutron adds itself (a group's egress and default rules). */
  description: string | null;
  readonly created_at: string;
  updated_at: string;
  revision_number: number;
}

/** neutron's DefaultSecurityGroup table: the project's `default` group, keyed by project id. */
export interface DefaultSecurityGroupDoc {
  readonly id: string;
  readonly security_group_id: string;
}

export interface FloatingIpDoc extends StandardAttrs {
  readonly id: string;
  readonly project_id: string;
  readonly floating_network_id: string;
  readonly floating_ip_address: string;
  readonly floating_port_id: string;
  port_id: string | null;
  fixed_ip_address: string | null;
  router_id: string | null;
  status: 'ACTIVE' | 'DOWN' | 'ERROR';
  qos_policy_id: string | null;
}

export interface SubPort {
  port_id: string;
  segmentation_type: string;
  segmentation_id: number;
}

export interface TrunkDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  readonly port_id: string;
  admin_state_up: boolean;
  status: 'ACTIVE' | 'DOWN' | 'BUILD' | 'DEGRADED' | 'ERROR';
  sub_ports: SubPort[];
}

export interface QosRule {
  readonly id: string;
  readonly type:
    | 'bandwidth_limit'
    | 'dscp_marking'
    | 'minimum_bandwidth'
    | 'minimum_packet_rate'
    | 'packet_rate_limit';
  readonly [field: string]: unknown;
}

export interface QosPolicyDoc extends StandardAttrs {
  readonly id: string;
  name: string;
  readonly project_id: string;
  shared: boolean;
  is_default: boolean;
  rules: QosRule[];
}

/** Per-project quota overrides; absent resources use the defaults. */
export interface QuotaDoc {
  /** The project id. */
  readonly id: string;
  limits: Record<string, number>;
}

export interface AgentDoc {
  readonly id: string;
  readonly agent_type: string;
  readonly binary: string;
  readonly topic: string;
  readonly host: string;
  admin_state_up: boolean;
  description: string | null;
  readonly availability_zone: string | null;
  readonly configurations: Record<string, unknown>;
  readonly created_at: string;
  readonly resources_synced: boolean | null;
}

export const networks = defineCollection<NetworkDoc>('neutron_networks', {
  project_id: (n) => n.project_id,
  // Networks other projects may see: shared or external.
  public: (n) => (n.shared || n.external ? 1 : 0),
});
export const subnets = defineCollection<SubnetDoc>('neutron_subnets', {
  project_id: (s) => s.project_id,
  network_id: (s) => s.network_id,
  subnetpool_id: (s) => s.subnetpool_id,
});
export const subnetPools = defineCollection<SubnetPoolDoc>('neutron_subnetpools', {
  project_id: (p) => p.project_id,
});
export const addressScopes = defineCollection<AddressScopeDoc>('neutron_address_scopes', {
  project_id: (a) => a.project_id,
});
export const ports = defineCollection<PortDoc>('neutron_ports', {
  project_id: (p) => p.project_id,
  network_id: (p) => p.network_id,
  device_id: (p) => p.device_id,
});
export const ipAllocations = defineCollection<IpAllocationDoc>('neutron_ip_allocations', {
  subnet_id: (a) => a.subnet_id,
  port_id: (a) => a.port_id,
  network_id: (a) => a.network_id,
});
export const routers = defineCollection<RouterDoc>('neutron_routers', {
  project_id: (r) => r.project_id,
});
export const securityGroups = defineCollection<SecurityGroupDoc>('neutron_security_groups', {
  project_id: (g) => g.project_id,
});
export const securityGroupRules = defineCollection<SecurityGroupRuleDoc>(
  'neutron_security_group_rules',
  {
    security_group_id: (r) => r.security_group_id,
    project_id: (r) => r.project_id,
    remote_group_id: (r) => r.remote_group_id,
  },
);
export const defaultSecurityGroups = defineCollection<DefaultSecurityGroupDoc>(
  'neutron_default_security_groups',
);
export const floatingIps = defineCollection<FloatingIpDoc>('neutron_floatingips', {
  project_id: (f) => f.project_id,
  port_id: (f) => f.port_id,
  floating_network_id: (f) => f.floating_network_id,
  router_id: (f) => f.router_id,
});
export const trunks = defineCollection<TrunkDoc>('neutron_trunks', {
  project_id: (t) => t.project_id,
  port_id: (t) => t.port_id,
});
export const qosPolicies = defineCollection<QosPolicyDoc>('neutron_qos_policies', {
  project_id: (p) => p.project_id,
});
export const quotas = defineCollection<QuotaDoc>('neutron_quotas');
export const agents = defineCollection<AgentDoc>('neutron_agents');

export const neutronMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [
        networks,
        subnets,
        subnetPools,
        addressScopes,
        ports,
        ipAllocations,
        routers,
        securityGroups,
        securityGroupRules,
        defaultSecurityGroups,
        floatingIps,
        trunks,
        qosPolicies,
        quotas,
        agents,
      ]) {
        createCollectionTable(db, def);
      }
    },
  },
  {
    // A page of a project's ports in Neutron's default order (by id) is a range of one index,
    // not the project's every port read and sorted for each page.
    version: 2,
    up: (db) => {
      db.exec(
        'CREATE INDEX IF NOT EXISTS neutron_ports_project_order ON neutron_ports (project_id, id)',
      );
    },
  },
];
