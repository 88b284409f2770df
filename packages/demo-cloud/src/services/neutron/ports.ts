import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  allocateFixedIps,
  checkRequestedIp,
  eui64Address,
  exhausted,
  generateMac,
  isAutoAddressSubnet,
  nextFreeIp,
  recordAllocation,
  releasePortAllocations,
} from './allocation';
import type { FixedIpRequest } from './allocation';
import {
  NOT_SPECIFIED,
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  dictOrNone,
  fixedIps,
  ipAddress,
  macAddress,
  noneToEmptyList,
  prepareBody,
  specified,
  string,
  stringOrNone,
  toBoolean,
  uuidList,
  uuidOrNone,
  values,
} from './attributes';
import type { AttrMap, Validator } from './attributes';
import { newStandardAttrs, standardView, tagRoutes, touched } from './common';
import { invalidInput, isObject, neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import { parseCidr, parseIp } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import type { SpecialFilter } from './listing';
import { floatingIps, networks, ports, securityGroups, subnets, trunks } from './model';
import type { AddressPair, FixedIp, NetworkDoc, PortDoc, TrunkDoc } from './model';
import { networkNotFound, reachableNetwork } from './networks';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { checkQuota } from './quotas';
import { ensureDefaultSecurityGroup, securityGroupNotFound } from './securityGroups';

export const portNotFound = (id: string): Error =>
  neutronError(404, 'PortNotFound', `Port ${id} could not be found.`);

export const VNIC_TYPES = [
  'normal',
  'direct',
  'macvtap',
  'baremetal',
  'direct-physical',
  'virtio-forwarder',
  'smart-nic',
  'vdpa',
  'accelerator-direct',
  'accelerator-direct-physical',
  'remote-managed',
];

const addressPairs: Validator = (value) => {
  if (!Array.isArray(value)) return `'${String(value)}' is not a list`;
  const seen = new Set<string>();
  for (const pair of value) {
    if (!isObject(pair)) return `'${String(pair)}' is not a dictionary`;
    if (!('ip_address' in pair)) {
      throw neutronError(
        400,
        'AllowedAddressPairsMissingIP',
        'AllowedAddressPair must contain ip_address',
      );
    }
    const extra = Object.keys(pair).filter((k) => k !== 'ip_address' && k !== 'mac_address');
    if (extra.length > 0) return `Unrecognized attribute(s) '${extra.join(', ')}'`;
    const ip = pair['ip_address'];
    const cidrOk = typeof ip === 'string' && ip.includes('/') && parseCidr(ip) !== undefined;
    if (!cidrOk) {
      const msg = ipAddress(ip);
      if (msg) return msg;
    }
    if ('mac_address' in pair) {
      const msg = macAddress(pair['mac_address']);
      if (msg) return msg;
    }
    const key = `${String(pair['mac_address'] ?? '')}|${String(ip)}`;
    if (seen.has(key)) {
      throw neutronError(
        400,
        'DuplicateAddressPairInRequest',
        `Request contains duplicate address pair: mac_address ${String(pair['mac_address'] ?? 'None')} ip_address ${String(ip)}.`,
      );
    }
    seen.add(key);
  }
  return undefined;
};

export const PORT_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  network_id: { post: true, filter: true, sort: true },
  admin_state_up: {
    post: true,
    put: true,
    default: true,
    convert: toBoolean,
    filter: true,
    sort: true,
  },
  mac_address: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: macAddress,
    policy: true,
    filter: true,
    sort: true,
  },
  fixed_ips: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: fixedIps,
    policy: true,
    subPolicy: true,
    filter: true,
  },
  device_id: {
    post: true,
    put: true,
    validate: (v) => string(v, 255),
    default: '',
    filter: true,
    sort: true,
  },
  device_owner: {
    post: true,
    put: true,
    validate: (v) => string(v, 255),
    default: '',
    policy: true,
    filter: true,
    sort: true,
  },
  ...PROJECT_ATTRS,
  status: { filter: true, sort: true },
  'binding:vif_type': { default: NOT_SPECIFIED, policy: true },
  'binding:vif_details': { default: NOT_SPECIFIED, policy: true },
  'binding:vnic_type': {
    post: true,
    put: true,
    default: 'normal',
    validate: values(VNIC_TYPES),
    policy: true,
  },
  'binding:host_id': { post: true, put: true, default: NOT_SPECIFIED, filter: true, policy: true },
  'binding:profile': {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: dictOrNone,
    policy: true,
  },
  port_security_enabled: {
    post: true,
    put: true,
    convert: toBoolean,
    default: NOT_SPECIFIED,
    policy: true,
  },
  allowed_address_pairs: {
    post: true,
    put: true,
    convert: noneToEmptyList,
    validate: addressPairs,
    policy: true,
    subPolicy: true,
    default: NOT_SPECIFIED,
  },
  extra_dhcp_opts: { post: true, put: true, default: null },
  qos_policy_id: { post: true, put: true, default: null, validate: uuidOrNone, policy: true },
  trunk_details: { default: NOT_SPECIFIED, policy: true },
  resource_request: { default: NOT_SPECIFIED },
  numa_affinity_policy: {
    post: true,
    put: true,
    default: null,
    validate: (v) => (v === null ? undefined : values(['required', 'preferred', 'legacy'])(v)),
  },
  device_profile: { post: true, default: null, validate: (v) => stringOrNone(v, 255) },
  qos_network_policy_id: { default: null },
  security_groups: {
    post: true,
    put: true,
    filter: true,
    convert: noneToEmptyList,
    validate: uuidList,
    default: NOT_SPECIFIED,
  },
  ip_address: { filter: true, visible: false },
  ip_address_substr: { filter: true, visible: false },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

/** Ports neutron trusts (its own): no security groups, no port security. */
export const isTrustedOwner = (owner: string): boolean => owner.startsWith('network:');

const VIF_DETAILS = {
  port_filter: true,
  datapath_type: 'system',
  ovs_hybrid_plug: false,
  bridge_name: 'br-int',
  connectivity: 'l2',
  bound_drivers: { '0': 'openvswitch' },
};

/** A port's binding once a host is set: ML2's openvswitch driver binds it. */
const BINDING_ATTRS = ['binding:host_id', 'binding:vnic_type', 'binding:profile'] as const;

export const bindingFor = (
  host: string,
  vnicType: string,
  profile: Record<string, unknown> = {},
): PortDoc['binding'] =>
  host
    ? { host_id: host, vnic_type: vnicType, profile, vif_type: 'ovs', vif_details: VIF_DETAILS }
    : { host_id: '', vnic_type: vnicType, profile, vif_type: 'unbound', vif_details: {} };

export const trunkDetails = (store: Store, trunk: TrunkDoc): Json => ({
  trunk_id: trunk.id,
  sub_ports: trunk.sub_ports.map((s) => ({
    segmentation_id: s.segmentation_id,
    segmentation_type: s.segmentation_type,
    port_id: s.port_id,
    mac_address: store.collection(ports).get(s.port_id)?.mac_address ?? null,
  })),
});

export const portView = (
  store: Store,
  p: PortDoc,
  context: { readonly network?: NetworkDoc; readonly trunk?: TrunkDoc },
): Json => {
  const view: Json = {
    id: p.id,
    name: p.name,
    network_id: p.network_id,
    tenant_id: p.project_id,
    mac_address: p.mac_address,
    admin_state_up: p.admin_state_up,
    status: p.status,
    device_id: p.device_id,
    device_owner: p.device_owner,
    fixed_ips: p.fixed_ips,
    allowed_address_pairs: p.allowed_address_pairs,
    extra_dhcp_opts: p.extra_dhcp_opts,
    security_groups: p.security_groups,
    description: p.description,
    'binding:vnic_type': p.binding.vnic_type,
    'binding:profile': p.binding.profile,
    'binding:host_id': p.binding.host_id,
    'binding:vif_type': p.binding.vif_type,
    'binding:vif_details': p.binding.vif_details,
    port_security_enabled: p.port_security_enabled,
    qos_policy_id: p.qos_policy_id,
    qos_network_policy_id: context.network?.qos_policy_id ?? null,
    resource_request: null,
  };
  if (context.trunk) view['trunk_details'] = trunkDetails(store, context.trunk);
  return Object.assign(view, standardView(p), { project_id: p.project_id });
};

/** DB-level scoping of ports: a non-admin reaches its project's ports. */
export const reachablePort = (caller: NeutronCaller, p: PortDoc): boolean =>
  caller.isAdmin || p.project_id === caller.projectId;

export const portTarget = (
  p: Pick<PortDoc, 'project_id' | 'network_id' | 'device_owner'>,
  net: NetworkDoc | undefined,
): Json => ({
  tenant_id: p.project_id,
  project_id: p.project_id,
  network_id: p.network_id,
  device_owner: p.device_owner,
  'network:tenant_id': net?.project_id ?? '',
  shared: net?.shared ?? false,
});

export const trunkByParent = (store: Store, portId: string): TrunkDoc | undefined =>
  store.collection(trunks).findOne('port_id', portId);

export const trunkOfSubport = (store: Store, portId: string): TrunkDoc | undefined =>
  store
    .collection(trunks)
    .all()
    .find((t) => t.sub_ports.some((s) => s.port_id === portId));

/** Checks that the requested groups exist for the port's project (or an admin). */
const checkGroups = (
  store: Store,
  caller: NeutronCaller,
  projectId: string,
  ids: readonly string[],
): void => {
  const col = store.collection(securityGroups);
  const missing = ids.filter((id) => {
    const g = col.get(id);
    return !g || !(caller.isAdmin || g.project_id === projectId);
  });
  if (missing.length > 0) throw securityGroupNotFound(missing.join(', '));
};

export interface PortSpec {
  readonly projectId: string;
  readonly network: NetworkDoc;
  readonly name?: string;
  readonly adminStateUp?: boolean;
  readonly macAddress?: string;
  readonly fixedIps?: readonly FixedIpRequest[];
  readonly deviceId?: string;
  readonly deviceOwner?: string;
  readonly hostId?: string;
  readonly vnicType?: string;
  readonly profile?: Record<string, unknown>;
  readonly portSecurityEnabled?: boolean;
  readonly securityGroups?: readonly string[];
  readonly allowedAddressPairs?: AddressPair[];
  readonly extraDhcpOpts?: Array<Record<string, unknown>>;
  readonly qosPolicyId?: string | null;
  readonly description?: string;
  readonly status?: PortDoc['status'];
  readonly numaAffinityPolicy?: string | null;
  readonly deviceProfile?: string | null;
  readonly createdByNova?: boolean;
}

/**
 * Creates a port with neutron's defaults: a MAC on the network, fixed IPs from its subnets, the
 * project's default security group unless it is one of neutron's own ports.
 */
export const createPortDoc = (ctx: CloudContext, spec: PortSpec): PortDoc => {
  const { store } = ctx;
  const owner = spec.deviceOwner ?? '';
  const trusted = isTrustedOwner(owner);
  const portSecurity = trusted
    ? false
    : (spec.portSecurityEnabled ?? spec.network.port_security_enabled);
  let groups: string[] = [];
  if (!trusted) {
    if (spec.securityGroups !== undefined) groups = [...spec.securityGroups];
    else if (portSecurity) {
      const def = ensureDefaultSecurityGroup(ctx, spec.projectId);
      groups = def ? [def.id] : [];
    }
  }
  if (!portSecurity && groups.length > 0 && spec.securityGroups !== undefined) {
    throw neutronError(
      400,
      'PortSecurityAndIPRequiredForSecurityGroups',
      'Port security must be enabled and port must have an IP address in order to use security groups.',
    );
  }
  if (!portSecurity && (spec.allowedAddressPairs?.length ?? 0) > 0) {
    throw neutronError(
      409,
      'AddressPairAndPortSecurityRequired',
      'Port Security must be enabled in order to have allowed address pairs on a port.',
    );
  }
  const mac = spec.macAddress?.toLowerCase() ?? generateMac(store, spec.network.id);
  if (
    spec.macAddress !== undefined &&
    store
      .collection(ports)
      .where('network_id', spec.network.id)
      .some((p) => p.mac_address === mac)
  ) {
    throw neutronError(
      409,
      'MacAddressInUse',
      `Unable to complete operation for network ${spec.network.id}. The mac address ${mac} is in use.`,
    );
  }
  const id = newId();
  const fixed = allocateFixedIps(
    store,
    { id, network_id: spec.network.id, mac_address: mac, device_owner: owner },
    spec.fixedIps,
  );
  const doc: PortDoc = {
    id,
    name: spec.name ?? '',
    project_id: spec.projectId,
    network_id: spec.network.id,
    admin_state_up: spec.adminStateUp ?? true,
    mac_address: mac,
    fixed_ips: fixed,
    device_id: spec.deviceId ?? '',
    device_owner: owner,
    status: spec.status ?? 'DOWN',
    binding: bindingFor(spec.hostId ?? '', spec.vnicType ?? 'normal', spec.profile ?? {}),
    port_security_enabled: portSecurity,
    security_groups: groups,
    allowed_address_pairs: (spec.allowedAddressPairs ?? []).map((p) => ({
      ip_address: p.ip_address,
      mac_address: p.mac_address ?? mac,
    })),
    extra_dhcp_opts: spec.extraDhcpOpts ?? [],
    qos_policy_id: spec.qosPolicyId ?? null,
    numa_affinity_policy: spec.numaAffinityPolicy ?? null,
    device_profile: spec.deviceProfile ?? null,
    ...newStandardAttrs(ctx, spec.description ?? ''),
    revision_number: 1,
    ...(spec.createdByNova ? { created_by_nova: true } : {}),
  };
  store.collection(ports).insert(doc);
  return doc;
};

/** Deletes a port with its addresses, disassociating floating IPs that pointed at it. */
export const deletePortDoc = (ctx: CloudContext, port: PortDoc): void => {
  const { store } = ctx;
  store.transaction(() => {
    const fips = store.collection(floatingIps);
    for (const fip of fips.where('port_id', port.id)) {
      fips.put(
        touched(ctx, {
          ...fip,
          port_id: null,
          fixed_ip_address: null,
          router_id: null,
          status: 'DOWN',
        }),
      );
    }
    releasePortAllocations(store, port.id);
    store.collection(ports).delete(port.id);
  });
};

/** Replaces a port's fixed IPs: unchanged addresses stay, removed ones are released. */
export const reallocateFixedIps = (
  store: Store,
  port: PortDoc,
  requested: readonly FixedIpRequest[],
): FixedIp[] => {
  const netSubnets = new Map(
    store
      .collection(subnets)
      .where('network_id', port.network_id)
      .map((s) => [s.id, s]),
  );
  const keep: FixedIp[] = [];
  const fresh: FixedIpRequest[] = [];
  const remaining = [...port.fixed_ips];
  for (const req of requested) {
    const match = remaining.findIndex(
      (f) =>
        (req.ip_address === undefined ||
          parseIp(req.ip_address)?.value === parseIp(f.ip_address)?.value) &&
        (req.subnet_id === undefined || req.subnet_id === f.subnet_id) &&
        (req.ip_address !== undefined || !keep.some((k) => k.subnet_id === f.subnet_id)),
    );
    const existing = match >= 0 ? remaining[match] : undefined;
    if (existing && (req.ip_address !== undefined || req.subnet_id !== undefined)) {
      keep.push(existing);
      remaining.splice(match, 1);
    } else {
      fresh.push(req);
    }
  }
  // SLAAC addresses follow the MAC: they stay unless the request names their subnet.
  for (const f of remaining) {
    const subnet = netSubnets.get(f.subnet_id);
    const named = fresh.some((r) => r.subnet_id === f.subnet_id);
    if (subnet && isAutoAddressSubnet(subnet) && !named) keep.push(f);
  }
  releasePortAllocations(store, port.id);
  for (const k of keep) {
    const subnet = netSubnets.get(k.subnet_id);
    if (subnet) recordAllocation(store, subnet, port.id, k.ip_address);
  }
  const added: FixedIp[] = [];
  for (const req of fresh) {
    const subnet =
      req.subnet_id !== undefined
        ? netSubnets.get(req.subnet_id)
        : [...netSubnets.values()].find((s) => {
            const c = parseCidr(s.cidr);
            const a = req.ip_address !== undefined ? parseIp(req.ip_address) : undefined;
            return c && a && a.version === c.version && a.value >= c.first && a.value <= c.last;
          });
    if (!subnet) {
      if (req.subnet_id !== undefined) {
        throw invalidInput(
          `Failed to create port on network ${port.network_id}, because fixed_ips included invalid subnet ${req.subnet_id}`,
        );
      }
      throw neutronError(
        400,
        'InvalidIpForNetwork',
        `IP address ${req.ip_address ?? ''} is not a valid IP for any of the subnets on the specified network.`,
      );
    }
    let ip: string | undefined;
    if (req.ip_address !== undefined)
      ip = checkRequestedIp(store, subnet, req.ip_address, port.device_owner);
    else if (isAutoAddressSubnet(subnet)) ip = eui64Address(subnet.cidr, port.mac_address);
    else ip = nextFreeIp(store, subnet);
    if (ip === undefined) throw exhausted(port.network_id);
    recordAllocation(store, subnet, port.id, ip);
    added.push({ subnet_id: subnet.id, ip_address: ip });
  }
  const order = [...netSubnets.keys()];
  return [...keep, ...added].sort(
    (a, b) => order.indexOf(a.subnet_id) - order.indexOf(b.subnet_id),
  );
};

const fixedIpsFilter: SpecialFilter = (item, vals) => {
  const wanted = new Map<string, string[]>();
  for (const v of vals) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw invalidInput(`'${v}' is not of the form <key>=[value]`);
    const key = v.slice(0, eq).trim();
    wanted.set(key, [...(wanted.get(key) ?? []), v.slice(eq + 1).trim()]);
  }
  const fixed = item['fixed_ips'] as FixedIp[];
  return [...wanted].every(([key, list]) =>
    fixed.some((f) => {
      if (key === 'ip_address') return list.includes(f.ip_address);
      if (key === 'subnet_id') return list.includes(f.subnet_id);
      if (key === 'ip_address_substr') return list.some((s) => f.ip_address.includes(s));
      return false;
    }),
  );
};

export const portRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(ports);
  const nets = store.collection(networks);

  const present = (request: FastifyRequest, view: Json, target: Json): Json =>
    // Object.assign, not a spread: V8 spreads a view of this many keys an order of magnitude
    // slower, which a list of thousands of ports pays per row.
    policy.strip(request, 'port', view, () => Object.assign({}, target, view));

  const find = (request: FastifyRequest, id: string): PortDoc => {
    const p = col.get(id);
    if (!p || !reachablePort(neutronCaller(request), p)) throw portNotFound(id);
    return p;
  };

  const viewOf = (p: PortDoc): Json =>
    portView(store, p, { network: nets.get(p.network_id), trunk: trunkByParent(store, p.id) });

  app.get('/ports', async (request) => {
    const caller = neutronCaller(request);
    const netById = new Map(nets.all().map((n) => [n.id, n]));
    const trunkByPort = new Map(
      store
        .collection(trunks)
        .all()
        .map((t) => [t.port_id, t]),
    );
    const targets = new Map<string, Json>();
    // The port's view when the caller may see it (its target kept for the answer's policy).
    const visible = (p: PortDoc): Json | undefined => {
      const target = portTarget(p, netById.get(p.network_id));
      if (!policy.check(request, 'get_port', target)) return undefined;
      targets.set(p.id, target);
      return portView(store, p, {
        network: netById.get(p.network_id),
        trunk: trunkByPort.get(p.id),
      });
    };
    const inScope = (p: PortDoc): boolean => caller.isAdmin || p.project_id === caller.projectId;
    const items = (): Json[] => {
      const candidates = caller.isAdmin ? col.all() : col.where('project_id', caller.projectId);
      return candidates.flatMap((p): Json[] => {
        const view = visible(p);
        return view ? [view] : [];
      });
    };
    const scan = function* (
      afterId: string | undefined,
      where: ReadonlyMap<string, string>,
    ): Iterable<Json> {
      // Indexed columns narrow the read; the caller's own project bounds a member's.
      const equal: Record<string, string> = {};
      for (const key of ['network_id', 'device_id', 'project_id']) {
        const value = where.get(key);
        if (value !== undefined) equal[key] = value;
      }
      if (!caller.isAdmin) {
        if (equal['project_id'] !== undefined && equal['project_id'] !== caller.projectId) return;
        equal['project_id'] = caller.projectId;
      }
      const rows = col.scan({
        where: equal,
        orderBy: [],
        after: afterId === undefined ? undefined : [afterId],
      });
      for (const p of rows) {
        const view = visible(p);
        if (view) yield view;
      }
    };
    return listAnswer(ctx, request, {
      collection: 'ports',
      attrs: PORT_ATTRS,
      items,
      scan,
      findMarker: (id) => {
        const p = col.get(id);
        return p && inScope(p) ? visible(p) : undefined;
      },
      markerNotFound: portNotFound,
      special: {
        fixed_ips: fixedIpsFilter,
        ip_address: (item, vals) =>
          (item['fixed_ips'] as FixedIp[]).some((f) => vals.includes(f.ip_address)),
        ip_address_substr: (item, vals) =>
          (item['fixed_ips'] as FixedIp[]).some((f) => vals.some((v) => f.ip_address.includes(v))),
        security_groups: (item, vals) =>
          (item['security_groups'] as string[]).some((g) => vals.includes(g)),
      },
      present: (item) => present(request, item, targets.get(item['id'] as string) ?? {}),
    });
  });

  app.get<{ Params: { id: string } }>('/ports/:id', async (request) => {
    const p = find(request, request.params.id);
    const target = portTarget(p, nets.get(p.network_id));
    if (!policy.check(request, 'get_port', target)) throw resourceNotFound();
    return { port: selectFields(present(request, viewOf(p), target), requestedFields(request)) };
  });

  app.post('/ports', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'port', PORT_ATTRS, {
      create: true,
      caller,
    });
    const netId = body['network_id'] as string;
    const net = nets.get(netId);
    if (!net || !reachableNetwork(caller, net)) throw networkNotFound(netId);
    const projectId = body['project_id'] as string;
    if (!caller.isAdmin && !net.shared && net.project_id !== projectId) {
      throw neutronError(
        403,
        'HTTPForbidden',
        `Tenant ${projectId} not allowed to create port on this network`,
      );
    }
    policy.enforce(
      request,
      'create_port',
      { ...body, 'network:tenant_id': net.project_id, shared: net.shared },
      { attrs: PORT_ATTRS },
    );
    const port = store.transaction(() => {
      const groups = specified<string[]>(body['security_groups']);
      if (groups) checkGroups(store, caller, projectId, groups);
      checkQuota(store, projectId, { port: 1 });
      const fixed = specified<Json[]>(body['fixed_ips']);
      const made = createPortDoc(ctx, {
        projectId,
        network: net,
        name: body['name'] as string,
        adminStateUp: body['admin_state_up'] as boolean,
        ...(specified<string>(body['mac_address']) !== undefined
          ? { macAddress: body['mac_address'] as string }
          : {}),
        ...(fixed ? { fixedIps: fixed as FixedIpRequest[] } : {}),
        deviceId: body['device_id'] as string,
        deviceOwner: body['device_owner'] as string,
        hostId: specified<string>(body['binding:host_id']) ?? '',
        vnicType: body['binding:vnic_type'] as string,
        profile: specified<Record<string, unknown> | null>(body['binding:profile']) ?? {},
        ...(specified<boolean>(body['port_security_enabled']) !== undefined
          ? { portSecurityEnabled: body['port_security_enabled'] as boolean }
          : {}),
        ...(groups ? { securityGroups: groups } : {}),
        allowedAddressPairs: specified<AddressPair[]>(body['allowed_address_pairs']) ?? [],
        extraDhcpOpts: (body['extra_dhcp_opts'] as Array<Record<string, unknown>> | null) ?? [],
        qosPolicyId: body['qos_policy_id'] as string | null,
        description: body['description'] as string,
        numaAffinityPolicy: body['numa_affinity_policy'] as string | null,
        deviceProfile: body['device_profile'] as string | null,
      });
      // A port bound in its create gets one more revision when the binding commits, after the
      // answer is built.
      if (made.binding.vif_type !== 'unbound') {
        col.put({ ...made, revision_number: made.revision_number + 1 });
      }
      return made;
    });
    const target = portTarget(port, net);
    return reply.code(201).send({ port: present(request, viewOf(port), target) });
  });

  app.put<{ Params: { id: string } }>('/ports/:id', async (request) => {
    const caller = neutronCaller(request);
    const port = find(request, request.params.id);
    const net = nets.get(port.network_id);
    const { values: body, given } = prepareBody(request.body, 'port', PORT_ATTRS, {
      create: false,
      caller,
    });
    const target = portTarget(port, net);
    policy.enforceOrHide(
      request,
      'update_port',
      'get_port',
      { ...target, ...body },
      { attrs: PORT_ATTRS, updated: given },
    );
    const updated = store.transaction(() => {
      let next: PortDoc = { ...port };
      if ('name' in body) next.name = body['name'] as string;
      if ('description' in body) next.description = body['description'] as string;
      if ('admin_state_up' in body) next.admin_state_up = body['admin_state_up'] as boolean;
      if ('device_id' in body) next.device_id = body['device_id'] as string;
      if ('device_owner' in body) next.device_owner = body['device_owner'] as string;
      if ('qos_policy_id' in body) next.qos_policy_id = body['qos_policy_id'] as string | null;
      if ('extra_dhcp_opts' in body) {
        next.extra_dhcp_opts =
          (body['extra_dhcp_opts'] as Array<Record<string, unknown>> | null) ?? [];
      }
      if ('numa_affinity_policy' in body) {
        next.numa_affinity_policy = body['numa_affinity_policy'] as string | null;
      }
      if ('mac_address' in body) {
        if (port.binding.vif_type !== 'unbound') {
          throw neutronError(
            409,
            'PortBound',
            `Unable to complete operation on port ${port.id}, port is already bound, port type: ${port.binding.vif_type}, old_mac ${port.mac_address}, new_mac ${String(body['mac_address'])}.`,
          );
        }
        const mac = (body['mac_address'] as string).toLowerCase();
        if (
          col
            .where('network_id', port.network_id)
            .some((p) => p.id !== port.id && p.mac_address === mac)
        ) {
          throw neutronError(
            409,
            'MacAddressInUse',
            `Unable to complete operation for network ${port.network_id}. The mac address ${mac} is in use.`,
          );
        }
        next.mac_address = mac;
      }
      if ('binding:host_id' in body || 'binding:vnic_type' in body || 'binding:profile' in body) {
        next.binding = bindingFor(
          'binding:host_id' in body
            ? ((body['binding:host_id'] as string | null) ?? '')
            : port.binding.host_id,
          'binding:vnic_type' in body
            ? (body['binding:vnic_type'] as string)
            : port.binding.vnic_type,
          'binding:profile' in body
            ? ((body['binding:profile'] as Record<string, unknown> | null) ?? {})
            : port.binding.profile,
        );
      }
      if ('fixed_ips' in body) {
        next.fixed_ips = reallocateFixedIps(store, port, body['fixed_ips'] as FixedIpRequest[]);
      }
      if ('port_security_enabled' in body) {
        next.port_security_enabled = body['port_security_enabled'] as boolean;
      }
      if ('security_groups' in body) {
        const groups = body['security_groups'] as string[];
        checkGroups(store, caller, port.project_id, groups);
        next.security_groups = groups;
      }
      if ('allowed_address_pairs' in body) {
        next.allowed_address_pairs = (body['allowed_address_pairs'] as AddressPair[]).map((p) => ({
          ip_address: p.ip_address,
          mac_address: p.mac_address ?? next.mac_address,
        }));
      }
      if (!next.port_security_enabled) {
        if ('security_groups' in body && next.security_groups.length > 0) {
          throw neutronError(
            400,
            'PortSecurityAndIPRequiredForSecurityGroups',
            'Port security must be enabled and port must have an IP address in order to use security groups.',
          );
        }
        if (next.security_groups.length > 0) {
          throw neutronError(
            409,
            'PortSecurityPortHasSecurityGroup',
            'Port has security group associated. Cannot disable port security or IP address until security group is removed.',
          );
        }
        if (next.allowed_address_pairs.length > 0) {
          throw neutronError(
            409,
            'AddressPairAndPortSecurityRequired',
            'Port Security must be enabled in order to have allowed address pairs on a port.',
          );
        }
      }
      next = touched(ctx, next);
      // Binding changes commit apart from the port: a new binding adds a revision, and the answer
      // shows the revision from before the binding's own.
      const bindsNow = 'binding:host_id' in body && next.binding.vif_type !== 'unbound';
      const stored = { ...next, revision_number: next.revision_number + (bindsNow ? 1 : 0) };
      col.put(stored);
      const bindingChanged = BINDING_ATTRS.some((k) => k in body);
      return bindingChanged ? { ...stored, revision_number: stored.revision_number - 1 } : stored;
    });
    return { port: present(request, viewOf(updated), target) };
  });

  app.delete<{ Params: { id: string } }>('/ports/:id', async (request, reply) => {
    const port = find(request, request.params.id);
    const net = nets.get(port.network_id);
    policy.enforceOrHide(request, 'delete_port', 'get_port', portTarget(port, net));
    const owner = port.device_owner;
    if (
      owner === 'network:router_interface' ||
      owner === 'network:router_gateway' ||
      owner === 'network:floatingip' ||
      owner === 'network:router_interface_distributed' ||
      owner === 'network:ha_router_replicated_interface'
    ) {
      throw neutronError(
        409,
        'ServicePortInUse',
        `Port ${port.id} cannot be deleted directly via the port API: has device owner ${owner}.`,
      );
    }
    const parentOf = trunkByParent(store, port.id);
    if (parentOf) {
      throw neutronError(
        409,
        'PortInUseAsTrunkParent',
        `Port ${port.id} is currently a parent port for trunk ${parentOf.id}.`,
      );
    }
    const subOf = trunkOfSubport(store, port.id);
    if (subOf) {
      throw neutronError(
        409,
        'PortInUseAsSubPort',
        `Port ${port.id} is currently a subport for trunk ${subOf.id}.`,
      );
    }
    deletePortDoc(ctx, port);
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'ports',
    resource: 'port',
    col,
    reachable: (request, doc) => reachablePort(neutronCaller(request), doc),
    target: (doc) => portTarget(doc, nets.get(doc.network_id)),
  });
};
