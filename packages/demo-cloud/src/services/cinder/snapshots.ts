import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule, scheduleTransition } from '../../core/lifecycle';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  atLeast,
  boolParam,
  callerProject,
  callerUser,
  collectionLinks,
  invalidSnapshot,
  invalidVolume,
  isAdmin,
  snapshotNotFound,
  strictBool,
} from './http';
import type { Json } from './http';
import { literalEval, pagination, queryParam, sortAndPage } from './listing';
import { snapshots } from './model';
import type { SnapshotDoc } from './model';
import { reserveQuota, withTypeDeltas } from './quotas';
import { actionOf } from './types';
import { types, validate, wrapped } from './validation';
import { DURATIONS } from './volumeOps';
import { cinderTime, exactTime, loadSnapshot, loadVolume } from './volumes';

const KIND_SNAPSHOT_GONE = 'cinder:snapshot-gone';

registerTransitionHandler(KIND_SNAPSHOT_GONE, (ctx, work) => {
  ctx.store.collection(snapshots).delete(work.id);
});

const ownTarget = (request: FastifyRequest): Json => ({ project_id: callerProject(request) });

/** The list/show view; detail adds the 3.x fields and the extended attributes policy allows. */
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

const SORT_FIELDS: Readonly<Record<string, (s: SnapshotDoc) => string | number | null>> = {
  id: (s) => s.id,
  created_at: (s) => s.created_at,
  updated_at: (s) => s.updated_at,
  status: (s) => s.status,
  volume_id: (s) => s.volume_id,
  display_name: (s) => s.name,
  volume_size: (s) => s.volume_size,
  project_id: (s) => s.project_id,
};

const SNAPSHOT_IN_USE_FLAG_MSG =
  "Since microversion 3.66 the 'force' flag is invalid for this request.  For backward compatability, however, when the 'force' flag is passed with a value evaluating to True, it is silently ignored.";

export const snapshotRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(snapshots);

  const list = (request: FastifyRequest, detail: boolean): Json => {
    authorize(request, 'volume', 'volume:get_all_snapshots', ownTarget(request));
    const query = request.query as Json;
    const page = pagination(query);
    const showCount =
      atLeast(request, '3.45') && query['with_count'] !== undefined
        ? boolParam(query, 'with_count')
        : false;
    if (page.sortKeys.includes('name')) {
      // 'name' became sortable in 3.30 (before that it is an unknown column).
      if (!atLeast(request, '3.30')) throw badRequest('Invalid input received: Invalid sort key');
      page.sortKeys[page.sortKeys.indexOf('name')] = 'display_name';
    }
    const admin = isAdmin(request);
    const all =
      admin &&
      query['all_tenants'] !== undefined &&
      ['1', 't', 'true', 'on', 'y', 'yes'].includes(
        String(queryParam(query, 'all_tenants')).toLowerCase(),
      );
    const candidates = all ? col.all() : col.where('project_id', callerProject(request));
    const name = queryParam(query, 'name');
    const status = queryParam(query, 'status');
    const volumeId = queryParam(query, 'volume_id');
    const rawMetadata = atLeast(request, '3.22') ? queryParam(query, 'metadata') : undefined;
    const metadata = rawMetadata === undefined ? undefined : literalEval(rawMetadata);
    const matching = candidates.filter(
      (s) =>
        (name === undefined || s.name === name) &&
        (status === undefined || s.status === status) &&
        (volumeId === undefined || s.volume_id === volumeId) &&
        (metadata === undefined ||
          (typeof metadata === 'object' &&
            metadata !== null &&
            Object.entries(metadata).every(([k, v]) => s.metadata[k] === String(v)))),
    );
    const items = sortAndPage(matching, page, SORT_FIELDS, (m) => snapshotNotFound(m));
    const extended = extendedAttributes(request);
    const body: Json = {
      snapshots: items.map((s) => snapshotView(request, s, detail, extended)),
    };
    const links = collectionLinks(
      ctx,
      request,
      detail ? 'snapshots/detail' : 'snapshots',
      items,
      page.limit,
      showCount ? matching.length : undefined,
    );
    if (links) body['snapshots_links'] = links;
    if (showCount) body['count'] = matching.length;
    return body;
  };

  app.get('/snapshots', async (request) => list(request, false));
  app.get('/snapshots/detail', async (request) => list(request, true));

  app.get<{ Params: { id: string } }>('/snapshots/:id', async (request) => ({
    snapshot: snapshotView(
      request,
      loadSnapshot(store, request, request.params.id),
      true,
      extendedAttributes(request),
    ),
  }));

  app.post('/snapshots', async (request, reply) => {
    validate(
      wrapped('snapshot', {
        type: 'object',
        properties: {
          name: types.nameAllowZeroMinLength,
          display_name: types.nameAllowZeroMinLength,
          description: types.description,
          volume_id: types.uuidAllowNull,
          force: types.boolean,
          metadata: types.metadataAllowsNull,
        },
        required: ['volume_id'],
        additionalProperties: false,
      }),
      request.body,
    );
    const spec = (request.body as { snapshot: Json }).snapshot;
    const created = store.transaction(() => {
      const volume = loadVolume(store, request, String(spec['volume_id']));
      let force = false;
      let allowInUse = false;
      if (spec['force'] !== undefined && spec['force'] !== null) {
        force = strictBool(spec['force']);
        if (atLeast(request, '3.66') && !force) throw badRequest(SNAPSHOT_IN_USE_FLAG_MSG);
      }
      if (!force && atLeast(request, '3.66')) allowInUse = true;
      authorize(request, 'volume', 'volume:create_snapshot', { project_id: volume.project_id });
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
      reserveQuota(
        store,
        callerProject(request),
        withTypeDeltas(store, { snapshots: 1, gigabytes: volume.size }, volume.volume_type_id),
        'snapshots',
        volume.size,
      );
      const name = (spec['name'] ?? spec['display_name']) as string | null | undefined;
      const doc: SnapshotDoc = {
        id: uuid(),
        project_id: callerProject(request),
        user_id: callerUser(request),
        volume_id: volume.id,
        name: typeof name === 'string' ? name.trim() : null,
        description:
          typeof spec['description'] === 'string' ? (spec['description'] as string).trim() : null,
        status: 'creating',
        progress: '0%',
        volume_size: volume.size,
        volume_type_id: volume.volume_type_id,
        metadata: { ...((spec['metadata'] as Record<string, string> | null | undefined) ?? {}) },
        group_snapshot_id: null,
        use_quota: true,
        created_at: ctx.now().toISOString(),
        updated_at: null,
      };
      col.insert(doc);
      scheduleTransition(ctx, {
        collection: snapshots,
        id: doc.id,
        set: { status: 'available', progress: '100%' },
        when: { status: 'creating' },
        stamp: ['updated_at'],
        afterMs: DURATIONS.snapshotCreate,
      });
      return doc;
    });
    return reply
      .code(202)
      .send({ snapshot: snapshotView(request, created, true, false, 'create') });
  });

  app.put<{ Params: { id: string } }>('/snapshots/:id', async (request) => {
    validate(
      wrapped('snapshot', {
        type: 'object',
        properties: {
          name: types.nameAllowZeroMinLength,
          description: types.description,
          display_name: types.nameAllowZeroMinLength,
          display_description: types.description,
        },
        additionalProperties: false,
        anyOf: [
          { required: ['name'] },
          { required: ['description'] },
          { required: ['display_name'] },
          { required: ['display_description'] },
        ],
      }),
      request.body,
    );
    const spec = (request.body as { snapshot: Json }).snapshot;
    const snapshot = loadSnapshot(store, request, request.params.id);
    authorize(request, 'volume', 'volume:update_snapshot', { project_id: snapshot.project_id });
    const strip = (v: unknown): string | null => (typeof v === 'string' ? v.trim() : null);
    const name = 'name' in spec ? spec['name'] : spec['display_name'];
    const description = 'description' in spec ? spec['description'] : spec['display_description'];
    const updated = col.put({
      ...snapshot,
      ...(name !== undefined ? { name: strip(name) } : {}),
      ...(description !== undefined ? { description: strip(description) } : {}),
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

  app.delete<{ Params: { id: string } }>('/snapshots/:id', async (request, reply) => {
    store.transaction(() => {
      const snapshot = loadSnapshot(store, request, request.params.id);
      authorize(request, 'volume', 'volume:delete_snapshot', { project_id: snapshot.project_id });
      beginDelete(snapshot, false);
    });
    return reply.code(202).send();
  });

  const SNAPSHOT_STATUSES = [
    'error',
    'available',
    'creating',
    'deleting',
    'deleted',
    'updating',
    'error_deleting',
    'unmanaging',
    'backing-up',
    'restoring',
  ];

  app.post<{ Params: { id: string } }>('/snapshots/:id/action', async (request, reply) => {
    const action = actionOf(request.body, ['os-reset_status', 'os-force_delete']);
    if (action === 'os-reset_status') {
      validate(
        wrapped('os-reset_status', {
          type: 'object',
          properties: { status: { type: 'string' } },
          required: ['status'],
          additionalProperties: false,
        }),
        request.body,
      );
      const status = (request.body as { 'os-reset_status': { status: string } })['os-reset_status']
        .status;
      if (!SNAPSHOT_STATUSES.includes(status.toLowerCase())) {
        throw badRequest(
          `Snapshot status: ${status} is invalid, valid statuses are: (${SNAPSHOT_STATUSES.map((s) => `'${s}'`).join(', ')}).`,
        );
      }
      const snapshot = col.get(request.params.id);
      if (!snapshot || (!isAdmin(request) && snapshot.project_id !== callerProject(request))) {
        throw snapshotNotFound(request.params.id);
      }
      authorize(request, 'volume', 'volume_extension:snapshot_admin_actions:reset_status', {
        project_id: snapshot.project_id,
      });
      col.put({ ...snapshot, status: status.toLowerCase(), updated_at: ctx.now().toISOString() });
      return reply.code(202).send();
    }
    store.transaction(() => {
      const snapshot = loadSnapshot(store, request, request.params.id);
      authorize(request, 'volume', 'volume_extension:snapshot_admin_actions:force_delete', {
        project_id: snapshot.project_id,
      });
      beginDelete(snapshot, true);
    });
    return reply.code(202).send();
  });
};
