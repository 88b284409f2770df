import type { FastifyPluginAsync } from 'fastify';
import {
  type VolumeSnapshot as SnapshotShape,
  type VolumeSnapshotList as SnapshotListShape,
  routeTable as api,
} from '@skydeck/contract';
import type { VolumeSnapshot } from '@skydeck/openstack-client';
import { checkPaging, readPage, wantsPage, wholeList } from '../../../lib/listPage';
import { serve } from '../../serve';
import { CINDER_DEFAULT_SORT, cinderListParts } from './listQuery';
import { metadataCalls, serveMetadata } from '../../serveMetadata';
import type { RouteDeps } from '../../deps';

/** Unpaged lists read at most this many pages of 1000. */
const ALL_PAGE_SIZE = 1000;
const ALL_MAX_PAGES = 20;

export const toSnapshot = (s: VolumeSnapshot): SnapshotShape => {
  const out: SnapshotShape = {
    id: s.id,
    name: s.name,
    description: s.description,
    volume_id: s.volume_id,
    size: s.size,
    status: s.status,
    created_at: s.created_at,
    updated_at: s.updated_at,
    metadata: s.metadata,
  };
  const project = s['os-extended-snapshot-attributes:project_id'];
  if (project !== undefined) out.project_id = project;
  const progress = s['os-extended-snapshot-attributes:progress'];
  if (progress !== undefined) out.progress = progress;
  return out;
};

/** /api/cinder/volumesnapshots/ — the list, and the metadata of one snapshot. */
export const volumeSnapshotRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const pageSize = deps.config.settings.API_RESULT_PAGE_SIZE;

  serve(app, api['cinder.snapshots.list'], async (request): Promise<SnapshotListShape> => {
    const { paging, common } = cinderListParts(request.query);
    const snapshots = request.openstack.cinder.snapshots;
    checkPaging(paging);
    if (!wantsPage(paging)) {
      const items: VolumeSnapshot[] = [];
      let next: string | undefined;
      for (let page = 0; page < ALL_MAX_PAGES; page++) {
        const answer = await snapshots.list({ ...common, limit: ALL_PAGE_SIZE, marker: next });
        items.push(...answer.snapshots);
        next = answer.nextMarker;
        if (next === undefined) break;
      }
      return wholeList(items, next !== undefined, toSnapshot);
    }
    return readPage(
      { ...paging, sort_key: common.sortKey, sort_dir: common.sortDir },
      paging.limit ?? pageSize,
      CINDER_DEFAULT_SORT,
      async (read) => (await snapshots.list({ ...common, ...read })).snapshots,
      toSnapshot,
    );
  });

  serveMetadata(
    app,
    { read: api['cinder.snapshots.metadata'], write: api['cinder.snapshots.updateMetadata'] },
    metadataCalls((openstack) => openstack.cinder.snapshots),
  );
};
