import type { FastifyInstance } from 'fastify';
import { Fault } from '../../core/faults';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { callerProject, callerUser, ownTarget } from './http';
import type { Json } from './http';
import { VOLUME_SERVICE_HOST } from './model';
import { defaultType, typeByNameOrId } from './types';
import { types, validate, wrapped, strictObject } from './validation';
import { createVolumeRecord } from './volumeOps';
import { viewContext, volumeDetail } from './volumes';

/** The size the demo backend reports for any volume it is asked to adopt (GiB). */
const MANAGED_SIZE = 1;

const manageSchema = wrapped(
  'volume',
  strictObject(
    {
      host: { type: ['string', 'null'] },
      cluster: { type: ['string', 'null'] },
      ref: { type: 'object' },
      name: types.nameAllowZeroMinLength,
      description: types.description,
      volume_type: { type: ['string', 'null'] },
      availability_zone: types.availabilityZone,
      bootable: types.boolean,
      metadata: types.metadataAllowsNull,
    },
    ['ref'],
  ),
);

/**
 * POST /os-volume-manage (admin): adopt a backend volume Cinder does not know. The host must be
 * the demo's volume service (with or without its pool); the volume comes up available.
 */
export const manageRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  app.post('/os-volume-manage', async (request, reply) => {
    authorize(request, 'volume', 'volume_extension:volume_manage', ownTarget(request));
    validate(manageSchema, request.body);
    const spec = (request.body as { volume: Json }).volume;
    const host = spec['host'] as string | null | undefined;
    if (!host && !spec['cluster']) {
      throw new Fault(400, 'Invalid input received: Either host or cluster must be specified.');
    }
    if (host && host.split('#')[0] !== VOLUME_SERVICE_HOST) {
      throw new Fault(400, `Host '${host}' not found`);
    }
    const typeRef = spec['volume_type'] as string | null | undefined;
    const type = typeRef ? typeByNameOrId(store, request, typeRef) : defaultType(store);
    const bootable = spec['bootable'];
    const created = createVolumeRecord(ctx, {
      projectId: callerProject(request),
      userId: callerUser(request),
      size: MANAGED_SIZE,
      name: (spec['name'] as string | null | undefined) ?? null,
      description: (spec['description'] as string | null | undefined) ?? null,
      volumeTypeId: type.id,
      multiattach: false,
      ...(typeof spec['availability_zone'] === 'string' && {
        availabilityZone: spec['availability_zone'],
      }),
      metadata: (spec['metadata'] as Record<string, string> | null | undefined) ?? {},
      inherit: {
        bootable: bootable === true || String(bootable).toLowerCase() === 'true',
        image_metadata: null,
      },
    });
    return reply.code(202).send({
      volume: volumeDetail(ctx, request, created, viewContext(store, request, [created]), 'create'),
    });
  });
};
