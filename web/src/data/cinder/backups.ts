import type {
  VolumeBackup,
  VolumeBackupCreateBody,
  VolumeBackupResetStatusBody,
  VolumeBackupRestoreBody,
} from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

/** Volume backups (/api/cinder/backups/). */
export const backupQueries = {
  all: () => resourceKey('cinder.backups'),
  list: (filters: Record<string, string> = {}, admin = false) =>
    routeQuery(
      'cinder.backups.list',
      {
        query: {
          ...(filters['name'] && { name: filters['name'] }),
          ...(filters['status'] && { status: filters['status'] }),
          ...(admin && { all_projects: true }),
        },
      },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve volume backups.') } },
    ),
  detail: (id: string) =>
    routeQuery(
      'cinder.backups.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve volume backup details.'),
          silentStatuses: [404],
        },
      },
    ),
};

export const backupMutations = {
  create: mutation({
    fn: (body: VolumeBackupCreateBody) => api('cinder.backups.create', { body }),
    invalidates: [backupQueries.all(), resourceKey('cinder.volumes')],
    successType: 'info',
    successMessage: (b) => t(msg('Creating volume backup "{{name}}".'), { name: b.name || b.id }),
    errorMessage: msg('Unable to create the volume backup.'),
    inlineErrors: true,
  }),
  restore: mutation({
    fn: (v: { backup: VolumeBackup; body: VolumeBackupRestoreBody }) =>
      api('cinder.backups.restore', { params: { id: v.backup.id }, body: v.body }),
    invalidates: [backupQueries.all(), resourceKey('cinder.volumes'), resourceKey('cinder.limits')],
    successType: 'info',
    successMessage: (r, v) =>
      t(msg('Restoring backup "{{backup}}" to volume "{{volume}}".'), {
        backup: v.backup.name || v.backup.id,
        volume: r.volume_name || r.volume_id,
      }),
    errorMessage: msg('Unable to restore the backup.'),
    inlineErrors: true,
  }),
  resetStatus: mutation({
    fn: (v: { backup: VolumeBackup; body: VolumeBackupResetStatusBody }) =>
      api('cinder.backups.resetStatus', { params: { id: v.backup.id }, body: v.body }),
    invalidates: [backupQueries.all()],
    successMessage: (_r, v) =>
      t(msg('Updated the status of volume backup "{{name}}".'), {
        name: v.backup.name || v.backup.id,
      }),
    errorMessage: msg('Unable to update the volume backup status.'),
    inlineErrors: true,
  }),
};

export const removeBackup = (backup: VolumeBackup): Promise<unknown> =>
  api('cinder.backups.delete', { params: { id: backup.id } });
