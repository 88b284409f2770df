import type { CloudContext } from '../../core/service';
import { touched } from './common';
import {
  applyAssociation,
  associationFor,
  createFloatingIpDoc,
  floatingIpNotFound,
} from './floatingIps';
import { neutronError } from './http';
import { parseCidr, parseIp } from './ipam';
import {
  floatingIps,
  networks,
  ports,
  routers,
  securityGroupRules,
  securityGroups,
  subnets,
  trunks,
} from './model';
import type { NetworkDoc, PortDoc, SecurityGroupDoc, SecurityGroupRuleDoc } from './model';
import { deleteNetworkDoc, insertNetwork, networkNotFound } from './networks';
import { bindingFor, createPortDoc, deletePortDoc, portNotFound, trunkByParent } from './ports';
import { checkQuota } from './quotas';
import {
  addSecurityGroupRule,
  createSecurityGroupDoc,
  ensureDefaultSecurityGroup,
  securityGroupNotFound,
} from './securityGroups';
import { deleteSubnetDoc, insertSubnet } from './subnets';
import { addInterfaceOnSubnet, insertRouter, routerInterfacePorts, setGateway } from './routers';
import { bindSubports, trunkStatusFor } from './trunks';

/**
 * What Nova (and Heat) need from Neutron, in process. Errors are NeutronFaults (status, `type`
 * as neutron's exception class, message): a caller maps them to its own API's faults.
 */

export interface PortFixedIp {
  readonly subnet_id: string;
  readonly ip_address: string;
  readonly ip_version: 4 | 6;
}

export interface PortFloatingIp {
  readonly id: string;
  readonly floating_ip_address: string;
  readonly fixed_ip_address: string | null;
}

/** A port as another service sees it (a summary of neutron's port). */
export interface Port {
  readonly id: string;
  readonly name: string;
  readonly project_id: string;
  readonly network_id: string;
  readonly network_name: string;
  readonly mtu: number;
  readonly mac_address: string;
  readonly fixed_ips: readonly PortFixedIp[];
  readonly floating_ips: readonly PortFloatingIp[];
  readonly device_id: string;
  readonly device_owner: string;
  readonly status: string;
  readonly admin_state_up: boolean;
  readonly security_groups: readonly string[];
  readonly binding_host_id: string;
  readonly vnic_type: string;
  readonly created_by_nova: boolean;
  /** The trunk this port is the parent of. */
  readonly trunk_id: string | null;
}

export interface SecurityGroupRule {
  readonly id: string;
  readonly security_group_id: string;
  readonly direction: 'ingress' | 'egress';
  readonly ethertype: 'IPv4' | 'IPv6';
  readonly protocol: string | null;
  readonly port_range_min: number | null;
  readonly port_range_max: number | null;
  readonly remote_ip_prefix: string | null;
  readonly remote_group_id: string | null;
}

export interface SecurityGroup {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly project_id: string;
  readonly rules: readonly SecurityGroupRule[];
}

export interface NetworkSummary {
  readonly id: string;
  readonly name: string;
  readonly project_id: string;
  readonly shared: boolean;
  readonly external: boolean;
  readonly subnet_count: number;
}

const toPort = (ctx: CloudContext, p: PortDoc): Port => {
  const net = ctx.store.collection(networks).get(p.network_id);
  return {
    id: p.id,
    name: p.name,
    project_id: p.project_id,
    network_id: p.network_id,
    network_name: net?.name ?? '',
    mtu: net?.mtu ?? 1500,
    mac_address: p.mac_address,
    fixed_ips: p.fixed_ips.map((f) => ({
      subnet_id: f.subnet_id,
      ip_address: f.ip_address,
      ip_version: parseIp(f.ip_address)?.version ?? 4,
    })),
    floating_ips: ctx.store
      .collection(floatingIps)
      .where('port_id', p.id)
      .map((f) => ({
        id: f.id,
        floating_ip_address: f.floating_ip_address,
        fixed_ip_address: f.fixed_ip_address,
      })),
    device_id: p.device_id,
    device_owner: p.device_owner,
    status: p.status,
    admin_state_up: p.admin_state_up,
    security_groups: p.security_groups,
    binding_host_id: p.binding.host_id,
    vnic_type: p.binding.vnic_type,
    created_by_nova: p.created_by_nova === true,
    trunk_id: trunkByParent(ctx.store, p.id)?.id ?? null,
  };
};

const toGroup = (g: SecurityGroupDoc, rules: readonly SecurityGroupRuleDoc[]): SecurityGroup => ({
  id: g.id,
  name: g.name,
  description: g.description,
  project_id: g.project_id,
  rules: rules.map((r) => ({
    id: r.id,
    security_group_id: r.security_group_id,
    direction: r.direction,
    ethertype: r.ethertype,
    protocol: r.protocol,
    port_range_min: r.port_range_min,
    port_range_max: r.port_range_max,
    remote_ip_prefix: r.remote_ip_prefix,
    remote_group_id: r.remote_group_id,
  })),
});

/** Resolves security group names (or ids) of a project, as nova's `security_groups` does. */
const groupIds = (ctx: CloudContext, projectId: string, names: readonly string[]): string[] => {
  const own = ctx.store.collection(securityGroups).where('project_id', projectId);
  return names.map((name) => {
    if (name === 'default') {
      const def = ensureDefaultSecurityGroup(ctx, projectId);
      if (def) return def.id;
    }
    const byId = own.find((g) => g.id === name);
    if (byId) return byId.id;
    const byName = own.filter((g) => g.name === name);
    if (byName.length > 1) {
      throw neutronError(
        409,
        'DuplicateSecurityGroupName',
        `Multiple security_group matches found for name '${name}', use an ID to be more specific.`,
      );
    }
    const match = byName[0];
    if (!match) throw securityGroupNotFound(name);
    return match.id;
  });
};

/**
 * The network a server gets when it names none: the only one it may use, else the project's
 * `private` network (devstack's), else nova's ambiguity error.
 */
const defaultNetworkId = (ctx: CloudContext, projectId: string): string => {
  const candidates = networksForProject(ctx, projectId).filter((n) => n.subnet_count > 0);
  const only = candidates.length === 1 ? candidates[0] : undefined;
  const chosen = only ?? candidates.find((n) => n.project_id === projectId && n.name === 'private');
  if (chosen) return chosen.id;
  if (candidates.length === 0) {
    throw neutronError(404, 'NetworkNotFound', 'No network is available to the project.');
  }
  throw neutronError(
    409,
    'NetworkAmbiguous',
    'Multiple possible networks found, use a Network ID to be more specific.',
  );
};

export interface AllocatePortRequest {
  readonly projectId: string;
  /** Create a port on this network (the project's default network when neither this nor portId)... */
  readonly networkId?: string;
  /** ...or claim this existing port. */
  readonly portId?: string;
  readonly deviceId: string;
  /** `compute:<availability zone>` for a server. */
  readonly deviceOwner: string;
  readonly hostId?: string;
  /** Names (or ids) of the project's groups; `default` when absent. */
  readonly securityGroupNames?: readonly string[];
  /** A requested IPv4 address on the network (nova's `fixed_ip`). */
  readonly fixedIp?: string;
}

/**
 * Binds a port to a device: claims `portId`, or creates a port on `networkId` (remembered as
 * nova's, so releaseDevicePorts can delete it). The port stays DOWN until setDevicePortsStatus.
 */
export const allocatePort = (ctx: CloudContext, request: AllocatePortRequest): Port => {
  const { store } = ctx;
  return store.transaction(() => {
    if (request.portId !== undefined) {
      const port = store.collection(ports).get(request.portId);
      if (!port || (port.project_id !== request.projectId && port.project_id !== '')) {
        throw portNotFound(request.portId);
      }
      if (port.device_id && port.device_id !== request.deviceId) {
        throw neutronError(
          409,
          'PortInUse',
          `Unable to complete operation on port ${port.id} for network ${port.network_id}. Port already has an attached device ${port.device_id}.`,
        );
      }
      const claimed = touched(ctx, {
        ...port,
        device_id: request.deviceId,
        device_owner: request.deviceOwner,
        binding: bindingFor(request.hostId ?? '', port.binding.vnic_type, port.binding.profile),
      });
      store.collection(ports).put(claimed);
      const trunk = trunkByParent(store, claimed.id);
      if (trunk) bindSubports(ctx, trunk);
      return toPort(ctx, claimed);
    }
    const networkId = request.networkId ?? defaultNetworkId(ctx, request.projectId);
    const net = store.collection(networks).get(networkId);
    if (!net) throw networkNotFound(networkId);
    if (!net.shared && net.project_id !== request.projectId) throw networkNotFound(networkId);
    checkQuota(store, request.projectId, { port: 1 });
    const groups = request.securityGroupNames
      ? groupIds(ctx, request.projectId, request.securityGroupNames)
      : undefined;
    const port = createPortDoc(ctx, {
      projectId: request.projectId,
      network: net,
      deviceId: request.deviceId,
      deviceOwner: request.deviceOwner,
      hostId: request.hostId ?? '',
      ...(groups ? { securityGroups: groups } : {}),
      ...(request.fixedIp ? { fixedIps: [{ ip_address: request.fixedIp }] } : {}),
      createdByNova: true,
    });
    return toPort(ctx, port);
  });
};

/**
 * Unbinds every port of a device: ports nova created are deleted when asked (server delete),
 * the others (pre-created ports) go back to unbound and DOWN.
 */
export const releaseDevicePorts = (
  ctx: CloudContext,
  deviceId: string,
  options: { readonly deletePortsCreatedByNova: boolean },
): void => {
  const { store } = ctx;
  store.transaction(() => {
    for (const port of store.collection(ports).where('device_id', deviceId)) {
      const trunk = trunkByParent(store, port.id);
      if (options.deletePortsCreatedByNova && port.created_by_nova && !trunk) {
        deletePortDoc(ctx, port);
        continue;
      }
      const released = touched(ctx, {
        ...port,
        device_id: '',
        device_owner: '',
        status: 'DOWN' as const,
        binding: bindingFor('', port.binding.vnic_type, port.binding.profile),
      });
      store.collection(ports).put(released);
      if (trunk) {
        store.collection(trunks).put(touched(ctx, { ...trunk, status: 'DOWN' }));
        for (const sub of trunk.sub_ports) {
          const sp = store.collection(ports).get(sub.port_id);
          if (sp) {
            store.collection(ports).put(
              touched(ctx, {
                ...sp,
                device_id: '',
                device_owner: '',
                status: 'DOWN',
                binding: bindingFor('', sp.binding.vnic_type, sp.binding.profile),
              }),
            );
          }
        }
      }
    }
  });
};

export const portsOfDevice = (ctx: CloudContext, deviceId: string): Port[] =>
  ctx.store
    .collection(ports)
    .where('device_id', deviceId)
    .map((p) => toPort(ctx, p));

/** Follows the server's state: its ports (and trunk subports) go ACTIVE or DOWN. */
export const setDevicePortsStatus = (
  ctx: CloudContext,
  deviceId: string,
  status: 'ACTIVE' | 'DOWN',
): void => {
  const { store } = ctx;
  store.transaction(() => {
    const col = store.collection(ports);
    for (const port of col.where('device_id', deviceId)) {
      if (port.status !== status) col.put(touched(ctx, { ...port, status }));
      const trunk = trunkByParent(store, port.id);
      if (trunk) {
        const parent = col.get(port.id);
        store
          .collection(trunks)
          .put(touched(ctx, { ...trunk, status: trunkStatusFor(parent, trunk.admin_state_up) }));
        for (const sub of trunk.sub_ports) {
          const sp = col.get(sub.port_id);
          if (sp && sp.status !== status) col.put(touched(ctx, { ...sp, status }));
        }
      }
    }
  });
};

/** The project's `default` group (created on first use, as neutron does). */
export const defaultSecurityGroup = (ctx: CloudContext, projectId: string): SecurityGroup => {
  const group = ensureDefaultSecurityGroup(ctx, projectId);
  if (!group) throw securityGroupNotFound('default');
  return toGroup(
    group,
    ctx.store.collection(securityGroupRules).where('security_group_id', group.id),
  );
};

/** The groups on the device's ports, each once, in port order. */
export const securityGroupsOfDevice = (ctx: CloudContext, deviceId: string): SecurityGroup[] => {
  const { store } = ctx;
  const seen = new Set<string>();
  const out: SecurityGroup[] = [];
  for (const port of store.collection(ports).where('device_id', deviceId)) {
    for (const id of port.security_groups) {
      if (seen.has(id)) continue;
      seen.add(id);
      const group = store.collection(securityGroups).get(id);
      if (group) {
        out.push(
          toGroup(group, store.collection(securityGroupRules).where('security_group_id', id)),
        );
      }
    }
  }
  return out;
};

const summary = (ctx: CloudContext, n: NetworkDoc): NetworkSummary => ({
  id: n.id,
  name: n.name,
  project_id: n.project_id,
  shared: n.shared,
  external: n.external,
  subnet_count: ctx.store.collection(subnets).count('network_id', n.id),
});

/** The networks a server of the project may attach to (its own and shared, not external). */
export const networksForProject = (ctx: CloudContext, projectId: string): NetworkSummary[] => {
  const col = ctx.store.collection(networks);
  return [...col.where('project_id', projectId), ...col.where('public', 1)]
    .filter((n, i, all) => all.findIndex((o) => o.id === n.id) === i)
    .filter((n) => !n.external && (n.project_id === projectId || n.shared))
    .map((n) => summary(ctx, n));
};

/**
 * Points a floating IP of the project at a port (nova's addFloatingIp, Heat's association), or
 * detaches it with `portId` null. Without `floatingIpId` a new address is allocated from the
 * external network (the first one, or `floatingNetworkId`). Returns the floating address.
 */
export const associateFloatingIp = (
  ctx: CloudContext,
  request: {
    readonly projectId: string;
    readonly floatingIpId?: string;
    readonly floatingNetworkId?: string;
    readonly portId: string | null;
    readonly fixedIp?: string;
  },
): string => {
  const { store } = ctx;
  return store.transaction(() => {
    let fip;
    if (request.floatingIpId !== undefined) {
      fip = store.collection(floatingIps).get(request.floatingIpId);
      if (!fip || fip.project_id !== request.projectId)
        throw floatingIpNotFound(request.floatingIpId);
    } else {
      const external = request.floatingNetworkId
        ? store.collection(networks).get(request.floatingNetworkId)
        : store
            .collection(networks)
            .where('public', 1)
            .find((n) => n.external);
      if (!external?.external) throw networkNotFound(request.floatingNetworkId ?? 'external');
      checkQuota(store, request.projectId, { floatingip: 1 });
      fip = createFloatingIpDoc(ctx, { projectId: request.projectId, network: external });
    }
    const assoc = associationFor(
      store,
      { isAdmin: false },
      fip,
      request.portId,
      request.fixedIp ?? null,
    );
    return applyAssociation(ctx, fip, assoc).floating_ip_address;
  });
};

/** The floating IPs pointing at the device's ports. */
export const floatingIpsOfDevice = (
  ctx: CloudContext,
  deviceId: string,
): Array<{
  id: string;
  port_id: string;
  floating_ip_address: string;
  fixed_ip_address: string | null;
}> => {
  const { store } = ctx;
  return store
    .collection(ports)
    .where('device_id', deviceId)
    .flatMap((p) =>
      store
        .collection(floatingIps)
        .where('port_id', p.id)
        .map((f) => ({
          id: f.id,
          port_id: p.id,
          floating_ip_address: f.floating_ip_address,
          fixed_ip_address: f.fixed_ip_address,
        })),
    );
};

export const getNetwork = (ctx: CloudContext, networkId: string): NetworkSummary | undefined => {
  const n = ctx.store.collection(networks).get(networkId);
  return n ? summary(ctx, n) : undefined;
};

/** A network the project may use, by name (its own first, then shared ones). */
export const findNetworkByName = (
  ctx: CloudContext,
  name: string,
  projectId: string,
): NetworkSummary | undefined => {
  const usable = networksForProject(ctx, projectId).filter((n) => n.name === name);
  return usable.find((n) => n.project_id === projectId) ?? usable[0];
};

const changeDeviceGroups = (
  ctx: CloudContext,
  deviceId: string,
  nameOrId: string,
  change: (groups: readonly string[], id: string) => string[],
): void => {
  const { store } = ctx;
  store.transaction(() => {
    const col = store.collection(ports);
    const devicePorts = col.where('device_id', deviceId);
    const projectId = devicePorts[0]?.project_id;
    if (projectId === undefined) return;
    const [id] = groupIds(ctx, projectId, [nameOrId]);
    if (id === undefined) return;
    for (const port of devicePorts) {
      if (!port.port_security_enabled) continue;
      col.put(touched(ctx, { ...port, security_groups: change(port.security_groups, id) }));
    }
  });
};

/** nova's addSecurityGroup: the group (name or id, of the device's project) joins every port. */
export const addDeviceSecurityGroup = (
  ctx: CloudContext,
  deviceId: string,
  nameOrId: string,
): void =>
  changeDeviceGroups(ctx, deviceId, nameOrId, (groups, id) =>
    groups.includes(id) ? [...groups] : [...groups, id],
  );

/** nova's removeSecurityGroup: the group leaves every port of the device. */
export const removeDeviceSecurityGroup = (
  ctx: CloudContext,
  deviceId: string,
  nameOrId: string,
): void =>
  changeDeviceGroups(ctx, deviceId, nameOrId, (groups, id) => groups.filter((g) => g !== id));

/*
 * Heat's resources (OS::Neutron::Net, Subnet, SecurityGroup): create and delete as the API
 * would for the stack's project. Errors are NeutronFaults, as above.
 */

/** Creates a network of the project (OS::Neutron::Net). */
export const createNetworkFor = (
  ctx: CloudContext,
  spec: { projectId: string; name: string; shared?: boolean; adminStateUp?: boolean },
): NetworkSummary =>
  ctx.store.transaction(() => {
    checkQuota(ctx.store, spec.projectId, { network: 1 });
    const net = insertNetwork(ctx, {
      projectId: spec.projectId,
      name: spec.name,
      ...(spec.shared !== undefined ? { shared: spec.shared } : {}),
      ...(spec.adminStateUp !== undefined ? { adminStateUp: spec.adminStateUp } : {}),
    });
    return summary(ctx, net);
  });

/** Deletes a network with its subnets; NetworkInUse while ports remain; no-op when gone. */
export const deleteNetworkById = (ctx: CloudContext, id: string): void => {
  const net = ctx.store.collection(networks).get(id);
  if (net) deleteNetworkDoc(ctx, net);
};

/** Creates a subnet on a network of the project (or a shared one), by network id or name. */
export const createSubnetFor = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    network: string;
    name: string;
    cidr: string;
    ipVersion?: 4 | 6;
    gatewayIp?: string | null;
    enableDhcp?: boolean;
    dnsNameservers?: string[];
  },
): { id: string; network_id: string; cidr: string; gateway_ip: string | null } =>
  ctx.store.transaction(() => {
    const net =
      ctx.store.collection(networks).get(spec.network) ??
      ctx.store
        .collection(networks)
        .where('project_id', spec.projectId)
        .find((n) => n.name === spec.network);
    if (!net || (!net.shared && net.project_id !== spec.projectId)) {
      throw networkNotFound(spec.network);
    }
    const cidr = parseCidr(spec.cidr);
    if (!cidr) {
      throw neutronError(
        400,
        'HTTPBadRequest',
        `Invalid input for cidr. Reason: '${spec.cidr}' is not a valid IP subnet.`,
      );
    }
    checkQuota(ctx.store, spec.projectId, { subnet: 1 });
    const doc = insertSubnet(ctx, {
      projectId: spec.projectId,
      network: net,
      name: spec.name,
      ipVersion: spec.ipVersion ?? cidr.version,
      cidr,
      ...(spec.gatewayIp !== undefined ? { gatewayIp: spec.gatewayIp } : {}),
      ...(spec.enableDhcp !== undefined ? { enableDhcp: spec.enableDhcp } : {}),
      ...(spec.dnsNameservers ? { dnsNameservers: spec.dnsNameservers } : {}),
    });
    return { id: doc.id, network_id: doc.network_id, cidr: doc.cidr, gateway_ip: doc.gateway_ip };
  });

/** Deletes a subnet; SubnetInUse while ports hold its addresses; no-op when gone. */
export const deleteSubnetById = (ctx: CloudContext, id: string): void => {
  const doc = ctx.store.collection(subnets).get(id);
  if (doc) deleteSubnetDoc(ctx, doc);
};

export interface SecurityGroupRuleSpec {
  readonly direction?: 'ingress' | 'egress';
  readonly ethertype?: 'IPv4' | 'IPv6';
  readonly protocol?: string | null;
  readonly port_range_min?: number | null;
  readonly port_range_max?: number | null;
  readonly remote_ip_prefix?: string | null;
}

/** Creates a security group of the project with neutron's egress rules plus `rules`. */
export const createSecurityGroupFor = (
  ctx: CloudContext,
  spec: { projectId: string; name: string; description: string; rules: SecurityGroupRuleSpec[] },
): SecurityGroup =>
  ctx.store.transaction(() => {
    checkQuota(ctx.store, spec.projectId, { security_group: 1 });
    const group = createSecurityGroupDoc(ctx, {
      projectId: spec.projectId,
      name: spec.name,
      description: spec.description,
      stateful: true,
      isDefault: false,
    });
    for (const r of spec.rules) {
      addSecurityGroupRule(ctx, group, {
        direction: r.direction ?? 'ingress',
        ethertype: r.ethertype ?? 'IPv4',
        protocol: r.protocol ?? null,
        port_range_min: r.port_range_min ?? null,
        port_range_max: r.port_range_max ?? null,
        remote_ip_prefix: r.remote_ip_prefix ?? null,
      });
    }
    return toGroup(
      group,
      ctx.store.collection(securityGroupRules).where('security_group_id', group.id),
    );
  });

/** Deletes a security group and its rules; SecurityGroupInUse while ports use it. */
export const deleteSecurityGroupById = (ctx: CloudContext, id: string): void => {
  const { store } = ctx;
  const group = store.collection(securityGroups).get(id);
  if (!group) return;
  if (
    store
      .collection(ports)
      .where('project_id', group.project_id)
      .some((p) => p.security_groups.includes(id))
  ) {
    throw neutronError(409, 'SecurityGroupInUse', `Security Group ${id} in use.`);
  }
  store.transaction(() => {
    store.collection(securityGroupRules).deleteWhere('security_group_id', id);
    store.collection(securityGroups).delete(id);
  });
};

/** A network of the project (or a shared or external one) by id or name. */
const usableNetwork = (ctx: CloudContext, projectId: string, idOrName: string): NetworkDoc => {
  const col = ctx.store.collection(networks);
  const net =
    col.get(idOrName) ??
    col.where('project_id', projectId).find((n) => n.name === idOrName) ??
    col.where('public', 1).find((n) => n.name === idOrName);
  if (!net || (!net.shared && !net.external && net.project_id !== projectId)) {
    throw networkNotFound(idOrName);
  }
  return net;
};

/** OS::Neutron::Router: a router of the project, with a gateway on `externalNetwork` if given. */
export const createRouterFor = (
  ctx: CloudContext,
  spec: { projectId: string; name: string; externalNetwork?: string; adminStateUp?: boolean },
): { id: string; name: string; external_gateway_network: string | null } =>
  ctx.store.transaction(() => {
    checkQuota(ctx.store, spec.projectId, { router: 1 });
    const router = insertRouter(ctx, {
      projectId: spec.projectId,
      name: spec.name,
      ...(spec.adminStateUp !== undefined ? { adminStateUp: spec.adminStateUp } : {}),
    });
    let gateway: string | null = null;
    if (spec.externalNetwork) {
      const net = usableNetwork(ctx, spec.projectId, spec.externalNetwork);
      ctx.store.collection(routers).put(setGateway(ctx, router, { network_id: net.id }));
      gateway = net.id;
    }
    return { id: router.id, name: router.name, external_gateway_network: gateway };
  });

/** Deletes a router and its gateway port; RouterInUse while it has interfaces. */
export const deleteRouterById = (ctx: CloudContext, id: string): void => {
  const { store } = ctx;
  const router = store.collection(routers).get(id);
  if (!router) return;
  if (routerInterfacePorts(store, id).length > 0) {
    throw neutronError(409, 'RouterInUse', `Router ${id} still has ports`);
  }
  store.transaction(() => {
    for (const p of store.collection(ports).where('device_id', id)) deletePortDoc(ctx, p);
    store.collection(routers).delete(id);
  });
};

/** OS::Neutron::RouterInterface on a subnet; returns the interface port id. */
export const addRouterInterfaceFor = (
  ctx: CloudContext,
  spec: { projectId: string; routerId: string; subnetId: string },
): string =>
  ctx.store.transaction(() => {
    const router = ctx.store.collection(routers).get(spec.routerId);
    if (!router || router.project_id !== spec.projectId) {
      throw neutronError(404, 'RouterNotFound', `Router ${spec.routerId} could not be found`);
    }
    return addInterfaceOnSubnet(ctx, router, spec.subnetId).id;
  });

/** Removes a router interface by its port; no-op when gone. */
export const removeRouterInterfaceFor = (ctx: CloudContext, portId: string): void => {
  const port = ctx.store.collection(ports).get(portId);
  if (port && port.device_owner === 'network:router_interface') deletePortDoc(ctx, port);
};

/** OS::Neutron::Port: an unbound port of the project on a network. */
export const createPortFor = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    network: string;
    name: string;
    fixedIps?: Array<{ subnet_id?: string; ip_address?: string }>;
    securityGroups?: readonly string[];
  },
): Port =>
  ctx.store.transaction(() => {
    const net = usableNetwork(ctx, spec.projectId, spec.network);
    checkQuota(ctx.store, spec.projectId, { port: 1 });
    const port = createPortDoc(ctx, {
      projectId: spec.projectId,
      network: net,
      name: spec.name,
      ...(spec.fixedIps && spec.fixedIps.length > 0 ? { fixedIps: spec.fixedIps } : {}),
      ...(spec.securityGroups && spec.securityGroups.length > 0
        ? { securityGroups: groupIds(ctx, spec.projectId, spec.securityGroups) }
        : {}),
    });
    return toPort(ctx, port);
  });

/** Deletes a port; no-op when gone. */
export const deletePortById = (ctx: CloudContext, id: string): void => {
  const port = ctx.store.collection(ports).get(id);
  if (port) deletePortDoc(ctx, port);
};

/** OS::Neutron::FloatingIP: an address on an external network, pointed at `portId` if given. */
export const createFloatingIpFor = (
  ctx: CloudContext,
  spec: { projectId: string; floatingNetwork: string; portId?: string; fixedIp?: string },
): { id: string; floating_ip_address: string } =>
  ctx.store.transaction(() => {
    const net = usableNetwork(ctx, spec.projectId, spec.floatingNetwork);
    if (!net.external) throw networkNotFound(spec.floatingNetwork);
    checkQuota(ctx.store, spec.projectId, { floatingip: 1 });
    const fip = createFloatingIpDoc(ctx, { projectId: spec.projectId, network: net });
    if (spec.portId) {
      associateFloatingIp(ctx, {
        projectId: spec.projectId,
        floatingIpId: fip.id,
        portId: spec.portId,
        ...(spec.fixedIp ? { fixedIp: spec.fixedIp } : {}),
      });
    }
    return { id: fip.id, floating_ip_address: fip.floating_ip_address };
  });

/** Releases a floating IP; no-op when gone. */
export const deleteFloatingIpById = (ctx: CloudContext, id: string): void => {
  const { store } = ctx;
  const fip = store.collection(floatingIps).get(id);
  if (!fip) return;
  store.transaction(() => {
    const port = store.collection(ports).get(fip.floating_port_id);
    if (port) deletePortDoc(ctx, port);
    store.collection(floatingIps).delete(fip.id);
  });
};

/** A network's subnets (Heat's seed adopts devstack's `private` through them). */
export const subnetsOfNetwork = (
  ctx: CloudContext,
  networkId: string,
): Array<{ id: string; name: string; cidr: string; ip_version: number }> =>
  ctx.store
    .collection(subnets)
    .where('network_id', networkId)
    .map((s) => ({ id: s.id, name: s.name, cidr: s.cidr, ip_version: s.ip_version }));

/** A subnet by id, whatever its project (Heat's attributes of OS::Neutron::Subnet). */
export const getSubnet = (
  ctx: CloudContext,
  id: string,
): {
  id: string;
  name: string;
  network_id: string;
  cidr: string;
  gateway_ip: string | null;
  ip_version: number;
  enable_dhcp: boolean;
  project_id: string;
  allocation_pools: Array<{ start: string; end: string }>;
  dns_nameservers: string[];
} | null => {
  const s = ctx.store.collection(subnets).get(id);
  if (!s) return null;
  return {
    id: s.id,
    name: s.name,
    network_id: s.network_id,
    cidr: s.cidr,
    gateway_ip: s.gateway_ip,
    ip_version: s.ip_version,
    enable_dhcp: s.enable_dhcp,
    project_id: s.project_id,
    allocation_pools: s.allocation_pools.map((p) => ({ start: p.start, end: p.end })),
    dns_nameservers: [...s.dns_nameservers],
  };
};

/** A security group of the project by name (Heat's seed adopts the seeded `web` group). */
export const findSecurityGroupByName = (
  ctx: CloudContext,
  projectId: string,
  name: string,
): { id: string; name: string } | null => {
  const g = ctx.store
    .collection(securityGroups)
    .where('project_id', projectId)
    .find((sg) => sg.name === name);
  return g ? { id: g.id, name: g.name } : null;
};

/**
 * Heat's OS::Neutron::SecurityGroupRule: a rule on a group of the project, the group given by id
 * or name. Returns the rule id.
 */
export const createSecurityGroupRuleFor = (
  ctx: CloudContext,
  spec: {
    readonly projectId: string;
    readonly securityGroup: string;
    readonly rule: SecurityGroupRuleSpec & {
      readonly remote_group?: string | null;
      readonly description?: string;
    };
  },
): string =>
  ctx.store.transaction(() => {
    const [groupId] = groupIds(ctx, spec.projectId, [spec.securityGroup]);
    const group = groupId ? ctx.store.collection(securityGroups).get(groupId) : undefined;
    if (!group) throw securityGroupNotFound(spec.securityGroup);
    const remote = spec.rule.remote_group
      ? groupIds(ctx, spec.projectId, [spec.rule.remote_group])[0]
      : undefined;
    checkQuota(ctx.store, spec.projectId, { security_group_rule: 1 });
    const rule = addSecurityGroupRule(ctx, group, {
      direction: spec.rule.direction ?? 'ingress',
      ethertype: spec.rule.ethertype ?? 'IPv4',
      protocol: spec.rule.protocol ?? null,
      port_range_min: spec.rule.port_range_min ?? null,
      port_range_max: spec.rule.port_range_max ?? null,
      remote_ip_prefix: spec.rule.remote_ip_prefix ?? null,
      remote_group_id: remote ?? null,
      ...(spec.rule.description !== undefined ? { description: spec.rule.description } : {}),
    });
    return rule.id;
  });

/** Deletes a security group rule; no-op when gone. */
export const deleteSecurityGroupRuleById = (ctx: CloudContext, id: string): void => {
  ctx.store.collection(securityGroupRules).delete(id);
};
