import { createBootVolume, deleteVolume, getVolume } from '../../cinder/internal';
import { attachVolumeFromStack, detachVolumeFromStack } from '../../nova/stackServers';
import { nameOr, strProp } from './types';
import type { ResourcePlugin } from './types';

/** Cinder's resource types, through cinder/internal.ts (attachments through Nova). */

const cinderVolume: ResourcePlugin = {
  create: (ctx, request) => {
    const p = request.properties;
    const image = strProp(p, 'image') ?? strProp(p, 'imageRef');
    const snapshot = strProp(p, 'snapshot_id');
    const source = strProp(p, 'source_volid');
    const type = strProp(p, 'volume_type');
    const zone = strProp(p, 'availability_zone');
    const created = createBootVolume(ctx, {
      projectId: request.stack.project_id,
      userId: request.stack.user_id,
      name: nameOr(request),
      ...(typeof p['size'] === 'number' ? { size: p['size'] } : {}),
      ...(image ? { imageId: image } : {}),
      ...(snapshot ? { snapshotId: snapshot } : {}),
      ...(source ? { sourceVolId: source } : {}),
      ...(type ? { volumeType: type } : {}),
      ...(zone ? { availabilityZone: zone } : {}),
    });
    return { physicalId: created.id, attributes: {}, waitMs: 500 };
  },
  checkCreate: (ctx, r) => {
    const v = getVolume(ctx, r.physical_resource_id, null);
    if (!v) return 'Volume disappeared';
    if (v.status === 'available') return true;
    if (v.status.startsWith('error')) return `Went to status ${v.status} due to "Unknown"`;
    return false;
  },
  liveAttributes: (ctx, r) => {
    const v = getVolume(ctx, r.physical_resource_id, null);
    if (!v) return {};
    return {
      status: v.status,
      size: v.size,
      display_name: v.name,
      volume_type: v.volume_type,
      bootable: v.bootable,
      availability_zone: v.availability_zone,
      multiattach: v.multiattach,
      attachments_list: v.attachments,
    };
  },
  check: (ctx, r) => {
    const v = getVolume(ctx, r.physical_resource_id, null);
    if (!v) return `Volume ${r.physical_resource_id} could not be found.`;
    return ['available', 'in-use'].includes(v.status) ? undefined : `Volume status is ${v.status}`;
  },
  delete: (ctx, r) => deleteVolume(ctx, r.physical_resource_id),
  checkDelete: (ctx, r) => getVolume(ctx, r.physical_resource_id, null) === null,
  deleteWaitMs: () => 500,
};

const volumeAttachment: ResourcePlugin = {
  create: (ctx, request) => {
    const serverId = String(request.properties['instance_uuid']);
    const volumeId = String(request.properties['volume_id']);
    const mountpoint = strProp(request.properties, 'mountpoint');
    const attached = attachVolumeFromStack(ctx, {
      projectId: request.stack.project_id,
      serverId,
      volumeId,
      ...(mountpoint ? { device: mountpoint } : {}),
    });
    // nova's attachment id is the volume's id.
    return { physicalId: volumeId, attributes: { server_id: serverId, device: attached.device } };
  },
  delete: (ctx, r) =>
    detachVolumeFromStack(ctx, String(r.attributes['server_id'] ?? ''), r.physical_resource_id),
};

export const CINDER_PLUGINS: Readonly<Record<string, ResourcePlugin>> = {
  'OS::Cinder::Volume': cinderVolume,
  'OS::Cinder::VolumeAttachment': volumeAttachment,
};
