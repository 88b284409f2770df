import { Type, type Static } from 'typebox';
import { ListOf, NoContent, Nullable, type List } from '../common';
import { IdParams } from '../keystone/projects';
import { route, routes } from '../route';
import { Volume } from './volumes';
import { VolumeSnapshot } from './volumesnapshots';

const Id = Type.String({ minLength: 1, maxLength: 255 });
const Name = Type.String({ maxLength: 255 });
const Size = Type.Integer({ minimum: 1, maximum: 2147483647 });
const strict = { additionalProperties: false } as const;

/** Edit Volume: name, description and the bootable flag (os-set_bootable). */
export const VolumeUpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    bootable: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type VolumeUpdateBody = Static<typeof VolumeUpdateBody>;

export const VolumeDeleteQuery = Type.Object({
  /** Delete the volume's snapshots with it. */
  cascade: Type.Optional(Type.Boolean()),
});
export type VolumeDeleteQuery = Static<typeof VolumeDeleteQuery>;

export const VolumeExtendBody = Type.Object({ new_size: Size }, strict);
export type VolumeExtendBody = Static<typeof VolumeExtendBody>;

export const MIGRATION_POLICIES = ['never', 'on-demand'] as const;
export const VolumeRetypeBody = Type.Object(
  {
    new_type: Id,
    /** on-demand: Cinder may move the data to another backend to honour the type. */
    migration_policy: Type.Optional(
      Type.Unsafe<(typeof MIGRATION_POLICIES)[number]>(
        Type.Union(MIGRATION_POLICIES.map((p) => Type.Literal(p))),
      ),
    ),
  },
  strict,
);
export type VolumeRetypeBody = Static<typeof VolumeRetypeBody>;

/** The statuses an admin may force (Cinder's os-reset_status). */
export const VOLUME_RESET_STATUSES = [
  'available',
  'in-use',
  'error',
  'creating',
  'attaching',
  'detaching',
  'deleting',
  'error_deleting',
  'error_extending',
  'maintenance',
  'reserved',
] as const;
export const VolumeResetStatusBody = Type.Object(
  {
    status: Type.Unsafe<(typeof VOLUME_RESET_STATUSES)[number]>(
      Type.Union(VOLUME_RESET_STATUSES.map((s) => Type.Literal(s))),
    ),
    attach_status: Type.Optional(Type.Union([Type.Literal('attached'), Type.Literal('detached')])),
    migration_status: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('migrating'), Type.Literal('error')]),
    ),
  },
  strict,
);
export type VolumeResetStatusBody = Static<typeof VolumeResetStatusBody>;

export const VolumeMigrateBody = Type.Object(
  {
    host: Id,
    force_host_copy: Type.Optional(Type.Boolean()),
    lock_volume: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type VolumeMigrateBody = Static<typeof VolumeMigrateBody>;

export const UPLOAD_DISK_FORMATS = ['raw', 'qcow2', 'vdi', 'vmdk', 'vhd', 'vhdx', 'ploop'] as const;
export const VolumeUploadBody = Type.Object(
  {
    image_name: Type.String({ minLength: 1, maxLength: 255 }),
    disk_format: Type.Unsafe<(typeof UPLOAD_DISK_FORMATS)[number]>(
      Type.Union(UPLOAD_DISK_FORMATS.map((f) => Type.Literal(f))),
    ),
    /** Upload an in-use volume. */
    force: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type VolumeUploadBody = Static<typeof VolumeUploadBody>;

export const VolumeUploadAnswer = Type.Object({
  image_id: Type.String(),
  image_name: Type.String(),
  disk_format: Nullable(Type.String()),
  status: Type.String(),
});
export type VolumeUploadAnswer = Static<typeof VolumeUploadAnswer>;

/** Create Snapshot of a volume; `force` is needed for an in-use volume. */
export const VolumeSnapshotCreateBody = Type.Object(
  {
    volume_id: Id,
    name: Type.Optional(Name),
    description: Type.Optional(Name),
    force: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type VolumeSnapshotCreateBody = Static<typeof VolumeSnapshotCreateBody>;

export const VolumeSnapshotUpdateBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Name) },
  strict,
);
export type VolumeSnapshotUpdateBody = Static<typeof VolumeSnapshotUpdateBody>;

/** A volume transfer; `auth_key` is only in the answer of its creation. */
export const VolumeTransfer = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  volume_id: Type.String(),
  created_at: Nullable(Type.String()),
  auth_key: Type.Optional(Type.String()),
});
export type VolumeTransfer = Static<typeof VolumeTransfer>;
export const VolumeTransferList = ListOf(VolumeTransfer);
export type VolumeTransferList = List<VolumeTransfer>;

export const TransferCreateBody = Type.Object({ volume_id: Id, name: Type.Optional(Name) }, strict);
export type TransferCreateBody = Static<typeof TransferCreateBody>;

export const TransferAcceptBody = Type.Object(
  { auth_key: Type.String({ minLength: 1, maxLength: 255 }) },
  strict,
);
export type TransferAcceptBody = Static<typeof TransferAcceptBody>;

/** What accepting a transfer gives: the volume, now the caller's project's. */
export const TransferAccepted = Type.Object({
  id: Type.String(),
  volume_id: Type.String(),
  name: Nullable(Type.String()),
});
export type TransferAccepted = Static<typeof TransferAccepted>;

/** Manage Volume (admin): adopt a backend volume by its name or id on the host. */
export const VolumeManageBody = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255 }),
    /** `source-name` or `source-id`, as the backend knows the volume. */
    id_type: Type.Union([Type.Literal('source-name'), Type.Literal('source-id')]),
    identifier: Type.String({ minLength: 1, maxLength: 255 }),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    volume_type: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    availability_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    bootable: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 255 }), Type.String({ maxLength: 255 })),
    ),
  },
  { additionalProperties: false },
);
export type VolumeManageBody = Static<typeof VolumeManageBody>;

/** The volume actions of the Volumes panel (issue 11), each one route. */
export const cinderVolumeActionRoutes = {
  ...routes('cinder.volumes', {
    update: route({
      method: 'PATCH',
      path: '/api/cinder/volumes/:id/',
      params: IdParams,
      body: VolumeUpdateBody,
      response: { 200: Volume },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/cinder/volumes/:id/',
      params: IdParams,
      query: VolumeDeleteQuery,
      response: { 204: NoContent },
    }),
    extend: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/extend/',
      params: IdParams,
      body: VolumeExtendBody,
      response: { 204: NoContent },
    }),
    retype: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/retype/',
      params: IdParams,
      body: VolumeRetypeBody,
      response: { 204: NoContent },
    }),
    resetStatus: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/reset-status/',
      params: IdParams,
      body: VolumeResetStatusBody,
      response: { 204: NoContent },
    }),
    migrate: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/migrate/',
      params: IdParams,
      body: VolumeMigrateBody,
      response: { 204: NoContent },
    }),
    manage: route({
      method: 'POST',
      path: '/api/cinder/volumes/manage/',
      body: VolumeManageBody,
      response: { 201: Volume },
    }),
    unmanage: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/unmanage/',
      params: IdParams,
      response: { 204: NoContent },
    }),
    uploadToImage: route({
      method: 'POST',
      path: '/api/cinder/volumes/:id/upload-to-image/',
      params: IdParams,
      body: VolumeUploadBody,
      response: { 200: VolumeUploadAnswer },
    }),
  }),
  ...routes('cinder.snapshots', {
    create: route({
      method: 'POST',
      path: '/api/cinder/volumesnapshots/',
      body: VolumeSnapshotCreateBody,
      response: { 201: VolumeSnapshot },
    }),
    get: route({
      method: 'GET',
      path: '/api/cinder/volumesnapshots/:id/',
      params: IdParams,
      response: { 200: VolumeSnapshot },
    }),
    update: route({
      method: 'PATCH',
      path: '/api/cinder/volumesnapshots/:id/',
      params: IdParams,
      body: VolumeSnapshotUpdateBody,
      response: { 200: VolumeSnapshot },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/cinder/volumesnapshots/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
  ...routes('cinder.transfers', {
    list: route({
      method: 'GET',
      path: '/api/cinder/volumetransfers/',
      response: { 200: VolumeTransferList },
    }),
    create: route({
      method: 'POST',
      path: '/api/cinder/volumetransfers/',
      body: TransferCreateBody,
      response: { 201: VolumeTransfer },
    }),
    accept: route({
      method: 'POST',
      path: '/api/cinder/volumetransfers/:id/accept/',
      params: IdParams,
      body: TransferAcceptBody,
      response: { 200: TransferAccepted },
    }),
    delete: route({
      method: 'DELETE',
      path: '/api/cinder/volumetransfers/:id/',
      params: IdParams,
      response: { 204: NoContent },
    }),
  }),
};
