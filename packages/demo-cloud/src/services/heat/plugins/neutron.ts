import {
  addRouterInterfaceFor,
  associateFloatingIp,
  createFloatingIpFor,
  createNetworkFor,
  createPortFor,
  createRouterFor,
  createSecurityGroupFor,
  createSecurityGroupRuleFor,
  createSubnetFor,
  deleteFloatingIpById,
  deleteNetworkById,
  deletePortById,
  deleteRouterById,
  deleteSecurityGroupById,
  deleteSecurityGroupRuleById,
  deleteSubnetById,
  getNetwork,
  getSubnet,
  removeRouterInterfaceFor,
} from '../../neutron/internal';
import type { SecurityGroupRuleSpec } from '../../neutron/internal';
import { isObject } from '../http';
import type { Json } from '../http';
import { nameOr, propertyError, strProp } from './types';
import type { ResourcePlugin } from './types';

/** Neutron's resource types, through neutron/internal.ts. */

const neutronNet: ResourcePlugin = {
  create: (ctx, request) => {
    const net = createNetworkFor(ctx, {
      projectId: request.stack.project_id,
      name: nameOr(request),
      shared: request.properties['shared'] === true,
      adminStateUp: request.properties['admin_state_up'] !== false,
    });
    return {
      physicalId: net.id,
      attributes: {
        name: net.name,
        status: 'ACTIVE',
        tenant_id: net.project_id,
        admin_state_up: request.properties['admin_state_up'] !== false,
        mtu: 1450,
        port_security_enabled: true,
        qos_policy_id: null,
        l2_adjacency: true,
        segments: [],
      },
    };
  },
  liveAttributes: (ctx, r) => {
    const net = getNetwork(ctx, r.physical_resource_id);
    return net ? { name: net.name } : {};
  },
  check: (ctx, r) =>
    getNetwork(ctx, r.physical_resource_id)
      ? undefined
      : `Network ${r.physical_resource_id} could not be found.`,
  delete: (ctx, r) => deleteNetworkById(ctx, r.physical_resource_id),
};

const neutronSubnet: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const cidr = p['cidr'];
    if (typeof cidr !== 'string') {
      throw propertyError(request.name, '', 'cidr must be specified when subnetpool is not');
    }
    const gateway = p['gateway_ip'];
    const ipVersion = p['ip_version'] === 6 ? 6 : 4;
    const subnet = createSubnetFor(ctx, {
      projectId: request.stack.project_id,
      network: String(p['network'] ?? p['network_id']),
      name: nameOr(request),
      cidr,
      ipVersion,
      ...(typeof gateway === 'string' ? { gatewayIp: gateway === '' ? null : gateway } : {}),
      enableDhcp: p['enable_dhcp'] !== false,
      dnsNameservers: Array.isArray(p['dns_nameservers']) ? p['dns_nameservers'].map(String) : [],
    });
    return {
      physicalId: subnet.id,
      attributes: {
        name: nameOr(request),
        network_id: subnet.network_id,
        tenant_id: request.stack.project_id,
        cidr: subnet.cidr,
        gateway_ip: subnet.gateway_ip,
        ip_version: ipVersion,
        enable_dhcp: p['enable_dhcp'] !== false,
      },
    };
  },
  liveAttributes: (ctx, r) => {
    const sub = getSubnet(ctx, r.physical_resource_id);
    if (!sub) return {};
    return {
      name: sub.name,
      network_id: sub.network_id,
      tenant_id: sub.project_id,
      cidr: sub.cidr,
      gateway_ip: sub.gateway_ip,
      ip_version: sub.ip_version,
      enable_dhcp: sub.enable_dhcp,
      allocation_pools: sub.allocation_pools,
      dns_nameservers: sub.dns_nameservers,
      host_routes: [],
    };
  },
  check: (ctx, r) =>
    getSubnet(ctx, r.physical_resource_id)
      ? undefined
      : `Subnet ${r.physical_resource_id} could not be found.`,
  delete: (ctx, r) => deleteSubnetById(ctx, r.physical_resource_id),
};

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

const ruleOf = (r: Json): SecurityGroupRuleSpec & { remote_group?: string | null } => ({
  direction: r['direction'] === 'egress' ? 'egress' : 'ingress',
  ethertype: r['ethertype'] === 'IPv6' ? 'IPv6' : 'IPv4',
  protocol: typeof r['protocol'] === 'string' ? r['protocol'] : null,
  port_range_min: num(r['port_range_min']),
  port_range_max: num(r['port_range_max']),
  remote_ip_prefix: typeof r['remote_ip_prefix'] === 'string' ? r['remote_ip_prefix'] : null,
  remote_group: typeof r['remote_group_id'] === 'string' ? r['remote_group_id'] : null,
});

const securityGroup: ResourcePlugin = {
  create: (ctx, request) => {
    const given = request.properties['rules'];
    const rules = (Array.isArray(given) ? given : []).filter(isObject).map(ruleOf);
    const description = request.properties['description'];
    const group = createSecurityGroupFor(ctx, {
      projectId: request.stack.project_id,
      name: nameOr(request),
      description: typeof description === 'string' ? description : '',
      rules,
    });
    return {
      physicalId: group.id,
      attributes: { show: { id: group.id, name: group.name, description: group.description } },
    };
  },
  delete: (ctx, r) => deleteSecurityGroupById(ctx, r.physical_resource_id),
};

const securityGroupRule: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const id = createSecurityGroupRuleFor(ctx, {
      projectId: request.stack.project_id,
      securityGroup: String(p['security_group']),
      rule: {
        ...ruleOf(p),
        remote_group: typeof p['remote_group'] === 'string' ? p['remote_group'] : null,
        ...(typeof p['description'] === 'string' ? { description: p['description'] } : {}),
      },
    });
    return { physicalId: id, attributes: {} };
  },
  delete: (ctx, r) => deleteSecurityGroupRuleById(ctx, r.physical_resource_id),
};

const neutronRouter: ResourcePlugin = {
  create: (ctx, request) => {
    const gw = request.properties['external_gateway_info'];
    const network = isObject(gw) ? strProp(gw, 'network') : undefined;
    const router = createRouterFor(ctx, {
      projectId: request.stack.project_id,
      name: nameOr(request),
      ...(network ? { externalNetwork: network } : {}),
      adminStateUp: request.properties['admin_state_up'] !== false,
    });
    return {
      physicalId: router.id,
      attributes: {
        status: 'ACTIVE',
        name: router.name,
        admin_state_up: request.properties['admin_state_up'] !== false,
        tenant_id: request.stack.project_id,
        external_gateway_info: router.external_gateway_network
          ? { network_id: router.external_gateway_network, enable_snat: true }
          : null,
      },
    };
  },
  delete: (ctx, r) => deleteRouterById(ctx, r.physical_resource_id),
};

const routerInterface: ResourcePlugin = {
  create: (ctx, request) => {
    const subnet =
      strProp(request.properties, 'subnet') ?? strProp(request.properties, 'subnet_id');
    if (!subnet) {
      throw propertyError(
        request.name,
        '',
        'At least one of the following properties must be specified: subnet, port.',
      );
    }
    const router = String(request.properties['router'] ?? request.properties['router_id']);
    const portId = addRouterInterfaceFor(ctx, {
      projectId: request.stack.project_id,
      routerId: router,
      subnetId: subnet,
    });
    // heat's id of an interface: `<router id>:subnet_id=<subnet id>`; the port is kept to remove it.
    return { physicalId: `${router}:subnet_id=${subnet}`, attributes: { port_id: portId } };
  },
  delete: (ctx, r) => removeRouterInterfaceFor(ctx, String(r.attributes['port_id'] ?? '')),
};

const neutronPort: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const fixed = Array.isArray(p['fixed_ips'])
      ? p['fixed_ips'].filter(isObject).map((f) => {
          const subnet = strProp(f, 'subnet') ?? strProp(f, 'subnet_id');
          const ip = strProp(f, 'ip_address');
          return { ...(subnet ? { subnet_id: subnet } : {}), ...(ip ? { ip_address: ip } : {}) };
        })
      : [];
    const port = createPortFor(ctx, {
      projectId: request.stack.project_id,
      network: String(p['network'] ?? p['network_id']),
      name: nameOr(request),
      fixedIps: fixed,
      securityGroups: Array.isArray(p['security_groups']) ? p['security_groups'].map(String) : [],
    });
    return {
      physicalId: port.id,
      attributes: {
        admin_state_up: port.admin_state_up,
        device_id: port.device_id,
        device_owner: port.device_owner,
        fixed_ips: port.fixed_ips.map((f) => ({
          subnet_id: f.subnet_id,
          ip_address: f.ip_address,
        })),
        mac_address: port.mac_address,
        name: port.name,
        network_id: port.network_id,
        security_groups: port.security_groups,
        status: port.status,
        tenant_id: port.project_id,
      },
    };
  },
  delete: (ctx, r) => deletePortById(ctx, r.physical_resource_id),
};

const floatingIp: ResourcePlugin = {
  create: (ctx, request) => {
    const portId = strProp(request.properties, 'port_id');
    const fixedIp = strProp(request.properties, 'fixed_ip_address');
    const fip = createFloatingIpFor(ctx, {
      projectId: request.stack.project_id,
      floatingNetwork: String(
        request.properties['floating_network'] ?? request.properties['floating_network_id'],
      ),
      ...(portId ? { portId } : {}),
      ...(fixedIp ? { fixedIp } : {}),
    });
    return {
      physicalId: fip.id,
      attributes: {
        floating_ip_address: fip.floating_ip_address,
        port_id: portId ?? null,
        fixed_ip_address: fixedIp ?? null,
      },
    };
  },
  delete: (ctx, r) => deleteFloatingIpById(ctx, r.physical_resource_id),
};

const floatingIpAssociation: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const floatingIpId = String(p['floatingip_id']);
    const portId = String(p['port_id']);
    const fixedIp = strProp(p, 'fixed_ip_address');
    associateFloatingIp(ctx, {
      projectId: request.stack.project_id,
      floatingIpId,
      portId,
      ...(fixedIp ? { fixedIp } : {}),
    });
    // The project is kept for the delete, which undoes the association as its owner.
    return {
      physicalId: `${floatingIpId}:${portId}`,
      attributes: { project_id: request.stack.project_id },
    };
  },
  update: (ctx, request) => {
    const p = request.properties;
    const fixedIp = strProp(p, 'fixed_ip_address');
    associateFloatingIp(ctx, {
      projectId: request.stack.project_id,
      floatingIpId: String(p['floatingip_id']),
      portId: String(p['port_id']),
      ...(fixedIp ? { fixedIp } : {}),
    });
    return undefined;
  },
  delete: (ctx, r) => {
    try {
      associateFloatingIp(ctx, {
        projectId: String(r.attributes['project_id'] ?? ''),
        floatingIpId: String(r.properties['floatingip_id']),
        portId: null,
      });
    } catch {
      // The address is gone already: nothing to undo.
    }
  },
};

export const NEUTRON_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Neutron::FloatingIP': floatingIp,
  'OS::Neutron::FloatingIPAssociation': floatingIpAssociation,
  'OS::Neutron::Net': neutronNet,
  'OS::Neutron::Port': neutronPort,
  'OS::Neutron::Router': neutronRouter,
  'OS::Neutron::RouterInterface': routerInterface,
  'OS::Neutron::SecurityGroup': securityGroup,
  'OS::Neutron::SecurityGroupRule': securityGroupRule,
  'OS::Neutron::Subnet': neutronSubnet,
};
