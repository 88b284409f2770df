import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuid as newId } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  PROJECT_ATTRS,
  STANDARD_ATTRS,
  TAG_ATTRS,
  isUuidLike,
  prepareBody,
  pyInt,
  string,
  toBoolean,
  uuid,
} from './attributes';
import type { AttrMap, Validator } from './attributes';
import { newStandardAttrs, ownerTarget, standardView, tagRoutes, touched } from './common';
import { invalidInput, isObject, neutronError, pyRepr, resourceNotFound } from './http';
import type { Json } from './http';
import { listAnswer, requestedFields, selectFields } from './listing';
import { networks, ports, trunks } from './model';
import type { PortDoc, SubPort, TrunkDoc } from './model';
import { neutronCaller, neutronPolicy } from './policy';
import type { NeutronCaller } from './policy';
import { bindingFor, portNotFound, reachablePort } from './ports';
import { checkQuota } from './quotas';

export const trunkNotFound = (id: string): Error =>
  neutronError(404, 'TrunkNotFound', `Trunk ${id} could not be found.`);

/** neutron-lib's validate_subports (the list's shape; the plugin checks the rest). */
const subportsValidator: Validator = (value) => {
  if (!Array.isArray(value))
    return `Invalid data format for subports: '${pyRepr(value)}' is not a list`;
  const ids = new Set<string>();
  const segs = new Map<string, Set<unknown>>();
  for (const sub of value) {
    if (!isObject(sub)) return `Invalid data format for subport: '${pyRepr(sub)}' is not a dict`;
    if (!('port_id' in sub)) return 'A valid port UUID must be specified';
    if (uuid(sub['port_id'])) return `Invalid UUID for subport: '${String(sub['port_id'])}'`;
    const portId = sub['port_id'] as string;
    if (ids.has(portId)) return `Non unique UUID for subport: '${portId}'`;
    ids.add(portId);
    const type = sub['segmentation_type'];
    if (type === 'inherit') return undefined;
    const segId = sub['segmentation_id'];
    if ((!type || segId === undefined || segId === null) && Object.keys(sub).length > 1) {
      return `Invalid subport details '${pyRepr(sub)}': missing segmentation information. Must specify both segmentation_id and segmentation_type`;
    }
    const used = segs.get(String(type)) ?? new Set<unknown>();
    if (segId !== undefined && used.has(segId)) {
      return `Segmentation ID '${String(segId)}' for '${portId}' is not unique`;
    }
    if (segId !== undefined && segId !== null) used.add(segId);
    segs.set(String(type), used);
  }
  return undefined;
};

export const TRUNK_ATTRS: AttrMap = {
  admin_state_up: {
    post: true,
    put: true,
    default: true,
    convert: toBoolean,
    filter: true,
    sort: true,
  },
  id: { filter: true, sort: true },
  name: {
    post: true,
    put: true,
    validate: (v) => string(v, 255),
    filter: true,
    sort: true,
    default: '',
  },
  ...PROJECT_ATTRS,
  port_id: { post: true, validate: uuid, filter: true, sort: true },
  status: { sort: true, filter: true },
  sub_ports: {
    post: true,
    default: [],
    validate: subportsValidator,
    policy: true,
    subPolicy: true,
  },
  ...STANDARD_ATTRS,
  ...TAG_ATTRS,
};

export const trunkView = (t: TrunkDoc): Json => ({
  admin_state_up: t.admin_state_up,
  id: t.id,
  project_id: t.project_id,
  name: t.name,
  port_id: t.port_id,
  status: t.status,
  sub_ports: t.sub_ports,
  revision_number: t.revision_number,
  description: t.description,
  created_at: standardView(t)['created_at'],
  updated_at: standardView(t)['updated_at'],
  tenant_id: t.project_id,
  tags: t.tags,
});

const trunkDisabled = (id: string): Error =>
  neutronError(409, 'TrunkDisabled', `Trunk ${id} is currently disabled.`);

const reachable = (caller: NeutronCaller, t: TrunkDoc): boolean =>
  caller.isAdmin || t.project_id === caller.projectId;

/** A trunk is ACTIVE while its parent port is bound and up, else DOWN (its agent is idle). */
export const trunkStatusFor = (
  parent: PortDoc | undefined,
  adminUp: boolean,
): TrunkDoc['status'] => (adminUp && parent?.status === 'ACTIVE' ? 'ACTIVE' : 'DOWN');

const usedInTrunk = (store: Store, portId: string): TrunkDoc | undefined =>
  store
    .collection(trunks)
    .all()
    .find((t) => t.port_id === portId || t.sub_ports.some((s) => s.port_id === portId));

/** neutron's SubPortsValidator for the given subports of a trunk on `parent`. */
const validateSubports = (
  store: Store,
  caller: NeutronCaller,
  parent: PortDoc,
  trunkId: string,
  requested: readonly Json[],
  existing: readonly SubPort[],
): SubPort[] => {
  const parentMtu = store.collection(networks).get(parent.network_id)?.mtu;
  const out: SubPort[] = [];
  for (const raw of requested) {
    const portId = raw['port_id'] as string;
    const port = store.collection(ports).get(portId);
    if (!port || !reachablePort(caller, port)) throw portNotFound(portId);
    if (portId === parent.id) {
      throw neutronError(
        409,
        'ParentPortInUse',
        `Port ${portId} is currently in use and is not eligible for use as a parent port.`,
      );
    }
    const net = store.collection(networks).get(port.network_id);
    let type = raw['segmentation_type'];
    let segId: unknown = raw['segmentation_id'];
    if (type === 'inherit') {
      type = net?.provider.network_type;
      segId = net?.provider.segmentation_id;
    }
    if (parentMtu && net && net.mtu > parentMtu) {
      throw neutronError(
        409,
        'SubPortMtuGreaterThanTrunkPortMtu',
        `MTU ${net.mtu} of subport ${portId} cannot be greater than MTU ${parentMtu} of trunk ${parent.id}.`,
      );
    }
    if (type === undefined || segId === undefined) {
      throw invalidInput(
        `Invalid subport details '${pyRepr(raw)}': missing segmentation information. Must specify both segmentation_id and segmentation_type`,
      );
    }
    const n = pyInt(segId);
    if (n === undefined) {
      throw invalidInput(
        `Invalid subport details: segmentation_id '${String(segId)}' is not an integer`,
      );
    }
    if (type !== 'vlan') throw invalidInput(`Unknown segmentation_type '${String(type)}'`);
    if (n < 1 || n > 4094) throw invalidInput(`Segmentation ID '${n}' is not in range`);
    const other = usedInTrunk(store, portId);
    if (other) {
      throw neutronError(409, 'TrunkPortInUse', `Port ${portId} is in use by another trunk.`);
    }
    if (port.device_id && port.device_owner !== 'trunk:subport') {
      throw neutronError(
        409,
        'PortInUse',
        `Unable to complete operation on port ${portId} for network ${port.network_id}. Port already has an attached device ${port.device_id}.`,
      );
    }
    if (
      [...existing, ...out].some((s) => s.segmentation_type === type && s.segmentation_id === n)
    ) {
      throw neutronError(
        409,
        'DuplicateSubPort',
        `segmentation_type vlan and segmentation_id ${n} already in use on trunk ${trunkId}.`,
      );
    }
    out.push({ port_id: portId, segmentation_type: 'vlan', segmentation_id: n });
  }
  return out;
};

/** Subports of a trunk whose parent is bound take the parent's host and become `trunk:subport`. */
export const bindSubports = (ctx: CloudContext, trunk: TrunkDoc): void => {
  const col = ctx.store.collection(ports);
  const parent = col.get(trunk.port_id);
  for (const sub of trunk.sub_ports) {
    const port = col.get(sub.port_id);
    if (!port) continue;
    const bound = parent?.binding.host_id ?? '';
    col.put(
      touched(ctx, {
        ...port,
        device_owner: bound ? 'trunk:subport' : port.device_owner,
        device_id: bound ? trunk.id : port.device_id,
        status: parent?.status === 'ACTIVE' ? 'ACTIVE' : 'DOWN',
        binding: bound
          ? bindingFor(bound, port.binding.vnic_type, port.binding.profile)
          : port.binding,
      }),
    );
  }
};

/** Creates a trunk document (the API and the seed share it). */
export const insertTrunk = (
  ctx: CloudContext,
  spec: {
    projectId: string;
    parent: PortDoc;
    name: string;
    subPorts: SubPort[];
    description?: string;
    adminStateUp?: boolean;
  },
): TrunkDoc => {
  const adminUp = spec.adminStateUp ?? true;
  const doc: TrunkDoc = {
    id: newId(),
    name: spec.name,
    project_id: spec.projectId,
    port_id: spec.parent.id,
    admin_state_up: adminUp,
    status: trunkStatusFor(spec.parent, adminUp),
    sub_ports: spec.subPorts,
    ...newStandardAttrs(ctx, spec.description ?? ''),
  };
  ctx.store.collection(trunks).insert(doc);
  return doc;
};

export const trunkRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const policy = neutronPolicy(ctx);
  const col = store.collection(trunks);

  const find = (request: FastifyRequest, id: string): TrunkDoc => {
    const t = col.get(id);
    if (!t || !reachable(neutronCaller(request), t)) throw trunkNotFound(id);
    return t;
  };

  app.get('/trunks', async (request) => {
    const caller = neutronCaller(request);
    const candidates = caller.isAdmin ? col.all() : col.where('project_id', caller.projectId);
    const items = candidates
      .filter((t) => policy.check(request, 'get_trunk', ownerTarget(t)))
      .map(trunkView);
    return listAnswer(ctx, request, {
      collection: 'trunks',
      attrs: TRUNK_ATTRS,
      items,
      findMarker: (id) => items.find((i) => i['id'] === id),
      markerNotFound: trunkNotFound,
    });
  });

  app.get<{ Params: { id: string } }>('/trunks/:id', async (request) => {
    const t = find(request, request.params.id);
    if (!policy.check(request, 'get_trunk', ownerTarget(t))) throw resourceNotFound();
    return { trunk: selectFields(trunkView(t), requestedFields(request)) };
  });

  app.post('/trunks', async (request, reply) => {
    const caller = neutronCaller(request);
    const { values: body } = prepareBody(request.body, 'trunk', TRUNK_ATTRS, {
      create: true,
      caller,
    });
    policy.enforce(request, 'create_trunk', body, { attrs: TRUNK_ATTRS });
    const parentId = body['port_id'] as string;
    const trunk = store.transaction(() => {
      const parent = store.collection(ports).get(parentId);
      if (!parent || !reachablePort(caller, parent)) throw portNotFound(parentId);
      const sub = usedInTrunk(store, parentId);
      if (sub) {
        if (sub.port_id === parentId) {
          throw neutronError(
            409,
            'ParentPortInUse',
            `Port ${parentId} is currently in use and is not eligible for use as a parent port.`,
          );
        }
        throw neutronError(409, 'TrunkPortInUse', `Port ${parentId} is in use by another trunk.`);
      }
      checkQuota(store, body['project_id'] as string, { trunk: 1 });
      const id = newId();
      const subPorts = validateSubports(store, caller, parent, id, body['sub_ports'] as Json[], []);
      const t = insertTrunk(ctx, {
        projectId: body['project_id'] as string,
        parent,
        name: body['name'] as string,
        subPorts,
        description: body['description'] as string,
        adminStateUp: body['admin_state_up'] as boolean,
      });
      bindSubports(ctx, t);
      return t;
    });
    return reply.code(201).send({ trunk: trunkView(trunk) });
  });

  app.put<{ Params: { id: string } }>('/trunks/:id', async (request) => {
    const caller = neutronCaller(request);
    const trunk = find(request, request.params.id);
    const { values: body, given } = prepareBody(request.body, 'trunk', TRUNK_ATTRS, {
      create: false,
      caller,
    });
    policy.enforceOrHide(
      request,
      'update_trunk',
      'get_trunk',
      { ...ownerTarget(trunk), ...body },
      { attrs: TRUNK_ATTRS, updated: given },
    );
    const adminUp =
      'admin_state_up' in body ? (body['admin_state_up'] as boolean) : trunk.admin_state_up;
    const updated = touched(ctx, {
      ...trunk,
      ...('name' in body ? { name: body['name'] as string } : {}),
      ...('description' in body ? { description: body['description'] as string } : {}),
      admin_state_up: adminUp,
      status: trunkStatusFor(store.collection(ports).get(trunk.port_id), adminUp),
    });
    col.put(updated);
    return { trunk: trunkView(updated) };
  });

  app.delete<{ Params: { id: string } }>('/trunks/:id', async (request, reply) => {
    const trunk = find(request, request.params.id);
    policy.enforceOrHide(request, 'delete_trunk', 'get_trunk', ownerTarget(trunk));
    // trunk_can_be_managed comes before the in-use check.
    if (!trunk.admin_state_up) throw trunkDisabled(trunk.id);
    const parent = store.collection(ports).get(trunk.port_id);
    if (parent?.device_id && parent.device_owner.startsWith('compute:')) {
      throw neutronError(409, 'TrunkInUse', `Trunk ${trunk.id} is currently in use.`);
    }
    store.transaction(() => {
      for (const s of trunk.sub_ports) {
        const port = store.collection(ports).get(s.port_id);
        if (port?.device_owner === 'trunk:subport') {
          store
            .collection(ports)
            .put(touched(ctx, { ...port, device_owner: '', device_id: '', status: 'DOWN' }));
        }
      }
      col.delete(trunk.id);
    });
    return reply.code(204).send();
  });

  /**
   * A member action is checked against the whole trunk, as neutron passes it: its subports add
   * `<action>:sub_ports:<key>` rules, one set per subport.
   */
  const enforceAction = (request: FastifyRequest, action: string, trunk: TrunkDoc): void =>
    policy.enforceOrHide(
      request,
      action,
      'get_trunk',
      {
        ...ownerTarget(trunk),
        sub_ports: trunk.sub_ports.map((s) => ({
          port_id: s.port_id,
          segmentation_type: s.segmentation_type,
          segmentation_id: s.segmentation_id,
        })),
      },
      { attrs: TRUNK_ATTRS },
    );

  const subportBody = (body: unknown): Json[] => {
    const list = isObject(body) ? body['sub_ports'] : undefined;
    const msg = subportsValidator(list);
    if (msg) throw invalidInput(msg);
    return list as Json[];
  };

  app.put<{ Params: { id: string } }>('/trunks/:id/add_subports', async (request) => {
    const caller = neutronCaller(request);
    const trunk = find(request, request.params.id);
    enforceAction(request, 'add_subports', trunk);
    const requested = subportBody(request.body);
    if (!trunk.admin_state_up) throw trunkDisabled(trunk.id);
    const updated = store.transaction(() => {
      const parent = store.collection(ports).get(trunk.port_id);
      if (!parent) throw portNotFound(trunk.port_id);
      const added = validateSubports(store, caller, parent, trunk.id, requested, trunk.sub_ports);
      const t = touched(ctx, {
        ...trunk,
        sub_ports: [...trunk.sub_ports, ...added],
        status: trunkStatusFor(parent, trunk.admin_state_up),
      });
      col.put(t);
      bindSubports(ctx, t);
      return t;
    });
    return trunkView(updated);
  });

  app.put<{ Params: { id: string } }>('/trunks/:id/remove_subports', async (request) => {
    const trunk = find(request, request.params.id);
    enforceAction(request, 'remove_subports', trunk);
    const body = request.body;
    const list = isObject(body) ? body['sub_ports'] : undefined;
    if (!Array.isArray(list))
      throw invalidInput(`Invalid data format for subports: '${pyRepr(list)}' is not a list`);
    if (!trunk.admin_state_up) throw trunkDisabled(trunk.id);
    const ids: string[] = [];
    for (const item of list) {
      const portId = isObject(item) ? item['port_id'] : undefined;
      if (!isUuidLike(portId)) throw invalidInput('A valid port UUID must be specified');
      if (!trunk.sub_ports.some((s) => s.port_id === portId)) {
        throw neutronError(
          404,
          'SubPortNotFound',
          `SubPort ${portId} on trunk ${trunk.id} could not be found.`,
        );
      }
      ids.push(portId);
    }
    const updated = store.transaction(() => {
      for (const id of ids) {
        const port = store.collection(ports).get(id);
        if (port?.device_owner === 'trunk:subport') {
          store
            .collection(ports)
            .put(touched(ctx, { ...port, device_owner: '', device_id: '', status: 'DOWN' }));
        }
      }
      const t = touched(ctx, {
        ...trunk,
        sub_ports: trunk.sub_ports.filter((s) => !ids.includes(s.port_id)),
      });
      col.put(t);
      return t;
    });
    return trunkView(updated);
  });

  app.get<{ Params: { id: string } }>('/trunks/:id/get_subports', async (request) => {
    const trunk = find(request, request.params.id);
    if (!policy.check(request, 'get_subports', ownerTarget(trunk))) throw resourceNotFound();
    return { sub_ports: trunk.sub_ports };
  });

  tagRoutes(app, ctx, policy, {
    collection: 'trunks',
    resource: 'trunk',
    col,
    reachable: (request, doc) => reachable(neutronCaller(request), doc),
  });
};
