import { createCollectionTable, defineCollection } from '../../store/collection';
import type { Migration } from '../../store/store';

/** The demo cloud's one storage backend (devstack's LVM backend name) and its hosts. */
export const CONTROLLER_HOST = 'demo-controller';
export const BACKEND_NAME = 'lvmdriver-1';
export const VOLUME_SERVICE_HOST = `${CONTROLLER_HOST}@${BACKEND_NAME}`;
export const VOLUME_POOL = `${VOLUME_SERVICE_HOST}#${BACKEND_NAME}`;
/** cinder's storage_availability_zone default. */
export const DEFAULT_ZONE = 'nova';
/** The cinder-volume service's uuid (shown as a volume's service_uuid from 3.48). */
export const VOLUME_SERVICE_UUID = '5b3d2e4a-7c1f-4d2b-9e8a-0c4f6a1b2d03';

export interface VolumeTypeDoc {
  readonly id: string;
  name: string;
  description: string | null;
  is_public: boolean;
  extra_specs: Record<string, string>;
  /** Projects granted access to a private type. */
  projects: string[];
  qos_specs_id: string | null;
  /** The type's encryption spec (volume_type_encryption); absent: not encrypted. */
  encryption?: VolumeTypeEncryptionDoc;
  readonly created_at: string;
  updated_at: string | null;
}

export interface VolumeTypeEncryptionDoc {
  readonly encryption_id: string;
  provider: string;
  control_location: string;
  cipher: string | null;
  key_size: number | null;
  readonly created_at: string;
  updated_at: string | null;
}

export interface VolumeDoc {
  readonly id: string;
  project_id: string;
  user_id: string;
  name: string | null;
  description: string | null;
  size: number;
  status: string;
  /** Where the status goes back to after uploading, backing-up, extending ... */
  previous_status: string | null;
  attach_status: 'detached' | 'attached' | 'attaching' | 'reserved';
  availability_zone: string;
  volume_type_id: string;
  bootable: boolean;
  multiattach: boolean;
  /** User metadata. */
  metadata: Record<string, string>;
  /** Admin metadata; `readonly` and `attached_mode` are shown within `metadata`. */
  admin_metadata: Record<string, string>;
  /** Glance properties copied at creation from an image (`volume_image_metadata`). */
  image_metadata: Record<string, string> | null;
  snapshot_id: string | null;
  source_volid: string | null;
  backup_id: string | null;
  /** Null for a volume the scheduler never placed (such volumes are deleted at once). */
  host: string | null;
  migration_status: string | null;
  replication_status: string | null;
  encryption_key_id: string | null;
  group_id: string | null;
  provider_id: string | null;
  shared_targets: boolean;
  service_uuid: string | null;
  use_quota: boolean;
  readonly created_at: string;
  updated_at: string | null;
}

export interface AttachmentDoc {
  readonly id: string;
  readonly volume_id: string;
  /** The volume's project: attachments are listed per project. */
  readonly project_id: string;
  instance_uuid: string | null;
  attached_host: string | null;
  mountpoint: string | null;
  attach_status: 'reserved' | 'attaching' | 'attached' | 'detached';
  attach_mode: string;
  attach_time: string | null;
  detach_time: string | null;
  connection_info: Record<string, unknown> | null;
  readonly created_at: string;
}

export interface SnapshotDoc {
  readonly id: string;
  project_id: string;
  user_id: string;
  volume_id: string;
  name: string | null;
  description: string | null;
  status: string;
  progress: string;
  /** The volume's size when the snapshot was taken (`size` in the API). */
  volume_size: number;
  volume_type_id: string;
  metadata: Record<string, string>;
  group_snapshot_id: string | null;
  use_quota: boolean;
  readonly created_at: string;
  updated_at: string | null;
}

export interface BackupDoc {
  readonly id: string;
  project_id: string;
  user_id: string;
  volume_id: string;
  snapshot_id: string | null;
  name: string | null;
  description: string | null;
  status: string;
  size: number;
  object_count: number;
  availability_zone: string | null;
  container: string | null;
  fail_reason: string | null;
  is_incremental: boolean;
  parent_id: string | null;
  data_timestamp: string;
  metadata: Record<string, string>;
  host: string | null;
  restore_volume_id: string | null;
  readonly created_at: string;
  updated_at: string | null;
}

export interface QosSpecsDoc {
  readonly id: string;
  name: string;
  consumer: string;
  specs: Record<string, string>;
  readonly created_at: string;
  updated_at: string | null;
}

/** A volume offered to another project (os-volume-transfer); gone once accepted or deleted. */
export interface TransferDoc {
  readonly id: string;
  readonly volume_id: string;
  /** The volume's project when it was offered. */
  readonly source_project_id: string;
  readonly name: string | null;
  /** cinder keeps only a salted SHA-1 of the auth key. */
  readonly salt: string;
  readonly crypt_hash: string;
  readonly no_snapshots: boolean;
  readonly created_at: string;
}

/** A group type (3.11): what kind of group a generic volume group is. */
export interface GroupTypeDoc {
  readonly id: string;
  name: string;
  description: string | null;
  is_public: boolean;
  group_specs: Record<string, string>;
  readonly created_at: string;
  updated_at: string | null;
}

/** A generic volume group (3.13): volumes of the listed types managed together. */
export interface GroupDoc {
  readonly id: string;
  readonly project_id: string;
  readonly user_id: string;
  name: string | null;
  description: string | null;
  status: string;
  readonly availability_zone: string;
  readonly group_type_id: string;
  readonly volume_type_ids: string[];
  readonly group_snapshot_id: string | null;
  readonly source_group_id: string | null;
  replication_status: string;
  readonly host: string | null;
  readonly created_at: string;
  updated_at: string | null;
}

/** A snapshot of every volume of a group at once (3.14); its members are snapshots. */
export interface GroupSnapshotDoc {
  readonly id: string;
  readonly project_id: string;
  readonly user_id: string;
  readonly group_id: string;
  readonly group_type_id: string;
  name: string | null;
  description: string | null;
  status: string;
  readonly created_at: string;
  updated_at: string | null;
}

/** Per-project quota limits set through os-quota-sets (absent resources use the class defaults). */
export interface ProjectQuotaDoc {
  /** The project id. */
  readonly id: string;
  limits: Record<string, number>;
}

/** Quota class limits (`default` overrides the configured defaults). */
export interface QuotaClassDoc {
  /** The class name. */
  readonly id: string;
  limits: Record<string, number>;
}

export const volumeTypes = defineCollection<VolumeTypeDoc>('cinder_volume_types', {
  name: (t) => t.name,
});
export const volumes = defineCollection<VolumeDoc>('cinder_volumes', {
  project_id: (v) => v.project_id,
  volume_type_id: (v) => v.volume_type_id,
});
export const attachments = defineCollection<AttachmentDoc>('cinder_attachments', {
  volume_id: (a) => a.volume_id,
  project_id: (a) => a.project_id,
});
export const snapshots = defineCollection<SnapshotDoc>('cinder_snapshots', {
  project_id: (s) => s.project_id,
  volume_id: (s) => s.volume_id,
});
export const backups = defineCollection<BackupDoc>('cinder_backups', {
  project_id: (b) => b.project_id,
  volume_id: (b) => b.volume_id,
});
export const qosSpecs = defineCollection<QosSpecsDoc>('cinder_qos_specs', {
  name: (q) => q.name,
});
export const transfers = defineCollection<TransferDoc>('cinder_transfers', {
  volume_id: (t) => t.volume_id,
  source_project_id: (t) => t.source_project_id,
});
export const groupTypes = defineCollection<GroupTypeDoc>('cinder_group_types', {
  name: (t) => t.name,
});
export const groups = defineCollection<GroupDoc>('cinder_groups', {
  project_id: (g) => g.project_id,
  group_type_id: (g) => g.group_type_id,
});
export const groupSnapshots = defineCollection<GroupSnapshotDoc>('cinder_group_snapshots', {
  project_id: (g) => g.project_id,
  group_id: (g) => g.group_id,
});
export const projectQuotas = defineCollection<ProjectQuotaDoc>('cinder_project_quotas');
export const quotaClasses = defineCollection<QuotaClassDoc>('cinder_quota_classes');

export const cinderMigrations: readonly Migration[] = [
  {
    version: 1,
    up: (db) => {
      for (const def of [
        volumeTypes,
        volumes,
        attachments,
        snapshots,
        backups,
        qosSpecs,
        projectQuotas,
        quotaClasses,
      ]) {
        createCollectionTable(db, def);
      }
    },
  },
  {
    version: 2,
    up: (db) => {
      createCollectionTable(db, transfers);
    },
  },
  {
    version: 3,
    up: (db) => {
      for (const def of [groupTypes, groups, groupSnapshots]) createCollectionTable(db, def);
    },
  },
];
