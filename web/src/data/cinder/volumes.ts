import type {
  TransferAcceptBody,
  TransferCreateBody,
  Volume,
  VolumeCreateBody,
  VolumeListQuery,
  VolumeManageBody,
  VolumeMigrateBody,
  VolumeResetStatusBody,
  VolumeRetypeBody,
  VolumeSnapshotCreateBody,
  VolumeUpdateBody,
  VolumeUploadBody,
} from '@skydeck/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { volumeTypeQueries } from './volumeTypes';
import { markerQuery, sortKeyIn } from '../paging';
import type { PageRequest } from '../../registry/types';

const LIST_FAILED = msg('Unable to retrieve the volumes.');

/** The facets the list route filters by (Cinder's own filters). */
const VOLUME_FILTERS = ['name', 'status', 'availability_zone', 'project_id'] as const;

/** The facet values as the list route's query; the admin panel lists every project's. */
export function volumeListQuery(filters: Record<string, string>, admin: boolean): VolumeListQuery {
  const query: VolumeListQuery = {};
  for (const key of VOLUME_FILTERS) {
    const value = filters[key]?.trim();
    if (!value || (key === 'project_id' && !admin)) continue;
    query[key] = value;
  }
  const bootable = filters['bootable'];
  if (bootable === 'true' || bootable === 'false') query.bootable = bootable === 'true';
  if (admin) query.all_projects = true;
  return query;
}

type VolumeSortKey = NonNullable<VolumeListQuery['sort_key']>;
const SORT_KEYS: readonly VolumeSortKey[] = [
  'name',
  'size',
  'status',
  'created_at',
  'updated_at',
  'id',
  'availability_zone',
  'bootable',
];

/** Most rows polling re-reads one by one; more re-list the page. */
export const VOLUME_IDS_MAX = 20;

/** Volumes (/api/cinder/volumes/) and what creating one needs to know (spec 2 §7 "Volumes"). */
export const volumeQueries = {
  all: () => resourceKey('cinder.volumes'),
  list: (filters: Record<string, string> = {}, admin = false) =>
    routeQuery(
      'cinder.volumes.list',
      { query: volumeListQuery(filters, admin) },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  page: (filters: Record<string, string>, admin: boolean, page: PageRequest) =>
    routeQuery(
      'cinder.volumes.list',
      {
        query: {
          ...volumeListQuery(filters, admin),
          paginate: true,
          ...markerQuery(page, sortKeyIn(SORT_KEYS, page.sort_key, 'name')),
        },
      },
      { meta: { errorMessage: LIST_FAILED } },
    ),
  /**
   * Only these volumes, each read by id (Cinder's list cannot filter by ids): what polling
   * re-reads while they change. A volume gone meanwhile (deleted) drops out.
   */
  byIds: (ids: readonly string[]) =>
    ids.length === 0 || ids.length > VOLUME_IDS_MAX
      ? undefined
      : queryOptions({
          queryKey: [...resourceKey('cinder.volumes'), 'byIds', [...ids].sort()],
          queryFn: async ({ signal }) => {
            const read = await Promise.allSettled(
              ids.map((id) => api('cinder.volumes.get', { params: { id }, signal })),
            );
            return read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
          },
          meta: { errorMessage: LIST_FAILED },
        }),
  detail: (id: string) =>
    routeQuery(
      'cinder.volumes.get',
      { params: { id } },
      { meta: { errorMessage: msg('Unable to retrieve volume details.'), silentStatuses: [404] } },
    ),
  transfers: () =>
    routeQuery('cinder.transfers.list', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve volume transfers.') },
    }),
  /** Available bootable volumes: what an instance boots from (the launch wizard). */
  bootable: () =>
    routeQuery(
      'cinder.volumes.list',
      { query: { status: 'available', bootable: true } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the volumes.') } },
    ),
  // The types are the volume types module's: one owner per key (data/owners.test.ts).
  types: () => volumeTypeQueries.list(),
  defaultType: () => volumeTypeQueries.default(),
  availabilityZones: () =>
    routeQuery('cinder.availabilityZones', undefined, {
      map: (r) => r.items,
      meta: { errorMessage: msg('Unable to retrieve the availability zones.') },
    }),
  /**
   * Admin: the scheduler's back-end pools (host@backend#pool), offered by Manage Volume. Not
   * toasted when unreadable: the form then takes the host typed in.
   */
  pools: () =>
    routeQuery('cinder.pools', undefined, {
      map: (r) => r.items.map((p) => p.name),
      meta: { silentStatuses: [400, 403, 404, 500, 502, 503, 504] },
    }),
  limits: () =>
    routeQuery('cinder.limits', undefined, {
      meta: { errorMessage: msg('Unable to retrieve the limits.') },
    }),
};

export const CREATING_VOLUME = msg('Creating volume {{name}}');

export const volumeMutations = {
  create: mutation({
    fn: (body: VolumeCreateBody) => api('cinder.volumes.create', { body }),
    invalidates: [volumeQueries.all(), volumeQueries.limits().queryKey],
    successMessage: (volume, body) =>
      t(CREATING_VOLUME, { name: volume.name || body.name || volume.id }),
    successType: 'info',
    errorMessage: msg('Unable to create the volume.'),
    inlineErrors: true,
  }),
  /** Admin: adopt a backend volume (os-volume-manage). */
  manage: mutation({
    fn: (body: VolumeManageBody) => api('cinder.volumes.manage', { body }),
    invalidates: [volumeQueries.all(), volumeQueries.limits().queryKey],
    successMessage: (volume) =>
      t(msg('Managing volume "{{name}}".'), { name: volume.name || volume.id }),
    successType: 'info',
    errorMessage: msg('Unable to manage the volume.'),
    inlineErrors: true,
  }),
  /** Admin: Cinder forgets the volume; its data stays on the backend (os-unmanage). */
  unmanage: mutation({
    fn: (volume: Volume) => api('cinder.volumes.unmanage', { params: { id: volume.id } }),
    invalidates: [volumeQueries.all(), volumeQueries.limits().queryKey],
    successMessage: (_r, volume) =>
      t(msg('Unmanaged volume "{{name}}".'), { name: volume.name || volume.id }),
    errorMessage: msg('Unable to unmanage the volume.'),
    inlineErrors: true,
  }),
};

const volumeName = (volume: Pick<Volume, 'name' | 'id'>): string => volume.name || volume.id;
const changed = () => [volumeQueries.all(), volumeQueries.limits().queryKey];

/** The row actions of the Volumes panel (issue 11). */
export const volumeActionMutations = {
  update: mutation({
    fn: (v: { volume: Volume; body: VolumeUpdateBody }) =>
      api('cinder.volumes.update', { params: { id: v.volume.id }, body: v.body }),
    invalidates: [volumeQueries.all()],
    successMessage: (volume) => t(msg('Updated volume "{{name}}".'), { name: volumeName(volume) }),
    errorMessage: msg('Unable to update the volume.'),
    inlineErrors: true,
  }),
  extend: mutation({
    fn: (v: { volume: Volume; newSize: number }) =>
      api('cinder.volumes.extend', {
        params: { id: v.volume.id },
        body: { new_size: v.newSize },
      }),
    invalidates: changed(),
    successType: 'info',
    successMessage: (_r, v) =>
      t(msg('Extending volume "{{name}}".'), { name: volumeName(v.volume) }),
    errorMessage: msg('Unable to extend the volume.'),
    inlineErrors: true,
  }),
  retype: mutation({
    fn: (v: { volume: Volume; body: VolumeRetypeBody }) =>
      api('cinder.volumes.retype', { params: { id: v.volume.id }, body: v.body }),
    invalidates: [volumeQueries.all()],
    successType: 'info',
    successMessage: (_r, v) =>
      t(msg('Changing the type of volume "{{name}}".'), { name: volumeName(v.volume) }),
    errorMessage: msg('Unable to change the volume type.'),
    inlineErrors: true,
  }),
  resetStatus: mutation({
    fn: (v: { volume: Volume; body: VolumeResetStatusBody }) =>
      api('cinder.volumes.resetStatus', { params: { id: v.volume.id }, body: v.body }),
    invalidates: [volumeQueries.all()],
    successMessage: (_r, v) =>
      t(msg('Updated the status of volume "{{name}}".'), { name: volumeName(v.volume) }),
    errorMessage: msg('Unable to update the volume status.'),
    inlineErrors: true,
  }),
  migrate: mutation({
    fn: (v: { volume: Volume; body: VolumeMigrateBody }) =>
      api('cinder.volumes.migrate', { params: { id: v.volume.id }, body: v.body }),
    invalidates: [volumeQueries.all()],
    successType: 'info',
    successMessage: (_r, v) =>
      t(msg('Migrating volume "{{name}}".'), { name: volumeName(v.volume) }),
    errorMessage: msg('Unable to migrate the volume.'),
    inlineErrors: true,
  }),
  uploadToImage: mutation({
    fn: (v: { volume: Volume; body: VolumeUploadBody }) =>
      api('cinder.volumes.uploadToImage', { params: { id: v.volume.id }, body: v.body }),
    invalidates: [volumeQueries.all(), resourceKey('glance.images')],
    successType: 'info',
    successMessage: (r, v) =>
      t(msg('Uploading volume "{{volume}}" to image "{{image}}".'), {
        volume: volumeName(v.volume),
        image: r.image_name,
      }),
    errorMessage: msg('Unable to upload the volume to an image.'),
    inlineErrors: true,
  }),
  createSnapshot: mutation({
    fn: (body: VolumeSnapshotCreateBody) => api('cinder.snapshots.create', { body }),
    invalidates: [resourceKey('cinder.snapshots'), volumeQueries.limits().queryKey],
    successType: 'info',
    successMessage: (snapshot) =>
      t(msg('Creating volume snapshot "{{name}}".'), { name: snapshot.name || snapshot.id }),
    errorMessage: msg('Unable to create the volume snapshot.'),
    inlineErrors: true,
  }),
  createTransfer: mutation({
    fn: (body: TransferCreateBody) => api('cinder.transfers.create', { body }),
    invalidates: [volumeQueries.all(), resourceKey('cinder.transfers')],
    successMessage: (transfer) =>
      t(msg('Created volume transfer: "{{name}}".'), { name: transfer.name || transfer.id }),
    errorMessage: msg('Unable to create the volume transfer.'),
    inlineErrors: true,
  }),
  acceptTransfer: mutation({
    fn: (v: { id: string; body: TransferAcceptBody }) =>
      api('cinder.transfers.accept', { params: { id: v.id }, body: v.body }),
    invalidates: changed(),
    successMessage: (accepted) =>
      t(msg('Successfully accepted volume transfer: "{{name}}"'), {
        name: accepted.name || accepted.id,
      }),
    errorMessage: msg('Unable to accept the volume transfer.'),
    inlineErrors: true,
  }),
};

/** Delete one volume; `cascade` deletes its snapshots with it. */
export const removeVolume = (volume: Volume): Promise<unknown> =>
  api('cinder.volumes.delete', { params: { id: volume.id }, query: {} });
export const removeVolumeWithSnapshots = (volume: Volume): Promise<unknown> =>
  api('cinder.volumes.delete', { params: { id: volume.id }, query: { cascade: true } });
