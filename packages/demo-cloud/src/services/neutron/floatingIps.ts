import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { releasePortAllocations } from './allocation';
import {
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  ipAddressOrNone,
  prepareBody,
  uuid,
  uuidOrNone,
} from './attributes';
import type { AttrMap } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { badRequestOf, neutronError, resourceNotFound } from './http';
import type { Json } from './http';
import { parseIp } from './ipam';
import { listAnswer, requestedFields, selectFields } from './listing';
import { floatingIps, networks, ports, routers, subnets } from './model';
import type { FloatingIpDoc, NetworkDoc, PortDoc } from './model';
import { networkNotFound, reachableNetwork } from './networks';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { createPortDoc, portNotFound } from './ports';
import { checkQuota } from './quotas';

export const floatingIpNotFound = (id: string): Error =>
  neutronError(404, 'FloatingIPNotFound', `Floating IP ${id} could not be found`);

export const FLOATING_IP_ATTRS: AttrMap = {
  id: { filter: true, sort: true },
  floating_ip_address: {
    post: true,
    validate: ipAddressOrNone,
    sort: true,
    filter: true,
    default: null,
    policy: true,
  },
  subnet_id: { post: true, validate: uuidOrNone, visible: false, default: null },
  floating_network_id: { post: true, validate: uuid, filter: true, sort: true },
  router_id: { validate: uuidOrNone, filter: true, sort: true, default: null },
  port_id: { post: true, put: true, validate: uuidOrNone, filter: true, default: null },
  fixed_ip_address: {
    post: true,
    put: true,
    validate: ipAddressOrNone,
    filter: true,
    sort: true,
    default: null,
  },
  ...PROJECT_ATTRS,
  status: { filter: true, sort: true },
  port_details: {},
  qos_policy_id: { post: true, put: true, default: null, policy: true, validate: uuidOrNone },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const floatingIpView = (
  store: Store,
  f: FloatingIpDoc,
  portsById?: ReadonlyMap<string, PortDoc>,
): Json => {
  const port = f.port_id
    ? portsById
      ? portsById.get(f.port_id)
      : store.collection(ports).get(f.port_id)
    : undefined;
  return {
    id: f.id,
    tenant_id: f.project_id,
    floating_ip_address: f.floating_ip_address,
    floating_network_id: f.floating_network_id,
    router_id: f.router_id,
    port_id: f.port_id,
    fixed_ip_address: f.fixed_ip_address,
    status: f.status,
    description: f.description,
    qos_policy_id: f.qos_policy_id,
    port_details: port
      ? {
          name: port.name,
          network_id: port.network_id,
          mac_address: port.mac_address,
          admin_state_up: port.admin_state_up,
          status: port.status,
          device_id: port.device_id,
          device_owner: port.device_owner,
        }
      : null,
    ...standardView(f),
    project_id: f.project_id,
  };
};

const reachable = (caller: NeutronCaller, f: FloatingIpDoc): boolean =>
  caller.isAdmin || f.project_id === caller.projectId;

/** A floating IP is ACTIVE while it forwards to a port. */
const statusFor = (portId: string | null): FloatingIpDoc['status'] => (portId ? 'ACTIVE' : 'DOWN');

/** The router that can forward from the external network to the port's subnet (neutron's rule). */
const routerFor = (
  store: Store,
  port: PortDoc,
  subnetId: string,
  externalNetId: string,
): string => {
  const subnet = store.collection(subnets).get(subnetId);
  const candidates = store
    .collection(ports)
    .where('network_id', port.network_id)
    .filter(
      (p) =>
        p.device_owner === 'network:router_interface' &&
        p.fixed_ips.some((f) => f.subnet_id === subnetId),
    );
  let first: string | undefined;
  for (const iface of candidates) {
    const router = store.collection(routers).get(iface.device_id);
    if (router?.gateway?.network_id !== externalNetId) continue;
    if (iface.fixed_ips.some((f) => f.ip_address === subnet?.gateway_ip)) return router.id;
    first ??= router.id;
  }
  if (first) return first;
  throw neutronError(
    404,
    'ExternalGatewayForFloatingIPNotFound',
    `External network ${externalNetId} is not reachable from subnet ${subnetId}.  Therefore, cannot associate Port ${port.id} with a Floating IP.`,
  );
};

export interface Association {
  readonly port_id: string | null;
  readonly fixed_ip_address: string | null;
  readonly router_id: string | null;
}

/** neutron's association checks for a floating IP and a port (or a dissociation). */
export const associationFor = (
  store: Store,
  caller: { readonly isAdmin: boolean },
  fip: Pick<FloatingIpDoc, 'id' | 'project_id' | 'floating_network_id' | 'floating_ip_address'>,
  portId: string | null,
  fixedIp: string | null,
): Association => {
  if (fixedIp && !portId) {
    throw badRequestOf('floatingip', 'fixed_ip_address cannot be specified without a port_id');
  }
  if (!portId) return { port_id: null, fixed_ip_address: null, router_id: null };
  const port = store.collection(ports).get(portId);
  if (!port || !(caller.isAdmin || port.project_id === fip.project_id)) {
    if (port && !caller.isAdmin) {
      throw badRequestOf(
        'floatingip',
        `Cannot process floating IP association with Port ${portId}, since that port is owned by a different tenant`,
      );
    }
    throw portNotFound(portId);
  }
  if (port.device_owner.startsWith('network:')) {
    throw badRequestOf('floatingip', `Port ${port.id} is unable to be assigned a floating IP`);
  }
  let address: string;
  let subnetId: string;
  if (fixedIp) {
    if (parseIp(fixedIp)?.version !== 4) {
      throw badRequestOf(
        'floatingip',
        `Cannot process floating IP association with ${fixedIp}, since that is not an IPv4 address`,
      );
    }
    const match = port.fixed_ips.find((f) => f.ip_address === fixedIp);
    if (!match) {
      throw badRequestOf('floatingip', `Port ${port.id} does not have fixed ip ${fixedIp}`);
    }
    address = match.ip_address;
    subnetId = match.subnet_id;
  } else {
    const v4 = port.fixed_ips.filter((f) => parseIp(f.ip_address)?.version === 4);
    if (v4.length === 0) {
      throw badRequestOf(
        'floatingip',
        `Cannot add floating IP to port ${port.id} that has no fixed IPv4 addresses`,
      );
    }
    if (v4.length > 1) {
      throw badRequestOf(
        'floatingip',
        `Port ${port.id} has multiple fixed IPv4 addresses.  Must provide a specific IPv4 address when assigning a floating IP`,
      );
    }
    address = v4[0]?.ip_address ?? '';
    subnetId = v4[0]?.subnet_id ?? '';
  }
  const routerId = routerFor(store, port, subnetId, fip.floating_network_id);
  const taken = store
    .collection(floatingIps)
    .where('port_id', port.id)
    .find(
      (f) =>
        f.id !== fip.id &&
        f.fixed_ip_address === address &&
        f.floating_network_id === fip.floating_network_id,
    );
  if (taken) {
    throw neutronError(
      409,
      'FloatingIPPortAlreadyAssociated',
      `Cannot associate floating IP ${fip.floating_ip_address} (${fip.id}) with port ${port.id} using fixed IP ${address}, as that fixed IP already has a floating IP on external network ${fip.floating_network_id}.`,
    );
  }
  return { port_id: port.id, fixed_ip_address: address, router_id: routerId };
};

/** Allocates a floating IP on an external network (the API and the seed share it). */
export const createFloatingIpDoc = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    network: NetworkDoc;
    floatingIpAddress?: string | null;
    subnetId?: string | null;
    description?: string;
    qosPolicyId?: string | null;
  },
): FloatingIpDoc => {
  const { store } = ctx;
  const v4 = store
    .collection(subnets)
    .where('network_id', spec.network.id)
    .filter((s) => s.ip_version === 4);
  if (v4.length === 0) {
    throw badRequestOf('floatingip', `Network ${spec.network.id} does not contain any IPv4 subnet`);
  }
  const id = newId();
  let port: PortDoc;
  try {
    port = createPortDoc(ctx, {
      projectId: '',
      network: spec.network,
      deviceId: id,
      deviceOwner: 'network:floatingip',
      status: 'DOWN',
      fixedIps: spec.floatingIpAddress
        ? [
            {
              ip_address: spec.floatingIpAddress,
              ...(spec.subnetId ? { subnet_id: spec.subnetId } : {}),
            },
          ]
        : spec.subnetId
          ? [{ subnet_id: spec.subnetId }]
          : [{ subnet_id: (v4.find((s) => s.allocation_pools.length > 0) ?? v4[0])?.id ?? '' }],
    });
  } catch (error) {
    if ((error as { type?: string }).type === 'IpAddressGenerationFailure') {
      throw neutronError(
        400,
        'ExternalIpAddressExhausted',
        `Unable to find any IP address on external network ${spec.network.id}.`,
      );
    }
    throw error;
  }
  const doc: FloatingIpDoc = {
    id,
    project_id: spec.projectId,
    floating_network_id: spec.network.id,
    floating_ip_address: port.fixed_ips[0]?.ip_address ?? '',
    floating_port_id: port.id,
    port_id: null,
    fixed_ip_address: null,
    router_id: null,
    status: 'DOWN',
    qos_policy_id: spec.qosPolicyId ?? null,
    ...newStandardAttrs(ctx, spec.description ?? ''),
  };
  store.collection(floatingIps).insert(doc);
  return doc;
};

export const applyAssociation = (
  ctx: CloudContext,
  fip: FloatingIpDoc,
  assoc: Association,
): FloatingIpDoc => {
  const updated = touched(ctx, { ...fip, ...assoc, status: statusFor(assoc.port_id) });
  ctx.store.collection(floatingIps).put(updated);
  return updated;
};

export const floatingIpRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(floatingIps);

  const find = (request: FastifyRequest, id: string): FloatingIpDoc => {
    const f = col.get(id);
    if (!f || !reachable(neutronCaller(request), f)) throw floatingIpNotFound(id);
    return f;
  };

  app.get('/floatingips', async (request) => {
    const caller = neutronCaller(request);
    const candidates = caller.isAdmin ? col.all() : col.where('project_id', caller.projectId);
    // One read of the ports behind the addresses, not one per floating IP.
    const portsById = new Map(
      (caller.isAdmin
        ? store.collection(ports).all()
        : store.collection(ports).where('project_id', caller.projectId)
      ).map((p) => [p.id, p]),
    );
    const items = candidates
      .filter((f) => policy.check(request, 'get_floatingip', ownerTarget(f)))
      .map((f) => floatingIpView(store, f, portsById));
    return listAnswer(ctx, request, {
      collection: 'floatingips',
      attrs: FLOATING_IP_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: floatingIpNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/floatingips/:id', async (request) => {
    const f = find(request, request.params.id);
    if (!policy.check(request, 'get_floatingip', ownerTarget(f))) throw resourceNotFound();
    return { floatingip: selectFields(floatingIpView(store, f), requestedFields(request)) };
  });

  app.post('/floatingips', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'floatingip', FLOATING_IP_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_floatingip', body, { attrs: FLOATING_IP_ATTRS });
    const netId = body['floating_network_id'] as string;
    const net = store.collection(networks).get(netId);
    if (!net || !reachableNetwork(caller, net)) throw networkNotFound(netId);
    if (!net.external) {
      throw badRequestOf('floatingip', `Network ${netId} is not a valid external network`);
    }
    const projectId = body['project_id'] as string;
    const fip = store.transaction(() => {
      checkQuota(store, projectId, { floatingip: 1 });
      let doc = createFloatingIpDoc(ctx, {
        projectId,
        network: net,
        floatingIpAddress: body['floating_ip_address'] as string | null,
        subnetId: body['subnet_id'] as string | null,
        description: body['description'] as string,
        qosPolicyId: body['qos_policy_id'] as string | null,
      });
      const portId = body['port_id'] as string | null;
      if (portId) {
        const assoc = associationFor(
          store,
          caller,
          doc,
          portId,
          body['fixed_ip_address'] as string | null,
        );
        doc = { ...doc, ...assoc, status: statusFor(assoc.port_id) };
        col.put(doc);
      } else if (body['fixed_ip_address']) {
        associationFor(store, caller, doc, null, body['fixed_ip_address'] as string);
      }
      return doc;
    });
    return reply.code(201).send({ floatingip: floatingIpView(store, fip) });
  });

  app.put<{ Params: { id: string } }>('/floatingips/:id', async (request) => {
    const caller = neutronCaller(request);
    const fip = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'floatingip', FLOATING_IP_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_floatingip',
      'get_floatingip',
      { ...ownerTarget(fip), ...body },
      { attrs: FLOATING_IP_ATTRS, updated: given },
    );
    const updated = store.transaction(() => {
      let doc: FloatingIpDoc = { ...fip };
      if ('description' in body) doc.description = body['description'] as string;
      if ('qos_policy_id' in body) doc.qos_policy_id = body['qos_policy_id'] as string | null;
      if ('port_id' in body || 'fixed_ip_address' in body) {
        const portId = 'port_id' in body ? (body['port_id'] as string | null) : fip.port_id;
        const fixed =
          'fixed_ip_address' in body ? (body['fixed_ip_address'] as string | null) : null;
        const assoc = associationFor(store, caller, fip, portId, fixed);
        doc = { ...doc, ...assoc, status: statusFor(assoc.port_id) };
      }
      doc = touched(ctx, doc);
      col.put(doc);
      return doc;
    });
    return { floatingip: floatingIpView(store, updated) };
  });

  app.delete<{ Params: { id: string } }>('/floatingips/:id', async (request, reply) => {
    const fip = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_floatingip', 'get_floatingip', ownerTarget(fip));
    store.transaction(() => {
      releasePortAllocations(store, fip.floating_port_id);
      store.collection(ports).delete(fip.floating_port_id);
      col.delete(fip.id);
    });
    return reply.code(204).send();
  });

  tagRoutes(app, ctx, policy, {
    collection: 'floatingips',
    resource: 'floatingip',
    col,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
  });

  app.get('/floatingip_pools', async (request) => {
    const caller = neutronCaller(request);
    const target = { project_id: caller.projectId, tenant_id: caller.projectId };
    if (!policy.check(request, 'get_floatingip_pool', target)) return { floatingip_pools: [] };
    const external = store
      .collection(networks)
      .where('public', 1)
      .filter((n) => n.external);
    const items = external.flatMap((n) =>
      store
        .collection(subnets)
        .where('network_id', n.id)
        .filter((s) => s.ip_version === 4)
        .map((s) => ({
          subnet_id: s.id,
          subnet_name: s.name,
          tenant_id: caller.projectId,
          network_id: n.id,
          cidr: s.cidr,
          project_id: caller.projectId,
        })),
    );
    return listAnswer(ctx, request, {
      collection: 'floatingip_pools',
      attrs: {
        subnet_id: { filter: true },
        subnet_name: { filter: true },
        network_id: { filter: true },
        cidr: { filter: true },
        project_id: { filter: true },
        tenant_id: { filter: true },
      },
      items,
      paged: false,
    });
  });
};
