import { uuid } from '../../core/ids';
import { registerTransitionHandler, schedule, scheduleTransition } from '../../core/lifecycle';
import type { CloudContext } from '../../core/service';
import type { Store } from '../../store/store';
import { invalidVolume } from './http';
import {
  DEFAULT_ZONE,
  VOLUME_POOL,
  VOLUME_SERVICE_UUID,
  attachments,
  backups,
  snapshots,
  volumes,
} from './model';
import type { AttachmentDoc, VolumeDoc } from './model';
import { withoutKey } from './specs';

/** Nominal durations (ms) of the demo backend's work, scaled by the cloud's lifecycleScale. */
export const DURATIONS = {
  volumeCreate: 2000,
  /** From creating to downloading, for volumes made from an image. */
  imageStart: 800,
  imageDownload: 3500,
  volumeDelete: 1500,
  extend: 2000,
  retype: 1500,
  upload: 3000,
  snapshotCreate: 1500,
  snapshotDelete: 1000,
  backupCreate: 4000,
  backupDelete: 1500,
  restore: 4000,
} as const;

const KIND_VOLUME_READY = 'cinder:volume-ready';
const KIND_VOLUME_GONE = 'cinder:volume-gone';
const KIND_STATUS_BACK = 'cinder:volume-status-back';

interface ReadyPayload {
  bootable?: boolean;
  image_metadata?: Record<string, string>;
}

/**
 * What the volume manager records when it takes a volume on: its service, and the backend's
 * shared_targets (the create answer shows the API's defaults, null and true).
 */
const PLACED = { service_uuid: VOLUME_SERVICE_UUID, shared_targets: false } as const;

// Creation ends in `available` unless something (an early attach) already moved the volume on.
registerTransitionHandler(KIND_VOLUME_READY, (ctx, work) => {
  const payload = work.payload as ReadyPayload;
  ctx.store.collection(volumes).update(work.id, (v) => ({
    ...v,
    status: v.status === 'creating' || v.status === 'downloading' ? 'available' : v.status,
    ...PLACED,
    bootable: payload.bootable ?? v.bootable,
    image_metadata: payload.image_metadata ?? v.image_metadata,
    updated_at: ctx.now().toISOString(),
  }));
});

registerTransitionHandler(KIND_VOLUME_GONE, (ctx, work) => {
  destroyVolume(ctx.store, work.id);
});

/** A temporary status (uploading, backing-up, retyping ...) returns to what it was before. */
registerTransitionHandler(KIND_STATUS_BACK, (ctx, work) => {
  const from = work.payload['from'] as string;
  const set = (work.payload['set'] ?? {}) as Partial<VolumeDoc>;
  ctx.store.collection(volumes).update(work.id, (v) =>
    v.status === from
      ? {
          ...v,
          ...set,
          status: v.previous_status ?? 'available',
          previous_status: null,
          updated_at: ctx.now().toISOString(),
        }
      : v,
  );
});

/**
 * Removes a volume and what hangs on it: attachments and (cascaded) snapshots. Its backups stay,
 * as in cinder.
 */
export const destroyVolume = (store: Store, id: string): void => {
  store.collection(attachments).deleteWhere('volume_id', id);
  store.collection(snapshots).deleteWhere('volume_id', id);
  store.collection(volumes).delete(id);
};

export interface NewVolume {
  readonly projectId: string;
  readonly userId: string;
  readonly size: number;
  readonly name: string | null;
  readonly description: string | null;
  readonly volumeTypeId: string;
  readonly multiattach: boolean;
  readonly availabilityZone?: string;
  readonly metadata?: Record<string, string>;
  readonly snapshotId?: string | null;
  readonly sourceVolId?: string | null;
  readonly backupId?: string | null;
  readonly groupId?: string | null;
  /** Glance metadata to capture once the image is downloaded. */
  readonly image?: { readonly metadata: Record<string, string> } | null;
  /** Bootable flag and image metadata copied from a source volume or snapshot. */
  readonly inherit?: {
    readonly bootable: boolean;
    readonly image_metadata: Record<string, string> | null;
  };
  /** Seeded volumes are born in their final state. */
  readonly status?: string;
  readonly createdAt?: string;
}

/** Inserts a volume and schedules its creation (creating [→ downloading] → available). */
export const createVolumeRecord = (ctx: CloudContext, spec: NewVolume): VolumeDoc => {
  const now = spec.createdAt ?? ctx.now().toISOString();
  const settled = spec.status !== undefined;
  const doc: VolumeDoc = {
    id: uuid(),
    project_id: spec.projectId,
    user_id: spec.userId,
    name: spec.name,
    description: spec.description,
    size: spec.size,
    status: spec.status ?? 'creating',
    previous_status: null,
    attach_status: 'detached',
    availability_zone: spec.availabilityZone ?? DEFAULT_ZONE,
    volume_type_id: spec.volumeTypeId,
    // An image volume becomes bootable, with the image's metadata, once downloaded.
    bootable: settled && spec.image ? true : (spec.inherit?.bootable ?? false),
    multiattach: spec.multiattach,
    metadata: { ...(spec.metadata ?? {}) },
    admin_metadata: {},
    image_metadata:
      settled && spec.image ? spec.image.metadata : (spec.inherit?.image_metadata ?? null),
    snapshot_id: spec.snapshotId ?? null,
    source_volid: spec.sourceVolId ?? null,
    backup_id: spec.backupId ?? null,
    host: VOLUME_POOL,
    migration_status: null,
    replication_status: null,
    encryption_key_id: null,
    group_id: spec.groupId ?? null,
    provider_id: null,
    shared_targets: !settled,
    service_uuid: settled ? VOLUME_SERVICE_UUID : null,
    use_quota: true,
    created_at: now,
    updated_at: settled ? now : null,
  };
  ctx.store.collection(volumes).insert(doc);
  if (settled) return doc;
  if (spec.image) {
    scheduleTransition(ctx, {
      collection: volumes,
      id: doc.id,
      set: { status: 'downloading', ...PLACED },
      when: { status: 'creating' },
      stamp: ['updated_at'],
      afterMs: DURATIONS.imageStart,
    });
    schedule(ctx, {
      kind: KIND_VOLUME_READY,
      id: doc.id,
      afterMs: DURATIONS.imageDownload,
      payload: { bootable: true, image_metadata: spec.image.metadata },
    });
  } else {
    schedule(ctx, { kind: KIND_VOLUME_READY, id: doc.id, afterMs: DURATIONS.volumeCreate });
  }
  return doc;
};

/** Marks a volume deleting and schedules its removal. */
export const scheduleVolumeDeletion = (ctx: CloudContext, volume: VolumeDoc): VolumeDoc => {
  const updated = ctx.store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status: 'deleting',
    updated_at: ctx.now().toISOString(),
  }));
  schedule(ctx, { kind: KIND_VOLUME_GONE, id: volume.id, afterMs: DURATIONS.volumeDelete });
  return updated ?? volume;
};

/** Sets a temporary status and schedules the return to the current one. */
export const temporaryStatus = (
  ctx: CloudContext,
  volume: VolumeDoc,
  status: string,
  afterMs: number,
  set: Partial<VolumeDoc> = {},
): VolumeDoc => {
  const updated = ctx.store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status,
    previous_status: v.status,
    updated_at: ctx.now().toISOString(),
  }));
  schedule(ctx, {
    kind: KIND_STATUS_BACK,
    id: volume.id,
    afterMs,
    payload: { from: status, set: set as Record<string, unknown> },
  });
  return updated ?? volume;
};

/** The status and attach_status a volume's remaining attachments imply (db _get_statuses_from_attachments). */
const statusesFrom = (
  rest: readonly AttachmentDoc[],
): { status: string; attach_status: VolumeDoc['attach_status'] } => {
  if (rest.some((a) => a.attach_status === 'attached'))
    return { status: 'in-use', attach_status: 'attached' };
  if (rest.some((a) => a.attach_status === 'attaching'))
    return { status: 'attaching', attach_status: 'attaching' };
  if (rest.some((a) => a.attach_status === 'reserved'))
    return { status: 'reserved', attach_status: 'reserved' };
  return { status: 'available', attach_status: 'detached' };
};

export interface AttachOptions {
  readonly serverId: string | null;
  readonly device: string | null;
  readonly hostName: string | null;
  readonly mode?: string;
  /** Stop at `reserved` (the v3 attachments API's first step). */
  readonly reserveOnly?: boolean;
  /** Nova's own attach of a boot volume it just asked for, which may still be creating. */
  readonly allowCreating?: boolean;
}

/**
 * cinder's _attachment_reserve plus volume_attached: checks the volume may take the attachment
 * and records it. Volumes still being created may be reserved (Nova boots from a volume that is
 * still downloading its image).
 */
export const attachRecord = (
  ctx: CloudContext,
  volume: VolumeDoc,
  options: AttachOptions,
): AttachmentDoc => {
  const { store } = ctx;
  if (volume.status.includes('error')) {
    throw invalidVolume(
      `Volume attachments can not be created if the volume is in an error state. The Volume ${volume.id} currently has a status of: ${volume.status} `,
    );
  }
  const existing = store.collection(attachments).where('volume_id', volume.id);
  const allowed = [
    'available',
    'downloading',
    ...(volume.multiattach ? ['in-use'] : []),
    ...(options.allowCreating ? ['creating'] : []),
  ];
  const sameServer =
    options.serverId !== null &&
    ['in-use', 'reserved'].includes(volume.status) &&
    existing.some((a) => a.instance_uuid === options.serverId);
  if (!allowed.includes(volume.status) && !sameServer) {
    const shown = volume.multiattach
      ? 'available or in-use or downloading'
      : 'available or downloading';
    throw invalidVolume(
      `Volume ${volume.id} status must be ${shown} to reserve, but the current status is ${volume.status}.`,
    );
  }
  const now = ctx.now().toISOString();
  // cinder tests the key, not its value: a volume whose flag was ever set attaches read-only.
  const readonly = volume.admin_metadata['readonly'] !== undefined;
  const mode = readonly ? 'ro' : (options.mode ?? 'rw');
  const attached = !options.reserveOnly;
  const attachment: AttachmentDoc = {
    id: uuid(),
    volume_id: volume.id,
    project_id: volume.project_id,
    instance_uuid: options.serverId,
    attached_host: attached ? options.hostName : null,
    mountpoint: attached ? options.device : null,
    attach_status: attached ? 'attached' : 'reserved',
    attach_mode: attached || readonly ? mode : (options.mode ?? 'null'),
    attach_time: attached ? now : null,
    detach_time: null,
    connection_info: attached ? connectionInfo(volume, options.hostName) : null,
    created_at: now,
  };
  store.collection(attachments).insert(attachment);
  store.collection(volumes).update(volume.id, (v) => ({
    ...v,
    status: attached ? 'in-use' : 'reserved',
    attach_status: attached ? 'attached' : 'reserved',
    admin_metadata: attached ? { ...v.admin_metadata, attached_mode: mode } : v.admin_metadata,
    updated_at: now,
  }));
  return attachment;
};

/** The iSCSI connection the demo LVM backend hands out (connection_info of an attachment). */
export const connectionInfo = (
  volume: VolumeDoc,
  hostName: string | null,
): Record<string, unknown> => ({
  target_discovered: false,
  target_portal: '127.0.0.1:3260',
  target_iqn: `iqn.2010-10.org.openstack:volume-${volume.id}`,
  target_lun: 0,
  volume_id: volume.id,
  auth_method: 'CHAP',
  encrypted: false,
  qos_specs: null,
  access_mode: volume.admin_metadata['readonly'] === 'True' ? 'ro' : 'rw',
  cacheable: false,
  driver_volume_type: 'iscsi',
  ...(hostName ? { host: hostName } : {}),
});

/** Completes an attachment (attaching/reserved → attached), the volume then in-use. */
export const completeAttachment = (
  ctx: CloudContext,
  attachment: AttachmentDoc,
  values: Partial<AttachmentDoc>,
): AttachmentDoc => {
  const { store } = ctx;
  const now = ctx.now().toISOString();
  const updated =
    store.collection(attachments).update(attachment.id, (a) => ({
      ...a,
      ...values,
      attach_status: 'attached',
      attach_time: a.attach_time ?? now,
    })) ?? attachment;
  store.collection(volumes).update(attachment.volume_id, (v) => ({
    ...v,
    status: 'in-use',
    attach_status: 'attached',
    admin_metadata: { ...v.admin_metadata, attached_mode: updated.attach_mode },
    updated_at: now,
  }));
  return updated;
};

/** volume_detached: drops the attachment and derives the volume's statuses from the rest. */
export const detachRecord = (
  ctx: CloudContext,
  attachment: AttachmentDoc,
): VolumeDoc | undefined => {
  const { store } = ctx;
  store.collection(attachments).delete(attachment.id);
  const rest = store.collection(attachments).where('volume_id', attachment.volume_id);
  const { status, attach_status } = statusesFrom(rest);
  return store.collection(volumes).update(attachment.volume_id, (v) => {
    return {
      ...v,
      status: v.status === 'uploading' && attach_status === 'detached' ? v.status : status,
      attach_status,
      admin_metadata: withoutKey(v.admin_metadata, 'attached_mode'),
      updated_at: ctx.now().toISOString(),
    };
  });
};

export const hasSnapshots = (store: Store, volumeId: string): boolean =>
  store.collection(snapshots).count('volume_id', volumeId) > 0;

export const hasBackups = (store: Store, volumeId: string): boolean =>
  store.collection(backups).count('volume_id', volumeId) > 0;
