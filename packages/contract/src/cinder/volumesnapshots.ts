import { Type, type Static } from 'typebox';
import { ListOf, Nullable, StringMap, type List } from '../common';
import { SortDir } from '../glance/images';

export const VolumeSnapshot = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  description: Nullable(Type.String()),
  volume_id: Type.String(),
  /** GiB. */
  size: Type.Integer(),
  status: Type.String(),
  created_at: Type.String(),
  updated_at: Nullable(Type.String()),
  metadata: StringMap,
  /** Cinder's os-extended-snapshot-attributes:project_id, when policy shows it. */
  project_id: Type.Optional(Type.String()),
  /** Cinder's os-extended-snapshot-attributes:progress, e.g. "100%". */
  progress: Type.Optional(Type.String()),
});
export type VolumeSnapshot = Static<typeof VolumeSnapshot>;
export const VolumeSnapshotList = ListOf(VolumeSnapshot);
export type VolumeSnapshotList = List<VolumeSnapshot>;

export const VolumeSnapshotListQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.String({ maxLength: 64 })),
  volume_id: Type.Optional(Type.String({ maxLength: 255 })),
  all_projects: Type.Optional(Type.Boolean()),
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
    ]),
  ),
  sort_dir: Type.Optional(SortDir),
});
export type VolumeSnapshotListQuery = Static<typeof VolumeSnapshotListQuery>;
