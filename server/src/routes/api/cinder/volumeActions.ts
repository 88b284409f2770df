import type { FastifyPluginAsync } from 'fastify';
import {
  type VolumeSnapshot as SnapshotShape,
  type VolumeTransfer as TransferShape,
  routeTable as api,
} from '@skydeck/contract';
import type { CinderTransfer } from '@skydeck/openstack-client';
import { serve, serveNoContent } from '../../serve';
import { toVolume } from './volumes';
import { toSnapshot } from './volumesnapshots';
import type { RouteDeps } from '../../deps';

class VolumeActionError extends Error {
  readonly statusCode = 400;
}

const toTransfer = (x: CinderTransfer): TransferShape => {
  const out: TransferShape = {
    id: x.id,
    name: x.name ?? null,
    volume_id: x.volume_id,
    created_at: x.created_at ?? null,
  };
  if (x.auth_key !== undefined) out.auth_key = x.auth_key;
  return out;
};

/**
 * The Volumes panel's actions (issue 11): edit, delete, extend, change type, admin status and
 * migration, upload to an image; snapshots made, renamed and deleted; transfers. Each is one
 * Cinder call, whose 4xx answers (wrong state, quota, policy) pass through as they are.
 */
export const volumeActionRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['cinder.volumes.update'], async (request) => {
    const { id } = request.params;
    const { bootable, ...changes } = request.body;
    if (Object.keys(changes).length === 0 && bootable === undefined) {
      throw new VolumeActionError('Nothing to change: give a name, description or bootable.');
    }
    const cinder = request.openstack.cinder;
    let volume =
      Object.keys(changes).length > 0
        ? await cinder.volumes.update(id, changes)
        : await cinder.volumes.get(id);
    if (bootable !== undefined && String(volume.bootable).toLowerCase() !== String(bootable)) {
      await cinder.volumeActions.setBootable(id, bootable);
      volume = await cinder.volumes.get(id);
    }
    return toVolume(volume);
  });

  serveNoContent(app, api['cinder.volumes.delete'], async (request) => {
    await request.openstack.cinder.volumes.delete(request.params.id, {
      cascade: request.query.cascade === true,
    });
  });

  serveNoContent(app, api['cinder.volumes.extend'], (request) =>
    request.openstack.cinder.volumeActions.extend(request.params.id, request.body.new_size),
  );

  serveNoContent(app, api['cinder.volumes.retype'], async (request) => {
    const { new_type: newType, migration_policy: migrationPolicy } = request.body;
    await request.openstack.cinder.volumeActions.retype(
      request.params.id,
      newType,
      migrationPolicy === undefined ? {} : { migrationPolicy },
    );
  });

  serveNoContent(app, api['cinder.volumes.resetStatus'], (request) =>
    request.openstack.cinder.volumeActions.resetStatus(request.params.id, request.body),
  );

  serveNoContent(app, api['cinder.volumes.migrate'], async (request) => {
    const { host, force_host_copy: forceHostCopy, lock_volume: lockVolume } = request.body;
    await request.openstack.cinder.volumeActions.migrate(request.params.id, host, {
      ...(forceHostCopy !== undefined && { forceHostCopy }),
      ...(lockVolume !== undefined && { lockVolume }),
    });
  });

  serve(app, api['cinder.volumes.manage'], async (request, reply) => {
    const { id_type: idType, identifier, ...rest } = request.body;
    const cinder = request.openstack.cinder;
    const { id } = await cinder.volumeActions.manage({ ...rest, ref: { [idType]: identifier } });
    return reply.code(201).send(toVolume(await cinder.volumes.get(id)));
  });

  serveNoContent(app, api['cinder.volumes.unmanage'], (request) =>
    request.openstack.cinder.volumeActions.unmanage(request.params.id),
  );

  serve(app, api['cinder.volumes.uploadToImage'], async (request) => {
    const { image_name, disk_format, force } = request.body;
    const answer = await request.openstack.cinder.volumeActions.uploadToImage(request.params.id, {
      image_name,
      disk_format,
      ...(force !== undefined && { force }),
    });
    return {
      image_id: answer.image_id,
      image_name: answer.image_name,
      disk_format: answer.disk_format ?? null,
      status: answer.status,
    };
  });

  serve(app, api['cinder.snapshots.create'], async (request, reply) => {
    const created = await request.openstack.cinder.snapshots.create(request.body);
    return reply.code(201).send(toSnapshot(created));
  });

  serve(app, api['cinder.snapshots.get'], async (request): Promise<SnapshotShape> =>
    toSnapshot(await request.openstack.cinder.snapshots.get(request.params.id)),
  );

  serve(app, api['cinder.snapshots.update'], async (request) => {
    if (Object.keys(request.body).length === 0) {
      throw new VolumeActionError('Nothing to change: give a name or description.');
    }
    return toSnapshot(
      await request.openstack.cinder.snapshots.update(request.params.id, request.body),
    );
  });

  serveNoContent(app, api['cinder.snapshots.delete'], (request) =>
    request.openstack.cinder.snapshots.delete(request.params.id),
  );

  serve(app, api['cinder.transfers.list'], async (request) => ({
    items: (await request.openstack.cinder.transfers.list()).map(toTransfer),
  }));

  serve(app, api['cinder.transfers.create'], async (request, reply) => {
    const { volume_id: volumeId, name } = request.body;
    const created = await request.openstack.cinder.transfers.create(volumeId, name);
    return reply.code(201).send(toTransfer(created));
  });

  serve(app, api['cinder.transfers.accept'], async (request) => {
    const accepted = await request.openstack.cinder.transfers.accept(
      request.params.id,
      request.body.auth_key,
    );
    return { id: accepted.id, volume_id: accepted.volume_id, name: accepted.name ?? null };
  });

  serveNoContent(app, api['cinder.transfers.delete'], (request) =>
    request.openstack.cinder.transfers.delete(request.params.id),
  );
};
