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
  collectionLinks,
  invalidVolume,
  isAdmin,
  versionNotFound,
} from './http';
import type { Json } from './http';
import { pagination, sortAndPage } from './listing';
import type { Pagination } from './listing';
import { groupSnapshots, snapshots } from './model';
import type { GroupSnapshotDoc, SnapshotDoc } from './model';
import { reserveQuota, withTypeDeltas } from './quotas';
import {
  allTenants,
  filtersOf,
  groupVolumes,
  invalidGroup,
  loadGroup,
  refuseReservedType,
  withProjectAttribute,
} from './groups';
import { actionOf } from './types';
import { types, validate, wrapped } from './validation';
import { DURATIONS } from './volumeOps';
import { cinderTime } from './volumes';

/**
 * Group snapshots (3.14): one snapshot of every volume of a group, taken together. The member
 * snapshots are ordinary snapshots carrying `group_snapshot_id`; they come and go with it.
 */

const GROUP_SNAPSHOT_VERSION = '3.14';
const KIND_GROUP_SNAPSHOT_GONE = 'cinder:group-snapshot-gone';
const GROUP_SNAPSHOT_STATUSES = [
  'error',
  'available',
  'creating',
  'deleting',
  'deleted',
  'updating',
  'error_deleting',
];

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

const loadGroupSnapshot = (store: Store, request: FastifyRequest, id: string): GroupSnapshotDoc => {
  const g = store.collection(groupSnapshots).get(id);
  if (!g || (!isAdmin(request) && g.project_id !== callerProject(request))) {
    throw groupSnapshotNotFound(id);
  }
  authorize(request, 'volume', 'group:get_group_snapshot', { project_id: g.project_id });
  return g;
};

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

const SORT_FIELDS: Readonly<Record<string, (g: GroupSnapshotDoc) => string | null>> = {
  id: (g) => g.id,
  name: (g) => g.name,
  status: (g) => g.status,
  group_id: (g) => g.group_id,
  created_at: (g) => g.created_at,
  updated_at: (g) => g.updated_at,
  project_id: (g) => g.project_id,
};

export const groupSnapshotRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(groupSnapshots);
  const since = (request: FastifyRequest, version = GROUP_SNAPSHOT_VERSION): void => {
    if (!atLeast(request, version)) throw versionNotFound();
  };

  const list = (request: FastifyRequest, detail: boolean): Json => {
    since(request);
    // Paging, sorting and filters only from 3.29; before, the newest first, all of them.
    const paged = atLeast(request, '3.29');
    const query = paged ? (request.query as Json) : {};
    const page: Pagination = pagination(query);
    const filters = filtersOf<GroupSnapshotDoc>(
      request,
      query,
      ['name', 'status', 'group_id'],
      SORT_FIELDS,
    );
    authorize(request, 'volume', 'group:get_all_group_snapshots', {
      project_id: callerProject(request),
    });
    const scope = allTenants(request, query)
      ? col.all()
      : col.where('project_id', callerProject(request));
    const matching = filters === null ? [] : scope.filter((g) => filters.every((f) => f(g)));
    const shown = sortAndPage(matching, page, SORT_FIELDS, groupSnapshotNotFound);
    const views = shown.map((g) => (detail ? detailView(request, g) : summaryView(g)));
    const body: Json = {
      group_snapshots: views
        .filter((v) => {
          try {
            refuseReservedType(store, String(v['group_type_id']), 'group snapshots');
            return true;
          } catch {
            return false;
          }
        })
        .map((v) => {
          if (detail) return v;
          const { group_type_id: _type, ...rest } = v;
          return rest;
        }),
    };
    const links = collectionLinks(ctx, request, 'group_snapshots', shown, page.limit);
    if (links) body['group_snapshot_links'] = links;
    return body;
  };

  app.get('/group_snapshots', async (request) => list(request, false));
  app.get('/group_snapshots/detail', async (request) => list(request, true));

  app.get<{ Params: { id: string } }>('/group_snapshots/:id', async (request) => {
    since(request);
    const g = loadGroupSnapshot(store, request, request.params.id);
    refuseReservedType(store, g.group_type_id, 'group snapshots');
    return { group_snapshot: detailView(request, g) };
  });

  app.post('/group_snapshots', async (request, reply) => {
    since(request);
    validate(
      wrapped('group_snapshot', {
        type: 'object',
        properties: {
          group_id: types.uuid,
          name: types.nameAllowZeroMinLength,
          description: types.description,
        },
        required: ['group_id'],
        additionalProperties: false,
      }),
      request.body,
    );
    const spec = (request.body as { group_snapshot: Json }).group_snapshot;
    const created = store.transaction(() => {
      const group = loadGroup(store, request, String(spec['group_id']));
      refuseReservedType(store, group.group_type_id, 'group snapshots');
      authorize(request, 'volume', 'group:create_group_snapshot', {
        project_id: group.project_id,
      });
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
      for (const v of members) {
        reserveQuota(
          store,
          doc.project_id,
          withTypeDeltas(store, { snapshots: 1, gigabytes: v.size }, v.volume_type_id),
          'snapshots',
          v.size,
        );
        const snapshot: SnapshotDoc = {
          id: uuid(),
          project_id: doc.project_id,
          user_id: doc.user_id,
          volume_id: v.id,
          name,
          description,
          status: 'creating',
          progress: '0%',
          volume_size: v.size,
          volume_type_id: v.volume_type_id,
          metadata: {},
          group_snapshot_id: doc.id,
          use_quota: true,
          created_at: now,
          updated_at: null,
        };
        store.collection(snapshots).insert(snapshot);
        scheduleTransition(ctx, {
          collection: snapshots,
          id: snapshot.id,
          set: { status: 'available', progress: '100%' },
          when: { status: 'creating' },
          stamp: ['updated_at'],
          afterMs: DURATIONS.snapshotCreate,
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
      authorize(request, 'volume', 'group:delete_group_snapshot', { project_id: g.project_id });
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
    actionOf(request.body, atLeast(request, '3.19') ? ['reset_status'] : []);
    validate(
      wrapped('reset_status', {
        type: 'object',
        properties: { status: { type: 'string' } },
        required: ['status'],
        additionalProperties: false,
      }),
      request.body,
    );
    const status = String((request.body as { reset_status: Json }).reset_status['status']);
    if (status.trim() === '') {
      throw new Fault(400, "Invalid GroupSnapshot Status: The 'status' can not be empty.");
    }
    if (!GROUP_SNAPSHOT_STATUSES.includes(status.toLowerCase())) {
      throw new Fault(
        400,
        `Invalid GroupSnapshot Status: Group snapshot status: ${status} is invalid, valid statuses are: (${GROUP_SNAPSHOT_STATUSES.map((s) => `'${s}'`).join(', ')}).`,
      );
    }
    store.transaction(() => {
      const g = loadGroupSnapshot(store, request, request.params.id);
      authorize(request, 'volume', 'group:reset_group_snapshot_status', {
        project_id: g.project_id,
      });
      col.update(g.id, (d) => ({
        ...d,
        status: status.toLowerCase(),
        updated_at: ctx.now().toISOString(),
      }));
    });
    return reply.code(202).send();
  });
};
