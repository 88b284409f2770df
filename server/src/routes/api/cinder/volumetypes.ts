import type { FastifyPluginAsync } from 'fastify';
import {
  type VolumeType as VolumeTypeShape,
  type VolumeTypeEncryption,
  routeTable as api,
} from '@skydeck/contract';
import type {
  VolumeType as CinderVolumeType,
  VolumeTypeEncryptionSpec,
} from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { serveItemPassThrough } from '../../serveItem';
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

export const toEncryption = (e: VolumeTypeEncryptionSpec | null): VolumeTypeEncryption | null =>
  e && {
    provider: e.provider,
    control_location: e.control_location,
    cipher: e.cipher ?? null,
    key_size: e.key_size ?? null,
  };

/**
 * /api/cinder/volumetypes/ — the types the caller may use (an admin: all, with encryption), the
 * default type, one type, a type's "metadata" (its extra specs, which the metadata editor edits
 * for volume_type), and the admin's create, edit, delete, encryption and project access.
 */
export const volumeTypeRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.volumetypes.list'], async (request) => {
    const calls = request.openstack.cinder.volumeTypes;
    if (request.query.all !== true) return { items: (await calls.list()).map(toVolumeType) };
    const cinder = request.openstack.cinder;
    const [types, defaultType, qosSpecs] = await Promise.all([
      calls.list({ isPublic: 'all' }),
      // A cloud without a usable default type still lists its types.
      calls.getDefault().catch(() => null),
      cinder.qosSpecs.list(),
    ]);
    // One call per type: Cinder lists no encryption; an admin's table has a few dozen types.
    const encryptions = await Promise.all(types.map((t) => calls.getEncryption(t.id)));
    const qosNames = new Map(qosSpecs.map((q) => [q.id, q.name]));
    return {
      items: types.map((t, i) => ({
        ...toVolumeType(t),
        encryption: toEncryption(encryptions[i] ?? null),
        is_default: t.id === defaultType?.id,
        qos_specs_name: t.qos_specs_id ? (qosNames.get(t.qos_specs_id) ?? null) : null,
      })),
    };
  });

  serve(app, api['cinder.volumetypes.default'], async (request) =>
    toVolumeType(await request.openstack.cinder.volumeTypes.getDefault()),
  );

  serve(app, api['cinder.volumetypes.create'], async (request, reply) => {
    const created = await request.openstack.cinder.volumeTypes.create(request.body);
    return reply.code(201).send(toVolumeType(created));
  });

  serveItemPassThrough(
    app,
    {
      get: api['cinder.volumetypes.get'],
      update: api['cinder.volumetypes.update'],
      delete: api['cinder.volumetypes.delete'],
    },
    (request) => request.openstack.cinder.volumeTypes,
    toVolumeType,
  );

  serve(app, api['cinder.volumetypes.encryption'], async (request) => ({
    encryption: toEncryption(
      await request.openstack.cinder.volumeTypes.getEncryption(request.params.id),
    ),
  }));

  // One PUT for create and update: the form does not know (nor need to) whether a spec exists.
  serve(app, api['cinder.volumetypes.setEncryption'], async (request) => {
    const calls = request.openstack.cinder.volumeTypes;
    const { id } = request.params;
    const existing = await calls.getEncryption(id);
    if (!existing?.encryption_id) {
      return { encryption: toEncryption(await calls.createEncryption(id, request.body)) };
    }
    await calls.updateEncryption(id, existing.encryption_id, request.body);
    return { encryption: toEncryption(await calls.getEncryption(id)) };
  });

  serve(app, api['cinder.volumetypes.deleteEncryption'], async (request, reply) => {
    const calls = request.openstack.cinder.volumeTypes;
    const { id } = request.params;
    const existing = await calls.getEncryption(id);
    if (!existing?.encryption_id) {
      return reply.code(404).send({ message: 'The volume type has no encryption.' });
    }
    await calls.deleteEncryption(id, existing.encryption_id);
    return reply.code(204).send(null);
  });

  serve(app, api['cinder.volumetypes.access'], async (request) => ({
    items: (await request.openstack.cinder.volumeTypes.listAccess(request.params.id)).map(
      (project_id) => ({ project_id }),
    ),
  }));

  serveNoContent(app, api['cinder.volumetypes.addAccess'], (request) =>
    request.openstack.cinder.volumeTypes.addAccess(request.params.id, request.body.project),
  );

  serveNoContent(app, api['cinder.volumetypes.removeAccess'], async (request) => {
    const { id, projectId } = request.params;
    await request.openstack.cinder.volumeTypes.removeAccess(id, projectId);
  });

  serveMetadata(
    app,
    { read: api['cinder.volumetypes.metadata'], write: api['cinder.volumetypes.updateMetadata'] },
    extraSpecCalls((openstack) => openstack.cinder.volumeTypes),
  );
};
