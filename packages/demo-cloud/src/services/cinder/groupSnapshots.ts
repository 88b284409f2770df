import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule, scheduleTransition } from '../../core/lifecycle';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import {
  atLeast,
  callerProject,
  callerUser,
  invalidVolume,
  ownTarget,
  pyTuple,
  requireVersion,
  actionOf,
} from './http';
import type { Json } from './http';
import { columns, filtersOf, listBody, listRoutes, pagination, sortAndPage } from './listing';
import { groupSnapshots, snapshots } from './model';
import type { GroupSnapshotDoc, SnapshotDoc } from './model';
import {
  groupVolumes,
  invalidGroup,
  loadGroup,
  refuseReservedType,
  withProjectAttribute,
} from './groups';
import { isReservedGroupType } from './groupTypes';
import { GROUP_SNAPSHOT_STATUSES, resetStatus } from './adminActions';
import { allTenants, authorizeOn, loadOwned, scopedRows } from './scope';
import { createSnapshotRecord } from './snapshots';
import { types, validObjectBody } from './validation';
import { DURATIONS } from './volumeOps';
import { cinderTime } from './volumes';

/**
 * Group snapshots (3.14): one snapshot of every volume of a group, taken together. The member
 * snapshots are ordinary snapshots carrying `group_snapshot_id`; they come and go with it.
 */

const GROUP_SNAPSHOT_VERSION = '3.14';
const KIND_GROUP_SNAPSHOT_GONE = 'cinder:group-snapshot-gone';

/** The member snapshots of a group snapshot (of its project). */
const membersOf = (store: Store, g: GroupSnapshotDoc): SnapshotDoc[] =>
  store
    .collection(snapshots)
    .where('project_id', g.project_id)
    .filter((s) => s.group_snapshot_id === g.id);

registerTransitionHandler(KIND_GROUP_SNAPSHOT_GONE, (ctx, work) => {
  const { store } = ctx;
  const g = store.collection(groupSnapshots).get(work.id);
  if (!g) return;
  for (const s of membersOf(store, g)) store.collection(snapshots).delete(s.id);
  store.collection(groupSnapshots).delete(g.id);
});

const groupSnapshotNotFound = (id: string): Fault =>
  new Fault(404, `GroupSnapshot ${id} could not be found.`);

const loadGroupSnapshot = (store: Store, request: FastifyRequest, id: string): GroupSnapshotDoc =>
  loadOwned(
    store.collection(groupSnapshots),
    request,
    id,
    groupSnapshotNotFound,
    'group:get_group_snapshot',
  );

const summaryView = (g: GroupSnapshotDoc): Json => ({
  id: g.id,
  name: g.name,
  group_type_id: g.group_type_id,
});

const detailView = (request: FastifyRequest, g: GroupSnapshotDoc): Json => {
  const view: Json = {
    id: g.id,
    group_id: g.group_id,
    group_type_id: g.group_type_id,
    status: g.status,
    created_at: cinderTime(g.created_at),
    name: g.name,
    description: g.description,
  };
  return withProjectAttribute(
    request,
    'group:group_snapshot_project_attribute',
    view,
    g.project_id,
  );
};

const LIST = { key: 'group_snapshots', links: 'group_snapshot_links', path: 'group_snapshots' };

const SORT_FIELDS = columns<GroupSnapshotDoc>(
  'id',
  'name',
  'status',
  'group_id',
  'created_at',
  'updated_at',
  'project_id',
);

export const groupSnapshotRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(groupSnapshots);
  const since = (request: FastifyRequest): void => requireVersion(request, GROUP_SNAPSHOT_VERSION);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    since(request);
    // Paging, sorting and filters only from 3.29; before, the newest first, all of them.
    const paged = atLeast(request, '3.29');
    const query = paged ? (request.query as Json) : {};
    const page = pagination(query);
    const filters = filtersOf<GroupSnapshotDoc>(
      request,
      query,
      ['name', 'status', 'group_id'],
      SORT_FIELDS,
    );
    authorize(request, 'volume', 'group:get_all_group_snapshots', ownTarget(request));
    const scope = scopedRows(col, request, allTenants(request, query));
    const matching = filters === null ? [] : scope.filter((g) => filters.every((f) => f(g)));
    const items = sortAndPage(matching, page, SORT_FIELDS, groupSnapshotNotFound);
    // Those of the reserved type are left out after paging (the next link still counts them).
    const views = items
      .filter((g) => !isReservedGroupType(store, g.group_type_id))
      .map((g) => (detail ? detailView(request, g) : { id: g.id, name: g.name }));
    return listBody(ctx, request, LIST, { items, views, limit: page.limit });
  };

  listRoutes(app, '/group_snapshots', list);

  app.get<{ Params: { id: string } }>('/group_snapshots/:id', async (request) => {
    since(request);
    const g = loadGroupSnapshot(store, request, request.params.id);
    refuseReservedType(store, g.group_type_id, 'group snapshots');
    return { group_snapshot: detailView(request, g) };
  });

  app.post('/group_snapshots', async (request, reply) => {
    since(request);
    const spec = validObjectBody(
      request.body,
      'group_snapshot',
      {
        group_id: types.uuid,
        name: types.nameAllowZeroMinLength,
        description: types.description,
      },
      ['group_id'],
    );
    const created = store.transaction(() => {
      const group = loadGroup(store, request, String(spec['group_id']));
      refuseReservedType(store, group.group_type_id, 'group snapshots');
      authorizeOn(request, 'group:create_group_snapshot', group);
      const members = groupVolumes(store, group);
      // The DB insert's conditions: a volume in the group, which is not being made or changed.
      if (members.length === 0 || ['creating', 'updating'].includes(group.status)) {
        throw invalidGroup(
          "Source group cannot be empty or in 'creating' or 'updating' state. No group snapshot will be created.",
        );
      }
      for (const v of members) {
        if (v.status === 'maintenance') {
          throw invalidVolume(
            'The snapshot cannot be created when the volume is in maintenance mode.',
          );
        }
        if (!['available', 'in-use'].includes(v.status)) {
          throw invalidVolume(
            `Volume ${v.id} status must be available or in-use, but current status is: ${v.status}.`,
          );
        }
      }
      const now = ctx.now().toISOString();
      const name = (spec['name'] as string | null | undefined) ?? null;
      const description = (spec['description'] as string | null | undefined) ?? null;
      const doc: GroupSnapshotDoc = {
        id: uuid(),
        project_id: callerProject(request),
        user_id: callerUser(request),
        group_id: group.id,
        group_type_id: group.group_type_id,
        name,
        description,
        status: 'creating',
        created_at: now,
        updated_at: null,
      };
      col.insert(doc);
      for (const volume of members) {
        createSnapshotRecord(ctx, {
          projectId: doc.project_id,
          userId: doc.user_id,
          volume,
          name,
          description,
          metadata: {},
          groupSnapshotId: doc.id,
          createdAt: now,
        });
      }
      scheduleTransition(ctx, {
        collection: groupSnapshots,
        id: doc.id,
        set: { status: 'available' },
        when: { status: 'creating' },
        stamp: ['updated_at'],
        afterMs: DURATIONS.snapshotCreate,
      });
      return doc;
    });
    return reply.code(202).send({ group_snapshot: summaryView(created) });
  });

  app.delete<{ Params: { id: string } }>('/group_snapshots/:id', async (request, reply) => {
    since(request);
    store.transaction(() => {
      const g = loadGroupSnapshot(store, request, request.params.id);
      refuseReservedType(store, g.group_type_id, 'group snapshots');
      authorizeOn(request, 'group:delete_group_snapshot', g);
      if (!['available', 'error'].includes(g.status)) {
        throw new Fault(
          400,
          'Invalid GroupSnapshot: GroupSnapshot status must be available or error, and no Group can be currently using it as source for its creation.',
        );
      }
      const now = ctx.now().toISOString();
      for (const s of membersOf(store, g)) {
        store
          .collection(snapshots)
          .update(s.id, (d) => ({ ...d, status: 'deleting', updated_at: now }));
      }
      col.update(g.id, (d) => ({ ...d, status: 'deleting', updated_at: now }));
      schedule(ctx, {
        kind: KIND_GROUP_SNAPSHOT_GONE,
        id: g.id,
        afterMs: DURATIONS.snapshotDelete,
      });
    });
    return reply.code(202).send();
  });

  app.post<{ Params: { id: string } }>('/group_snapshots/:id/action', async (request, reply) => {
    since(request);
    const action = actionOf(request.body, atLeast(request, '3.19') ? ['reset_status'] : []);
    resetStatus(ctx, request, {
      action,
      valid: GROUP_SNAPSHOT_STATUSES,
      invalid: (status) =>
        new Fault(
          400,
          `Invalid GroupSnapshot Status: Group snapshot status: ${status} is invalid, valid statuses are: ${pyTuple(GROUP_SNAPSHOT_STATUSES)}.`,
        ),
      blank: new Fault(400, "Invalid GroupSnapshot Status: The 'status' can not be empty."),
      load: () => loadGroupSnapshot(store, request, request.params.id),
      rule: 'group:reset_group_snapshot_status',
      collection: col,
    });
    return reply.code(202).send();
  });
};
