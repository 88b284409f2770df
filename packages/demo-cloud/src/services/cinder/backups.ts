import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault } from '../../core/faults';
import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule } from '../../core/lifecycle';
import { authorize, isAllowed } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  atLeast,
  backupNotFound,
  callerProject,
  callerUser,
  invalidBackup,
  invalidSnapshot,
  invalidVolume,
  ownTarget,
  pyList,
  requireVersion,
  resourceLinks,
  strictBool,
} from './http';
import type { Json } from './http';
import {
  columns,
  exactFilters,
  listBody,
  listRoutes,
  nameSortKey,
  pagination,
  sortAndPage,
  withCount,
} from './listing';
import type { SortFields } from './listing';
import { CONTROLLER_HOST, DEFAULT_ZONE, backups, volumes } from './model';
import type { BackupDoc, VolumeDoc } from './model';
import { reserveQuota, withTypeDeltas } from './quotas';
import { deleteAndAdminRoutes } from './adminActions';
import { allTenants, authorizeOn, scopedRows } from './scope';
import { defaultType } from './types';
import { objectBody, strippedOrNull, types, validate, wrapped } from './validation';
import type { Schema } from './validation';
import { DURATIONS, createVolumeRecord } from './volumeOps';
import { cinderTime, loadBackup, loadSnapshot, loadVolume } from './volumes';

const KIND_BACKUP_DONE = 'cinder:backup-done';
const KIND_BACKUP_GONE = 'cinder:backup-gone';
const KIND_RESTORE_DONE = 'cinder:restore-done';

/** The swift backup driver's default container and chunk size (devstack backs up to Swift). */
const DEFAULT_CONTAINER = 'volumebackups';
const CHUNK_MB = 50;

const objectCount = (sizeGb: number): number => Math.ceil((sizeGb * 1024) / CHUNK_MB) + 1;

/** The backup ends available and its volume goes back to the status it had. */
registerTransitionHandler(KIND_BACKUP_DONE, (ctx, work) => {
  const now = ctx.now().toISOString();
  const backup = ctx.store
    .collection(backups)
    .update(work.id, (b) =>
      b.status === 'creating' ? { ...b, status: 'available', updated_at: now } : b,
    );
  if (!backup) return;
  ctx.store
    .collection(volumes)
    .update(backup.volume_id, (v) =>
      v.status === 'backing-up'
        ? { ...v, status: v.previous_status ?? 'available', previous_status: null, updated_at: now }
        : v,
    );
});

registerTransitionHandler(KIND_BACKUP_GONE, (ctx, work) => {
  ctx.store.collection(backups).delete(work.id);
});

registerTransitionHandler(KIND_RESTORE_DONE, (ctx, work) => {
  const now = ctx.now().toISOString();
  const volumeId = work.payload['volume_id'] as string;
  ctx.store
    .collection(backups)
    .update(work.id, (b) =>
      b.status === 'restoring'
        ? { ...b, status: 'available', restore_volume_id: null, updated_at: now }
        : b,
    );
  ctx.store
    .collection(volumes)
    .update(volumeId, (v) =>
      v.status === 'restoring-backup' ? { ...v, status: 'available', updated_at: now } : v,
    );
});

const summaryView = (ctx: CloudContext, request: FastifyRequest, b: BackupDoc): Json => ({
  id: b.id,
  name: b.name,
  links: resourceLinks(ctx, request, 'backups', b.id),
});

/** Whether the caller sees a backup's project and user (asked once per request). */
const projectAttributes = (request: FastifyRequest): boolean =>
  isAllowed(request, 'volume', 'backup:backup_project_attribute', ownTarget(request));

const detailView = (
  ctx: CloudContext,
  request: FastifyRequest,
  b: BackupDoc,
  dependents: ReadonlySet<string>,
  attrs = projectAttributes(request),
): Json => {
  const view: Json = {
    id: b.id,
    status: b.status,
    size: b.size,
    object_count: b.object_count,
    availability_zone: b.availability_zone,
    container: b.container,
    created_at: cinderTime(b.created_at),
    updated_at: cinderTime(b.updated_at),
    name: b.name,
    description: b.description,
    fail_reason: b.fail_reason,
    volume_id: b.volume_id,
    links: resourceLinks(ctx, request, 'backups', b.id),
    is_incremental: b.is_incremental,
    has_dependent_backups: dependents.has(b.id),
    snapshot_id: b.snapshot_id,
    data_timestamp: cinderTime(b.data_timestamp),
  };
  if (atLeast(request, '3.43')) view['metadata'] = { ...b.metadata };
  if (attrs && atLeast(request, '3.18')) view['os-backup-project-attr:project_id'] = b.project_id;
  if (attrs && atLeast(request, '3.56')) view['user_id'] = b.user_id;
  return view;
};

const LIST = { key: 'backups', links: 'backups_links', path: 'backups' };

const SORT_FIELDS: SortFields<BackupDoc> = {
  ...columns<BackupDoc>('id', 'created_at', 'updated_at', 'status', 'size', 'volume_id'),
  display_name: (b) => b.name,
  project_id: (b) => b.project_id,
};

const createSchema = (request: FastifyRequest): Schema => {
  const props: Record<string, Schema> = {
    volume_id: types.uuid,
    container: types.container,
    description: types.description,
    incremental: types.boolean,
    force: types.boolean,
    name: types.nameAllowZeroMinLength,
    snapshot_id: types.uuidAllowNull,
  };
  if (atLeast(request, '3.43')) props['metadata'] = types.metadataAllowsNull;
  if (atLeast(request, '3.51')) props['availability_zone'] = types.nullableString;
  return objectBody('backup', props, ['volume_id']);
};

export const backupRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(backups);

  const dependentsOf = (items: readonly BackupDoc[]): Set<string> =>
    new Set(items.map((b) => b.parent_id).filter((p): p is string => p !== null));

  const list = (request: FastifyRequest, detail: boolean): Json => {
    authorize(request, 'volume', 'backup:get_all', ownTarget(request));
    const query = request.query as Json;
    const page = pagination(query);
    const showCount = withCount(request, query);
    nameSortKey(request, page, '3.37');
    const candidates = scopedRows(col, request, allTenants(request, query));
    const matching = candidates.filter(
      exactFilters<BackupDoc>(query, {
        name: (b) => b.name,
        status: (b) => b.status,
        volume_id: (b) => b.volume_id,
      }),
    );
    const items = sortAndPage(matching, page, SORT_FIELDS, backupNotFound);
    const dependents = dependentsOf(candidates);
    const attrs = projectAttributes(request);
    const views = items.map((b) =>
      detail ? detailView(ctx, request, b, dependents, attrs) : summaryView(ctx, request, b),
    );
    const count = showCount ? matching.length : undefined;
    return listBody(ctx, request, LIST, { items, views, limit: page.limit, detail, count });
  };

  listRoutes(app, '/backups', list);

  app.get<{ Params: { id: string } }>('/backups/:id', async (request) => {
    const backup = loadBackup(store, request, request.params.id);
    return {
      backup: detailView(
        ctx,
        request,
        backup,
        dependentsOf(col.where('volume_id', backup.volume_id)),
      ),
    };
  });

  app.post('/backups', async (request, reply) => {
    validate(createSchema(request), request.body);
    const spec = (request.body as { backup: Json }).backup;
    const incremental = strictBool(spec['incremental'] ?? false);
    const force = strictBool(spec['force'] ?? false);
    const created = store.transaction(() => {
      const volume = loadVolume(store, request, String(spec['volume_id']));
      authorizeOn(request, 'backup:create', volume);
      const snapshotId = spec['snapshot_id'] as string | null | undefined;
      if (snapshotId) {
        const snapshot = loadSnapshot(store, request, snapshotId);
        if (snapshot.volume_id !== volume.id) {
          throw invalidVolume(
            `Volume ${volume.id} does not match with snapshot.volume_id ${snapshot.volume_id}.`,
          );
        }
        if (snapshot.status !== 'available') {
          throw invalidSnapshot(
            `Snapshot to be backed up must be available, but the current status is "${snapshot.status}".`,
          );
        }
      } else if (!['available', 'in-use'].includes(volume.status)) {
        throw invalidVolume(
          `Volume to be backed up must be available or in-use, but the current status is "${volume.status}".`,
        );
      } else if (volume.status === 'in-use' && !force) {
        throw invalidVolume('Backing up an in-use volume must use the force flag.');
      }
      reserveQuota(
        store,
        callerProject(request),
        { backups: 1, backup_gigabytes: volume.size },
        'backups',
        volume.size,
      );
      let parent: BackupDoc | undefined;
      if (incremental) {
        parent = col
          .where('volume_id', volume.id)
          .filter((b) => b.project_id === callerProject(request))
          .sort((a, b) => (a.data_timestamp < b.data_timestamp ? 1 : -1))[0];
        if (!parent) throw invalidBackup('No backups available to do an incremental backup.');
        if (parent.status !== 'available') {
          throw invalidBackup('The parent backup must be available for incremental backup.');
        }
      }
      const now = ctx.now().toISOString();
      const zone = atLeast(request, '3.51')
        ? ((spec['availability_zone'] as string | null | undefined) ?? DEFAULT_ZONE)
        : DEFAULT_ZONE;
      const doc: BackupDoc = {
        id: uuid(),
        project_id: callerProject(request),
        user_id: callerUser(request),
        volume_id: volume.id,
        snapshot_id: snapshotId ?? null,
        name: strippedOrNull(spec['name']),
        description: strippedOrNull(spec['description']),
        status: 'creating',
        size: volume.size,
        object_count: objectCount(volume.size),
        availability_zone: zone,
        container: (spec['container'] as string | null | undefined) ?? DEFAULT_CONTAINER,
        fail_reason: null,
        is_incremental: incremental,
        parent_id: parent?.id ?? null,
        data_timestamp: now,
        metadata: atLeast(request, '3.43')
          ? { ...((spec['metadata'] as Record<string, string> | null | undefined) ?? {}) }
          : {},
        host: CONTROLLER_HOST,
        restore_volume_id: null,
        created_at: now,
        updated_at: null,
      };
      col.insert(doc);
      if (!snapshotId) {
        store.collection(volumes).update(volume.id, (v) => ({
          ...v,
          status: 'backing-up',
          previous_status: v.status,
          updated_at: now,
        }));
      }
      schedule(ctx, { kind: KIND_BACKUP_DONE, id: doc.id, afterMs: DURATIONS.backupCreate });
      return doc;
    });
    return reply.code(202).send({ backup: summaryView(ctx, request, created) });
  });

  app.put<{ Params: { id: string } }>('/backups/:id', async (request) => {
    requireVersion(request, '3.9');
    const props: Record<string, Schema> = {
      name: types.nameAllowZeroMinLength,
      description: types.description,
    };
    if (atLeast(request, '3.43')) props['metadata'] = types.extraSpecs;
    validate(
      wrapped('backup', {
        type: ['object', 'null'],
        properties: props,
        additionalProperties: false,
      }),
      request.body,
    );
    const spec = ((request.body as { backup: Json | null }).backup ?? {}) as Json;
    const backup = loadBackup(store, request, request.params.id);
    authorizeOn(request, 'backup:update', backup);
    const updated = col.put({
      ...backup,
      ...('name' in spec ? { name: strippedOrNull(spec['name']) } : {}),
      ...('description' in spec ? { description: strippedOrNull(spec['description']) } : {}),
      ...('metadata' in spec
        ? { metadata: { ...(spec['metadata'] as Record<string, string>) } }
        : {}),
      updated_at: ctx.now().toISOString(),
    });
    return { backup: summaryView(ctx, request, updated) };
  });

  const beginDelete = (backup: BackupDoc, force: boolean): void => {
    if (!force && !['available', 'error'].includes(backup.status)) {
      throw invalidBackup('Backup status must be available or error');
    }
    if (col.where('volume_id', backup.volume_id).some((b) => b.parent_id === backup.id)) {
      throw invalidBackup('Incremental backups exist for this backup.');
    }
    col.put({ ...backup, status: 'deleting', updated_at: ctx.now().toISOString() });
    schedule(ctx, { kind: KIND_BACKUP_GONE, id: backup.id, afterMs: DURATIONS.backupDelete });
  };

  app.post<{ Params: { id: string } }>('/backups/:id/restore', async (request, reply) => {
    validate(
      wrapped('restore', {
        type: ['object', 'null'],
        properties: {
          name: types.nameAllowZeroMinLength,
          volume_id: types.uuidAllowNull,
        },
        additionalProperties: false,
      }),
      request.body,
    );
    const spec = ((request.body as { restore: Json | null }).restore ?? {}) as Json;
    const result = store.transaction(() => {
      const backup = loadBackup(store, request, request.params.id);
      authorizeOn(request, 'backup:restore', backup);
      if (backup.status !== 'available') throw invalidBackup('Backup status must be available');
      const volumeId = spec['volume_id'] as string | null | undefined;
      let volume: VolumeDoc;
      if (!volumeId) {
        const original = store.collection(volumes).get(backup.volume_id);
        const name = (spec['name'] as string | null | undefined) ?? `restore_backup_${backup.id}`;
        authorize(request, 'volume', 'volume:create', ownTarget(request));
        const typeId = original?.volume_type_id ?? null;
        try {
          reserveQuota(
            store,
            callerProject(request),
            withTypeDeltas(store, { volumes: 1, gigabytes: backup.size }, typeId),
            'volumes',
            backup.size,
          );
        } catch (error) {
          // The restore API answers quota errors itself: the message without the class name.
          if (error instanceof Fault && error.status === 413) {
            throw new Fault(413, error.message.replace(/^\w+: /, ''), error.headers);
          }
          throw error;
        }
        volume = createVolumeRecord(ctx, {
          projectId: callerProject(request),
          userId: callerUser(request),
          size: backup.size,
          name,
          description: 'auto-created_from_restore_from_backup',
          volumeTypeId: typeId ?? defaultType(store).id,
          multiattach: false,
          status: 'available',
        });
      } else {
        volume = loadVolume(store, request, volumeId);
      }
      if (volume.status !== 'available') {
        throw invalidVolume('Volume to be restored to must be available');
      }
      if (backup.size > volume.size) {
        throw invalidVolume(
          `volume size ${volume.size} is too small to restore backup of size ${backup.size}.`,
        );
      }
      const now = ctx.now().toISOString();
      col.put({ ...backup, status: 'restoring', restore_volume_id: volume.id, updated_at: now });
      store.collection(volumes).update(volume.id, (v) => ({
        ...v,
        status: 'restoring-backup',
        updated_at: now,
      }));
      schedule(ctx, {
        kind: KIND_RESTORE_DONE,
        id: backup.id,
        afterMs: DURATIONS.restore,
        payload: { volume_id: volume.id },
      });
      return { backup_id: backup.id, volume_id: volume.id, volume_name: volume.name };
    });
    return reply.code(202).send({ restore: result });
  });

  deleteAndAdminRoutes(app, ctx, {
    name: 'Backup',
    collection: col,
    notFound: backupNotFound,
    rules: { get: 'backup:get', delete: 'backup:delete' },
    // The statuses an admin may reset a backup to.
    statuses: ['available', 'error'],
    listed: pyList,
    beginDelete,
  });
};
