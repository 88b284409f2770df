import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule, scheduleTransition } from '../../core/lifecycle';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  atLeast,
  boolParam,
  callerProject,
  callerUser,
  invalidInput,
  invalidVolume,
  ownTarget,
  pyList,
  pyTuple,
  requireVersion,
  volumeTypeNotFound,
  volumeTypeNotFoundByName,
  strictBool,
  actionOf,
} from './http';
import type { Json } from './http';
import { columns, filtersOf, listBody, listRoutes, pagination, sortAndPage } from './listing';
import { DEFAULT_ZONE, VOLUME_POOL, groupSnapshots, groups, volumeTypes, volumes } from './model';
import type { GroupDoc, VolumeDoc } from './model';
import { reserveQuota } from './quotas';
import { groupTypeByNameOrId, isReservedGroupType } from './groupTypes';
import { GROUP_STATUSES, resetStatus } from './adminActions';
import { allTenants, authorizeOn, isVisible, loadOwned, scopedRows } from './scope';
import {
  anyOfRequired,
  isUuidLike,
  objectBody,
  strippedOrNull,
  types,
  validate,
  validObjectBody,
  wrapped,
} from './validation';
import type { Schema } from './validation';
import { destroyVolume, DURATIONS, hasSnapshots, scheduleVolumeDeletion } from './volumeOps';
import { cinderTime } from './volumes';

/**
 * Generic volume groups (3.13): volumes of the group's volume types managed together, snapshotted
 * together (groupSnapshots.ts) and deleted together (`delete-volumes`). A group is created
 * `creating` and becomes `available`; adding or removing volumes passes through `updating`.
 */

export const GROUP_VERSION = '3.13';
const KIND_GROUP_GONE = 'cinder:group-gone';
const GROUP_MS = 1000;
/** cinder.group.api's VALID_ADD_VOL_TO_GROUP_STATUS and VALID_REMOVE_VOL_FROM_GROUP_STATUS. */
const ADD_STATUSES = ['available', 'in-use'];
const REMOVE_STATUSES = ['available', 'in-use', 'error', 'error_deleting'];

registerTransitionHandler(KIND_GROUP_GONE, (ctx, work) => {
  const { store } = ctx;
  const group = store.collection(groups).get(work.id);
  if (!group) return;
  for (const v of store.collection(volumes).where('project_id', group.project_id)) {
    if (v.group_id === group.id) destroyVolume(store, v.id);
  }
  store.collection(groups).delete(group.id);
});

export const groupNotFound = (id: string): Fault =>
  new Fault(404, `Group ${id} could not be found.`);
export const invalidGroup = (reason: string): Fault => new Fault(400, `Invalid Group: ${reason}`);

/** 400 for the type cinder keeps for migrated consistency groups. */
export const refuseReservedType = (store: Store, typeId: string, what: string): void => {
  if (isReservedGroupType(store, typeId)) {
    throw badRequest(
      `Group_type ${typeId} is reserved for migrating CGs to groups. Migrated ${what} can only be operated by CG${what === 'group' ? '' : ' snapshot'} APIs.`,
    );
  }
};

/** group_api.get: the group of the caller's project (any, for an admin), then the get policy. */
export const loadGroup = (store: Store, request: FastifyRequest, id: string): GroupDoc =>
  loadOwned(store.collection(groups), request, id, groupNotFound, 'group:get');

/** The volumes of a group (they are always of the group's project). */
export const groupVolumes = (store: Store, group: GroupDoc): VolumeDoc[] =>
  store
    .collection(volumes)
    .where('project_id', group.project_id)
    .filter((v) => v.group_id === group.id);

/**
 * volume_api.create's checks of a volume asked for in a group: its type given and one of the
 * group's, the group available.
 */
export const checkVolumeInGroup = (group: GroupDoc, typeGiven: boolean, typeId: string): void => {
  if (!typeGiven) {
    throw invalidInput('volume_type must be provided when creating a volume in a group.');
  }
  if (!group.volume_type_ids.includes(typeId)) {
    throw invalidInput(
      `Invalid volume_type provided: ${typeId} (requested type must be supported by this group).`,
    );
  }
  if (group.status !== 'available') {
    throw invalidGroup("Originating group status must be one of 'available' values");
  }
};

const groupSummary = (g: GroupDoc): Json => ({ id: g.id, name: g.name });

const groupDetail = (store: Store, request: FastifyRequest, g: GroupDoc): Json => {
  const view: Json = {
    id: g.id,
    status: g.status,
    availability_zone: g.availability_zone,
    created_at: cinderTime(g.created_at),
    name: g.name,
    description: g.description,
    group_type: g.group_type_id,
    volume_types: [...g.volume_type_ids],
  };
  if (atLeast(request, '3.14')) {
    view['group_snapshot_id'] = g.group_snapshot_id;
    view['source_group_id'] = g.source_group_id;
  }
  if (atLeast(request, '3.25') && boolParam(request.query as Json, 'list_volume')) {
    view['volumes'] = groupVolumes(store, g).map((v) => v.id);
  }
  if (atLeast(request, '3.38')) view['replication_status'] = g.replication_status;
  return withProjectAttribute(request, 'group:group_project_attribute', view, g.project_id);
};

/** From 3.58, the owning project, for those its policy lets see it (admins). */
export const withProjectAttribute = (
  request: FastifyRequest,
  rule: string,
  view: Json,
  projectId: string,
): Json => {
  if (atLeast(request, '3.58') && isAllowed(request, 'volume', rule, ownTarget(request))) {
    view['project_id'] = projectId;
  }
  return view;
};

/** The group settles back to available (after creating or updating its volumes). */
const settles = (ctx: CloudContext, id: string, from: string): void => {
  scheduleTransition(ctx, {
    collection: groups,
    id,
    set: { status: 'available' },
    when: { status: from },
    stamp: ['updated_at'],
    afterMs: GROUP_MS,
  });
};

const LIST = { key: 'groups', links: 'group_links', path: 'groups' };

const SORT_FIELDS = columns<GroupDoc>(
  'id',
  'name',
  'status',
  'created_at',
  'updated_at',
  'availability_zone',
  'group_type_id',
  'project_id',
);

const CREATE_SCHEMA: Schema = objectBody(
  'group',
  {
    description: types.description,
    group_type: { type: 'string', minLength: 1, maxLength: 255 },
    name: types.nameAllowZeroMinLength,
    volume_types: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', maxLength: 255 },
      uniqueItems: true,
    },
    availability_zone: types.availabilityZone,
  },
  ['group_type', 'volume_types'],
);

const UPDATE_SCHEMA: Schema = wrapped('group', {
  type: 'object',
  properties: {
    description: types.description,
    name: types.nameAllowZeroMinLength,
    add_volumes: types.description,
    remove_volumes: types.description,
  },
  anyOf: anyOfRequired(['name', 'description', 'add_volumes', 'remove_volumes']),
  additionalProperties: false,
});

/** volume_types_get_by_name_or_id, elevated: any type, private ones too. */
const volumeTypeIds = (store: Store, refs: readonly string[]): string[] =>
  refs.map((ref) => {
    const col = store.collection(volumeTypes);
    if (isUuidLike(ref)) {
      const type = col.get(ref);
      if (!type) throw volumeTypeNotFound(ref);
      return type.id;
    }
    const type = col.findOne('name', ref);
    if (!type) throw volumeTypeNotFoundByName(ref);
    return type.id;
  });

/** group_api.update's checks of the volumes to add (ids of the caller's volumes, not in a group). */
const volumesToAdd = (
  store: Store,
  request: FastifyRequest,
  group: GroupDoc,
  members: readonly VolumeDoc[],
  ids: readonly string[],
): VolumeDoc[] => {
  const memberIds = new Set(members.map((v) => v.id));
  const result: VolumeDoc[] = [];
  for (const id of ids) {
    if (memberIds.has(id)) continue;
    const v = store.collection(volumes).get(id);
    const prefix = `Cannot add volume ${id} to group ${group.id}`;
    if (!v || !isVisible(request, v)) {
      throw invalidVolume(`${prefix} because volume cannot be found.`);
    }
    if (v.group_id) {
      throw invalidVolume(`${prefix} because it is already in group ${v.group_id}.`);
    }
    if (v.project_id !== group.project_id) {
      throw invalidVolume(`${prefix} as they belong to different projects.`);
    }
    if (!group.volume_type_ids.includes(v.volume_type_id)) {
      throw invalidVolume(
        `${prefix} because volume type ${v.volume_type_id} is not supported by the group.`,
      );
    }
    if (!ADD_STATUSES.includes(v.status)) {
      throw invalidVolume(
        `${prefix} because volume is in an invalid state: ${v.status}. Valid states are: ${pyTuple(ADD_STATUSES)}.`,
      );
    }
    result.push(v);
  }
  return result;
};

const volumesToRemove = (
  group: GroupDoc,
  members: readonly VolumeDoc[],
  ids: readonly string[],
): VolumeDoc[] => {
  const result: VolumeDoc[] = [];
  for (const v of members) {
    if (!ids.includes(v.id)) continue;
    if (!REMOVE_STATUSES.includes(v.status)) {
      throw invalidVolume(
        `Cannot remove volume ${v.id} from group ${group.id} because volume is in an invalid state: ${v.status}. Valid states are: ${pyTuple(REMOVE_STATUSES)}.`,
      );
    }
    result.push(v);
  }
  for (const id of ids) {
    if (!result.some((v) => v.id === id)) {
      throw invalidVolume(
        `Cannot remove volume ${id} from group ${group.id} because it is not in the group.`,
      );
    }
  }
  return result;
};

const idList = (value: unknown): string[] =>
  typeof value === 'string' && value !== '' ? value.replace(/^,+|,+$/g, '').split(',') : [];

/** group_api.delete: available or error (unless deleting its volumes), no snapshots anywhere. */
const deleteGroup = (
  ctx: CloudContext,
  request: FastifyRequest,
  group: GroupDoc,
  deleteVolumes: boolean,
): void => {
  const { store } = ctx;
  authorizeOn(request, 'group:delete', group);
  if (!deleteVolumes && !['available', 'error'].includes(group.status)) {
    throw invalidGroup(
      `Group status must be available or error, but current status is: ${group.status}`,
    );
  }
  if (store.collection(groupSnapshots).count('group_id', group.id) > 0) {
    throw invalidGroup('Group has existing snapshots.');
  }
  const members = groupVolumes(store, group);
  if (members.length > 0 && !deleteVolumes) {
    throw invalidGroup(
      `Group ${group.id} still contains volumes. The delete-volumes flag is required to delete it.`,
    );
  }
  for (const v of members) {
    if (v.attach_status === 'attached') {
      throw invalidGroup(`Volume in group ${group.id} is attached. Need to detach first.`);
    }
    if (hasSnapshots(store, v.id)) {
      throw invalidGroup('Volume in group still has dependent snapshots.');
    }
  }
  const now = ctx.now().toISOString();
  for (const v of members) scheduleVolumeDeletion(ctx, v);
  store.collection(groups).update(group.id, (g) => ({ ...g, status: 'deleting', updated_at: now }));
  schedule(ctx, {
    kind: KIND_GROUP_GONE,
    id: group.id,
    afterMs: DURATIONS.volumeDelete + GROUP_MS,
  });
};

export const groupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(groups);
  const since = (request: FastifyRequest): void => requireVersion(request, GROUP_VERSION);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    since(request);
    const query = { ...(request.query as Json) };
    delete query['list_volume'];
    const page = pagination(query);
    authorize(request, 'volume', 'group:get_all', ownTarget(request));
    const filters = filtersOf<GroupDoc>(request, query, ['name'], SORT_FIELDS);
    const scope = scopedRows(col, request, allTenants(request, query));
    const matching = filters === null ? [] : scope.filter((g) => filters.every((f) => f(g)));
    const items = sortAndPage(matching, page, SORT_FIELDS, groupNotFound).filter(
      (g) => !isReservedGroupType(store, g.group_type_id),
    );
    const views = items.map((g) => (detail ? groupDetail(store, request, g) : groupSummary(g)));
    return listBody(ctx, request, LIST, { items, views, limit: page.limit });
  };

  listRoutes(app, '/groups', list);

  app.get<{ Params: { id: string } }>('/groups/:id', async (request) => {
    since(request);
    const group = loadGroup(store, request, request.params.id);
    refuseReservedType(store, group.group_type_id, 'group');
    return { group: groupDetail(store, request, group) };
  });

  app.post('/groups', async (request, reply) => {
    since(request);
    validate(CREATE_SCHEMA, request.body);
    const spec = (request.body as { group: Json }).group;
    const groupType = groupTypeByNameOrId(store, request, String(spec['group_type']));
    refuseReservedType(store, groupType.id, 'group');
    authorize(request, 'volume', 'group:create', ownTarget(request));
    const typeIds = volumeTypeIds(store, spec['volume_types'] as string[]);
    const zone = spec['availability_zone'] as string | null | undefined;
    if (zone && zone !== DEFAULT_ZONE) {
      throw invalidInput(`Availability zone '${zone}' is invalid.`);
    }
    const created = store.transaction(() => {
      reserveQuota(store, callerProject(request), { groups: 1 }, 'groups', 0);
      const doc: GroupDoc = {
        id: uuid(),
        project_id: callerProject(request),
        user_id: callerUser(request),
        name: strippedOrNull(spec['name']),
        description: strippedOrNull(spec['description']),
        status: 'creating',
        availability_zone: zone ?? DEFAULT_ZONE,
        group_type_id: groupType.id,
        volume_type_ids: typeIds,
        group_snapshot_id: null,
        source_group_id: null,
        replication_status: 'disabled',
        host: VOLUME_POOL,
        created_at: ctx.now().toISOString(),
        updated_at: null,
      };
      col.insert(doc);
      settles(ctx, doc.id, 'creating');
      return doc;
    });
    return reply.code(202).send({ group: groupSummary(created) });
  });

  app.put<{ Params: { id: string } }>('/groups/:id', async (request, reply) => {
    since(request);
    validate(UPDATE_SCHEMA, request.body);
    const spec = (request.body as { group: Json }).group;
    store.transaction(() => {
      const group = loadGroup(store, request, request.params.id);
      refuseReservedType(store, group.group_type_id, 'group');
      authorizeOn(request, 'group:update', group);
      let name = strippedOrNull(spec['name']);
      let description = strippedOrNull(spec['description']);
      if (name === group.name) name = null;
      if (description === group.description) description = null;
      const adding = idList(spec['add_volumes']);
      const removing = idList(spec['remove_volumes']);
      const both = adding.filter((id) => removing.includes(id));
      if (both.length > 0) {
        throw invalidVolume(`UUIDs ${pyList(both)} are in both add and remove volume list.`);
      }
      const members = groupVolumes(store, group);
      const added = adding.length > 0 ? volumesToAdd(store, request, group, members, adding) : [];
      const removed = removing.length > 0 ? volumesToRemove(group, members, removing) : [];
      if (name === null && description === null && added.length === 0 && removed.length === 0) {
        throw invalidGroup(
          `Cannot update group ${group.id} because no valid name, description, add_volumes, or remove_volumes were provided.`,
        );
      }
      const changesVolumes = added.length > 0 || removed.length > 0;
      if (changesVolumes && group.status !== 'available') {
        throw invalidGroup('Group status must be available.');
      }
      const now = ctx.now().toISOString();
      col.put({
        ...group,
        ...(name !== null ? { name } : {}),
        ...(description !== null ? { description } : {}),
        status: changesVolumes ? 'updating' : 'available',
        updated_at: now,
      });
      for (const v of added) {
        store
          .collection(volumes)
          .update(v.id, (d) => ({ ...d, group_id: group.id, updated_at: now }));
      }
      for (const v of removed) {
        store.collection(volumes).update(v.id, (d) => ({ ...d, group_id: null, updated_at: now }));
      }
      if (changesVolumes) settles(ctx, group.id, 'updating');
    });
    return reply.code(202).send();
  });

  app.post<{ Params: { id: string } }>('/groups/:id/action', async (request, reply) => {
    since(request);
    const known = atLeast(request, '3.20') ? ['delete', 'reset_status'] : ['delete'];
    const action = actionOf(request.body, known);
    if (action === 'delete') {
      const spec = validObjectBody(request.body, 'delete', { 'delete-volumes': types.boolean });
      const deleteVolumes =
        spec['delete-volumes'] === undefined ? false : strictBool(spec['delete-volumes']);
      store.transaction(() => {
        const group = loadGroup(store, request, request.params.id);
        refuseReservedType(store, group.group_type_id, 'group');
        deleteGroup(ctx, request, group, deleteVolumes);
      });
      return reply.code(202).send();
    }
    resetStatus(ctx, request, {
      action,
      // The message lists in-use, which a reset may not set.
      valid: GROUP_STATUSES.filter((s) => s !== 'in-use'),
      invalid: (status) =>
        new Fault(
          400,
          `Invalid Group Status: Group status: ${status} is invalid, valid status are: ${pyTuple(GROUP_STATUSES)}.`,
        ),
      blank: new Fault(400, "Invalid Group Status: The 'status' can not be empty."),
      load: () => loadGroup(store, request, request.params.id),
      rule: 'group:reset_status',
      collection: col,
    });
    return reply.code(202).send();
  });
};
