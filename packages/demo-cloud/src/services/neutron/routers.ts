import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { releasePortAllocations } from './allocation';
import type { FixedIpRequest } from './allocation';
import {
  NOT_SPECIFIED,
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  availabilityZoneHints,
  fixedIps,
  hostRoutes,
  isUuidLike,
  noneToEmptyList,
  parseBool,
  prepareBody,
  specified,
  string,
  toBoolean,
  toBooleanIfNotNull,
  uuid,
} from './attributes';
import type { AttrMap, Validator } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { badRequestOf, isObject, neutronError, pyStr, resourceNotFound } from './http';
import type { Json } from './http';
import { overlaps, parseCidr, parseIp } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import { floatingIps, networks, ports, routers, subnets } from './model';
import type { HostRoute, PortDoc, RouterDoc } from './model';
import { networkNotFound, reachableNetwork } from './networks';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { createPortDoc, portNotFound, reachablePort } from './ports';
import { checkQuota } from './quotas';
import { reachableSubnet, subnetNotFound } from './subnets';

export const routerNotFound = (id: string): Error =>
  neutronError(404, 'RouterNotFound', `Router ${id} could not be found`);

/** The gateway's key spec, in its validator's order (sub-attribute policy rules follow it). */
const GATEWAY_KEYS = ['network_id', 'enable_snat', 'external_fixed_ips', 'qos_policy_id'] as const;

const gatewayInfo: Validator = (value) => {
  // type:dict_or_nodata: an empty dict is no data, as None is (it clears the gateway).
  if (!value || (isObject(value) && Object.keys(value).length === 0)) return undefined;
  if (!isObject(value)) return `'${pyStr(value)}' is not a dictionary`;
  if (!('network_id' in value)) {
    return `Validation of dictionary's keys failed. Expected keys: {'network_id'} Provided keys: {${Object.keys(
      value,
    )
      .map((k) => `'${k}'`)
      .join(', ')}}`;
  }
  const unexpected = Object.keys(value).filter(
    (k) => !(GATEWAY_KEYS as readonly string[]).includes(k),
  );
  if (unexpected.length > 0) return `Unexpected keys supplied: ${unexpected.join(', ')}`;
  const msg = uuid(value['network_id']);
  if (msg) return msg;
  if ('enable_snat' in value && parseBool(value['enable_snat']) === undefined) {
    return `'${pyStr(value['enable_snat'])}' is not a valid boolean value`;
  }
  if ('external_fixed_ips' in value) {
    const m = fixedIps(value['external_fixed_ips']);
    if (m) return m;
  }
  return undefined;
};

export const ROUTER_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
    default: '',
  },
  admin_state_up: {
    post: true,
    put: true,
    default: true,
    convert: toBoolean,
    filter: true,
    sort: true,
  },
  status: { sort: true },
  ...PROJECT_ATTRS,
  external_gateway_info: {
    post: true,
    put: true,
    default: null,
    policy: true,
    subPolicy: GATEWAY_KEYS,
    validate: gatewayInfo,
  },
  routes: { put: true, validate: hostRoutes, convert: noneToEmptyList, default: NOT_SPECIFIED },
  // Neutron's attribute map order (l3-ha, l3-flavors, dvr), which its policy messages follow.
  ha: { post: true, put: true, default: NOT_SPECIFIED, policy: true, convert: toBooleanIfNotNull },
  flavor_id: { post: true, default: NOT_SPECIFIED, sort: true, policy: true },
  distributed: {
    post: true,
    put: true,
    default: NOT_SPECIFIED,
    convert: toBooleanIfNotNull,
    policy: true,
  },
  availability_zones: {},
  availability_zone_hints: { post: true, validate: availabilityZoneHints, default: [] },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const routerView = (
  store: Store,
  r: RouterDoc,
  gatewayPorts?: ReadonlyMap<string, PortDoc>,
): Json => {
  let gateway: Json | null = null;
  if (r.gateway) {
    const gwPort = gatewayPorts
      ? gatewayPorts.get(r.gateway.port_id)
      : store.collection(ports).get(r.gateway.port_id);
    gateway = {
      network_id: r.gateway.network_id,
      external_fixed_ips: gwPort?.fixed_ips ?? [],
      enable_snat: r.gateway.enable_snat,
      ...(r.gateway.qos_policy_id ? { qos_policy_id: r.gateway.qos_policy_id } : {}),
    };
  }
  return {
    id: r.id,
    name: r.name,
    tenant_id: r.project_id,
    admin_state_up: r.admin_state_up,
    status: r.status,
    external_gateway_info: gateway,
    description: r.description,
    availability_zones: ['nova'],
    distributed: r.distributed,
    ha: r.ha,
    availability_zone_hints: r.availability_zone_hints,
    routes: r.routes,
    flavor_id: r.flavor_id,
    ...standardView(r),
    project_id: r.project_id,
  };
};

const reachable = (caller: NeutronCaller, r: RouterDoc): boolean =>
  caller.isAdmin || r.project_id === caller.projectId;

/** Router ports are up: the demo cloud's L3 agent serves every router. */
const ROUTER_HOST = 'devstack';

/** Creates the router's gateway port on an external network (no project: neutron owns it). */
export const createGatewayPort = (
  ctx: CloudContext,
  router: Pick<RouterDoc, 'id'>,
  networkId: string,
  externalFixedIps: readonly FixedIpRequest[] | undefined,
): PortDoc => {
  const { store } = ctx;
  const net = store.collection(networks).get(networkId);
  if (!net) throw networkNotFound(networkId);
  if (!net.external) {
    throw badRequestOf('router', `Network ${networkId} is not an external network`);
  }
  const v4 = store
    .collection(subnets)
    .where('network_id', net.id)
    .filter((s) => s.ip_version === 4);
  return createPortDoc(ctx, {
    projectId: '',
    network: net,
    deviceId: router.id,
    deviceOwner: 'network:router_gateway',
    hostId: ROUTER_HOST,
    status: 'ACTIVE',
    ...(externalFixedIps
      ? { fixedIps: externalFixedIps }
      : v4[0]
        ? { fixedIps: [{ subnet_id: v4[0].id }] }
        : {}),
  });
};

const deletePortQuietly = (store: Store, portId: string): void => {
  releasePortAllocations(store, portId);
  store.collection(ports).delete(portId);
};

export const routerInterfacePorts = (store: Store, routerId: string): PortDoc[] =>
  store
    .collection(ports)
    .where('device_id', routerId)
    .filter((p) => p.device_owner === 'network:router_interface');

/** Adds an interface on a subnet (the port takes the subnet's gateway address), as the seed and API do. */
export const addInterfaceOnSubnet = (
  ctx: CloudContext,
  router: RouterDoc,
  subnetId: string,
): PortDoc => {
  const { store } = ctx;
  const subnet = store.collection(subnets).get(subnetId);
  if (!subnet) throw subnetNotFound(subnetId);
  if (!subnet.gateway_ip) {
    throw badRequestOf('router', 'Subnet for router interface must have a gateway IP');
  }
  checkDuplicateSubnets(store, router, [subnet.id]);
  const net = store.collection(networks).get(subnet.network_id);
  if (!net) throw networkNotFound(subnet.network_id);
  return createPortDoc(ctx, {
    projectId: router.project_id,
    network: net,
    deviceId: router.id,
    deviceOwner: 'network:router_interface',
    hostId: ROUTER_HOST,
    status: 'ACTIVE',
    fixedIps: [{ subnet_id: subnet.id, ip_address: subnet.gateway_ip }],
  });
};

const checkDuplicateSubnets = (
  store: Store,
  router: RouterDoc,
  newSubnetIds: readonly string[],
): void => {
  const attached = store.collection(ports).where('device_id', router.id);
  const existing: string[] = [];
  for (const p of attached) {
    for (const ip of p.fixed_ips) {
      if (newSubnetIds.includes(ip.subnet_id)) {
        throw badRequestOf('router', `Router already has a port on subnet ${ip.subnet_id}`);
      }
      if (p.device_owner === 'network:router_gateway') {
        existing.push(
          ...store
            .collection(subnets)
            .where('network_id', p.network_id)
            .map((s) => s.id),
        );
      } else existing.push(ip.subnet_id);
    }
  }
  const col = store.collection(subnets);
  for (const id of newSubnetIds) {
    const s = col.get(id);
    const sc = s ? parseCidr(s.cidr) : undefined;
    if (!s || !sc) continue;
    for (const otherId of existing) {
      const o = col.get(otherId);
      const oc = o ? parseCidr(o.cidr) : undefined;
      if (o && oc && oc.version === sc.version && overlaps(oc, sc)) {
        throw badRequestOf(
          'router',
          `Cidr ${s.cidr} of subnet ${s.id} overlaps with cidr ${o.cidr} of subnet ${o.id}`,
        );
      }
    }
  }
};

export const insertRouter = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    name: string;
    description?: string;
    ha?: boolean;
    distributed?: boolean;
    adminStateUp?: boolean;
    availabilityZoneHints?: string[];
  },
): RouterDoc => {
  const doc: RouterDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    admin_state_up: spec.adminStateUp ?? true,
    status: 'ACTIVE',
    gateway: null,
    routes: [],
    ha: spec.ha ?? false,
    distributed: spec.distributed ?? false,
    availability_zone_hints: spec.availabilityZoneHints ?? [],
    flavor_id: null,
    ...newStandardAttrs(ctx, spec.description ?? ''),
    // Neutron writes a new router twice in its create (the answer shows revision 1).
    revision_number: 1,
  };
  ctx.store.collection(routers).insert(doc);
  return doc;
};

/** The revisions neutron's gateway port handling adds on top of the router's own update. */
const gatewayRevisions = (before: RouterDoc['gateway'], after: RouterDoc['gateway']): number =>
  !before && after ? 1 : before && !after ? 2 : 0;

/** Sets, changes or clears a router's gateway. */
export const setGateway = (
  ctx: CloudContext,
  router: RouterDoc,
  info: {
    network_id: string;
    enable_snat?: boolean;
    external_fixed_ips?: FixedIpRequest[];
    qos_policy_id?: string | null;
  } | null,
): RouterDoc => {
  const { store } = ctx;
  const current = router.gateway;
  if (current && (!info || info.network_id !== current.network_id)) {
    if (store.collection(floatingIps).where('router_id', router.id).length > 0) {
      throw neutronError(
        409,
        'RouterExternalGatewayInUseByFloatingIp',
        `Gateway cannot be updated for router ${router.id}, since a gateway to external network ${current.network_id} is required by one or more floating IPs.`,
      );
    }
  }
  if (!info) {
    if (current) deletePortQuietly(store, current.port_id);
    return { ...router, gateway: null };
  }
  if (current && current.network_id === info.network_id) {
    if (info.external_fixed_ips) {
      deletePortQuietly(store, current.port_id);
      const port = createGatewayPort(ctx, router, info.network_id, info.external_fixed_ips);
      return {
        ...router,
        gateway: {
          ...current,
          port_id: port.id,
          enable_snat: info.enable_snat ?? current.enable_snat,
        },
      };
    }
    return {
      ...router,
      gateway: {
        ...current,
        enable_snat: info.enable_snat ?? current.enable_snat,
        qos_policy_id: info.qos_policy_id ?? current.qos_policy_id,
      },
    };
  }
  if (current) deletePortQuietly(store, current.port_id);
  const port = createGatewayPort(ctx, router, info.network_id, info.external_fixed_ips);
  return {
    ...router,
    gateway: {
      network_id: info.network_id,
      enable_snat: info.enable_snat ?? true,
      port_id: port.id,
      qos_policy_id: info.qos_policy_id ?? null,
    },
  };
};

const parseGateway = (
  value: unknown,
): {
  network_id: string;
  enable_snat?: boolean;
  external_fixed_ips?: FixedIpRequest[];
  qos_policy_id?: string | null;
} | null => {
  if (!isObject(value) || Object.keys(value).length === 0) return null;
  return {
    network_id: value['network_id'] as string,
    ...('enable_snat' in value ? { enable_snat: parseBool(value['enable_snat']) ?? true } : {}),
    ...('external_fixed_ips' in value
      ? { external_fixed_ips: value['external_fixed_ips'] as FixedIpRequest[] }
      : {}),
    ...('qos_policy_id' in value ? { qos_policy_id: value['qos_policy_id'] as string | null } : {}),
  };
};

/** Extra routes: each nexthop must be on one of the router's subnets. */
const checkRoutes = (store: Store, router: RouterDoc, routes: readonly HostRoute[]): void => {
  const attached = store.collection(ports).where('device_id', router.id);
  const cidrs = attached.flatMap((p) =>
    p.fixed_ips
      .map((f) => store.collection(subnets).get(f.subnet_id)?.cidr)
      .filter((c): c is string => !!c),
  );
  for (const route of routes) {
    const hop = parseIp(route.nexthop);
    const connected = cidrs.some((c) => {
      const cidr = parseCidr(c);
      return (
        cidr &&
        hop &&
        hop.version === cidr.version &&
        hop.value >= cidr.first &&
        hop.value <= cidr.last
      );
    });
    if (!connected) {
      throw neutronError(
        400,
        'InvalidRoutes',
        `Invalid format for routes: ${pyStr([route])}, the nexthop is not connected with router`,
      );
    }
  }
};

export const routerRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(routers);

  const present = (request: FastifyRequest, view: Json): Json =>
    policy.strip(request, 'router', view);

  const find = (request: FastifyRequest, id: string): RouterDoc => {
    const r = col.get(id);
    if (!r || !reachable(neutronCaller(request), r)) throw routerNotFound(id);
    return r;
  };

  const checkGatewayNetwork = (
    caller: NeutronCaller,
    info: ReturnType<typeof parseGateway>,
  ): void => {
    if (!info) return;
    const net = store.collection(networks).get(info.network_id);
    if (!net || !reachableNetwork(caller, net)) throw networkNotFound(info.network_id);
  };

  app.get('/routers', async (request) => {
    const caller = neutronCaller(request);
    const candidates = caller.isAdmin ? col.all() : col.where('project_id', caller.projectId);
    // Gateway ports belong to no project: one indexed read of them all.
    const gatewayPorts = new Map(
      store
        .collection(ports)
        .where('project_id', '')
        .map((p) => [p.id, p]),
    );
    const items = candidates
      .filter((r) => policy.check(request, 'get_router', ownerTarget(r)))
      .map((r) => routerView(store, r, gatewayPorts));
    return listAnswer(ctx, request, {
      collection: 'routers',
      attrs: ROUTER_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: routerNotFound,
      present: (item) => present(request, item),
    });
  });

  app.get<{ Params: { id: string } }>('/routers/:id', async (request) => {
    const r = find(request, request.params.id);
    if (!policy.check(request, 'get_router', ownerTarget(r))) throw resourceNotFound();
    return {
      router: selectFields(present(request, routerView(store, r)), requestedFields(request)),
    };
  });

  app.post('/routers', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'router', ROUTER_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_router', body, { attrs: ROUTER_ATTRS });
    const projectId = body['project_id'] as string;
    const gw = parseGateway(body['external_gateway_info']);
    checkGatewayNetwork(caller, gw);
    const router = store.transaction(() => {
      checkQuota(store, projectId, { router: 1 });
      let r = insertRouter(ctx, {
        projectId,
        name: body['name'] as string,
        description: body['description'] as string,
        ha: specified<boolean | null>(body['ha']) ?? false,
        distributed: specified<boolean | null>(body['distributed']) ?? false,
        adminStateUp: body['admin_state_up'] as boolean,
        availabilityZoneHints: body['availability_zone_hints'] as string[],
      });
      if (gw) {
        const withGateway = touched(ctx, setGateway(ctx, r, gw));
        r = {
          ...withGateway,
          revision_number:
            withGateway.revision_number + gatewayRevisions(r.gateway, withGateway.gateway),
        };
        col.put(r);
      }
      return r;
    });
    return reply.code(201).send({ router: present(request, routerView(store, router)) });
  });

  app.put<{ Params: { id: string } }>('/routers/:id', async (request) => {
    const caller = neutronCaller(request);
    const router = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'router', ROUTER_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_router',
      'get_router',
      { ...ownerTarget(router), ...body },
      { attrs: ROUTER_ATTRS, updated: given },
    );
    if ((given.includes('distributed') || given.includes('ha')) && router.admin_state_up) {
      const distributedChange =
        given.includes('distributed') && body['distributed'] !== router.distributed;
      const haChange = given.includes('ha') && body['ha'] !== router.ha;
      if (distributedChange || haChange) {
        throw neutronError(
          409,
          'RouterInUse',
          `Router ${router.id} Cannot modify ${distributedChange ? 'distributed' : 'ha'} attribute while router is administratively up. Set admin_state_up to False first.`,
        );
      }
    }
    const updated = store.transaction(() => {
      let r: RouterDoc = { ...router };
      if ('name' in body) r.name = body['name'] as string;
      if ('description' in body) r.description = body['description'] as string;
      if ('admin_state_up' in body) r.admin_state_up = body['admin_state_up'] as boolean;
      if ('ha' in body) r.ha = (body['ha'] as boolean | null) ?? r.ha;
      if ('distributed' in body)
        r.distributed = (body['distributed'] as boolean | null) ?? r.distributed;
      let extraRevisions = 0;
      if ('external_gateway_info' in body) {
        const gw = parseGateway(body['external_gateway_info']);
        checkGatewayNetwork(caller, gw);
        const before = r.gateway;
        r = setGateway(ctx, r, gw);
        extraRevisions = gatewayRevisions(before, r.gateway);
      }
      if ('routes' in body) {
        const routes = body['routes'] as HostRoute[];
        checkRoutes(store, r, routes);
        r.routes = routes;
      }
      r = touched(ctx, r);
      r.revision_number += extraRevisions;
      col.put(r);
      return r;
    });
    return { router: present(request, routerView(store, updated)) };
  });

  app.delete<{ Params: { id: string } }>('/routers/:id', async (request, reply) => {
    const router = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_router', 'get_router', ownerTarget(router));
    const attached = routerInterfacePorts(store, router.id);
    if (attached.length > 0) {
      throw neutronError(
        409,
        'RouterInUse',
        `Router ${router.id} has ports still attached: ${attached.map((p) => p.id).join(', ')}`,
      );
    }
    store.transaction(() => {
      if (router.gateway) deletePortQuietly(store, router.gateway.port_id);
      col.delete(router.id);
    });
    return reply.code(204).send();
  });

  /**
   * A member action is checked against the whole router, as neutron passes it: the attributes it
   * holds (gateway, ha, flavor, distributed) add their `<action>:<attr>` rules.
   */
  const enforceAction = (request: FastifyRequest, action: string, router: RouterDoc): void =>
    policy.enforceOrHide(request, action, 'get_router', routerView(store, router), {
      attrs: ROUTER_ATTRS,
    });

  const interfaceAnswer = (router: RouterDoc, port: PortDoc): Json => ({
    id: router.id,
    tenant_id: router.project_id,
    port_id: port.id,
    network_id: port.network_id,
    subnet_id: port.fixed_ips[0]?.subnet_id ?? null,
    subnet_ids: port.fixed_ips.map((f) => f.subnet_id),
  });

  const interfaceInfo = (
    body: unknown,
    removal: boolean,
  ): { subnet_id?: string; port_id?: string } => {
    const info = isObject(body) ? body : {};
    const hasPort = 'port_id' in info;
    const hasSubnet = 'subnet_id' in info;
    if (!hasPort && !hasSubnet) {
      throw badRequestOf('router', 'Either subnet_id or port_id must be specified');
    }
    for (const key of ['port_id', 'subnet_id']) {
      if (key in info && !isUuidLike(info[key])) {
        throw badRequestOf('router', `'${pyStr(info[key])}' is not a valid UUID`);
      }
    }
    if (hasPort && hasSubnet && !removal) {
      throw badRequestOf('router', 'Cannot specify both subnet-id and port-id');
    }
    return {
      ...(hasSubnet ? { subnet_id: info['subnet_id'] as string } : {}),
      ...(hasPort ? { port_id: info['port_id'] as string } : {}),
    };
  };

  app.put<{ Params: { id: string } }>('/routers/:id/add_router_interface', async (request) => {
    const caller = neutronCaller(request);
    const router = find(request, request.params.id);
    enforceAction(request, 'add_router_interface', router);
    const info = interfaceInfo(request.body, false);
    const port = store.transaction(() => {
      let p: PortDoc;
      if (info.port_id !== undefined) {
        const existing = store.collection(ports).get(info.port_id);
        if (!existing || !reachablePort(caller, existing)) throw portNotFound(info.port_id);
        if (existing.device_id) {
          throw neutronError(
            409,
            'PortInUse',
            `Unable to complete operation on port ${existing.id} for network ${existing.network_id}. Port already has an attached device ${existing.device_id}.`,
          );
        }
        if (existing.fixed_ips.length === 0) {
          throw badRequestOf('router', 'Router port must have at least one fixed IP');
        }
        checkDuplicateSubnets(
          store,
          router,
          existing.fixed_ips.map((f) => f.subnet_id),
        );
        p = touched(ctx, {
          ...existing,
          device_id: router.id,
          device_owner: 'network:router_interface',
          status: 'ACTIVE',
          security_groups: [],
          port_security_enabled: false,
        });
        store.collection(ports).put(p);
      } else {
        const subnetId = info.subnet_id ?? '';
        const subnet = store.collection(subnets).get(subnetId);
        const net = subnet ? store.collection(networks).get(subnet.network_id) : undefined;
        if (!subnet || !reachableSubnet(caller, subnet, net)) throw subnetNotFound(subnetId);
        p = addInterfaceOnSubnet(ctx, router, subnetId);
      }
      col.put(touched(ctx, router));
      return p;
    });
    return interfaceAnswer(router, port);
  });

  app.put<{ Params: { id: string } }>('/routers/:id/remove_router_interface', async (request) => {
    const router = find(request, request.params.id);
    enforceAction(request, 'remove_router_interface', router);
    const info = interfaceInfo(request.body, true);
    const interfaces = routerInterfacePorts(store, router.id);
    let port: PortDoc | undefined;
    if (info.port_id !== undefined) {
      port = interfaces.find((p) => p.id === info.port_id);
      if (!port) {
        throw neutronError(
          404,
          'RouterInterfaceNotFound',
          `Router ${router.id} does not have an interface with id ${info.port_id}`,
        );
      }
      if (
        info.subnet_id !== undefined &&
        !port.fixed_ips.some((f) => f.subnet_id === info.subnet_id)
      ) {
        throw neutronError(
          409,
          'SubnetMismatchForPort',
          `Subnet on port ${port.id} does not match the requested subnet ${info.subnet_id}.`,
        );
      }
    } else {
      port = interfaces.find((p) => p.fixed_ips.some((f) => f.subnet_id === info.subnet_id));
      if (!port) {
        throw neutronError(
          404,
          'RouterInterfaceNotFoundForSubnet',
          `Router ${router.id} has no interface on subnet ${info.subnet_id ?? ''}`,
        );
      }
    }
    const removed = port;
    const subnetIds = removed.fixed_ips.map((f) => f.subnet_id);
    const fips = store
      .collection(floatingIps)
      .where('router_id', router.id)
      .filter((f) => {
        const target = f.port_id ? store.collection(ports).get(f.port_id) : undefined;
        return target?.fixed_ips.some(
          (ip) => subnetIds.includes(ip.subnet_id) && ip.ip_address === f.fixed_ip_address,
        );
      });
    if (fips.length > 0) {
      throw neutronError(
        409,
        'RouterInterfaceInUseByFloatingIP',
        `Router interface for subnet ${subnetIds[0] ?? ''} on router ${router.id} cannot be deleted, as it is required by one or more floating IPs.`,
      );
    }
    store.transaction(() => {
      deletePortQuietly(store, removed.id);
      col.put(touched(ctx, router));
    });
    return interfaceAnswer(router, removed);
  });

  const routesAction =
    (action: 'add_extraroutes' | 'remove_extraroutes') =>
    async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Json> => {
      const router = find(request, request.params.id);
      enforceAction(request, action, router);
      const body = request.body;
      const inner = isObject(body) && isObject(body['router']) ? body['router'] : undefined;
      const routes = inner?.['routes'];
      const msg = hostRoutes(routes);
      if (msg || !Array.isArray(routes)) {
        throw neutronError(
          400,
          'HTTPBadRequest',
          `Invalid input for routes. Reason: ${msg ?? 'missing'}.`,
        );
      }
      const list = routes as HostRoute[];
      const key = (r: HostRoute): string => `${r.destination}|${r.nexthop}`;
      let next: HostRoute[];
      if (action === 'add_extraroutes') {
        checkRoutes(store, router, list);
        next = [
          ...router.routes,
          ...list.filter((r) => !router.routes.some((o) => key(o) === key(r))),
        ];
      } else {
        next = router.routes.filter((r) => !list.some((o) => key(o) === key(r)));
      }
      const updated = touched(ctx, { ...router, routes: next });
      col.put(updated);
      return { router: present(request, routerView(store, updated)) };
    };
  app.put('/routers/:id/add_extraroutes', routesAction('add_extraroutes'));
  app.put('/routers/:id/remove_extraroutes', routesAction('remove_extraroutes'));

  tagRoutes(app, ctx, policy, {
    collection: 'routers',
    resource: 'router',
    col,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
  });
};
