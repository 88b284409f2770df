import { Fault } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import { invalidInput, invalidVolume } from './http';
import { GB, checkImage, glanceInternal, volumeImageMetadata } from './images';
import { attachments, snapshots, volumeTypes, volumes } from './model';
import type { VolumeDoc } from './model';
import { checkPerVolumeLimit, reserveQuota, withTypeDeltas } from './quotas';
import { DEFAULT_TYPE_NAME } from './types';
import {
  attachRecord,
  createVolumeRecord,
  detachRecord,
  hasSnapshots,
  scheduleVolumeDeletion,
} from './volumeOps';

/**
 * Cinder as the other services (Nova) use it in-process: the calls Nova makes to cinder's API
 * when it boots from, attaches and deletes volumes. Refusals are thrown as cinder-shaped Faults
 * (status and cinder's message), for the caller to translate into its own errors.
 */

export interface InternalAttachment {
  readonly attachment_id: string;
  readonly server_id: string | null;
  readonly device: string | null;
  readonly host_name: string | null;
}

export interface InternalVolume {
  readonly id: string;
  readonly project_id: string;
  readonly name: string | null;
  readonly status: string;
  readonly size: number;
  readonly bootable: boolean;
  readonly availability_zone: string;
  readonly multiattach: boolean;
  readonly volume_type: string | null;
  readonly volume_image_metadata?: Record<string, string>;
  readonly attachments: readonly InternalAttachment[];
}

const view = (ctx: CloudContext, v: VolumeDoc): InternalVolume => ({
  id: v.id,
  project_id: v.project_id,
  name: v.name,
  status: v.status,
  size: v.size,
  bootable: v.bootable,
  availability_zone: v.availability_zone,
  multiattach: v.multiattach,
  volume_type: ctx.store.collection(volumeTypes).get(v.volume_type_id)?.name ?? null,
  ...(v.image_metadata ? { volume_image_metadata: { ...v.image_metadata } } : {}),
  attachments: ctx.store
    .collection(attachments)
    .where('volume_id', v.id)
    .filter((a) => a.attach_status === 'attached')
    .map((a) => ({
      attachment_id: a.id,
      server_id: a.instance_uuid,
      device: a.mountpoint,
      host_name: a.attached_host,
    })),
});

/** A volume of the project (any project when `projectId` is null, as for an admin), or null. */
export const getVolume = (
  ctx: CloudContext,
  id: string,
  projectId: string | null,
): InternalVolume | null => {
  const volume = ctx.store.collection(volumes).get(id);
  if (!volume || (projectId !== null && volume.project_id !== projectId)) return null;
  return view(ctx, volume);
};

/** Finds a volume by name in a project (the seed refers to volumes by name). */
export const findVolumeByName = (
  ctx: CloudContext,
  name: string,
  projectId: string,
): InternalVolume | null => {
  const volume = ctx.store
    .collection(volumes)
    .where('project_id', projectId)
    .find((v) => v.name === name);
  return volume ? view(ctx, volume) : null;
};

/** A snapshot's size and status (a boot from a snapshot without volume_size). */
export const getSnapshot = (
  ctx: CloudContext,
  id: string,
  projectId: string | null,
): { id: string; size: number; status: string } | null => {
  const snapshot = ctx.store.collection(snapshots).get(id);
  if (!snapshot || (projectId !== null && snapshot.project_id !== projectId)) return null;
  return { id: snapshot.id, size: snapshot.volume_size, status: snapshot.status };
};

export interface BootVolumeSpec {
  readonly projectId: string;
  readonly userId?: string;
  /** GiB; from the snapshot, source volume or image when absent. */
  readonly size?: number;
  readonly imageId?: string;
  readonly snapshotId?: string;
  readonly sourceVolId?: string;
  readonly name: string;
  /** A volume type name or id; the default type when absent. */
  readonly volumeType?: string;
  readonly availabilityZone?: string;
}

/**
 * Creates the volume Nova boots from (block_device_mapping source image, snapshot or volume with
 * destination volume): creating [→ downloading] → available, under the project's quota.
 */
export const createBootVolume = (ctx: CloudContext, spec: BootVolumeSpec): { id: string } => {
  const { store } = ctx;
  return store.transaction(() => {
    const snapshot = spec.snapshotId ? store.collection(snapshots).get(spec.snapshotId) : undefined;
    if (spec.snapshotId && (!snapshot || snapshot.project_id !== spec.projectId)) {
      throw new Fault(404, `Snapshot ${spec.snapshotId} could not be found.`);
    }
    const source = spec.sourceVolId ? store.collection(volumes).get(spec.sourceVolId) : undefined;
    if (spec.sourceVolId && (!source || source.project_id !== spec.projectId)) {
      throw new Fault(404, `Volume ${spec.sourceVolId} could not be found.`);
    }
    const image = spec.imageId
      ? (glanceInternal()?.findImageForBoot(ctx, spec.imageId, spec.projectId) ?? null)
      : null;
    if (spec.imageId && !image) {
      throw new Fault(400, 'Invalid image identifier or unable to access requested image.');
    }
    if (snapshot && snapshot.status !== 'available') {
      throw new Fault(
        400,
        "Invalid snapshot: Originating snapshot status must be one of 'available' values",
      );
    }
    const size =
      spec.size ??
      snapshot?.volume_size ??
      source?.size ??
      (image ? Math.max(image.min_disk, Math.ceil((image.size ?? 0) / GB), 1) : undefined);
    if (size === undefined || !Number.isInteger(size) || size <= 0) {
      throw invalidInput(`Volume size '${size ?? 'None'}' must be an integer and greater than 0`);
    }
    if (image) checkImage(image, size);
    const typeCol = store.collection(volumeTypes);
    const type =
      (spec.volumeType
        ? (typeCol.get(spec.volumeType) ?? typeCol.findOne('name', spec.volumeType))
        : undefined) ??
      (source ? typeCol.get(source.volume_type_id) : undefined) ??
      (snapshot ? typeCol.get(snapshot.volume_type_id) : undefined) ??
      typeCol.findOne('name', DEFAULT_TYPE_NAME);
    if (!type) {
      throw new Fault(
        404,
        spec.volumeType
          ? `Volume type with name ${spec.volumeType} could not be found.`
          : `Volume type with name ${DEFAULT_TYPE_NAME} could not be found.`,
      );
    }
    checkPerVolumeLimit(store, spec.projectId, size);
    reserveQuota(
      store,
      spec.projectId,
      withTypeDeltas(store, { volumes: 1, gigabytes: size }, type.id),
      'volumes',
      size,
    );
    const origin =
      source ?? (snapshot ? store.collection(volumes).get(snapshot.volume_id) : undefined);
    const created = createVolumeRecord(ctx, {
      projectId: spec.projectId,
      userId: spec.userId ?? '',
      size,
      name: spec.name,
      description: null,
      volumeTypeId: type.id,
      multiattach: type.extra_specs['multiattach'] === '<is> True',
      ...(spec.availabilityZone ? { availabilityZone: spec.availabilityZone } : {}),
      snapshotId: snapshot?.id ?? null,
      sourceVolId: source?.id ?? null,
      image: image ? { metadata: volumeImageMetadata(image) } : null,
      ...(origin
        ? { inherit: { bootable: origin.bootable, image_metadata: origin.image_metadata } }
        : {}),
    });
    return { id: created.id };
  });
};

/**
 * Attaches a volume to a server (reserve, connect and complete in one step, as Nova's attach
 * ends). A volume still being created for the server's boot may be attached.
 */
export const attachVolume = (
  ctx: CloudContext,
  volumeId: string,
  spec: { serverId: string; device: string; hostName: string },
): { id: string; attachment_id: string } => {
  const { store } = ctx;
  return store.transaction(() => {
    const volume = store.collection(volumes).get(volumeId);
    if (!volume) throw new Fault(404, `Volume ${volumeId} could not be found.`);
    const existing = store
      .collection(attachments)
      .where('volume_id', volumeId)
      .find((a) => a.instance_uuid === spec.serverId && a.attach_status === 'attached');
    if (existing) return { id: volume.id, attachment_id: existing.id };
    const attachment = attachRecord(ctx, volume, {
      serverId: spec.serverId,
      device: spec.device,
      hostName: spec.hostName,
      allowCreating: true,
    });
    return { id: volume.id, attachment_id: attachment.id };
  });
};

/** Detaches a volume from a server; nothing to do when it is not attached there. */
export const detachVolume = (ctx: CloudContext, volumeId: string, serverId: string): void => {
  const { store } = ctx;
  store.transaction(() => {
    for (const a of store.collection(attachments).where('volume_id', volumeId)) {
      if (a.instance_uuid === serverId) detachRecord(ctx, a);
    }
  });
};

/**
 * Deletes a volume Nova created with delete_on_termination (after detaching it): deleting, then
 * gone. A volume with snapshots stays, as cinder refuses to delete it.
 */
export const deleteVolume = (ctx: CloudContext, id: string): void => {
  const { store } = ctx;
  store.transaction(() => {
    const volume = store.collection(volumes).get(id);
    if (!volume || volume.status === 'deleting') return;
    if (store.collection(attachments).count('volume_id', id) > 0) {
      throw invalidVolume(`Volume ${id} is still attached, detach volume first.`);
    }
    if (hasSnapshots(store, id)) {
      throw invalidVolume(
        'Volume status must be available or error or error_restoring or error_extending or error_managing and must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.',
      );
    }
    scheduleVolumeDeletion(ctx, volume);
  });
};
