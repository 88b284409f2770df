import type { VolumeSnapshot } from '@skydeck/contract';
import { projectCells } from '../../shared/projects/projectNames';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import { labelColumn, nameColumn, sizeColumn, textColumn } from '../../registry/columns';
import { asDetail, asList, defineResource } from '../../registry/defineResource';
import { serverFacet } from '../../registry/facets';
import { dateField, field, keyValueField, overviewTab, sizeField } from '../../registry/fields';
import { policy, type PanelScope } from '../../registry/types';
import { removeSnapshot, snapshotQueries } from '../../data/cinder/snapshots';
import { volumeQueries } from '../../data/cinder/volumes';
import { VOLUME_STATUS_LABELS } from '../../shared/volumes/volumeRules';

const ADMIN_PANEL = '/admin/snapshots';
const isAdmin = (scope: PanelScope): boolean => scope.path === ADMIN_PANEL;
// Cinder shows the owner only to some (an admin); without it the check is about the user's own
// project, which is where a listed item lives for everyone else.
const own = (s: VolumeSnapshot): { project_id?: string } =>
  s.project_id ? { project_id: s.project_id } : {};
const TRANSITIONAL = new Set(['creating', 'deleting', 'restoring', 'backing-up']);

const statusText = (s: VolumeSnapshot): string => {
  const label = VOLUME_STATUS_LABELS[s.status];
  return label ? t(label) : s.status;
};

const remove = {
  requires: [policy('volume', 'volume:delete_snapshot')],
  remove: removeSnapshot,
  invalidates: [snapshotQueries.all(), volumeQueries.limits().queryKey],
  allowed: (s: VolumeSnapshot) => ['available', 'error'].includes(s.status),
  policyTarget: own,
  body: msg('You have selected "{{names}}". Deleted volume snapshot is not recoverable.'),
  notAllowed: msg('You are not allowed to delete volume snapshots: {{names}}'),
};

/** Volume snapshots: the project panel and the admin one (issue 11). */
export const volumeSnapshots = defineResource<VolumeSnapshot>({
  key: (s) => s.id,
  label: (s) => s.name || s.id,
  list: (scope, filters) => asList(snapshotQueries.list(filters, isAdmin(scope))),
  detail: (id) => asDetail(snapshotQueries.detail(id)),
  transitional: (s) => TRANSITIONAL.has(s.status),
  columns: [
    {
      ...textColumn<VolumeSnapshot>('project', msg('Project'), (s) => s.project_id, {
        ...projectCells<VolumeSnapshot>((s) => s.project_id),
        priority: 1,
      }),
      panels: [ADMIN_PANEL],
    },
    nameColumn<VolumeSnapshot>({
      priority: 1,
      defaultSort: true,
      linkToDetails: true,
      fallback: (s) => s.id,
    }),
    textColumn<VolumeSnapshot>('description', msg('Description'), (s) => s.description, {
      priority: 2,
    }),
    sizeColumn<VolumeSnapshot>('size', msg('Size'), (s) => s.size, { priority: 1, unit: 'GB' }),
    {
      ...labelColumn<VolumeSnapshot>('status', msg('Status'), (s) => s.status, {
        priority: 1,
        labels: VOLUME_STATUS_LABELS,
        inProgress: (s) => TRANSITIONAL.has(s.status),
        color: (status) =>
          status === 'available' ? 'green' : status.startsWith('error') ? 'red' : 'grey',
      }),
      text: statusText,
    },
    textColumn<VolumeSnapshot>('volume', msg('Volume ID'), (s) => s.volume_id, { priority: 2 }),
  ],
  facets: [serverFacet('name', msg('Name')), serverFacet('status', msg('Status'))],
  actions: {
    row: [
      modalAction<VolumeSnapshot>(
        'create-volume',
        msg('Create Volume'),
        [policy('volume', 'volume:create')],
        () => import('../../shared/volumes/CreateVolumeModal').then((m) => m.CreateVolumeModal),
        { allowed: (s) => s.status === 'available' },
      ),
      modalAction<VolumeSnapshot>(
        'edit',
        msg('Edit Snapshot'),
        [policy('volume', 'volume:update_snapshot')],
        () => import('./SnapshotModals').then((m) => m.EditSnapshotModal),
        { policyTarget: own },
      ),
      modalAction<VolumeSnapshot>(
        'update-metadata',
        msg('Update Metadata'),
        [policy('volume', 'volume:update_snapshot_metadata')],
        () => import('./SnapshotModals').then((m) => m.SnapshotMetadataModal),
        { policyTarget: own },
      ),
      deleteAction<VolumeSnapshot>({ ...remove, label: msg('Delete Volume Snapshot') }),
    ],
    batch: [deleteAction<VolumeSnapshot[]>({ ...remove, label: msg('Delete Volume Snapshots') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (s) => s.name || s.id),
      field(msg('ID'), (s) => s.id),
      field(msg('Description'), (s) => s.description ?? ''),
      field(msg('Status'), statusText),
      sizeField(msg('Size'), (s) => s.size, 'GB'),
      field(msg('Volume ID'), (s) => s.volume_id),
      field(msg('Project ID'), (s) => s.project_id ?? ''),
      dateField(msg('Created'), (s) => s.created_at),
      keyValueField(msg('Metadata'), (s) => s.metadata),
    ]),
  ],
});
