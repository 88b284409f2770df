import type {
  Volume,
  VolumeBackupResetStatusBody,
  VolumeResetStatusBody,
  VolumeRetypeBody,
  VolumeUploadBody,
} from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

export const VOLUME_STATUS_LABELS: Record<string, Msg> = {
  available: msg('Available'),
  'in-use': msg('In-use'),
  creating: msg('Creating'),
  downloading: msg('Downloading'),
  uploading: msg('Uploading'),
  attaching: msg('Attaching'),
  detaching: msg('Detaching'),
  extending: msg('Extending'),
  retyping: msg('Retyping'),
  deleting: msg('Deleting'),
  'awaiting-transfer': msg('Awaiting Transfer'),
  maintenance: msg('Maintenance'),
  reserved: msg('Reserved'),
  'backing-up': msg('Backing Up'),
  'restoring-backup': msg('Restoring Backup'),
  error: msg('Error'),
  error_deleting: msg('Error Deleting'),
  error_extending: msg('Error Extending'),
  error_restoring: msg('Error Restoring'),
  error_backing_up: msg('Error Backing Up'),
};

/** Statuses Cinder moves out of on its own: the table polls while a row shows one. */
const TRANSITIONAL: ReadonlySet<string> = new Set([
  'creating',
  'downloading',
  'uploading',
  'attaching',
  'detaching',
  'extending',
  'retyping',
  'deleting',
  'backing-up',
  'restoring-backup',
  'reserved',
]);

export const isTransitional = (v: Pick<Volume, 'status' | 'migration_status'>): boolean =>
  TRANSITIONAL.has(v.status) || v.migration_status === 'migrating';

export const isAvailable = (v: Volume): boolean => v.status === 'available';
export const isInUse = (v: Volume): boolean => v.status === 'in-use';
export const availableOrInUse = (v: Volume): boolean => isAvailable(v) || isInUse(v);

/** Cinder deletes only volumes in these states, and never an attached one. */
export const canDelete = (v: Volume): boolean =>
  ['available', 'error', 'error_restoring', 'error_extending', 'error_managing'].includes(
    v.status,
  ) && v.attachments.length === 0;

export const statusColor = (status: string, v: Volume): 'green' | 'red' | 'blue' | 'grey' =>
  status === 'available' || status === 'in-use'
    ? 'green'
    : status.startsWith('error')
      ? 'red'
      : isTransitional(v)
        ? 'blue'
        : 'grey';

// The contract's choices, repeated here as values: the web bundle takes only types from it.
export const MIGRATION_POLICIES = ['never', 'on-demand'] as const satisfies readonly NonNullable<
  VolumeRetypeBody['migration_policy']
>[];
export const UPLOAD_DISK_FORMATS = [
  'raw',
  'qcow2',
  'vdi',
  'vmdk',
  'vhd',
  'vhdx',
  'ploop',
] as const satisfies readonly VolumeUploadBody['disk_format'][];
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
] as const satisfies readonly VolumeResetStatusBody['status'][];
/** A backup's: Cinder takes only these two. */
export const BACKUP_RESET_STATUSES = [
  'available',
  'error',
] as const satisfies readonly VolumeBackupResetStatusBody['status'][];
