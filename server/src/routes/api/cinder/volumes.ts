import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type Volume as VolumeShape,
  type VolumeList as VolumeListShape,
  routeTable as api,
} from '@skydeck/contract';
import type { Volume as CinderVolume, VolumeCreate } from '@skydeck/openstack-client';
import { checkPaging, readPage, wantsPage, wholeList } from '../../../lib/listPage';
import { serve } from '../../serve';
import { CINDER_DEFAULT_SORT, cinderListParts } from './listQuery';
import { metadataCalls, serveMetadata } from '../../serveMetadata';
import type { RouteDeps } from '../../deps';
import { sessionOf } from '../../../lib/sessionOf';
import { serverNames } from '../../../services/nova/serverNames';

/** Unpaged lists read at most this many volumes. */
const ALL_PAGE_SIZE = 1000;

class VolumeRequestError extends Error {
  readonly statusCode = 400;
}

/** Cinder's volume in the contract shape: bootable as a boolean, the owner as project_id. */
export const toVolume = (v: CinderVolume): VolumeShape => {
  const out: VolumeShape = {
    id: v.id,
    name: v.name,
    description: v.description,
    size: v.size,
    status: v.status,
    availability_zone: v.availability_zone,
    bootable: String(v.bootable).toLowerCase() === 'true',
    encrypted: v.encrypted,
    multiattach: v.multiattach,
    volume_type: v.volume_type,
    snapshot_id: v.snapshot_id,
    source_volid: v.source_volid,
    created_at: v.created_at,
    updated_at: v.updated_at,
    attachments: v.attachments.map((a) => ({
      id: a.id,
      attachment_id: a.attachment_id,
      server_id: a.server_id,
      host_name: a.host_name,
      device: a.device,
      attached_at: a.attached_at,
    })),
    metadata: v.metadata,
    user_id: v.user_id,
    replication_status: v.replication_status,
  };
  if (v.volume_type_id !== undefined) out.volume_type_id = v.volume_type_id;
  if (v.volume_image_metadata !== undefined) out.volume_image_metadata = v.volume_image_metadata;
  if (v['os-vol-tenant-attr:tenant_id'] !== undefined) {
    out.project_id = v['os-vol-tenant-attr:tenant_id'];
  }
  if (v.group_id !== undefined) out.group_id = v.group_id;
  if (v.migration_status !== undefined) out.migration_status = v.migration_status;
  if (v['os-vol-host-attr:host'] !== undefined) out.host = v['os-vol-host-attr:host'];
  return out;
};

/**
 * The volumes with each attachment's server named, from one cached listing of the servers the
 * caller sees (every project's when `allTenants`), never a Nova call per row.
 */
const withServerNames = async (
  request: FastifyRequest,
  volumes: VolumeShape[],
  allTenants: boolean,
): Promise<VolumeShape[]> => {
  const ids = [...new Set(volumes.flatMap((v) => v.attachments.map((a) => a.server_id)))];
  if (ids.length === 0) return volumes;
  const names = await serverNames(request.openstack, sessionOf(request).sessionId, ids, {
    allTenants,
  });
  return volumes.map((v) => ({
    ...v,
    attachments: v.attachments.map((a) => {
      const name = names.get(a.server_id);
      return name === undefined ? a : { ...a, server_name: name };
    }),
  }));
};

/**
 * /api/cinder/volumes/ — list (every page unless paginate/limit/marker ask for one), create
 * (from nothing, an image, a snapshot or another volume), show, and the metadata of one volume.
 */
export const volumeRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const pageSize = deps.config.settings.API_RESULT_PAGE_SIZE;

  serve(app, api['cinder.volumes.list'], async (request): Promise<VolumeListShape> => {
    const { paging, common } = cinderListParts(request.query);
    const volumes = request.openstack.cinder.volumes;
    checkPaging(paging);
    const named = async (list: VolumeListShape): Promise<VolumeListShape> => ({
      ...list,
      items: await withServerNames(request, list.items, request.query.all_projects === true),
    });
    if (!wantsPage(paging)) {
      const all = await volumes.listAll({ ...common, limit: ALL_PAGE_SIZE });
      return named(wholeList(all.volumes, all.truncated, toVolume));
    }
    const page = await readPage(
      { ...paging, sort_key: common.sortKey, sort_dir: common.sortDir },
      paging.limit ?? pageSize,
      CINDER_DEFAULT_SORT,
      async (read) => (await volumes.list({ ...common, ...read })).volumes,
      toVolume,
    );
    return named(page);
  });

  serve(app, api['cinder.volumes.create'], async (request, reply) => {
    const body = request.body;
    const sources = (['image_id', 'snapshot_id', 'source_volid'] as const).filter(
      (key) => body[key] !== undefined,
    );
    if (sources.length > 1) {
      throw new VolumeRequestError(`Only one source may be given, not ${sources.join(' and ')}`);
    }
    const volume: VolumeCreate = { size: body.size };
    if (body.name !== undefined) volume.name = body.name;
    if (body.description !== undefined) volume.description = body.description;
    // An empty choice in the form means "let Cinder pick" (its default type and zone).
    if (body.volume_type) volume.volume_type = body.volume_type;
    if (body.availability_zone) volume.availability_zone = body.availability_zone;
    if (body.metadata !== undefined) volume.metadata = body.metadata;
    if (body.image_id !== undefined) volume.imageRef = body.image_id;
    if (body.snapshot_id !== undefined) volume.snapshot_id = body.snapshot_id;
    if (body.source_volid !== undefined) volume.source_volid = body.source_volid;
    const created = await request.openstack.cinder.volumes.create(volume);
    return reply.code(201).send(toVolume(created));
  });

  serve(app, api['cinder.volumes.get'], async (request) => {
    const volume = toVolume(await request.openstack.cinder.volumes.get(request.params.id));
    // Cinder names the owner to an admin; another project's volume needs every project's names.
    const owner = volume.project_id;
    const allTenants = owner !== undefined && owner !== sessionOf(request).session.project.id;
    const [named] = await withServerNames(request, [volume], allTenants);
    return named ?? volume;
  });

  serveMetadata(
    app,
    { read: api['cinder.volumes.metadata'], write: api['cinder.volumes.updateMetadata'] },
    metadataCalls((openstack) => openstack.cinder.volumes),
  );
};
