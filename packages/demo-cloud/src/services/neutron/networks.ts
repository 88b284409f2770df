import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  NOT_SPECIFIED,
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  availabilityZoneHints,
  nonNegative,
  prepareBody,
  specified,
  string,
  toBoolean,
  toInt,
  uuidOrNone,
} from './attributes';
import type { AttrMap } from './attributes';
import { newStandardAttrs, standardView, tagRoutes, touched } from './common';
import { invalidInput, neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import { listAnswer, requestedFields, selectFields } from './listing';
import {
  floatingIps,
  ipAllocations,
  networks,
  ports,
  qosPolicies,
  subnetPools,
  subnets,
} from './model';
import type { NetworkDoc, SubnetDoc } from './model';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { checkQuota } from './quotas';
import { ensureDefaultSecurityGroup } from './securityGroups';

export const networkNotFound = (id: string): Error =>
  neutronError(404, 'NetworkNotFound', `Network ${id} could not be found.`);

export const NETWORK_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    default: '',
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
  },
  subnets: { default: [] },
  admin_state_up: {
    post: true,
    put: true,
    default: true,
    convert: toBoolean,
    filter: true,
    sort: true,
  },
  status: { filter: true, sort: true },
  ...PROJECT_ATTRS,
  shared: { post: true, put: true, default: false, convert: toBoolean, filter: true, policy: true },
  'router:external': {
    post: true,
    put: true,
    default: false,
    convert: toBoolean,
    filter: true,
    policy: true,
  },
  'provider:network_type': {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: (v) => string(v, 32),
    policy: true,
    filter: true,
  },
  'provider:physical_network': {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    validate: (v) => string(v, 64),
    policy: true,
    filter: true,
  },
  'provider:segmentation_id': {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    convert: toInt,
    policy: true,
    filter: true,
  },
  mtu: {
    post: true,
    put: true,
    default: 0,
    convert: toInt,
    validate: nonNegative,
    filter: true,
    sort: true,
    policy: true,
  },
  availability_zones: {},
  availability_zone_hints: { post: true, default: [], validate: availabilityZoneHints, sort: true },
  port_security_enabled: { post: true, put: true, default: true, convert: toBoolean, policy: true },
  qos_policy_id: { post: true, put: true, default: null, validate: uuidOrNone, policy: true },
  is_default: {
    post: true,
    put: true,
    default: false,
    convert: toBoolean,
    filter: true,
    policy: true,
  },
  ipv4_address_scope: {},
  ipv6_address_scope: {},
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

/** The networks a project reaches in neutron's DB layer: its own, shared and external ones. */
export const reachableNetwork = (caller: NeutronCaller, n: NetworkDoc): boolean =>
  caller.isAdmin || n.project_id === caller.projectId || n.shared || n.external;

export const networkTarget = (n: NetworkDoc): Json => ({
  tenant_id: n.project_id,
  project_id: n.project_id,
  shared: n.shared,
  'router:external': n.external,
  id: n.id,
});

const MAX_MTU: Readonly<Record<string, number>> = { vxlan: 1450, vlan: 1500, flat: 1500 };

/**
 * `created`: the create answer, which carries `is_default` for every network; elsewhere neutron
 * adds it to external networks only (it lives on their externalnetworks row).
 */
export const networkView = (
  store: Store,
  n: NetworkDoc,
  netSubnets: readonly SubnetDoc[],
  created = false,
): Json => {
  const scopeOf = (version: 4 | 6): string | null => {
    for (const s of netSubnets) {
      if (s.ip_version !== version || !s.subnetpool_id) continue;
      const scope = store.collection(subnetPools).get(s.subnetpool_id)?.address_scope_id;
      if (scope) return scope;
    }
    return null;
  };
  return {
    id: n.id,
    name: n.name,
    tenant_id: n.project_id,
    admin_state_up: n.admin_state_up,
    mtu: n.mtu,
    status: 'ACTIVE',
    subnets: netSubnets.map((s) => s.id).sort(),
    shared: n.shared,
    availability_zone_hints: n.availability_zone_hints,
    availability_zones: netSubnets.some((s) => s.enable_dhcp) ? ['nova'] : [],
    ipv4_address_scope: scopeOf(4),
    ipv6_address_scope: scopeOf(6),
    'router:external': n.external,
    port_security_enabled: n.port_security_enabled,
    qos_policy_id: n.qos_policy_id,
    ...(n.external || created ? { is_default: n.is_default } : {}),
    ...standardView(n),
    project_id: n.project_id,
    'provider:network_type': n.provider.network_type,
    'provider:physical_network': n.provider.physical_network,
    'provider:segmentation_id': n.provider.segmentation_id,
  };
};

const subnetsByNetwork = (store: Store): Map<string, SubnetDoc[]> => {
  const map = new Map<string, SubnetDoc[]>();
  for (const s of store.collection(subnets).all()) {
    const list = map.get(s.network_id) ?? [];
    list.push(s);
    map.set(s.network_id, list);
  }
  return map;
};

/** Picks a free VXLAN id (1–1000, the lab's vni_ranges) for a tenant network. */
const allocateVni = (store: Store): number => {
  const used = new Set(
    store
      .collection(networks)
      .all()
      .filter((n) => n.provider.network_type === 'vxlan')
      .map((n) => n.provider.segmentation_id),
  );
  for (let vni = 1; vni <= 1000; vni++) if (!used.has(vni)) return vni;
  throw neutronError(
    503,
    'NoNetworkAvailable',
    'Unable to create the network. No tenant network is available for allocation.',
  );
};

/** ML2's segment validation and allocation for the provider attributes. */
const segmentFor = (store: Store, body: Json): NetworkDoc['provider'] => {
  const type = specified<string>(body['provider:network_type']);
  const physnet = specified<string | null>(body['provider:physical_network']) ?? null;
  const segId = specified<number | null>(body['provider:segmentation_id']) ?? null;
  if (type === undefined) {
    if (physnet !== null || segId !== null) {
      throw invalidInput('network_type required');
    }
    return { network_type: 'vxlan', physical_network: null, segmentation_id: allocateVni(store) };
  }
  const all = store.collection(networks).all();
  if (type === 'flat') {
    if (!physnet) throw invalidInput('physical_network required for flat provider network');
    if (segId !== null) {
      throw invalidInput('provider:segmentation_id prohibited for flat provider network');
    }
    if (
      all.some((n) => n.provider.network_type === 'flat' && n.provider.physical_network === physnet)
    ) {
      throw neutronError(
        409,
        'FlatNetworkInUse',
        `Unable to create the flat network. Physical network ${physnet} is in use.`,
      );
    }
    return { network_type: 'flat', physical_network: physnet, segmentation_id: null };
  }
  if (type === 'vlan') {
    if (segId !== null && !physnet) {
      throw invalidInput('segmentation_id requires physical_network for VLAN provider network');
    }
    if (physnet && physnet !== 'physnet1') {
      throw invalidInput(`physical_network '${physnet}' unknown for VLAN provider network`);
    }
    if (segId !== null && (segId < 1 || segId > 4094)) {
      throw invalidInput('segmentation_id out of range (1 through 4094)');
    }
    const used = new Set(
      all.filter((n) => n.provider.network_type === 'vlan').map((n) => n.provider.segmentation_id),
    );
    let id = segId;
    if (id === null) {
      for (let v = 100; v <= 199 && id === null; v++) if (!used.has(v)) id = v;
      if (id === null) {
        throw neutronError(
          503,
          'NoNetworkAvailable',
          'Unable to create the network. No tenant network is available for allocation.',
        );
      }
    } else if (used.has(id)) {
      throw neutronError(
        409,
        'VlanIdInUse',
        `Unable to create the network. The VLAN ${id} on physical network physnet1 is in use.`,
      );
    }
    return { network_type: 'vlan', physical_network: 'physnet1', segmentation_id: id };
  }
  if (type === 'vxlan') {
    if (physnet) throw invalidInput('provider:physical_network specified for VXLAN network');
    if (segId !== null) {
      if (
        all.some((n) => n.provider.network_type === 'vxlan' && n.provider.segmentation_id === segId)
      ) {
        throw neutronError(
          409,
          'TunnelIdInUse',
          `Unable to create the network. The tunnel ID ${segId} is in use.`,
        );
      }
      return { network_type: 'vxlan', physical_network: null, segmentation_id: segId };
    }
    return { network_type: 'vxlan', physical_network: null, segmentation_id: allocateVni(store) };
  }
  throw invalidInput(`network_type value '${type}' not supported`);
};

const checkQosPolicy = (store: Store, caller: NeutronCaller, id: string | null): void => {
  if (id === null) return;
  const policy = store.collection(qosPolicies).get(id);
  if (!policy || !(caller.isAdmin || policy.project_id === caller.projectId || policy.shared)) {
    throw neutronError(404, 'QosPolicyNotFound', `QoS policy ${id} could not be found.`);
  }
};

/** Creates a network document with neutron's defaults (the seed and the API share it). */
export const insertNetwork = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    name: string;
    shared?: boolean;
    external?: boolean;
    provider?: NetworkDoc['provider'];
    mtu?: number;
    description?: string;
    isDefault?: boolean;
    qosPolicyId?: string | null;
    adminStateUp?: boolean;
    portSecurityEnabled?: boolean;
    availabilityZoneHints?: string[];
  },
): NetworkDoc => {
  const provider = spec.provider ?? {
    network_type: 'vxlan',
    physical_network: null,
    segmentation_id: allocateVni(ctx.store),
  };
  const doc: NetworkDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    admin_state_up: spec.adminStateUp ?? true,
    shared: spec.shared ?? false,
    external: spec.external ?? false,
    is_default: spec.isDefault ?? false,
    mtu: spec.mtu || (MAX_MTU[provider.network_type] ?? 1500),
    port_security_enabled: spec.portSecurityEnabled ?? true,
    qos_policy_id: spec.qosPolicyId ?? null,
    availability_zone_hints: spec.availabilityZoneHints ?? [],
    provider,
    ...newStandardAttrs(ctx, spec.description ?? ''),
    revision_number: 1,
  };
  ctx.store.collection(networks).insert(doc);
  return doc;
};

/** Deletes a network and what goes with it; throws NetworkInUse while other ports remain. */
export const deleteNetworkDoc = (ctx: CloudContext, net: NetworkDoc): void => {
  const { store } = ctx;
  const netPorts = store.collection(ports).where('network_id', net.id);
  const inUse = netPorts.filter((p) => p.device_owner !== 'network:dhcp');
  if (inUse.length > 0) {
    throw neutronError(
      409,
      'NetworkInUse',
      `Unable to complete operation on network ${net.id}. There are one or more ports still in use on the network, id for these ports is: ${inUse.map((p) => p.id).join(',')}.`,
    );
  }
  store.transaction(() => {
    for (const p of netPorts) {
      store.collection(ipAllocations).deleteWhere('port_id', p.id);
      store.collection(ports).delete(p.id);
    }
    store.collection(ipAllocations).deleteWhere('network_id', net.id);
    store.collection(subnets).deleteWhere('network_id', net.id);
    store.collection(networks).delete(net.id);
  });
};

export const networkRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(networks);

  const present = (request: FastifyRequest, view: Json): Json =>
    policy.strip(request, 'network', view);

  const find = (request: FastifyRequest, id: string): NetworkDoc => {
    const net = col.get(id);
    if (!net || !reachableNetwork(neutronCaller(request), net)) throw networkNotFound(id);
    return net;
  };

  app.get('/networks', async (request) => {
    const caller = neutronCaller(request);
    const candidates = caller.isAdmin
      ? col.all()
      : [
          ...col.where('project_id', caller.projectId),
          ...col.where('public', 1).filter((n) => n.project_id !== caller.projectId),
        ];
    const bySubnet = subnetsByNetwork(store);
    const items = candidates
      .filter((n) => policy.check(request, 'get_network', networkTarget(n)))
      .map((n) => networkView(store, n, bySubnet.get(n.id) ?? []));
    return listAnswer(ctx, request, {
      collection: 'networks',
      attrs: NETWORK_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: networkNotFound,
      present: (item) => present(request, item),
    });
  });

  app.get<{ Params: { id: string } }>('/networks/:id', async (request) => {
    const net = find(request, request.params.id);
    if (!policy.check(request, 'get_network', networkTarget(net))) throw resourceNotFound();
    const view = networkView(store, net, store.collection(subnets).where('network_id', net.id));
    return { network: selectFields(present(request, view), requestedFields(request)) };
  });

  app.post('/networks', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'network', NETWORK_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_network', body, { attrs: NETWORK_ATTRS });
    const projectId = body['project_id'] as string;
    const net = store.transaction(() => {
      if (projectId === caller.projectId || caller.isAdmin) {
        ensureDefaultSecurityGroup(ctx, projectId);
      }
      checkQuota(store, projectId, { network: 1 });
      const provider = segmentFor(store, body);
      const maxMtu = MAX_MTU[provider.network_type] ?? 1500;
      const mtu = body['mtu'] as number;
      if (mtu > maxMtu) throw invalidInput(`Requested MTU is too big, maximum is ${maxMtu}`);
      checkQosPolicy(store, caller, body['qos_policy_id'] as string | null);
      return insertNetwork(ctx, {
        projectId,
        name: body['name'] as string,
        shared: body['shared'] as boolean,
        external: body['router:external'] as boolean,
        provider,
        mtu: mtu || maxMtu,
        description: body['description'] as string,
        isDefault: body['is_default'] as boolean,
        qosPolicyId: body['qos_policy_id'] as string | null,
        adminStateUp: body['admin_state_up'] as boolean,
        portSecurityEnabled: body['port_security_enabled'] as boolean,
        availabilityZoneHints: body['availability_zone_hints'] as string[],
      });
    });
    return reply.code(201).send({ network: present(request, networkView(store, net, [], true)) });
  });

  app.put<{ Params: { id: string } }>('/networks/:id', async (request) => {
    const caller = neutronCaller(request);
    const net = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'network', NETWORK_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_network',
      'get_network',
      { ...networkTarget(net), ...body },
      { attrs: NETWORK_ATTRS, updated: given },
    );
    if (
      given.some((k) => k.startsWith('provider:')) &&
      store.collection(ports).count('network_id', net.id) > 0
    ) {
      throw invalidInput('Plugin does not support updating provider attributes');
    }
    if (body['shared'] === false && net.shared) {
      const others = store
        .collection(ports)
        .where('network_id', net.id)
        .some((p) => p.project_id !== net.project_id && !p.device_owner.startsWith('network:'));
      if (others) {
        throw neutronError(
          409,
          'InvalidSharedSetting',
          `Unable to reconfigure sharing settings for network ${net.id}. Multiple tenants are using it.`,
        );
      }
    }
    if (body['router:external'] === false && net.external) {
      if (store.collection(floatingIps).count('floating_network_id', net.id) > 0) {
        throw neutronError(
          409,
          'ExternalNetworkInUse',
          `External network ${net.id} cannot be updated to be made non-external, since it has existing gateway ports.`,
        );
      }
    }
    if ('mtu' in body) {
      const max = MAX_MTU[net.provider.network_type] ?? 1500;
      if ((body['mtu'] as number) > max)
        throw invalidInput(`Requested MTU is too big, maximum is ${max}`);
    }
    if ('qos_policy_id' in body)
      checkQosPolicy(store, caller, body['qos_policy_id'] as string | null);
    const updated = touched(ctx, {
      ...net,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('admin_state_up' in body ? { admin_state_up: body['admin_state_up'] as boolean } : {}),
      ...('shared' in body ? { shared: body['shared'] as boolean } : {}),
      ...('router:external' in body ? { external: body['router:external'] as boolean } : {}),
      ...('mtu' in body ? { mtu: (body['mtu'] as number) || net.mtu } : {}),
      ...('port_security_enabled' in body
        ? { port_security_enabled: body['port_security_enabled'] as boolean }
        : {}),
      ...('qos_policy_id' in body ? { qos_policy_id: body['qos_policy_id'] as string | null } : {}),
      ...('is_default' in body ? { is_default: body['is_default'] as boolean } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
    });
    col.put(updated);
    const view = networkView(store, updated, store.collection(subnets).where('network_id', net.id));
    return { network: present(request, view) };
  });

  app.delete<{ Params: { id: string } }>('/networks/:id', async (request, reply) => {
    const net = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_network', 'get_network', networkTarget(net));
    deleteNetworkDoc(ctx, net);
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'networks',
    resource: 'network',
    col,
    reachable: (request, doc) => reachableNetwork(neutronCaller(request), doc),
    target: networkTarget,
  });
};
