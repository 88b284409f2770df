// Neutron v2.0 shapes of the L3 and security-group write calls (API reference, Zed).
import type { FixedIp, HostRoute, NeutronStandardAttrs, SecurityGroupRule } from './types';

export interface ExternalGatewayInfo {
  network_id: string;
  /** Present with the ext-gw-mode extension. */
  enable_snat?: boolean;
  external_fixed_ips?: FixedIp[];
  qos_policy_id?: string | null;
}

export interface NeutronRouter extends NeutronStandardAttrs {
  admin_state_up: boolean;
  status: string;
  /** `null`: no gateway. */
  external_gateway_info: ExternalGatewayInfo | null;
  /** Static routes (extraroute extension). */
  routes?: HostRoute[];
  /** Admin only (l3-ha, dvr). */
  ha?: boolean;
  distributed?: boolean;
  flavor_id?: string | null;
  availability_zones?: string[];
  availability_zone_hints?: string[];
}

/** What a gateway is set to: `network_id` plus the optional SNAT and fixed IPs. */
export interface GatewayRequest {
  network_id: string;
  enable_snat?: boolean;
  external_fixed_ips?: Array<{ subnet_id?: string; ip_address?: string }>;
}

export interface RouterCreate {
  name?: string;
  description?: string;
  admin_state_up?: boolean;
  external_gateway_info?: GatewayRequest;
  /** Admin: the owning project. */
  project_id?: string;
  ha?: boolean;
  distributed?: boolean;
  availability_zone_hints?: string[];
}

export interface RouterUpdate {
  name?: string;
  description?: string;
  admin_state_up?: boolean;
  /** `null` (or `{}`) clears the gateway. */
  external_gateway_info?: GatewayRequest | null;
  routes?: HostRoute[];
  ha?: boolean;
  distributed?: boolean;
}

/** add/remove_router_interface: exactly one of a subnet or a port. */
export type RouterInterfaceRequest = { subnet_id: string } | { port_id: string };

/** The answer of add/remove_router_interface. */
export interface RouterInterfaceInfo {
  id: string;
  tenant_id: string;
  project_id?: string;
  port_id: string;
  network_id: string;
  subnet_id: string;
  subnet_ids: string[];
}

export interface NeutronFloatingIp extends NeutronStandardAttrs {
  floating_ip_address: string;
  floating_network_id: string;
  router_id: string | null;
  port_id: string | null;
  fixed_ip_address: string | null;
  status: string;
  /** dns-integration extension. */
  dns_name?: string;
  dns_domain?: string;
  qos_policy_id?: string | null;
  port_details?: {
    name: string;
    network_id: string;
    mac_address: string;
    admin_state_up: boolean;
    status: string;
    device_id: string;
    device_owner: string;
  } | null;
  port_forwardings?: unknown[];
}

export interface FloatingIpCreate {
  floating_network_id: string;
  description?: string;
  floating_ip_address?: string;
  subnet_id?: string;
  port_id?: string;
  fixed_ip_address?: string;
  dns_name?: string;
  dns_domain?: string;
  /** Admin: the owning project. */
  project_id?: string;
}

export interface FloatingIpUpdate {
  /** `null` disassociates. */
  port_id?: string | null;
  fixed_ip_address?: string | null;
  description?: string;
}

export interface SecurityGroupCreate {
  name: string;
  description?: string;
  stateful?: boolean;
  project_id?: string;
}

export interface SecurityGroupUpdate {
  name?: string;
  description?: string;
  stateful?: boolean;
}

export type NeutronSecurityGroupRule = SecurityGroupRule & {
  project_id?: string;
  tenant_id?: string;
  created_at?: string;
  updated_at?: string;
  revision_number?: number;
};

export interface SecurityGroupRuleCreate {
  security_group_id: string;
  direction: 'ingress' | 'egress';
  ethertype?: 'IPv4' | 'IPv6';
  /** A name (`tcp`, `icmp`, …), a number as text, or absent for any protocol. */
  protocol?: string | null;
  port_range_min?: number | null;
  port_range_max?: number | null;
  remote_ip_prefix?: string | null;
  remote_group_id?: string | null;
  remote_address_group_id?: string | null;
  description?: string;
}
