import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { pageByOffset, parseLimit, parseOffset, queryValue } from '../../core/paging';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import { isAdminContext } from './flavors';
import { atLeast, bodyObject, checkBoolean, invalidInput, pyRepr } from './http';
import type { Json } from './http';
import { actorOf, finishAction, startAction } from './instanceActions';
import type { BlockDevice, ServerDoc } from './model';
import { loadServer, saveServer } from './serverAccess';
import { nextDeviceName } from './servers';
import { VM, checkLock, invalidState } from './serverState';

/** States in which a volume may be attached or detached. */
const ATTACHABLE: readonly string[] = [
  VM.ACTIVE,
  VM.PAUSED,
  VM.STOPPED,
  VM.RESIZED,
  VM.SOFT_DELETED,
  VM.SHELVED,
  VM.SHELVED_OFFLOADED,
];

const attachmentView = (request: FastifyRequest, server: ServerDoc, b: BlockDevice): Json => {
  const view: Json = {
    device: b.device_name,
    serverId: server.id,
    volumeId: b.volume_id,
  };
  // The attachment's own id was the volume id until 2.89 replaced it with the real ids.
  if (!atLeast(request, '2.89')) view['id'] = b.volume_id;
  if (atLeast(request, '2.70')) view['tag'] = b.tag;
  if (atLeast(request, '2.79')) view['delete_on_termination'] = b.delete_on_termination;
  if (atLeast(request, '2.89')) {
    view['attachment_id'] = b.attachment_id;
    view['bdm_uuid'] = b.uuid;
  }
  return view;
};

const attachedVolumes = (server: ServerDoc): BlockDevice[] =>
  server.block_devices.filter((b) => b.destination_type === 'volume' && b.volume_id);

/** nova's VolumeNotAttached, for a show or detach of a volume the server does not have. */
const notAttached = (serverId: string, volumeId: string): Fault =>
  new Fault(404, `Instance ${serverId} is not attached to volume ${volumeId}`);

/** nova's VolumeBDMNotFound, for an update of an attachment the server does not have. */
const noVolumeMapping = (volumeId: string): Fault =>
  new Fault(404, `No volume Block Device Mapping with id ${volumeId}.`);

export const volumeAttachmentRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  app.get<{ Params: { id: string } }>('/servers/:id/os-volume_attachments', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:index', {
      project_id: server.project_id,
    });
    const page = pageByOffset(
      attachedVolumes(server),
      parseLimit(queryValue(request.query, 'limit')),
      parseOffset(queryValue(request.query, 'offset')),
    );
    return { volumeAttachments: page.map((b) => attachmentView(request, server, b)) };
  });

  app.get<{ Params: { id: string; volumeId: string } }>(
    '/servers/:id/os-volume_attachments/:volumeId',
    async (request) => {
      const server = loadServer(ctx, request, request.params.id);
      authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:show', {
        project_id: server.project_id,
      });
      const found = attachedVolumes(server).find((b) => b.volume_id === request.params.volumeId);
      if (!found) throw notAttached(server.id, request.params.volumeId);
      return { volumeAttachment: attachmentView(request, server, found) };
    },
  );

  app.post<{ Params: { id: string } }>('/servers/:id/os-volume_attachments', async (request) => {
    const server = loadServer(ctx, request, request.params.id);
    authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:create', {
      project_id: server.project_id,
    });
    const allowed = [
      'volumeId',
      'device',
      ...(atLeast(request, '2.49') ? ['tag'] : []),
      ...(atLeast(request, '2.79') ? ['delete_on_termination'] : []),
    ];
    const spec = bodyObject(request.body, 'volumeAttachment', allowed, ['volumeId']);
    const volumeId = spec['volumeId'];
    if (typeof volumeId !== 'string') {
      throw invalidInput(
        'volumeAttachment/volumeId',
        volumeId,
        `${pyRepr(volumeId)} is not of type 'string'`,
      );
    }
    const device = spec['device'];
    if (
      device !== undefined &&
      device !== null &&
      (typeof device !== 'string' || !/^\/dev\/[a-zA-Z0-9]+$/.test(device))
    ) {
      throw invalidInput(
        'volumeAttachment/device',
        device,
        `${pyRepr(device)} does not match '(^/dev/x{0,1}[a-z]{0,1}d{0,1})([a-z]+)[0-9]*$'`,
      );
    }
    const tag = spec['tag'];
    if (tag !== undefined && (typeof tag !== 'string' || tag.length > 60)) {
      throw invalidInput('volumeAttachment/tag', tag, `${pyRepr(tag)} is not of type 'string'`);
    }
    const deleteOnTermination =
      spec['delete_on_termination'] === undefined
        ? false
        : checkBoolean(spec['delete_on_termination'], 'volumeAttachment/delete_on_termination');
    checkLock(server, isAdminContext(request));
    if (!ATTACHABLE.includes(server.vm_state)) {
      throw invalidState('attach_volume', server.id, 'vm_state', server.vm_state);
    }
    if (attachedVolumes(server).some((b) => b.volume_id === volumeId)) {
      throw badRequest(
        `Invalid volume: volume ${volumeId} is already attached to instance ${server.id}`,
      );
    }
    const cinder = deps(ctx).cinder;
    if (cinder) {
      const volume = cinder.getVolume(ctx, volumeId, server.project_id);
      if (!volume) throw new Fault(404, `Volume ${volumeId} could not be found.`);
      if (volume.status !== 'available' && !volume.multiattach) {
        throw badRequest(
          `Invalid volume: Volume ${volumeId} status must be available or downloading to reserve, but the current status is ${volume.status}.`,
        );
      }
    }
    const deviceName = typeof device === 'string' ? device : nextDeviceName(server);
    startAction(store, ctx.now(), server, actorOf(request), 'attach_volume', {
      name: 'compute_attach_volume',
      host: server.host,
    });
    const bdm: BlockDevice = {
      uuid: uuid(),
      source_type: 'volume',
      destination_type: 'volume',
      volume_id: volumeId,
      source_id: null,
      boot_index: null,
      device_name: deviceName,
      delete_on_termination: deleteOnTermination,
      volume_size: null,
      tag: typeof tag === 'string' ? tag : null,
      attachment_id: null,
    };
    const saved = store.transaction(() => {
      if (cinder) {
        const result = cinder.attachVolume(ctx, volumeId, {
          serverId: server.id,
          device: deviceName,
          hostName: server.host ?? '',
        });
        bdm.attachment_id = (result && (result.attachment_id ?? result.id)) || uuid();
      } else {
        bdm.attachment_id = uuid();
      }
      finishAction(store, ctx.now(), server.id, 'attach_volume');
      return (
        saveServer(ctx, server.id, (s) => ({ block_devices: [...s.block_devices, bdm] })) ?? server
      );
    });
    return { volumeAttachment: attachmentView(request, saved, bdm) };
  });

  app.put<{ Params: { id: string; volumeId: string } }>(
    '/servers/:id/os-volume_attachments/:volumeId',
    async (request, reply) => {
      const server = loadServer(ctx, request, request.params.id);
      const target = { project_id: server.project_id };
      const allowed = [
        'volumeId',
        ...(atLeast(request, '2.85')
          ? ['device', 'tag', 'delete_on_termination', 'serverId', 'id']
          : []),
      ];
      const spec = bodyObject(request.body, 'volumeAttachment', allowed, ['volumeId']);
      const found = attachedVolumes(server).find((b) => b.volume_id === request.params.volumeId);
      // Only the delete_on_termination flag changes here (2.85); a new volume id means a swap (admin).
      if (spec['volumeId'] !== request.params.volumeId) {
        authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:swap', target);
        throw new Fault(409, 'Swapping volumes is not supported by the demo cloud.');
      }
      authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:update', target);
      if (!atLeast(request, '2.85')) throw badRequest('The volume was not changed.');
      if (!found) throw noVolumeMapping(request.params.volumeId);
      if (spec['delete_on_termination'] !== undefined) {
        const flag = checkBoolean(
          spec['delete_on_termination'],
          'volumeAttachment/delete_on_termination',
        );
        saveServer(ctx, server.id, (s) => ({
          block_devices: s.block_devices.map((b) =>
            b.uuid === found.uuid ? { ...b, delete_on_termination: flag } : b,
          ),
        }));
      }
      return reply.code(202).send();
    },
  );

  app.delete<{ Params: { id: string; volumeId: string } }>(
    '/servers/:id/os-volume_attachments/:volumeId',
    async (request, reply) => {
      const server = loadServer(ctx, request, request.params.id);
      authorize(request, 'compute', 'os_compute_api:os-volumes-attachments:delete', {
        project_id: server.project_id,
      });
      checkLock(server, isAdminContext(request));
      const found = attachedVolumes(server).find((b) => b.volume_id === request.params.volumeId);
      if (!found) throw notAttached(server.id, request.params.volumeId);
      if (found.boot_index === 0) throw badRequest(`Cannot detach a root device volume`);
      if (!ATTACHABLE.includes(server.vm_state)) {
        throw invalidState('detach_volume', server.id, 'vm_state', server.vm_state);
      }
      const cinder = deps(ctx).cinder;
      startAction(store, ctx.now(), server, actorOf(request), 'detach_volume', {
        name: 'compute_detach_volume',
        host: server.host,
      });
      store.transaction(() => {
        if (cinder) cinder.detachVolume(ctx, request.params.volumeId, server.id);
        finishAction(store, ctx.now(), server.id, 'detach_volume');
        saveServer(ctx, server.id, (s) => ({
          block_devices: s.block_devices.filter((b) => b.uuid !== found.uuid),
        }));
      });
      return reply.code(202).send();
    },
  );
};
