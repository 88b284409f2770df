import type { FloatingIp, Router, SecurityGroupRule } from '@skydeck/contract';
import type {
  NeutronFloatingIp,
  NeutronRouter,
  NeutronSecurityGroupRule,
} from '@skydeck/openstack-client';
import { identityFieldsOf, withTimestamps } from './standardAttrs';

// Pure mappers from Neutron's router, floating IP and rule shapes to the contract's.

/** Network names by id, for gateways and pools ('' when the caller may not see the network). */
export type NetworkNames = ReadonlyMap<string, string>;

export const toRouter = (r: NeutronRouter, networkNames: NetworkNames): Router => {
  const gw = r.external_gateway_info;
  const out: Router = {
    ...identityFieldsOf(r),
    status: r.status,
    admin_state_up: r.admin_state_up,
    external_gateway: gw
      ? {
          network_id: gw.network_id,
          network_name: networkNames.get(gw.network_id) ?? '',
          ...(gw.enable_snat !== undefined && { enable_snat: gw.enable_snat }),
          external_fixed_ips: (gw.external_fixed_ips ?? []).map((ip) => ({
            subnet_id: ip.subnet_id,
            ip_address: ip.ip_address,
          })),
        }
      : null,
    routes: (r.routes ?? []).map((h) => ({ destination: h.destination, nexthop: h.nexthop })),
    availability_zones: r.availability_zones ?? [],
  };
  // Policy shows ha and distributed to admins only; a member's answer leaves them out.
  if (typeof r.ha === 'boolean') out.ha = r.ha;
  if (typeof r.distributed === 'boolean') out.distributed = r.distributed;
  return withTimestamps(out, r);
};

/** Instance names by id (the project's servers), for a floating IP's association. */
export type InstanceNames = ReadonlyMap<string, string>;

export const toFloatingIp = (
  f: NeutronFloatingIp,
  networkNames: NetworkNames,
  instanceNames: InstanceNames,
): FloatingIp => {
  const details = f.port_details;
  const instanceId =
    details && details.device_owner.startsWith('compute:') && details.device_id !== ''
      ? details.device_id
      : null;
  const out: FloatingIp = {
    id: f.id,
    floating_ip_address: f.floating_ip_address,
    pool_id: f.floating_network_id,
    pool_name: networkNames.get(f.floating_network_id) ?? '',
    description: f.description ?? '',
    project_id: f.project_id,
    status: f.status,
    port_id: f.port_id,
    fixed_ip_address: f.fixed_ip_address,
    router_id: f.router_id,
    instance_id: instanceId,
    instance_name: instanceId === null ? null : (instanceNames.get(instanceId) ?? null),
  };
  if (typeof f.dns_name === 'string') out.dns_name = f.dns_name;
  if (typeof f.dns_domain === 'string') out.dns_domain = f.dns_domain;
  return withTimestamps(out, f);
};

export const toRule = (r: NeutronSecurityGroupRule): SecurityGroupRule => ({
  id: r.id,
  direction: r.direction,
  ethertype: r.ethertype,
  protocol: r.protocol,
  port_range_min: r.port_range_min,
  port_range_max: r.port_range_max,
  remote_ip_prefix: r.remote_ip_prefix,
  remote_group_id: r.remote_group_id,
  description: r.description ?? '',
});
