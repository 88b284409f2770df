import { projectCells } from '../../shared/projects/projectNames';
import { createElement } from 'react';
import type { Volume } from '@skydeck/contract';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { deleteAction, modalAction } from '../../registry/actions';
import {
  booleanColumn,
  labelColumn,
  nameColumn,
  sizeColumn,
  textColumn,
} from '../../registry/columns';
import { asDetail, asList, asPage, defineResource } from '../../registry/defineResource';
import { YES_NO_OPTIONS, serverFacet } from '../../registry/facets';
import {
  booleanField,
  dateField,
  field,
  keyValueField,
  overviewTab,
  sizeField,
} from '../../registry/fields';
import { policy, service, type FacetOption, type PanelScope } from '../../registry/types';
import { removeVolume, removeVolumeWithSnapshots, volumeQueries } from '../../data/cinder/volumes';
import { snapshotQueries } from '../../data/cinder/snapshots';
import { LAUNCH_POLICY } from '../../launch/launchInstanceAction';
import { AttachedTo, attachedText } from './volumeCells';
import {
  VOLUME_STATUS_LABELS,
  availableOrInUse,
  canDelete,
  isAvailable,
  isInUse,
  isTransitional,
  statusColor,
} from '../../shared/volumes/volumeRules';

const ADMIN_PANEL = '/admin/volumes';
const ADMIN_ONLY = [ADMIN_PANEL];
const isAdmin = (scope: PanelScope): boolean => scope.path === ADMIN_PANEL;

// Cinder's rules (Zed defaults), each checked against the row's project.
const vol = (rule: string) => policy('volume', rule);
const CREATE = vol('volume:create');
const UPDATE = vol('volume:update');
const DELETE = vol('volume:delete');
const EXTEND = vol('volume:extend');
const RETYPE = vol('volume:retype');
const SNAPSHOT = vol('volume:create_snapshot');
const BACKUP = vol('backup:create');
const UPLOAD = vol('volume_extension:volume_actions:upload_image');
const TRANSFER = vol('volume:create_transfer');
const ACCEPT = vol('volume:accept_transfer');
const METADATA = vol('volume:update_volume_metadata');
const RESET_STATUS = vol('volume_extension:volume_admin_actions:reset_status');
const MIGRATE = vol('volume_extension:volume_admin_actions:migrate_volume');
const MANAGE = vol('volume_extension:volume_manage');
const UNMANAGE = vol('volume_extension:volume_unmanage');
const ATTACH = policy('compute', 'os_compute_api:os-volumes-attachments:create');
const DETACH = policy('compute', 'os_compute_api:os-volumes-attachments:delete');
// Cinder shows the owner only to some (an admin); without it the check is about the user's own
// project, which is where a listed item lives for everyone else.
const own = (v: Volume): { project_id?: string } =>
  v.project_id ? { project_id: v.project_id } : {};

const STATUS_OPTIONS: FacetOption[] = [
  'available',
  'in-use',
  'creating',
  'error',
  'deleting',
  'awaiting-transfer',
].map((key) => ({ key, label: VOLUME_STATUS_LABELS[key] ?? msg('Unknown') }));

const statusText = (v: Volume): string => {
  const label = VOLUME_STATUS_LABELS[v.status];
  return label ? t(label) : v.status;
};

const modal = (
  id: string,
  label: string,
  requires: Parameters<typeof modalAction<Volume>>[2],
  load: Parameters<typeof modalAction<Volume>>[3],
  allowed?: (v: Volume) => boolean,
) =>
  modalAction<Volume>(id, label, requires, load, {
    policyTarget: own,
    ...(allowed && { allowed }),
  });

const modals = () => import('./VolumeModals');

const remove = {
  requires: [DELETE],
  remove: removeVolume,
  invalidates: [volumeQueries.all(), volumeQueries.limits().queryKey],
  allowed: canDelete,
  policyTarget: own,
  body: msg('You have selected "{{names}}". Deleted volume is not recoverable.'),
  notAllowed: msg('You are not allowed to delete volumes: {{names}}'),
};

/** Volumes: the project panel and the admin one (issue 11; spec 2 §2, §3, §4, §7 Volumes). */
export const volumes = defineResource<Volume>({
  key: (v) => v.id,
  label: (v) => v.name || v.id,
  list: (scope, filters) => asList(volumeQueries.list(filters, isAdmin(scope))),
  detail: (id) => asDetail(volumeQueries.detail(id)),
  transitional: isTransitional,
  // Polling re-reads only the volumes still changing, one GET each.
  refresh: (ids) => {
    const query = volumeQueries.byIds(ids);
    return query && asList(query);
  },
  // A project may hold thousands of volumes: both panels page on the server (Cinder's markers).
  // Twelve columns on the admin panel: fit a 1400 px window beside the sidebar.
  density: 'compact',
  paging: {
    when: () => true,
    page: (scope, filters, page) => asPage(volumeQueries.page(filters, isAdmin(scope), page)),
  },
  columns: [
    {
      ...textColumn<Volume>('project', msg('Project'), (v) => v.project_id, {
        priority: 1,
        ...projectCells<Volume>((v) => v.project_id),
      }),
      panels: ADMIN_ONLY,
    },
    {
      // host@backend#pool runs to 40 characters and more: one line, whole in its tooltip.
      ...textColumn<Volume>('host', msg('Host'), (v) => v.host, {
        priority: 2,
        modifier: 'truncate',
      }),
      panels: ADMIN_ONLY,
    },
    nameColumn<Volume>({
      priority: 1,
      defaultSort: true,
      serverSort: 'name',
      linkToDetails: true,
      fallback: (v) => v.id,
    }),
    textColumn<Volume>('description', msg('Description'), (v) => v.description, { priority: 2 }),
    sizeColumn<Volume>('size', msg('Size'), (v) => v.size, {
      priority: 1,
      unit: 'GB',
      serverSort: 'size',
    }),
    {
      ...labelColumn<Volume>('status', msg('Status'), (v) => v.status, {
        priority: 1,
        serverSort: 'status',
        labels: VOLUME_STATUS_LABELS,
        inProgress: isTransitional,
        color: statusColor,
      }),
      text: statusText,
    },
    textColumn<Volume>('group', msg('Group'), (v) => v.group_id ?? '', { priority: 3 }),
    textColumn<Volume>('volume_type', msg('Type'), (v) => v.volume_type, { priority: 2 }),
    textColumn<Volume>('attached', msg('Attached To'), attachedText, {
      priority: 1,
      sortable: false,
      cell: (v) => createElement(AttachedTo, { volume: v }),
    }),
    textColumn<Volume>('availability_zone', msg('Availability Zone'), (v) => v.availability_zone, {
      priority: 2,
      serverSort: 'availability_zone',
    }),
    booleanColumn<Volume>('bootable', msg('Bootable'), (v) => v.bootable, {
      priority: 2,
      serverSort: 'bootable',
    }),
    booleanColumn<Volume>('encrypted', msg('Encrypted'), (v) => v.encrypted, { priority: 3 }),
  ],
  facets: [
    serverFacet('name', msg('Name')),
    serverFacet('status', msg('Status'), STATUS_OPTIONS),
    serverFacet('availability_zone', msg('Availability Zone')),
    serverFacet('bootable', msg('Bootable'), YES_NO_OPTIONS),
    { ...serverFacet<Volume>('project_id', msg('Project ID')), panels: ADMIN_ONLY },
  ],
  actions: {
    table: [
      modalAction(
        'create',
        msg('Create Volume'),
        [CREATE, service('volume')],
        () => import('../../shared/volumes/CreateVolumeModal').then((m) => m.CreateVolumeModal),
        { primary: true },
      ),
      modalAction('accept-transfer', msg('Accept Transfer'), [ACCEPT], () =>
        modals().then((m) => m.AcceptTransferModal),
      ),
      modalAction('manage', msg('Manage Volume'), [MANAGE], () =>
        import('./ManageVolumeModal').then((m) => m.ManageVolumeModal),
      ),
    ],
    row: [
      modal('edit', msg('Edit Volume'), [UPDATE], () => modals().then((m) => m.EditVolumeModal)),
      modal(
        'extend',
        msg('Extend Volume'),
        [EXTEND],
        () => modals().then((m) => m.ExtendVolumeModal),
        availableOrInUse,
      ),
      modal(
        'launch',
        msg('Launch as Instance'),
        [LAUNCH_POLICY],
        () => import('../../shared/volumes/LaunchFromVolume').then((m) => m.LaunchFromVolume),
        (v) => isAvailable(v) && v.bootable,
      ),
      modal(
        'attach',
        msg('Manage Attachments'),
        [ATTACH],
        () => import('../../shared/volumes/AttachVolumeModal').then((m) => m.AttachVolumeModal),
        (v) => isAvailable(v) || (v.multiattach && isInUse(v)),
      ),
      modal(
        'detach',
        msg('Detach Volume'),
        [DETACH],
        () => import('../../shared/volumes/DetachVolumeModal').then((m) => m.DetachVolumeModal),
        (v) => isInUse(v) && v.attachments.length > 0,
      ),
      modal(
        'create-snapshot',
        msg('Create Snapshot'),
        [SNAPSHOT],
        () => modals().then((m) => m.VolumeSnapshotModal),
        availableOrInUse,
      ),
      modal(
        'change-type',
        msg('Change Volume Type'),
        [RETYPE],
        () => modals().then((m) => m.RetypeVolumeModal),
        availableOrInUse,
      ),
      modal(
        'upload-to-image',
        msg('Upload to Image'),
        [UPLOAD],
        () => modals().then((m) => m.UploadToImageModal),
        availableOrInUse,
      ),
      modal(
        'create-transfer',
        msg('Create Transfer'),
        [TRANSFER],
        () => modals().then((m) => m.CreateTransferModal),
        isAvailable,
      ),
      modal(
        'create-backup',
        msg('Create Backup'),
        [BACKUP],
        () => import('../../shared/volumes/BackupModals').then((m) => m.CreateBackupModal),
        availableOrInUse,
      ),
      modal('update-metadata', msg('Update Metadata'), [METADATA], () =>
        modals().then((m) => m.VolumeMetadataModal),
      ),
      modal('reset-status', msg('Update Volume Status'), [RESET_STATUS], () =>
        modals().then((m) => m.ResetVolumeStatusModal),
      ),
      modal(
        'migrate',
        msg('Migrate Volume'),
        [MIGRATE],
        () => modals().then((m) => m.MigrateVolumeModal),
        (v) => isAvailable(v) || isInUse(v),
      ),
      modal(
        'unmanage',
        msg('Unmanage Volume'),
        [UNMANAGE],
        () => import('./ManageVolumeModal').then((m) => m.UnmanageVolumeModal),
        (v) => isAvailable(v) || v.status === 'error',
      ),
      deleteAction<Volume>({ ...remove, label: msg('Delete Volume') }),
      deleteAction<Volume>({
        ...remove,
        id: 'delete-cascade',
        label: msg('Delete Volume and Snapshots'),
        remove: removeVolumeWithSnapshots,
        invalidates: [...remove.invalidates, snapshotQueries.all()],
        body: msg(
          'You have selected "{{names}}". The volume and all of its snapshots will be deleted; this is not recoverable.',
        ),
      }),
    ],
    batch: [deleteAction<Volume[]>({ ...remove, label: msg('Delete Volumes') })],
  },
  details: [
    overviewTab([
      field(msg('Name'), (v) => v.name || v.id),
      field(msg('ID'), (v) => v.id),
      field(msg('Project ID'), (v) => v.project_id ?? ''),
      field(msg('Description'), (v) => v.description ?? ''),
      field(msg('Status'), statusText),
      field(msg('Group'), (v) => v.group_id ?? '-'),
      sizeField(msg('Size'), (v) => v.size, 'GB'),
      field(msg('Type'), (v) => v.volume_type ?? ''),
      booleanField(msg('Bootable'), (v) => v.bootable),
      booleanField(msg('Encrypted'), (v) => v.encrypted),
      booleanField(msg('Multi-attach'), (v) => v.multiattach),
      field(msg('Availability Zone'), (v) => v.availability_zone ?? ''),
      field(msg('Attached To'), (v) => createElement(AttachedTo, { volume: v })),
      field(msg('Snapshot ID'), (v) => v.snapshot_id ?? ''),
      field(msg('Source Volume ID'), (v) => v.source_volid ?? ''),
      field(msg('Host'), (v) => v.host ?? ''),
      dateField(msg('Created'), (v) => v.created_at),
      dateField(msg('Updated'), (v) => v.updated_at),
      keyValueField(msg('Metadata'), (v) => v.metadata),
      keyValueField(msg('Volume Source Image'), (v) => v.volume_image_metadata ?? {}),
    ]),
  ],
});
