import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import { images, memberKey, members } from './model';
import type { ImageDoc, ImageStatus, Visibility } from './model';
import {
  HASH_ALGO,
  STORE_ID,
  imageFile,
  inspectVirtualSize,
  qcow2Payload,
  writeBuffer,
} from './storage';

/**
 * What other services of the demo cloud may ask Glance, in-process. Callers never read Glance's
 * tables directly.
 */

/** An image as Nova (or Cinder) needs it to boot from or copy. */
export interface BootImage {
  readonly id: string;
  readonly name: string | null;
  readonly status: ImageStatus;
  readonly min_disk: number;
  readonly min_ram: number;
  readonly size: number | null;
  /** md5 of the data (glance's `checksum`), null without data. */
  readonly checksum: string | null;
  readonly disk_format: string | null;
  readonly container_format: string | null;
  readonly visibility: Visibility;
  readonly owner: string | null;
  /** Extra properties (image_type, hw_*, kernel_id, os_distro ...). */
  readonly properties: Readonly<Record<string, string>>;
}

const bootView = (image: ImageDoc): BootImage => ({
  id: image.id,
  name: image.name,
  status: image.status,
  min_disk: image.min_disk,
  min_ram: image.min_ram,
  size: image.size,
  checksum: image.checksum,
  disk_format: image.disk_format,
  container_format: image.container_format,
  visibility: image.visibility,
  owner: image.owner,
  properties: Object.fromEntries(Object.entries(image.properties).map(([k, v]) => [k, v ?? ''])),
});

/**
 * The image `imageId` as project `projectId` sees it (public, community, its own, or shared with
 * it in any member status, as glance's GET does), or null when absent, deleted or not visible.
 * The status is returned as is: the caller decides whether it can boot (only `active`).
 */
export const findImageForBoot = (
  ctx: CloudContext,
  imageId: string,
  projectId: string,
): BootImage | null => {
  const image = ctx.store.collection(images).get(imageId);
  if (!image || image.deleted) return null;
  const visible =
    image.owner === null ||
    image.visibility === 'public' ||
    image.visibility === 'community' ||
    image.owner === projectId ||
    (image.visibility === 'shared' &&
      ctx.store.collection(members).get(memberKey(image.id, projectId)) !== undefined);
  return visible ? bootView(image) : null;
};

/**
 * A non-deleted image called `name` (for seeds that boot from a well-known image, e.g. the
 * cirros disk); public images first, then the oldest.
 */
export const findImageByName = (ctx: CloudContext, name: string): { id: string } | null => {
  const matches = ctx.store
    .collection(images)
    .all()
    .filter((i) => i.name === name && !i.deleted);
  const image = matches.find((i) => i.visibility === 'public') ?? matches[0];
  return image ? { id: image.id } : null;
};

/** True when the image exists and is not deleted (whatever its visibility). */
export const imageExists = (ctx: CloudContext, id: string): boolean => {
  const image = ctx.store.collection(images).get(id);
  return image !== undefined && !image.deleted;
};

export interface SnapshotImageRequest {
  readonly name: string;
  /** The project that owns the new image. */
  readonly owner: string;
  /** Extra properties, e.g. image_type=snapshot, instance_uuid, base_image_ref (kept as strings). */
  readonly properties: Readonly<Record<string, unknown>>;
  /** Bytes of data the snapshot gets (capped at 16 MiB in the demo cloud). */
  readonly size?: number;
  readonly min_disk?: number;
  readonly min_ram?: number;
  readonly disk_format?: string;
  readonly container_format?: string;
  readonly visibility?: Visibility;
}

const SNAPSHOT_SAVING = 'glance.snapshot-saving';
const SNAPSHOT_ACTIVE = 'glance.snapshot-active';
/** Nominal times of the snapshot's queued → saving → active steps. */
const SAVING_AFTER_MS = 500;
const ACTIVE_AFTER_MS = 1500;
const MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024;
const DEFAULT_SNAPSHOT_BYTES = 64 * 1024;

registerTransitionHandler(SNAPSHOT_SAVING, (ctx, work) => {
  ctx.store
    .collection(images)
    .update(work.id, (image) =>
      image.status === 'queued' && !image.deleted
        ? { ...image, status: 'saving', updated_at: ctx.now().toISOString() }
        : image,
    );
});

registerTransitionHandler(SNAPSHOT_ACTIVE, (ctx, work) => {
  const image = ctx.store.collection(images).get(work.id);
  if (!image || image.deleted || (image.status !== 'saving' && image.status !== 'queued')) return;
  const bytes = Math.min(
    Math.max(Number(work.payload['size'] ?? DEFAULT_SNAPSHOT_BYTES), 512),
    MAX_SNAPSHOT_BYTES,
  );
  const virtualSize = Math.max(image.min_disk, 1) * 1024 ** 3;
  const data =
    image.disk_format === 'qcow2'
      ? qcow2Payload(virtualSize, bytes, image.id)
      : qcow2Payload(virtualSize, bytes, image.id).subarray(0, bytes);
  const written = writeBuffer(imageFile(ctx, image.id), data);
  ctx.store.collection(images).put({
    ...image,
    status: 'active',
    size: written.size,
    virtual_size: inspectVirtualSize(image.disk_format, written.head, written.size),
    checksum: written.checksum,
    os_hash_algo: HASH_ALGO,
    os_hash_value: written.hash,
    location: { store: STORE_ID, size: written.size },
    updated_at: ctx.now().toISOString(),
  });
});

/**
 * Creates an image for a server snapshot (Nova's createImage): it starts `queued` and becomes
 * `saving` then `active` (with real data) over about 1.5 s, scaled by the cloud's lifecycleScale.
 */
export const createSnapshotImage = (
  ctx: CloudContext,
  request: SnapshotImageRequest,
): { id: string } => {
  const now = ctx.now().toISOString();
  const id = uuid();
  ctx.store.transaction(() => {
    ctx.store.collection(images).insert({
      id,
      name: request.name,
      status: 'queued',
      visibility: request.visibility ?? 'private',
      protected: false,
      os_hidden: false,
      owner: request.owner,
      disk_format: request.disk_format ?? 'qcow2',
      container_format: request.container_format ?? 'bare',
      min_disk: request.min_disk ?? 0,
      min_ram: request.min_ram ?? 0,
      size: null,
      virtual_size: null,
      checksum: null,
      os_hash_algo: null,
      os_hash_value: null,
      // Glance image properties are strings.
      properties: Object.fromEntries(
        Object.entries(request.properties)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
      tags: [],
      location: null,
      staged: null,
      created_at: now,
      updated_at: now,
      deleted: false,
      deleted_at: null,
    });
    schedule(ctx, { kind: SNAPSHOT_SAVING, id, afterMs: SAVING_AFTER_MS });
    schedule(ctx, {
      kind: SNAPSHOT_ACTIVE,
      id,
      afterMs: ACTIVE_AFTER_MS,
      payload: { size: request.size ?? DEFAULT_SNAPSHOT_BYTES },
    });
  });
  return { id };
};
