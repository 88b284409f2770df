import type { VolumeSnapshot, VolumeSnapshotUpdateBody } from '@skydeck/contract';
import { api, resourceKey, routeQuery } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';

const LIST_FAILED = msg('Unable to retrieve the volume snapshots.');

/** The facet values as the snapshot list's query; the admin panel lists every project's. */
function snapshotListQuery(filters: Record<string, string>, admin: boolean) {
  const query: { name?: string; status?: string; volume_id?: string; all_projects?: boolean } = {};
  for (const key of ['name', 'status', 'volume_id'] as const) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  if (admin) query.all_projects = true;
  return query;
}

/** Volume snapshots (/api/cinder/volumesnapshots/). */
export const snapshotQueries = {
  all: () => resourceKey('cinder.snapshots'),
  list: (filters: Record<string, string> = {}, admin = false) =>
    routeQuery(
      'cinder.snapshots.list',
      { query: snapshotListQuery(filters, admin) },
      { map: (r) => r.items, meta: { errorMessage: LIST_FAILED } },
    ),
  /** Available snapshots: what an instance boots from (the launch wizard). */
  available: () =>
    routeQuery(
      'cinder.snapshots.list',
      { query: { status: 'available' } },
      { map: (r) => r.items, meta: { errorMessage: msg('Unable to retrieve the snapshots.') } },
    ),
  detail: (id: string) =>
    routeQuery(
      'cinder.snapshots.get',
      { params: { id } },
      {
        meta: {
          errorMessage: msg('Unable to retrieve volume snapshot details.'),
          silentStatuses: [404],
        },
      },
    ),
};

export const snapshotMutations = {
  update: mutation({
    fn: (v: { snapshot: VolumeSnapshot; body: VolumeSnapshotUpdateBody }) =>
      api('cinder.snapshots.update', { params: { id: v.snapshot.id }, body: v.body }),
    invalidates: [snapshotQueries.all()],
    successMessage: (s) => t(msg('Updated volume snapshot "{{name}}".'), { name: s.name || s.id }),
    errorMessage: msg('Unable to update the volume snapshot.'),
    inlineErrors: true,
  }),
};

export const removeSnapshot = (snapshot: VolumeSnapshot): Promise<unknown> =>
  api('cinder.snapshots.delete', { params: { id: snapshot.id } });
