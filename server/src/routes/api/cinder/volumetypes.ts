import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  IdParams,
  MetadataUpdate,
  StringMap,
  VolumeType,
  VolumeTypeList,
  type VolumeType as VolumeTypeShape,
} from '@skydeck/contract';
import type { VolumeType as CinderVolumeType } from '@skydeck/openstack-client';
import { errorResponses } from '../../responses';
import type { RouteDeps } from '../../deps';
import { applyMetadataUpdate } from './metadata';

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
export const volumeTypeRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/cinder/volumetypes/',
    { schema: { response: { 200: VolumeTypeList, ...errorResponses } } },
    async (request) => ({
      items: (await request.openstack.cinder.volumeTypes.list()).map(toVolumeType),
    }),
  );

  app.get(
    '/cinder/volumetypes/default/',
    { schema: { response: { 200: VolumeType, ...errorResponses } } },
    async (request) => toVolumeType(await request.openstack.cinder.volumeTypes.getDefault()),
  );

  app.get(
    '/cinder/volumetypes/:id/',
    { schema: { params: IdParams, response: { 200: VolumeType, ...errorResponses } } },
    async (request) =>
      toVolumeType(await request.openstack.cinder.volumeTypes.get(request.params.id)),
  );

  app.get(
    '/cinder/volumetypes/:id/metadata/',
    { schema: { params: IdParams, response: { 200: StringMap, ...errorResponses } } },
    async (request) => request.openstack.cinder.volumeTypes.getExtraSpecs(request.params.id),
  );

  app.patch(
    '/cinder/volumetypes/:id/metadata/',
    {
      schema: {
        params: IdParams,
        body: MetadataUpdate,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const types = request.openstack.cinder.volumeTypes;
      const { id } = request.params;
      await applyMetadataUpdate(
        {
          set: (updated) => types.setExtraSpecs(id, updated),
          remove: (key) => types.deleteExtraSpec(id, key),
        },
        request.body,
      );
      return reply.code(204).send(null);
    },
  );
};
