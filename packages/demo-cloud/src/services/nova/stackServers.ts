import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import type { CloudContext } from '../../core/service';
import { deps } from './deps';
import { finishAction, startAction } from './instanceActions';
import { flavors, keypairKey, keypairs, servers } from './model';
import { checkServerQuota } from './quotas';
import { saveServer } from './serverAccess';
import {
  DURATIONS,
  cancelServerSteps,
  finalizeDelete,
  scheduleServerStep,
} from './serverLifecycle';
import { newServerDoc, nextDeviceName, serverFlavorOf } from './servers';
import { generateRsaKeypairSync, sshFingerprint } from './sshKeys';

/**
 * What Heat asks of Nova (OS::Nova::Server, OS::Nova::KeyPair), in process. Kept apart from
 * internal.ts, which must not load nova/deps.ts (the other services load internal.ts while Nova
 * loads them); Heat is loaded after every service it uses.
 */

export interface StackServerSpec {
  readonly projectId: string;
  readonly userId: string;
  readonly name: string;
  /** Flavor id or name. */
  readonly flavor: string;
  /** Image id or name. */
  readonly image: string;
  readonly keyName?: string | null;
  /** Networks by id, or ports, in order; the project's default network when empty. */
  readonly networks?: ReadonlyArray<{ network?: string; port?: string; fixedIp?: string }>;
  readonly securityGroups?: readonly string[];
  readonly metadata?: Record<string, string>;
  readonly userData?: string | null;
  readonly availabilityZone?: string | null;
}

/** Boots a server as POST /servers would for the stack's user (BUILD → ACTIVE). */
export const createServerFromStack = (ctx: CloudContext, spec: StackServerSpec): { id: string } => {
  const { store } = ctx;
  const flavor =
    store.collection(flavors).get(spec.flavor) ??
    store.collection(flavors).findOne('name', spec.flavor);
  if (!flavor || flavor.disabled) throw badRequest('Invalid flavorRef provided.');
  const { glance, neutron } = deps(ctx);
  let imageId = spec.image;
  if (glance) {
    const image =
      glance.findImageForBoot(ctx, spec.image, spec.projectId) ??
      (glance.findImageByName ? glance.findImageByName(ctx, spec.image) : null);
    if (!image) throw badRequest('Can not find requested image');
    imageId = image.id;
  }
  let keyData: string | null = null;
  if (spec.keyName) {
    const keypair = store.collection(keypairs).get(keypairKey(spec.userId, spec.keyName));
    if (!keypair) throw badRequest('Invalid key_name provided.');
    keyData = keypair.public_key;
  }
  checkServerQuota(store, spec.projectId, spec.userId, {
    instances: 1,
    cores: flavor.vcpus,
    ram: flavor.ram,
  });
  const groups =
    spec.securityGroups && spec.securityGroups.length > 0 ? [...spec.securityGroups] : ['default'];
  return store.transaction(() => {
    const id = uuid();
    const doc = newServerDoc(ctx, {
      id,
      name: spec.name,
      project_id: spec.projectId,
      user_id: spec.userId,
      flavor: serverFlavorOf(flavor),
      image_id: imageId,
      key_name: spec.keyName ?? null,
      key_data: keyData,
      metadata: spec.metadata ?? {},
      availability_zone: spec.availabilityZone ?? null,
      user_data: spec.userData ?? null,
      security_groups: groups,
    });
    store.collection(servers).insert(doc);
    startAction(
      store,
      ctx.now(),
      doc,
      { requestId: `req-${uuid()}`, userId: spec.userId, projectId: spec.projectId },
      'create',
      { name: 'conductor_schedule_and_build_instances', host: null },
    );
    if (neutron) {
      const owner = `compute:${spec.availabilityZone ?? 'nova'}`;
      const nets = spec.networks && spec.networks.length > 0 ? spec.networks : [{}];
      for (const net of nets) {
        neutron.allocatePort(ctx, {
          projectId: spec.projectId,
          deviceId: id,
          deviceOwner: owner,
          ...(net.network ? { networkId: net.network } : {}),
          ...(net.port ? { portId: net.port } : {}),
          ...(net.fixedIp ? { fixedIp: net.fixedIp } : {}),
          ...(net.port ? {} : { securityGroupNames: groups }),
        });
      }
    }
    saveServer(ctx, id, () => ({
      block_devices: [
        {
          uuid: uuid(),
          source_type: 'image',
          destination_type: 'local',
          volume_id: null,
          source_id: imageId,
          boot_index: 0,
          device_name: '/dev/vda',
          delete_on_termination: true,
          volume_size: null,
          tag: null,
          attachment_id: null,
        },
      ],
    }));
    scheduleServerStep(ctx, id, DURATIONS.schedule, { step: 'schedule' });
    return { id };
  });
};

/** Deletes a server as DELETE /servers/{id} would (deleting, then gone); no-op when gone. */
export const deleteServerFromStack = (ctx: CloudContext, serverId: string): void => {
  const server = ctx.store.collection(servers).get(serverId);
  if (!server || server.deleted) return;
  ctx.store.transaction(() => {
    startAction(
      ctx.store,
      ctx.now(),
      server,
      { requestId: `req-${uuid()}`, userId: server.user_id, projectId: server.project_id },
      'delete',
      { name: 'compute_terminate_instance', host: server.host },
    );
    cancelServerSteps(ctx, server.id);
    if (!server.host) {
      finalizeDelete(ctx, server.id);
      return;
    }
    saveServer(ctx, server.id, () => ({ task_state: 'deleting' }));
    scheduleServerStep(ctx, server.id, DURATIONS.delete, { step: 'delete', action: 'delete' });
  });
};

/** OS::Nova::KeyPair: imports `publicKey`, or generates an RSA pair (private key returned once). */
export const createKeypairFromStack = (
  ctx: CloudContext,
  spec: { userId: string; name: string; publicKey?: string },
): { name: string; public_key: string; private_key: string | null } => {
  const col = ctx.store.collection(keypairs);
  const id = keypairKey(spec.userId, spec.name);
  if (col.get(id)) throw new Fault(409, `Key pair '${spec.name}' already exists.`);
  let publicKey = spec.publicKey;
  let privateKey: string | null = null;
  if (!publicKey) {
    const generated = generateRsaKeypairSync();
    publicKey = generated.publicKey;
    privateKey = generated.privateKey;
  }
  col.insert({
    id,
    name: spec.name,
    user_id: spec.userId,
    type: 'ssh',
    public_key: publicKey,
    fingerprint: sshFingerprint(publicKey),
    keypair_id: ctx.store.nextSequence('nova_keypairs'),
    created_at: ctx.now().toISOString(),
  });
  return { name: spec.name, public_key: publicKey, private_key: privateKey };
};

export const deleteKeypairFromStack = (ctx: CloudContext, userId: string, name: string): void => {
  ctx.store.collection(keypairs).delete(keypairKey(userId, name));
};

/** A live server of the project by name (Heat's seed adopts a seeded server). */
export const findServerIdByName = (
  ctx: CloudContext,
  projectId: string,
  name: string,
): string | null =>
  ctx.store
    .collection(servers)
    .where('project_id', projectId)
    .find((s) => !s.deleted && s.name === name)?.id ?? null;

/** OS::Cinder::VolumeAttachment: attaches a volume as the volume attachments API does. */
export const attachVolumeFromStack = (
  ctx: CloudContext,
  spec: { projectId: string; serverId: string; volumeId: string; device?: string },
): { device: string } => {
  const { store } = ctx;
  const server = store.collection(servers).get(spec.serverId);
  if (!server || server.deleted || server.project_id !== spec.projectId) {
    throw new Fault(404, `Instance ${spec.serverId} could not be found.`);
  }
  if (server.block_devices.some((b) => b.volume_id === spec.volumeId)) {
    throw badRequest(
      `Invalid volume: volume ${spec.volumeId} is already attached to instance ${server.id}`,
    );
  }
  const cinder = deps(ctx).cinder;
  if (cinder) {
    const volume = cinder.getVolume(ctx, spec.volumeId, spec.projectId);
    if (!volume) throw new Fault(404, `Volume ${spec.volumeId} could not be found.`);
    if (volume.status !== 'available' && !volume.multiattach) {
      throw badRequest(
        `Invalid volume: Volume ${spec.volumeId} status must be available or downloading to reserve, but the current status is ${volume.status}.`,
      );
    }
  }
  const device = spec.device ?? nextDeviceName(server);
  const actor = {
    requestId: `req-${uuid()}`,
    userId: server.user_id,
    projectId: server.project_id,
  };
  return store.transaction(() => {
    startAction(store, ctx.now(), server, actor, 'attach_volume', {
      name: 'compute_attach_volume',
      host: server.host,
    });
    const result = cinder?.attachVolume(ctx, spec.volumeId, {
      serverId: server.id,
      device,
      hostName: server.host ?? '',
    });
    const bdm = {
      uuid: uuid(),
      source_type: 'volume' as const,
      destination_type: 'volume' as const,
      volume_id: spec.volumeId,
      source_id: null,
      boot_index: null,
      device_name: device,
      delete_on_termination: false,
      volume_size: null,
      tag: null,
      attachment_id: result?.attachment_id ?? uuid(),
    };
    finishAction(store, ctx.now(), server.id, 'attach_volume');
    saveServer(ctx, server.id, (s) => ({ block_devices: [...s.block_devices, bdm] }));
    return { device };
  });
};

/** Detaches a volume attached by attachVolumeFromStack; no-op when not attached. */
export const detachVolumeFromStack = (
  ctx: CloudContext,
  serverId: string,
  volumeId: string,
): void => {
  const { store } = ctx;
  const server = store.collection(servers).get(serverId);
  const cinder = deps(ctx).cinder;
  store.transaction(() => {
    cinder?.detachVolume(ctx, volumeId, serverId);
    if (!server || server.deleted) return;
    saveServer(ctx, serverId, (s) => ({
      block_devices: s.block_devices.filter((b) => b.volume_id !== volumeId || b.boot_index === 0),
    }));
  });
};
