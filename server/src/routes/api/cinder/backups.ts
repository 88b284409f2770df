import type { FastifyPluginAsync } from 'fastify';
import { type VolumeBackup as BackupShape, routeTable as api } from '@skydeck/contract';
import type { VolumeBackup } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import type { RouteDeps } from '../../deps';

/** Every backup unless the list runs past this many pages of 1000. */
const PAGE = 1000;
const MAX_PAGES = 20;

export const toBackup = (b: VolumeBackup): BackupShape => {
  const out: BackupShape = {
    id: b.id,
    name: b.name,
    description: b.description,
    volume_id: b.volume_id,
    snapshot_id: b.snapshot_id ?? null,
    status: b.status,
    size: b.size,
    object_count: b.object_count ?? 0,
    availability_zone: b.availability_zone ?? null,
    container: b.container ?? null,
    created_at: b.created_at,
    updated_at: b.updated_at ?? null,
    data_timestamp: b.data_timestamp ?? null,
    is_incremental: b.is_incremental,
    has_dependent_backups: b.has_dependent_backups,
    fail_reason: b.fail_reason ?? null,
  };
  const project = b['os-backup-project-attr:project_id'];
  if (project !== undefined) out.project_id = project;
  return out;
};

/** /api/cinder/backups/: list, show, create, delete, restore and (admin) reset volume backups. */
export const backupRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.backups.list'], async (request) => {
    const { all_projects: allProjects, ...filters } = request.query;
    const items: VolumeBackup[] = [];
    let marker: string | undefined;
    let truncated = false;
    for (let page = 0; ; page++) {
      if (page === MAX_PAGES) {
        truncated = true;
        break;
      }
      const answer = await request.openstack.cinder.backups.list({
        filters,
        allProjects: allProjects === true,
        limit: PAGE,
        marker,
      });
      items.push(...answer.backups);
      marker = answer.nextMarker;
      if (marker === undefined) break;
    }
    return { items: items.map(toBackup), ...(truncated && { has_more_data: true }) };
  });

  serve(app, api['cinder.backups.get'], async (request) =>
    toBackup(await request.openstack.cinder.backups.get(request.params.id)),
  );

  serve(app, api['cinder.backups.create'], async (request, reply) => {
    const backups = request.openstack.cinder.backups;
    const { id } = await backups.create(request.body);
    return reply.code(201).send(toBackup(await backups.get(id)));
  });

  serveNoContent(app, api['cinder.backups.delete'], (request) =>
    request.openstack.cinder.backups.delete(request.params.id),
  );

  serve(app, api['cinder.backups.restore'], async (request) => {
    const restored = await request.openstack.cinder.backups.restore(
      request.params.id,
      request.body,
    );
    return {
      backup_id: restored.backup_id,
      volume_id: restored.volume_id,
      volume_name: restored.volume_name ?? null,
    };
  });

  serveNoContent(app, api['cinder.backups.resetStatus'], (request) =>
    request.openstack.cinder.backups.resetStatus(request.params.id, request.body.status),
  );
};
