import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Fault, badRequest } from '../../core/faults';
import { scheduleTransition } from '../../core/lifecycle';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import {
  atLeast,
  invalidInput,
  invalidVolume,
  isObject,
  pyList,
  pyTuple,
  quotaFault,
  strictBool,
  versionNotFound,
  volumeNotFound,
  actionOf,
  ownTarget,
} from './http';
import type { Json } from './http';
import { GB, glanceInternal } from './images';
import { attachments, snapshots, volumeTypes, volumes } from './model';
import type { VolumeDoc } from './model';
import { checkPerVolumeLimit, projectLimits, projectUsage, withTypeDeltas } from './quotas';
import { authorizeOn, getOwned } from './scope';
import { withoutKey } from './specs';
import { anyOfRequired, objectBody, types, validate, validObjectBody, wrapped } from './validation';
import type { Schema } from './validation';
import {
  DURATIONS,
  attachRecord,
  connectionInfo,
  destroyVolume,
  detachRecord,
  hasSnapshots,
  temporaryStatus,
} from './volumeOps';
import { cinderTime, deleteVolumeChecked, loadVolume } from './volumes';

const ACTIONS = [
  'os-extend',
  'os-set_bootable',
  'os-reset_status',
  'os-force_delete',
  'os-update_readonly_flag',
  'os-retype',
  'os-volume_upload_image',
  'os-attach',
  'os-detach',
  'os-reserve',
  'os-unreserve',
  'os-begin_detaching',
  'os-roll_detaching',
  'os-initialize_connection',
  'os-terminate_connection',
  'os-force_detach',
  'os-set_image_metadata',
  'os-unset_image_metadata',
  'os-show_image_metadata',
  'os-unmanage',
  'revert',
] as const;

type Action = (typeof ACTIONS)[number];

const VOLUME_STATUSES = [
  'creating',
  'available',
  'deleting',
  'error',
  'error_deleting',
  'error_managing',
  'managing',
  'attaching',
  'in-use',
  'detaching',
  'maintenance',
  'restoring-backup',
  'error_restoring',
  'reserved',
  'awaiting-transfer',
  'backing-up',
  'error_backing-up',
  'error_extending',
  'downloading',
  'uploading',
  'retyping',
  'extending',
];
const ATTACH_STATUSES = ['attached', 'detached'];
const MIGRATION_STATUSES = ['migrating', 'error', 'success', 'completing', 'none', 'starting'];

/** The body checks of os-reset_status, which cinder runs before the policy check. */
const validateReset = (
  body: unknown,
): { status?: string; attach_status?: string; migration_status?: string } => {
  validate(
    objectBody('os-reset_status', {
      status: { type: ['string', 'null'] },
      attach_status: { type: ['string', 'null'] },
      migration_status: { type: ['string', 'null'] },
    }),
    body,
  );
  const spec = (body as { 'os-reset_status': Record<string, string | null> })['os-reset_status'];
  const status = spec['status'] ?? undefined;
  const attach = spec['attach_status'] ?? undefined;
  const migration = spec['migration_status'] ?? undefined;
  if (!status && !attach && !migration) {
    throw badRequest("Must specify 'status', 'attach_status' or 'migration_status' for update.");
  }
  if (status && !VOLUME_STATUSES.includes(status.toLowerCase())) {
    throw badRequest(
      `Volume status: ${status} is invalid, valid statuses are: ${pyTuple(VOLUME_STATUSES)}.`,
    );
  }
  if (attach && !ATTACH_STATUSES.includes(attach.toLowerCase())) {
    throw badRequest(
      `Volume attach status: ${attach} is invalid, valid statuses are: ${pyList(ATTACH_STATUSES)}.`,
    );
  }
  if (migration && !MIGRATION_STATUSES.includes(migration.toLowerCase())) {
    throw badRequest(
      `Volume migration status: ${migration} is invalid, valid statuses are: ${pyTuple(MIGRATION_STATUSES)}.`,
    );
  }
  return {
    ...(status ? { status: status.toLowerCase() } : {}),
    ...(attach ? { attach_status: attach.toLowerCase() } : {}),
    ...(migration ? { migration_status: migration.toLowerCase() } : {}),
  };
};

/** The one boolean of os-set_bootable and os-update_readonly_flag, strictly parsed. */
const flagOf = (body: unknown, action: string, field: string): boolean => {
  return strictBool(validObjectBody(body, action, { [field]: types.boolean }, [field])[field]);
};

const uploadSchema = (request: FastifyRequest): Schema => {
  const props: Record<string, Schema> = {
    image_name: { type: 'string', minLength: 1, maxLength: 255 },
    force: types.boolean,
    disk_format: {
      type: 'string',
      enum: ['raw', 'vmdk', 'vdi', 'qcow2', 'vhd', 'vhdx', 'ploop'],
    },
    container_format: types.description,
  };
  if (atLeast(request, '3.1')) {
    props['visibility'] = { type: 'string', enum: ['community', 'public', 'private', 'shared'] };
    props['protected'] = types.boolean;
  }
  return objectBody('os-volume_upload_image', props, ['image_name']);
};

const IMAGE_CORE_FIELDS = [
  'checksum',
  'container_format',
  'disk_format',
  'image_name',
  'image_id',
  'min_disk',
  'min_ram',
  'size',
];

export const volumeActionRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;
  const col = store.collection(volumes);
  /** The volume an action is on, the action's policy checked on it. */
  const volumeFor = (request: FastifyRequest, id: string, rule: string): VolumeDoc => {
    const volume = loadVolume(store, request, id);
    authorizeOn(request, rule, volume);
    return volume;
  };
  const save = (v: VolumeDoc, change: Partial<VolumeDoc>): VolumeDoc =>
    col.put({ ...v, ...change, updated_at: ctx.now().toISOString() });

  const handlers: Record<
    Action,
    (request: FastifyRequest, reply: FastifyReply, id: string) => unknown
  > = {
    'os-extend': (request, reply, id) => {
      validate(objectBody('os-extend', { new_size: types.volumeSize }, ['new_size']), request.body);
      const newSize = Number(
        (request.body as { 'os-extend': { new_size: unknown } })['os-extend'].new_size,
      );
      store.transaction(() => {
        const volume = loadVolume(store, request, id);
        const attached = atLeast(request, '3.42') && volume.status === 'in-use';
        authorizeOn(request, attached ? 'volume:extend_attached_volume' : 'volume:extend', volume);
        if (newSize - volume.size <= 0) {
          throw invalidInput(
            `New size for extend must be greater than current size. (current: ${volume.size}, extended: ${newSize}).`,
          );
        }
        const expected = attached ? 'in-use' : 'available';
        if (volume.status !== expected) {
          throw invalidVolume(
            `Volume ${volume.id} status must be '{'status': '${expected}'}' to extend, currently ${volume.status}.`,
          );
        }
        checkPerVolumeLimit(store, volume.project_id, newSize);
        const increase = newSize - volume.size;
        const deltas = withTypeDeltas(store, { gigabytes: increase }, volume.volume_type_id);
        const limits = projectLimits(store, volume.project_id);
        const usage = projectUsage(store, volume.project_id);
        const over = Object.entries(deltas).some(([name, delta]) => {
          const limit = limits[name] ?? -1;
          return limit >= 0 && limit < delta + (usage[name] ?? 0);
        });
        if (over) {
          throw quotaFault(
            'VolumeSizeExceedsAvailableQuota',
            `Requested volume or snapshot exceeds allowed gigabytes quota. Requested ${increase}G, quota is ${limits['gigabytes'] ?? -1}G and ${usage['gigabytes'] ?? 0}G has been consumed.`,
          );
        }
        save(volume, { status: 'extending', previous_status: volume.status });
        scheduleTransition(ctx, {
          collection: volumes,
          id: volume.id,
          set: { status: volume.status, size: newSize, previous_status: null },
          when: { status: 'extending' },
          stamp: ['updated_at'],
          afterMs: DURATIONS.extend,
        });
      });
      return reply.code(202).send();
    },

    'os-set_bootable': (request, reply, id) => {
      const bootable = flagOf(request.body, 'os-set_bootable', 'bootable');
      const volume = volumeFor(request, id, 'volume:update');
      if (volume.status === 'maintenance') {
        throw invalidVolume('The volume cannot be updated during maintenance.');
      }
      save(volume, { bootable });
      return reply.code(200).send();
    },

    'os-reset_status': (request, reply, id) => {
      const update = validateReset(request.body);
      const volume = getOwned(col, request, id, volumeNotFound);
      authorizeOn(request, 'volume_extension:volume_admin_actions:reset_status', volume);
      if (update.status === 'deleting' || update.status === 'error_deletingdetaching') {
        throw badRequest(`Cannot reset-state to ${update.status}`);
      }
      const volumeAttachments = store.collection(attachments).where('volume_id', id);
      if (update.status === 'in-use' && volumeAttachments.length === 0) {
        throw badRequest(
          'Cannot reset-state to in-use because volume does not have any attachments.',
        );
      }
      store.transaction(() => {
        let next: Partial<VolumeDoc> = {};
        if (update.status) next = { ...next, status: update.status };
        if (update.attach_status) {
          next = { ...next, attach_status: update.attach_status as VolumeDoc['attach_status'] };
        }
        if (update.migration_status) {
          next = {
            ...next,
            migration_status: update.migration_status === 'none' ? null : update.migration_status,
          };
        }
        if (update.attach_status === 'detached') {
          store.collection(attachments).deleteWhere('volume_id', id);
          next = { ...next, admin_metadata: withoutKey(volume.admin_metadata, 'attached_mode') };
        }
        save(volume, next);
      });
      return reply.code(202).send();
    },

    'os-force_delete': (request, reply, id) => {
      store.transaction(() => {
        const volume = volumeFor(request, id, 'volume_extension:volume_admin_actions:force_delete');
        deleteVolumeChecked(ctx, request, volume, { cascade: false, force: true });
      });
      return reply.code(202).send();
    },

    // Cinder forgets the volume but leaves its data on the backend (here: nothing to leave).
    'os-unmanage': (request, reply, id) => {
      store.transaction(() => {
        const volume = volumeFor(request, id, 'volume_extension:volume_unmanage');
        if (!['available', 'error', 'error_restoring', 'error_extending'].includes(volume.status)) {
          throw invalidVolume(
            `Volume ${volume.id} status must be available or error, but current status is: ${volume.status}.`,
          );
        }
        if (volume.attach_status === 'attached') {
          throw invalidVolume('Volume cannot be unmanaged while it is attached.');
        }
        if (hasSnapshots(store, volume.id)) {
          throw invalidVolume('Volume cannot have snapshots when unmanaging.');
        }
        destroyVolume(store, volume.id);
      });
      return reply.code(202).send();
    },

    'os-update_readonly_flag': (request, reply, id) => {
      const flag = flagOf(request.body, 'os-update_readonly_flag', 'readonly');
      const volume = volumeFor(request, id, 'volume:update_readonly_flag');
      if (volume.status !== 'available') {
        throw invalidVolume(
          `Volume ${volume.id} status must be available to update readonly flag, but current status is: ${volume.status}.`,
        );
      }
      save(volume, {
        admin_metadata: { ...volume.admin_metadata, readonly: flag ? 'True' : 'False' },
      });
      return reply.code(202).send();
    },

    'os-retype': (request, reply, id) => {
      validate(
        objectBody(
          'os-retype',
          {
            new_type: { type: 'string' },
            migration_policy: { type: ['string', 'null'], enum: ['on-demand', 'never'] },
          },
          ['new_type'],
        ),
        request.body,
      );
      const ref = (request.body as { 'os-retype': { new_type: string } })['os-retype'].new_type;
      store.transaction(() => {
        const volume = volumeFor(request, id, 'volume:retype');
        // cinder looks the type up with an elevated context: private types count too.
        const typeCol = store.collection(volumeTypes);
        const newType = typeCol.get(ref) ?? typeCol.findOne('name', ref);
        if (!newType) {
          throw new Fault(
            404,
            /^[0-9a-f-]{32,36}$/i.test(ref)
              ? `Volume type ${ref} could not be found.`
              : `Volume type with name ${ref} could not be found.`,
          );
        }
        const targetMultiattach = newType.extra_specs['multiattach'] === '<is> True';
        if (volume.multiattach !== targetMultiattach && volume.status !== 'available') {
          throw invalidInput(
            `Invalid volume_type passed, retypes affecting multiattach are only allowed on available volumes, the specified volume however currently has a status of: ${volume.status}.`,
          );
        }
        if (targetMultiattach) authorizeOn(request, 'volume:multiattach', volume);
        const limits = projectLimits(store, volume.project_id);
        const usage = projectUsage(store, volume.project_id);
        for (const [name, delta] of Object.entries(
          withTypeDeltas(store, { volumes: 1, gigabytes: volume.size }, newType.id),
        )) {
          if (!name.includes('_')) continue;
          const limit = limits[name] ?? -1;
          if (limit >= 0 && limit < delta + (usage[name] ?? 0)) {
            throw name.startsWith('volumes')
              ? quotaFault(
                  'VolumeLimitExceeded',
                  `Maximum number of volumes allowed (${limit}) exceeded for quota '${name}'.`,
                )
              : quotaFault(
                  'VolumeSizeExceedsAvailableQuota',
                  `Requested volume or snapshot exceeds allowed ${name} quota. Requested ${volume.size}G, quota is ${limit}G and ${usage[name] ?? 0}G has been consumed.`,
                );
          }
        }
        if (
          !['available', 'in-use'].includes(volume.status) ||
          (volume.migration_status !== null &&
            !['success', 'error'].includes(volume.migration_status)) ||
          volume.group_id !== null ||
          volume.volume_type_id === newType.id
        ) {
          throw invalidVolume(
            'Retype needs volume to be in available or in-use state, not be part of an active migration or a consistency group, requested type has to be different that the one from the volume, and for in-use volumes front-end qos specs cannot change.',
          );
        }
        temporaryStatus(ctx, volume, 'retyping', DURATIONS.retype, {
          volume_type_id: newType.id,
          multiattach: targetMultiattach,
        });
      });
      return reply.code(202).send();
    },

    'os-volume_upload_image': (request, reply, id) => {
      validate(uploadSchema(request), request.body);
      const params = (request.body as { 'os-volume_upload_image': Json })['os-volume_upload_image'];
      const volume = loadVolume(store, request, id);
      authorize(
        request,
        'volume',
        'volume_extension:volume_actions:upload_image',
        ownTarget(request),
      );
      const diskFormat = (params['disk_format'] as string | undefined) ?? 'raw';
      const containerFormat = (params['container_format'] as string | undefined) ?? 'bare';
      const visibility = atLeast(request, '3.1')
        ? ((params['visibility'] as string | undefined) ?? 'private')
        : undefined;
      const isProtected = atLeast(request, '3.1')
        ? strictBool(params['protected'] ?? 'False')
        : undefined;
      if (visibility === 'public') {
        authorize(
          request,
          'volume',
          'volume_extension:volume_actions:upload_public',
          ownTarget(request),
        );
      }
      // enable_force_upload is off: force is ignored and the volume must be available.
      if (volume.status !== 'available') {
        throw badRequest(`Invalid volume: Volume ${volume.id} status must be available`);
      }
      const glance = glanceInternal();
      if (!glance) throw badRequest('GlanceConnectionFailed: Connection to glance failed.');
      const imageMeta = volume.image_metadata ?? {};
      // The image inherits the properties glance gave the volume's source image (not its core fields).
      const properties: Record<string, unknown> = Object.fromEntries(
        Object.entries(imageMeta).filter(([key]) => !IMAGE_CORE_FIELDS.includes(key)),
      );
      const { image, uploading } = store.transaction(() => {
        const created = glance.createSnapshotImage(ctx, {
          name: params['image_name'] as string,
          owner: volume.project_id,
          properties,
          size: volume.size * GB,
          disk_format: diskFormat,
          container_format: containerFormat,
          min_disk: volume.size,
          ...(visibility !== undefined ? { visibility } : {}),
        });
        return {
          image: created,
          uploading: temporaryStatus(ctx, volume, 'uploading', DURATIONS.upload),
        };
      });
      const type = store.collection(volumeTypes).get(volume.volume_type_id);
      const response: Json = {
        id: volume.id,
        updated_at: cinderTime(uploading.updated_at),
        status: 'uploading',
        display_description: volume.description,
        size: volume.size,
        volume_type: type
          ? {
              id: type.id,
              name: type.name,
              description: type.description,
              is_public: type.is_public,
              extra_specs: type.extra_specs,
              qos_specs_id: type.qos_specs_id,
              created_at: cinderTime(type.created_at),
              updated_at: cinderTime(type.updated_at),
              deleted_at: null,
              deleted: false,
            }
          : null,
        image_id: image.id,
        container_format: containerFormat,
        disk_format: diskFormat,
        image_name: params['image_name'],
      };
      if (isProtected !== undefined) response['protected'] = isProtected;
      if (visibility !== undefined) response['visibility'] = visibility;
      return reply.code(202).send({ 'os-volume_upload_image': response });
    },

    'os-attach': (request, reply, id) => {
      validate(
        wrapped('os-attach', {
          type: 'object',
          properties: {
            instance_uuid: types.uuid,
            mountpoint: { type: 'string', minLength: 1, maxLength: 255 },
            host_name: { type: 'string', maxLength: 255 },
            mode: { type: 'string', enum: ['rw', 'ro'] },
          },
          required: ['mountpoint'],
          anyOf: anyOfRequired(['instance_uuid', 'host_name']),
          additionalProperties: false,
        }),
        request.body,
      );
      const spec = (request.body as { 'os-attach': Record<string, string> })['os-attach'];
      store.transaction(() => {
        const volume = volumeFor(request, id, 'volume_extension:volume_actions:attach');
        if (volume.status === 'maintenance') {
          throw invalidVolume('The volume cannot be attached in maintenance mode.');
        }
        const mode = spec['mode'] ?? 'rw';
        if (volume.admin_metadata['readonly'] === 'True' && mode !== 'ro') {
          throw badRequest(`Invalid attaching mode '${mode}' for volume ${volume.id}.`);
        }
        // os-reserve left the volume attaching; os-attach completes the attachment.
        const ready = volume.status === 'attaching' ? { ...volume, status: 'available' } : volume;
        attachRecord(ctx, ready, {
          serverId: spec['instance_uuid'] ?? null,
          device: spec['mountpoint'] ?? null,
          hostName: spec['host_name'] ?? null,
          mode,
        });
      });
      return reply.code(202).send();
    },

    'os-detach': (request, reply, id) => {
      validate(
        wrapped('os-detach', {
          type: ['object', 'null'],
          properties: { attachment_id: types.uuidAllowNull },
          additionalProperties: false,
        }),
        request.body,
      );
      const attachmentId = (request.body as { 'os-detach': { attachment_id?: string } | null })[
        'os-detach'
      ]?.attachment_id;
      store.transaction(() => {
        const volume = volumeFor(request, id, 'volume_extension:volume_actions:detach');
        if (volume.status === 'maintenance') {
          throw invalidVolume('The volume cannot be detached in maintenance mode.');
        }
        const all = store.collection(attachments).where('volume_id', id);
        const attachment = attachmentId ? all.find((a) => a.id === attachmentId) : all[0];
        if (!attachment) {
          throw badRequest(
            `Error detaching volume - VolumeAttachmentNotFound: Volume attachment could not be found with filter: attachment_id = ${attachmentId ?? 'None'}.`,
          );
        }
        detachRecord(ctx, attachment);
      });
      return reply.code(202).send();
    },

    'os-reserve': (request, reply, id) => {
      const volume = volumeFor(request, id, 'volume_extension:volume_actions:reserve');
      const allowed = volume.multiattach ? ['available', 'in-use'] : ['available'];
      if (!allowed.includes(volume.status)) {
        throw invalidVolume(
          `Volume status must be ${allowed.join(' or ')} to reserve, but the status is ${volume.status}.`,
        );
      }
      save(volume, { status: 'attaching' });
      return reply.code(202).send();
    },

    'os-unreserve': (request, reply, id) => {
      const volume = volumeFor(request, id, 'volume_extension:volume_actions:unreserve');
      if (volume.status === 'attaching') {
        const attached = store.collection(attachments).count('volume_id', id) > 0;
        save(volume, { status: attached ? 'in-use' : 'available' });
      }
      return reply.code(202).send();
    },

    'os-begin_detaching': (request, reply, id) => {
      const volume = volumeFor(request, id, 'volume_extension:volume_actions:begin_detaching');
      if (volume.status !== 'in-use' || volume.attach_status !== 'attached') {
        throw invalidVolume(
          "Unable to detach volume. Volume status must be 'in-use' and attach_status must be 'attached' to detach.",
        );
      }
      save(volume, { status: 'detaching' });
      return reply.code(202).send();
    },

    'os-roll_detaching': (request, reply, id) => {
      const volume = volumeFor(request, id, 'volume_extension:volume_actions:roll_detaching');
      if (volume.status === 'detaching') save(volume, { status: 'in-use' });
      return reply.code(202).send();
    },

    'os-initialize_connection': (request, reply, id) => {
      validate(
        objectBody('os-initialize_connection', { connector: { type: ['object', 'string'] } }, [
          'connector',
        ]),
        request.body,
      );
      const volume = volumeFor(
        request,
        id,
        'volume_extension:volume_actions:initialize_connection',
      );
      if (volume.status === 'maintenance') {
        throw invalidVolume('The volume connection cannot be initialized in maintenance mode.');
      }
      const connector = (request.body as { 'os-initialize_connection': { connector: unknown } })[
        'os-initialize_connection'
      ].connector;
      const host =
        isObject(connector) && typeof connector['host'] === 'string' ? connector['host'] : null;
      const info = connectionInfo(volume, host);
      const { driver_volume_type: driver, ...data } = info;
      return reply.code(200).send({ connection_info: { driver_volume_type: driver, data } });
    },

    'os-terminate_connection': (request, reply, id) => {
      validate(
        objectBody(
          'os-terminate_connection',
          { connector: { type: ['string', 'object', 'null'] } },
          ['connector'],
        ),
        request.body,
      );
      volumeFor(request, id, 'volume_extension:volume_actions:terminate_connection');
      return reply.code(202).send();
    },

    'os-force_detach': (request, reply, id) => {
      store.transaction(() => {
        volumeFor(request, id, 'volume_extension:volume_admin_actions:force_detach');
        const spec = isObject(request.body)
          ? (request.body['os-force_detach'] as Json | null)
          : null;
        const attachmentId =
          spec && typeof spec['attachment_id'] === 'string' ? spec['attachment_id'] : undefined;
        for (const a of store.collection(attachments).where('volume_id', id)) {
          if (attachmentId === undefined || a.id === attachmentId) detachRecord(ctx, a);
        }
      });
      return reply.code(202).send();
    },

    'os-set_image_metadata': (request, reply, id) => {
      const spec = validObjectBody(
        request.body,
        'os-set_image_metadata',
        {
          metadata: types.extraSpecs,
        },
        ['metadata'],
      );
      const volume = volumeFor(request, id, 'volume_extension:volume_image_metadata:set');
      const metadata = spec['metadata'] as Record<string, string>;
      const saved = save(volume, {
        image_metadata: { ...(volume.image_metadata ?? {}), ...metadata },
      });
      return reply.code(200).send({ metadata: saved.image_metadata ?? {} });
    },

    'os-unset_image_metadata': (request, reply, id) => {
      const spec = validObjectBody(
        request.body,
        'os-unset_image_metadata',
        {
          key: { type: 'string', minLength: 1, maxLength: 255 },
        },
        ['key'],
      );
      const volume = volumeFor(request, id, 'volume_extension:volume_image_metadata:remove');
      const key = String(spec['key']);
      const current = volume.image_metadata ?? {};
      if (current[key] === undefined) {
        throw new Fault(404, `Glance metadata for volume/snapshot ${id} cannot be found.`);
      }
      save(volume, { image_metadata: withoutKey(current, key) });
      return reply.code(200).send();
    },

    'os-show_image_metadata': (request, reply, id) => {
      const volume = volumeFor(request, id, 'volume_extension:volume_image_metadata:show');
      return reply.code(200).send({ metadata: { ...(volume.image_metadata ?? {}) } });
    },

    revert: (request, reply, id) => {
      if (!atLeast(request, '3.40')) throw versionNotFound();
      const spec = (request.body as { revert: unknown }).revert;
      if (!isObject(spec)) throw badRequest("Missing required element 'revert' in request body.");
      const snapshotId = spec['snapshot_id'] as string | undefined;
      store.transaction(() => {
        const volume = loadVolume(store, request, id);
        const own = store
          .collection(snapshots)
          .where('volume_id', volume.id)
          .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
        const latest = own[0];
        if (!latest) throw badRequest(`Volume ${volume.id} doesn't have any snapshots.`);
        if (snapshotId !== latest.id) {
          throw badRequest(
            `Specified snapshot ${snapshotId ?? 'None'} is None or not the latest one of volume ${volume.id}.`,
          );
        }
        if (volume.size !== latest.volume_size) {
          throw badRequest(
            `Can't revert volume ${volume.id} to its latest snapshot ${latest.id}. The volume size must be equal to the snapshot size.`,
          );
        }
        authorizeOn(request, 'volume:revert_to_snapshot', volume);
        if (volume.status !== 'available' || latest.status !== 'available') {
          throw new Fault(
            409,
            `Invalid volume: Can't revert volume ${volume.id} to its latest snapshot ${latest.id}. Volume's status must be 'available'.`,
          );
        }
        temporaryStatus(ctx, volume, 'reverting', DURATIONS.extend);
      });
      return reply.code(202).send();
    },
  };

  app.post<{ Params: { id: string } }>('/volumes/:id/action', async (request, reply) => {
    const action = actionOf(request.body, ACTIONS) as Action;
    return handlers[action](request, reply, request.params.id);
  });
};
