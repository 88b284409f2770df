import type { VolumeBackup } from '@skydeck/contract';
import { projectCells } from '../../shared/projects/projectNames';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import {
  booleanColumn,
  labelColumn,
  nameColumn,
  sizeColumn,
  textColumn,
} from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import { booleanField, dateField, field, overviewTab, sizeField } from '../../registry/fields';
import { policy, type PanelScope } from '../../registry/types';
import { backupQueries, removeBackup } from '../../data/cinder/backups';

const ADMIN_PANEL = '/admin/backups';
const isAdmin = (scope: PanelScope): boolean => scope.path === ADMIN_PANEL;
// Cinder shows the owner only to some (an admin); without it the check is about the user's own
// project, which is where a listed item lives for everyone else.
const own = (b: VolumeBackup): { project_id?: string } =>
  b.project_id ? { project_id: b.project_id } : {};
const TRANSITIONAL = new Set(['creating', 'deleting', 'restoring']);

const remove = {
  requires: [policy('volume', 'backup:delete')],
  remove: removeBackup,
  invalidates: [backupQueries.all()],
  allowed: (b: VolumeBackup) => ['available', 'error'].includes(b.status),
  policyTarget: own,
  body: msg('You have selected "{{names}}". Deleted volume backup is not recoverable.'),
  notAllowed: msg('You are not allowed to delete volume backups: {{names}}'),
};

/** Volume backups: the project panel and the admin one (issue 11). */
export const volumeBackups = defineResource<VolumeBackup>({
  key: (b) => b.id,
  label: (b) => b.name || b.id,
  list: (scope, filters) => asList(backupQueries.list(filters, isAdmin(scope))),
  detail: (id) => asDetail(backupQueries.detail(id)),
  transitional: (b) => TRANSITIONAL.has(b.status),
  columns: [
    {
      ...textColumn<VolumeBackup>('project', msg('Project'), (b) => b.project_id, {
        priority: 1,
        ...projectCells<VolumeBackup>((b) => b.project_id),
      }),
      panels: [ADMIN_PANEL],
    },
    nameColumn<VolumeBackup>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (b) => b.id,
    }),
    textColumn<VolumeBackup>('description', msg('Description'), (b) => b.description, {
      priority: 2,
    }),
    sizeColumn<VolumeBackup>('size', msg('Size'), (b) => b.size, { priority: 1, unit: 'GB' }),
    labelColumn<VolumeBackup>('status', msg('Status'), (b) => b.status, {
      priority: 1,
      inProgress: (b) => TRANSITIONAL.has(b.status),
      color: (status) =>
        status === 'available' ? 'green' : status.startsWith('error') ? 'red' : 'grey',
    }),
    booleanColumn<VolumeBackup>('incremental', msg('Incremental'), (b) => b.is_incremental, {
      priority: 2,
    }),
    textColumn<VolumeBackup>('volume', msg('Volume ID'), (b) => b.volume_id, { priority: 2 }),
  ],
  facets: [serverFacet('name', msg('Name')), serverFacet('status', msg('Status'))],
  actions: {
    row: [
      modalAction<VolumeBackup>(
        'restore',
        msg('Restore Backup'),
        [policy('volume', 'backup:restore')],
        () => import('../../shared/volumes/BackupModals').then((m) => m.RestoreBackupModal),
        { allowed: (b) => b.status === 'available', policyTarget: own },
      ),
      modalAction<VolumeBackup>(
        'reset-status',
        msg('Update Backup Status'),
        [policy('volume', 'volume_extension:backup_admin_actions:reset_status')],
        () => import('../../shared/volumes/BackupModals').then((m) => m.ResetBackupStatusModal),
        { policyTarget: own },
      ),
      deleteAction<VolumeBackup>({ ...remove, label: msg('Delete Volume Backup') }),
    ],
    batch: [deleteAction<VolumeBackup[]>({ ...remove, label: msg('Delete Volume Backups') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (b) => b.name || b.id),
      field(msg('ID'), (b) => b.id),
      field(msg('Description'), (b) => b.description ?? ''),
      field(msg('Status'), (b) => b.status),
      sizeField(msg('Size'), (b) => b.size, 'GB'),
      field(msg('Volume ID'), (b) => b.volume_id),
      field(msg('Container'), (b) => b.container ?? ''),
      booleanField(msg('Incremental'), (b) => b.is_incremental),
      field(msg('Object Count'), (b) => String(b.object_count)),
      field(msg('Fail Reason'), (b) => b.fail_reason ?? ''),
      dateField(msg('Created'), (b) => b.created_at),
    ]),
  ],
});
