import { Type, type Static } from 'typebox';
import { ListOf, NoContent, Nullable, type List } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';

const Id = Type.String({ minLength: 1, maxLength: 255 });
const Name = Type.String({ maxLength: 255 });

/** A volume backup as the BFF answers it (Cinder's fields; the owner as project_id). */
export const VolumeBackup = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  volume_id: Type.String(),
  snapshot_id: Nullable(Type.String()),
  status: Type.String(),
  /** GiB. */
  size: Type.Integer(),
  object_count: Type.Integer(),
  availability_zone: Nullable(Type.String()),
  container: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Nullable(Type.String()),
  data_timestamp: Nullable(Type.String()),
  is_incremental: Type.Boolean(),
  has_dependent_backups: Type.Boolean(),
  fail_reason: Nullable(Type.String()),
  project_id: Type.Optional(Type.String()),
});
export type VolumeBackup = Static<typeof VolumeBackup>;
export const VolumeBackupList = ListOf(VolumeBackup);
export type VolumeBackupList = List<VolumeBackup>;

export const VolumeBackupListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 64 })),
  volume_id: Type.Optional(Type.String({ maxLength: 255 })),
  all_projects: Type.Optional(Type.Boolean()),
});
export type VolumeBackupListQuery = Static<typeof VolumeBackupListQuery>;

/** Create Backup: the container (Swift's, when the backup driver uses it), incremental, force. */
export const VolumeBackupCreateBody = Type.Object(
  {
    volume_id: Id,
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    container: Type.Optional(Type.String({ maxLength: 255 })),
    incremental: Type.Optional(Type.Boolean()),
    /** Back up an in-use volume. */
    force: Type.Optional(Type.Boolean()),
    snapshot_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type VolumeBackupCreateBody = Static<typeof VolumeBackupCreateBody>;

/** Restore: into an existing volume (`volume_id`), or a new one (optionally named). */
export const VolumeBackupRestoreBody = Type.Object(
  { volume_id: Type.Optional(Id), name: Type.Optional(Name) },
  { additionalProperties: false },
);
export type VolumeBackupRestoreBody = Static<typeof VolumeBackupRestoreBody>;

export const VolumeBackupRestored = Type.Object({
  backup_id: Type.String(),
  volume_id: Type.String(),
  volume_name: Nullable(Type.String()),
});
export type VolumeBackupRestored = Static<typeof VolumeBackupRestored>;

/** The statuses an admin may force on a backup (Cinder's os-reset_status takes only these). */
const BACKUP_RESET_STATUSES = ['available', 'error'] as const;
export const VolumeBackupResetStatusBody = Type.Object(
  {
    status: Type.Unsafe<(typeof BACKUP_RESET_STATUSES)[number]>(
      Type.Union(BACKUP_RESET_STATUSES.map((s) => Type.Literal(s))),
    ),
  },
  { additionalProperties: false },
);
export type VolumeBackupResetStatusBody = Static<typeof VolumeBackupResetStatusBody>;

/** /api/cinder/backups/ (issue 11 "Backups"). */
export const cinderBackupRoutes = routes('cinder.backups', {
  list: route({
    method: 'GET',
    path: '/api/cinder/backups/',
    query: VolumeBackupListQuery,
    response: { 200: VolumeBackupList },
  }),
  get: route({
    method: 'GET',
    path: '/api/cinder/backups/:id/',
    params: IdParams,
    response: { 200: VolumeBackup },
  }),
  create: route({
    method: 'POST',
    path: '/api/cinder/backups/',
    body: VolumeBackupCreateBody,
    response: { 201: VolumeBackup },
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/cinder/backups/:id/',
    params: IdParams,
    response: { 204: NoContent },
  }),
  restore: route({
    method: 'POST',
    path: '/api/cinder/backups/:id/restore/',
    params: IdParams,
    body: VolumeBackupRestoreBody,
    response: { 200: VolumeBackupRestored },
  }),
  resetStatus: route({
    method: 'POST',
    path: '/api/cinder/backups/:id/reset-status/',
    params: IdParams,
    body: VolumeBackupResetStatusBody,
    response: { 204: NoContent },
  }),
});
