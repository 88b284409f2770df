import { Type, type Static } from 'typebox';
import { ListOf, Nullable, StringMap, type List } from '../common';
import { SortDir } from '../glance/images';

export const VolumeAttachment = Type.Object({
  id: Type.String(),
  attachment_id: Type.String(),
  server_id: Type.String(),
  host_name: Nullable(Type.String()),
  device: Type.String(),
  attached_at: Nullable(Type.String()),
  /**
   * The server's name as Nova lists it to the caller (every project's for an admin's
   * all_projects list); absent when Nova does not list that server to them.
   */
  server_name: Type.Optional(Type.String()),
});
export type VolumeAttachment = Static<typeof VolumeAttachment>;

/**
 * A volume as the BFF answers it: Cinder's fields, with `bootable` as a boolean (Cinder sends
 * the text "true"/"false") and the owning project as `project_id`
 * (Cinder's os-vol-tenant-attr:tenant_id, shown when policy lets the caller see it).
 */
export const Volume = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** GiB. */
  size: Type.Integer(),
  status: Type.String(),
  availability_zone: Nullable(Type.String()),
  bootable: Type.Boolean(),
  encrypted: Type.Boolean(),
  multiattach: Type.Boolean(),
  /** The type's name. */
  volume_type: Nullable(Type.String()),
  volume_type_id: Type.Optional(Type.String()),
  snapshot_id: Nullable(Type.String()),
  source_volid: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Nullable(Type.String()),
  attachments: Type.Array(VolumeAttachment),
  metadata: StringMap,
  /** The source image's properties, for volumes made from an image. */
  volume_image_metadata: Type.Optional(StringMap),
  user_id: Type.Optional(Type.String()),
  project_id: Type.Optional(Type.String()),
  group_id: Type.Optional(Nullable(Type.String())),
  replication_status: Type.Optional(Nullable(Type.String())),
  migration_status: Type.Optional(Nullable(Type.String())),
  /** Admin only: the backend host. */
  host: Type.Optional(Nullable(Type.String())),
});
export type Volume = Static<typeof Volume>;
export const VolumeList = ListOf(Volume);
export type VolumeList = List<Volume>;

/**
 * GET /api/cinder/volumes/ — Cinder's filters; paging as GET /api/glance/images/ (every volume
 * unless `paginate=true`, `limit`, `marker` or `prev_marker` ask for one page).
 */
export const VolumeListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 64 })),
  bootable: Type.Optional(Type.Boolean()),
  availability_zone: Type.Optional(Type.String({ maxLength: 255 })),
  /** Admin: every project's volumes. */
  all_projects: Type.Optional(Type.Boolean()),
  /** Admin with all_projects: one project's volumes. */
  project_id: Type.Optional(Type.String({ maxLength: 64 })),
  paginate: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  /** The page that ends just before this item (as GET /api/glance/images/). */
  prev_marker: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  sort_key: Type.Optional(
    Type.Union([
      Type.Literal('name'),
      Type.Literal('size'),
      Type.Literal('status'),
      Type.Literal('created_at'),
      Type.Literal('updated_at'),
      Type.Literal('id'),
      Type.Literal('availability_zone'),
      Type.Literal('bootable'),
    ]),
  ),
  sort_dir: Type.Optional(SortDir),
});
export type VolumeListQuery = Static<typeof VolumeListQuery>;

/**
 * POST /api/cinder/volumes/ (spec 2 §3 volume form): at most one source among image_id,
 * snapshot_id and source_volid; none makes an empty volume.
 */
export const VolumeCreateBody = Type.Object(
  {
    size: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    name: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    volume_type: Type.Optional(Type.String({ maxLength: 255 })),
    availability_zone: Type.Optional(Type.String({ maxLength: 255 })),
    metadata: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 255 }), Type.String({ maxLength: 255 })),
    ),
    image_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    snapshot_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    source_volid: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type VolumeCreateBody = Static<typeof VolumeCreateBody>;
