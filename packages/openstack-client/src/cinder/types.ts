/**
 * Cinder (block storage v3) JSON as the service sends it. Comments name the microversion that
 * adds a field; optional marks fields that depend on the microversion or the caller's role.
 */

export interface CinderLink {
  rel: string;
  href: string;
}

export interface VolumeAttachment {
  id: string;
  attachment_id: string;
  volume_id: string;
  server_id: string;
  host_name: string | null;
  device: string;
  attached_at: string | null;
}

export interface Volume {
  id: string;
  name: string | null;
  description: string | null;
  /** GiB. */
  size: number;
  status: string;
  availability_zone: string | null;
  /** Cinder sends the text `"true"` or `"false"`. */
  bootable: string;
  encrypted: boolean;
  multiattach: boolean;
  /** The type's name. */
  volume_type: string | null;
  /** 3.63 */
  volume_type_id?: string;
  snapshot_id: string | null;
  source_volid: string | null;
  /** 3.47 */
  backup_id?: string | null;
  created_at: string;
  updated_at: string | null;
  attachments: VolumeAttachment[];
  metadata: Record<string, string>;
  /** Volumes created from an image: the image's properties. */
  volume_image_metadata?: Record<string, string>;
  user_id: string;
  consistencygroup_id?: string | null;
  /** 3.13 */
  group_id?: string | null;
  replication_status: string | null;
  migration_status?: string | null;
  /** Policy-dependent (the owning project). */
  'os-vol-tenant-attr:tenant_id'?: string;
  /** Admin. */
  'os-vol-host-attr:host'?: string | null;
  'os-vol-mig-status-attr:migstat'?: string | null;
  'os-vol-mig-status-attr:name_id'?: string | null;
  /** 3.21 */
  provider_id?: string | null;
  /** 3.48 */
  service_uuid?: string | null;
  /** 3.48 (3.69: may be null) */
  shared_targets?: boolean | null;
  /** 3.61 */
  cluster_name?: string | null;
  /** 3.64 */
  encryption_key_id?: string | null;
  /** 3.65 */
  consumes_quota?: boolean;
  links?: CinderLink[];
}

export interface VolumeCreate {
  size: number;
  name?: string | null;
  description?: string | null;
  volume_type?: string | null;
  availability_zone?: string | null;
  metadata?: Record<string, string>;
  /** An image id. */
  imageRef?: string;
  snapshot_id?: string;
  source_volid?: string;
  /** Needs 3.47. */
  backup_id?: string;
  consistencygroup_id?: string;
  group_id?: string;
  multiattach?: boolean;
}

export interface VolumeUpdate {
  name?: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
}

export interface VolumeType {
  id: string;
  name: string;
  description: string | null;
  is_public: boolean;
  'os-volume-type-access:is_public'?: boolean;
  /** Admins see all; others only the user-visible ones (or none). */
  extra_specs?: Record<string, string>;
  qos_specs_id?: string | null;
}

export interface VolumeTypeFields {
  name?: string;
  description?: string;
  is_public?: boolean;
}

/** Cinder's encryption spec of a type; `encryption_id` names it for update and delete. */
export interface VolumeTypeEncryptionSpec {
  volume_type_id?: string;
  encryption_id?: string;
  provider: string;
  control_location: string;
  cipher: string | null;
  key_size: number | null;
}

export interface VolumeTypeEncryptionInput {
  provider: string;
  control_location: 'front-end' | 'back-end';
  cipher?: string | null;
  key_size?: number | null;
}

export interface VolumeSnapshot {
  id: string;
  name: string | null;
  description: string | null;
  volume_id: string;
  size: number;
  status: string;
  created_at: string;
  updated_at: string | null;
  metadata: Record<string, string>;
  'os-extended-snapshot-attributes:progress'?: string;
  'os-extended-snapshot-attributes:project_id'?: string;
  /** 3.14 */
  group_snapshot_id?: string | null;
  /** 3.41 */
  user_id?: string;
  /** 3.65 */
  consumes_quota?: boolean;
}

export interface VolumeBackup {
  id: string;
  name: string | null;
  description: string | null;
  volume_id: string;
  snapshot_id: string | null;
  status: string;
  size: number;
  object_count: number;
  availability_zone: string | null;
  container: string | null;
  created_at: string;
  updated_at: string | null;
  data_timestamp: string | null;
  is_incremental: boolean;
  has_dependent_backups: boolean;
  fail_reason: string | null;
  /** 3.18 */
  'os-backup-project-attr:project_id'?: string;
  /** 3.43 */
  metadata?: Record<string, string>;
  /** 3.56 */
  user_id?: string;
  /** 3.64 */
  encryption_key_id?: string | null;
  links?: CinderLink[];
}

export interface CinderAbsoluteLimits {
  maxTotalVolumes: number;
  maxTotalSnapshots: number;
  maxTotalVolumeGigabytes: number;
  maxTotalBackups: number;
  maxTotalBackupGigabytes: number;
  totalVolumesUsed: number;
  totalGigabytesUsed: number;
  totalSnapshotsUsed: number;
  totalBackupsUsed: number;
  totalBackupGigabytesUsed: number;
  /** Deployments may add more (per-type limits in some drivers). */
  [name: string]: number;
}

export interface CinderLimits {
  absolute: CinderAbsoluteLimits;
  rate: unknown[];
}

/** Limits: -1 is unlimited. Per-type keys look like `volumes_<type name>`. */
export type CinderQuotaSet = Record<string, number>;

export interface CinderQuotaUsage {
  limit: number;
  in_use: number;
  reserved: number;
  /** Nested quotas only. */
  allocated?: number;
}

export type CinderQuotaSetWithUsage = Record<string, CinderQuotaUsage>;

export interface CinderAvailabilityZone {
  zoneName: string;
  zoneState: { available: boolean };
}

export interface CinderExtension {
  alias: string;
  name: string;
  description: string;
  updated: string;
  links?: CinderLink[];
  namespace?: string;
}

export interface CinderService {
  binary: string;
  host: string;
  zone: string;
  status: 'enabled' | 'disabled';
  state: 'up' | 'down';
  updated_at: string | null;
  disabled_reason?: string | null;
  /** 3.7 */
  cluster?: string | null;
  replication_status?: string;
  active_backend_id?: string | null;
  frozen?: boolean;
  /** 3.49, volume services only. */
  backend_state?: 'up' | 'down';
}

export interface QosSpec {
  id: string;
  name: string;
  consumer: 'front-end' | 'back-end' | 'both';
  specs: Record<string, string>;
  links?: CinderLink[];
}

export interface CinderVersionDoc {
  id: string;
  status: string;
  /** The highest microversion; empty for the unversioned v2. */
  version: string;
  min_version: string;
  updated?: string;
}

export interface VolumeResponse {
  volume: Volume;
}
export interface VolumesResponse {
  volumes: Volume[];
  volumes_links?: CinderLink[];
  /** 3.45 with `with_count=true`. */
  count?: number;
}
export interface MetadataResponse {
  metadata: Record<string, string>;
}
export interface VolumeTypeResponse {
  volume_type: VolumeType;
}
export interface VolumeTypesResponse {
  volume_types: VolumeType[];
}
export interface ExtraSpecsMapResponse {
  extra_specs: Record<string, string>;
}
export interface SnapshotResponse {
  snapshot: VolumeSnapshot;
}
export interface SnapshotsResponse {
  snapshots: VolumeSnapshot[];
  snapshots_links?: CinderLink[];
  count?: number;
}
export interface BackupsResponse {
  backups: VolumeBackup[];
  backups_links?: CinderLink[];
  count?: number;
}
export interface CinderLimitsResponse {
  limits: CinderLimits;
}
/** `quota_set` also carries `id` (the project), which the client drops. */
export interface QuotaSetResponse {
  quota_set: Record<string, unknown>;
}
export interface QuotaClassSetResponse {
  quota_class_set: Record<string, unknown>;
}
export interface CinderAvailabilityZonesResponse {
  availabilityZoneInfo: CinderAvailabilityZone[];
}
export interface CinderExtensionsResponse {
  extensions: CinderExtension[];
}
export interface CinderServicesResponse {
  services: CinderService[];
}
export interface QosSpecsResponse {
  qos_specs: QosSpec[];
}
