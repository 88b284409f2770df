import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule, scheduleTransition } from '../../core/lifecycle';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  atLeast,
  callerProject,
  callerUser,
  invalidSnapshot,
  invalidVolume,
  isAdmin,
  ownTarget,
  pyTuple,
  snapshotNotFound,
  strictBool,
} from './http';
import type { Json } from './http';
import {
  columns,
  exactFilters,
  listBody,
  listRoutes,
  literalEval,
  nameSortKey,
  pagination,
  queryParam,
  sortAndPage,
  withCount,
} from './listing';
import type { SortFields } from './listing';
import { snapshots } from './model';
import type { SnapshotDoc, VolumeDoc } from './model';
import { reserveQuota, withTypeDeltas } from './quotas';
import { SNAPSHOT_STATUSES, deleteAndAdminRoutes } from './adminActions';
import { authorizeOn, scopedRows } from './scope';
import { specsMatch } from './specs';
import {
  anyOfRequired,
  strictObject,
  strippedOrNull,
  types,
  validate,
  validObjectBody,
  wrapped,
} from './validation';
import { DURATIONS } from './volumeOps';
import { cinderTime, exactTime, loadSnapshot, loadVolume } from './volumes';

const KIND_SNAPSHOT_GONE = 'cinder:snapshot-gone';

registerTransitionHandler(KIND_SNAPSHOT_GONE, (ctx, work) => {
  ctx.store.collection(snapshots).delete(work.id);
});

/** Whether the caller sees the extended attributes, asked once per request. */
const extendedAttributes = (request: FastifyRequest): boolean =>
  isAllowed(request, 'volume', 'volume_extension:extended_snapshot_attributes', ownTarget(request));

/**
 * The list (summary) or detailed view. Show and detail lists add the extended attributes policy
 * allows; create and update answers do not, and a create answers with its in-memory time.
 */
const snapshotView = (
  request: FastifyRequest,
  s: SnapshotDoc,
  detail: boolean,
  extended: boolean,
  answer: 'show' | 'create' | 'update' = 'show',
): Json => {
  const view: Json = {
    id: s.id,
    created_at: answer === 'create' ? exactTime(s.created_at) : cinderTime(s.created_at),
    updated_at: cinderTime(s.updated_at),
    name: s.name,
    description: s.description,
    volume_id: s.volume_id,
    status: s.status,
    size: s.volume_size,
    metadata: { ...s.metadata },
  };
  if (!detail) return view;
  if (atLeast(request, '3.14')) view['group_snapshot_id'] = s.group_snapshot_id;
  if (atLeast(request, '3.41')) view['user_id'] = s.user_id;
  if (atLeast(request, '3.65')) view['consumes_quota'] = s.use_quota;
  if (extended && answer === 'show') {
    view['os-extended-snapshot-attributes:project_id'] = s.project_id;
    view['os-extended-snapshot-attributes:progress'] = s.progress;
  }
  return view;
};

const LIST = { key: 'snapshots', links: 'snapshots_links', path: 'snapshots' };

const SORT_FIELDS: SortFields<SnapshotDoc> = {
  ...columns<SnapshotDoc>('id', 'created_at', 'updated_at', 'status', 'volume_id', 'project_id'),
  display_name: (s) => s.name,
  volume_size: (s) => s.volume_size,
};

const SNAPSHOT_IN_USE_FLAG_MSG =
  "Since microversion 3.66 the 'force' flag is invalid for this request.  For backward compatability, however, when the 'force' flag is passed with a value evaluating to True, it is silently ignored.";

export interface NewSnapshot {
  readonly projectId: string;
  readonly userId: string;
  readonly volume: VolumeDoc;
  readonly name: string | null;
  readonly description: string | null;
  readonly metadata: Record<string, string>;
  readonly groupSnapshotId: string | null;
  readonly createdAt: string;
}

/**
 * A snapshot being taken (alone or as a member of a group snapshot): its quota reserved, then the
 * row, creating until the backend is done.
 */
export const createSnapshotRecord = (ctx: CloudContext, spec: NewSnapshot): SnapshotDoc => {
  const { volume } = spec;
  reserveQuota(
    ctx.store,
    spec.projectId,
    withTypeDeltas(ctx.store, { snapshots: 1, gigabytes: volume.size }, volume.volume_type_id),
    'snapshots',
    volume.size,
  );
  const doc: SnapshotDoc = {
    id: uuid(),
    project_id: spec.projectId,
    user_id: spec.userId,
    volume_id: volume.id,
    name: spec.name,
    description: spec.description,
    status: 'creating',
    progress: '0%',
    volume_size: volume.size,
    volume_type_id: volume.volume_type_id,
    metadata: spec.metadata,
    group_snapshot_id: spec.groupSnapshotId,
    use_quota: true,
    created_at: spec.createdAt,
    updated_at: null,
  };
  ctx.store.collection(snapshots).insert(doc);
  scheduleTransition(ctx, {
    collection: snapshots,
    id: doc.id,
    set: { status: 'available', progress: '100%' },
    when: { status: 'creating' },
    stamp: ['updated_at'],
    afterMs: DURATIONS.snapshotCreate,
  });
  return doc;
};

export const snapshotRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(snapshots);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    authorize(request, 'volume', 'volume:get_all_snapshots', ownTarget(request));
    const query = request.query as Json;
    const page = pagination(query);
    const showCount = withCount(request, query);
    nameSortKey(request, page, '3.30');
    // Here all_tenants is read leniently: a value that is no boolean is false, not a 400.
    const all =
      isAdmin(request) &&
      query['all_tenants'] !== undefined &&
      ['1', 't', 'true', 'on', 'y', 'yes'].includes(
        String(queryParam(query, 'all_tenants')).toLowerCase(),
      );
    const candidates = scopedRows(col, request, all);
    const exact = exactFilters<SnapshotDoc>(query, {
      name: (s) => s.name,
      status: (s) => s.status,
      volume_id: (s) => s.volume_id,
    });
    const rawMetadata = atLeast(request, '3.22') ? queryParam(query, 'metadata') : undefined;
    const metadata = rawMetadata === undefined ? undefined : literalEval(rawMetadata);
    const matching = candidates.filter(
      (s) =>
        exact(s) &&
        (metadata === undefined ||
          (typeof metadata === 'object' && metadata !== null && specsMatch(s.metadata, metadata))),
    );
    const items = sortAndPage(matching, page, SORT_FIELDS, snapshotNotFound);
    const extended = extendedAttributes(request);
    const views = items.map((s) => snapshotView(request, s, detail, extended));
    const count = showCount ? matching.length : undefined;
    return listBody(ctx, request, LIST, { items, views, limit: page.limit, detail, count });
  };

  listRoutes(app, '/snapshots', list);

  app.get<{ Params: { id: string } }>('/snapshots/:id', async (request) => ({
    snapshot: snapshotView(
      request,
      loadSnapshot(store, request, request.params.id),
      true,
      extendedAttributes(request),
    ),
  }));

  app.post('/snapshots', async (request, reply) => {
    const spec = validObjectBody(
      request.body,
      'snapshot',
      {
        name: types.nameAllowZeroMinLength,
        display_name: types.nameAllowZeroMinLength,
        description: types.description,
        volume_id: types.uuidAllowNull,
        force: types.boolean,
        metadata: types.metadataAllowsNull,
      },
      ['volume_id'],
    );
    const created = store.transaction(() => {
      const volume = loadVolume(store, request, String(spec['volume_id']));
      let force = false;
      let allowInUse = false;
      if (spec['force'] !== undefined && spec['force'] !== null) {
        force = strictBool(spec['force']);
        if (atLeast(request, '3.66') && !force) throw badRequest(SNAPSHOT_IN_USE_FLAG_MSG);
      }
      if (!force && atLeast(request, '3.66')) allowInUse = true;
      authorizeOn(request, 'volume:create_snapshot', volume);
      if (!volume.host) {
        throw invalidVolume(
          'The snapshot cannot be created because volume has not been scheduled to any host.',
        );
      }
      if (volume.status === 'maintenance') {
        throw invalidVolume(
          'The snapshot cannot be created when the volume is in maintenance mode.',
        );
      }
      if (volume.status === 'error') {
        throw invalidVolume('The snapshot cannot be created when the volume is in error status.');
      }
      const valid = force || allowInUse ? ['available', 'in-use'] : ['available'];
      if (!valid.includes(volume.status)) {
        throw invalidVolume(
          `Volume ${volume.id} status must be ${valid.join(', ')}, but current status is: ${volume.status}.`,
        );
      }
      return createSnapshotRecord(ctx, {
        projectId: callerProject(request),
        userId: callerUser(request),
        volume,
        name: strippedOrNull(spec['name'] ?? spec['display_name']),
        description: strippedOrNull(spec['description']),
        metadata: { ...((spec['metadata'] as Record<string, string> | null | undefined) ?? {}) },
        groupSnapshotId: null,
        createdAt: ctx.now().toISOString(),
      });
    });
    return reply
      .code(202)
      .send({ snapshot: snapshotView(request, created, true, false, 'create') });
  });

  app.put<{ Params: { id: string } }>('/snapshots/:id', async (request) => {
    validate(
      wrapped('snapshot', {
        ...strictObject({
          name: types.nameAllowZeroMinLength,
          description: types.description,
          display_name: types.nameAllowZeroMinLength,
          display_description: types.description,
        }),
        anyOf: anyOfRequired(['name', 'description', 'display_name', 'display_description']),
      }),
      request.body,
    );
    const spec = (request.body as { snapshot: Json }).snapshot;
    const snapshot = loadSnapshot(store, request, request.params.id);
    authorizeOn(request, 'volume:update_snapshot', snapshot);
    const name = 'name' in spec ? spec['name'] : spec['display_name'];
    const description = 'description' in spec ? spec['description'] : spec['display_description'];
    const updated = col.put({
      ...snapshot,
      ...(name !== undefined ? { name: strippedOrNull(name) } : {}),
      ...(description !== undefined ? { description: strippedOrNull(description) } : {}),
      updated_at: ctx.now().toISOString(),
    });
    return { snapshot: snapshotView(request, updated, true, false, 'update') };
  });

  const beginDelete = (snapshot: SnapshotDoc, force: boolean): void => {
    if (
      !force &&
      (!['available', 'error'].includes(snapshot.status) || snapshot.group_snapshot_id !== null)
    ) {
      throw invalidSnapshot(
        'Snapshot status must be available or error and must not be part of a group.',
      );
    }
    col.put({ ...snapshot, status: 'deleting', updated_at: ctx.now().toISOString() });
    schedule(ctx, { kind: KIND_SNAPSHOT_GONE, id: snapshot.id, afterMs: DURATIONS.snapshotDelete });
  };

  deleteAndAdminRoutes(app, ctx, {
    name: 'Snapshot',
    collection: col,
    notFound: snapshotNotFound,
    rules: { get: 'volume:get_snapshot', delete: 'volume:delete_snapshot' },
    statuses: SNAPSHOT_STATUSES,
    listed: pyTuple,
    beginDelete,
  });
};
