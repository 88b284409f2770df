import type { FastifyPluginAsync } from 'fastify';
import { type VolumeType as VolumeTypeShape, routeTable as api } from '@skydeck/contract';
import type { VolumeType as CinderVolumeType } from '@skydeck/openstack-client';
import { serve } from '../../serve';
import { extraSpecCalls, serveMetadata } from '../../serveMetadata';
import type { RouteDeps } from '../../deps';

export const toVolumeType = (t: CinderVolumeType): VolumeTypeShape => {
  const out: VolumeTypeShape = {
    id: t.id,
    name: t.name,
    description: t.description ?? null,
    is_public: t.is_public ?? t['os-volume-type-access:is_public'] ?? true,
  };
  if (t.extra_specs !== undefined) out.extra_specs = t.extra_specs;
  if (t.qos_specs_id !== undefined) out.qos_specs_id = t.qos_specs_id;
  return out;
};

/**
 * /api/cinder/volumetypes/ — the types the caller may use, the default type, one type, and a
 * type's "metadata" (its extra specs, which the metadata editor edits for volume_type).
 */
export const volumeTypeRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.volumetypes.list'], async (request) => ({
    items: (await request.openstack.cinder.volumeTypes.list()).map(toVolumeType),
  }));

  serve(app, api['cinder.volumetypes.default'], async (request) =>
    toVolumeType(await request.openstack.cinder.volumeTypes.getDefault()),
  );

  serve(app, api['cinder.volumetypes.get'], async (request) =>
    toVolumeType(await request.openstack.cinder.volumeTypes.get(request.params.id)),
  );

  serveMetadata(
    app,
    { read: api['cinder.volumetypes.metadata'], write: api['cinder.volumetypes.updateMetadata'] },
    extraSpecCalls((openstack) => openstack.cinder.volumeTypes),
  );
};
