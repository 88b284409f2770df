import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/auth';
import { Fault, badRequest } from '../../core/faults';
import { uuid } from '../../core/ids';
import { authorize } from '../../core/policy';
import type { CloudContext } from '../../core/service';
import { consoleUrl, guestConsoleOutput } from './consoles';
import { deps } from './deps';
import { isAdminContext } from './flavors';
import { atLeast, checkInteger, invalidInput, isObject, pyRepr } from './http';
import type { Json } from './http';
import { actorOf, finishAction, startAction } from './instanceActions';
import { flavors, servers } from './model';
import type { ServerDoc } from './model';
import { checkServerQuota } from './quotas';
import { checkMetadata, checkDescription } from './serverCreate';
import { loadServer, saveServer } from './serverAccess';
import { DURATIONS, NO_VALID_HOST, pickHost, scheduleServerStep } from './serverLifecycle';
import { computeHost } from './hosts';
import type { ServerStep } from './serverLifecycle';
import { serverFlavorOf } from './servers';
import { ALLOW_REBOOT, POWER, VM, checkLock, checkState } from './serverState';
import type { StateCheck } from './serverState';
import { generatePassword } from './sshKeys';
import { serverDetail, viewPolicyOf } from './serverViews';

type ActionHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  server: ServerDoc,
  args: unknown,
) => unknown;

const GIB = 1024 ** 3;

const notReady = (id: string): Fault => new Fault(409, `Instance ${id} is not ready`);

/** A state change that takes a while: a task state now, the end state later (nova's casts). */
interface TimedAction {
  readonly policy: string;
  readonly check: StateCheck;
  /** The instance action recorded (and its compute event). */
  readonly action: string;
  readonly event: string;
  readonly task: string;
  readonly duration: number;
  readonly end: Partial<ServerDoc>;
  readonly needsHost?: boolean;
  readonly ports?: 'ACTIVE' | 'DOWN';
  readonly boot?: boolean;
  readonly unhost?: boolean;
  readonly rehost?: boolean;
  readonly moveTo?: string;
}

const TIMED: Readonly<Record<string, TimedAction>> = {
  'os-start': {
    policy: 'os_compute_api:servers:start',
    check: { action: 'start', vm: [VM.STOPPED] },
    action: 'start',
    event: 'compute_start_instance',
    task: 'powering-on',
    duration: DURATIONS.action,
    end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
    needsHost: true,
    ports: 'ACTIVE',
    boot: true,
  },
  'os-stop': {
    policy: 'os_compute_api:servers:stop',
    check: { action: 'stop', vm: [VM.ACTIVE, VM.RESCUED, VM.ERROR] },
    action: 'stop',
    event: 'compute_stop_instance',
    task: 'powering-off',
    duration: DURATIONS.action,
    end: { vm_state: VM.STOPPED, power_state: POWER.SHUTDOWN },
    needsHost: true,
    ports: 'DOWN',
  },
  pause: {
    policy: 'os_compute_api:os-pause-server:pause',
    check: { action: 'pause', vm: [VM.ACTIVE] },
    action: 'pause',
    event: 'compute_pause_instance',
    task: 'pausing',
    duration: DURATIONS.action,
    end: { vm_state: VM.PAUSED, power_state: POWER.PAUSED },
  },
  unpause: {
    policy: 'os_compute_api:os-pause-server:unpause',
    check: { action: 'unpause', vm: [VM.PAUSED] },
    action: 'unpause',
    event: 'compute_unpause_instance',
    task: 'unpausing',
    duration: DURATIONS.action,
    end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
  },
  suspend: {
    policy: 'os_compute_api:os-suspend-server:suspend',
    check: { action: 'suspend', vm: [VM.ACTIVE] },
    action: 'suspend',
    event: 'compute_suspend_instance',
    task: 'suspending',
    duration: DURATIONS.action,
    end: { vm_state: VM.SUSPENDED, power_state: POWER.SHUTDOWN },
  },
  resume: {
    policy: 'os_compute_api:os-suspend-server:resume',
    check: { action: 'resume', vm: [VM.SUSPENDED] },
    action: 'resume',
    event: 'compute_resume_instance',
    task: 'resuming',
    duration: DURATIONS.action,
    end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
  },
  unrescue: {
    policy: 'os_compute_api:os-unrescue',
    check: { action: 'unrescue', vm: [VM.RESCUED] },
    action: 'unrescue',
    event: 'compute_unrescue_instance',
    task: 'unrescuing',
    duration: DURATIONS.action,
    end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
    boot: true,
  },
  shelve: {
    policy: 'os_compute_api:os-shelve:shelve',
    check: { action: 'shelve', vm: [VM.ACTIVE, VM.STOPPED, VM.PAUSED, VM.SUSPENDED] },
    action: 'shelve',
    event: 'compute_shelve_instance',
    task: 'shelving',
    duration: DURATIONS.snapshot,
    // shelved_offload_time is 0 by default: the server leaves its host at once.
    end: { vm_state: VM.SHELVED_OFFLOADED, power_state: POWER.SHUTDOWN },
    ports: 'DOWN',
    unhost: true,
  },
  shelveOffload: {
    policy: 'os_compute_api:os-shelve:shelve_offload',
    check: { action: 'shelveOffload', vm: [VM.SHELVED] },
    action: 'shelveOffload',
    event: 'compute_shelve_offload_instance',
    task: 'shelving_offloading',
    duration: DURATIONS.action,
    end: { vm_state: VM.SHELVED_OFFLOADED, power_state: POWER.SHUTDOWN },
    ports: 'DOWN',
    unhost: true,
  },
};

const runTimed = (
  ctx: CloudContext,
  request: FastifyRequest,
  server: ServerDoc,
  def: TimedAction,
  extra: Partial<ServerDoc> = {},
): void => {
  authorize(request, 'compute', def.policy, { project_id: server.project_id });
  checkLock(server, isAdminContext(request));
  if (def.needsHost && !server.host) throw notReady(server.id);
  checkState(server, def.check);
  startAction(ctx.store, ctx.now(), server, actorOf(request), def.action, {
    name: def.event,
    host: server.host,
  });
  const step: ServerStep = {
    step: 'settle',
    expectTask: def.task,
    set: def.end,
    action: def.action,
    ...(def.ports ? { ports: def.ports } : {}),
    ...(def.boot ? { boot: true } : {}),
    ...(def.unhost ? { unhost: true } : {}),
    ...(def.rehost ? { rehost: true } : {}),
    ...(def.moveTo ? { moveTo: def.moveTo } : {}),
  };
  ctx.store.transaction(() => {
    saveServer(ctx, server.id, () => ({ task_state: def.task, ...extra }));
    scheduleServerStep(ctx, server.id, def.duration, step);
  });
};

const argsObject = (action: string, args: unknown, allowed: readonly string[]): Json => {
  if (args === null || args === undefined) return {};
  if (!isObject(args))
    throw invalidInput(action, args, `${pyRepr(args)} is not of type 'object', 'null'`);
  const extra = Object.keys(args).filter((k) => !allowed.includes(k));
  if (extra.length > 0) {
    throw invalidInput(
      action,
      args,
      `Additional properties are not allowed (${extra.map(pyRepr).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
    );
  }
  return args;
};

const requiredArgs = (
  action: string,
  args: unknown,
  allowed: readonly string[],
  required: readonly string[],
): Json => {
  if (!isObject(args)) throw invalidInput(action, args, `${pyRepr(args)} is not of type 'object'`);
  for (const key of required) {
    if (args[key] === undefined)
      throw invalidInput(action, args, `'${key}' is a required property`);
  }
  return argsObject(action, args, allowed);
};

/**
 * The Glance URL nova names in a snapshot's Location header (before 2.45): the image endpoint
 * as keystoneauth discovers it (`.../image/v2/`) with the version stripped to `.../image/`, and
 * `/images/<id>` appended, so the slash doubles.
 */
const imageLocation = (ctx: CloudContext, request: FastifyRequest, imageId: string): string =>
  `${ctx.baseUrl(request)}/image//images/${imageId}`;

/** What a snapshot does not take over from the image the server was booted from. */
const NOT_INHERITED = new Set([
  // [DEFAULT] non_inheritable_image_properties
  'cache_in_nova',
  'bittorrent',
  // signature_utils.SIGNATURE_PROPS
  'img_signature',
  'img_signature_hash_method',
  'img_signature_key_type',
  'img_signature_certificate_uuid',
  // never copied into the instance's system metadata
  'mappings',
  'block_device_mapping',
]);

const inheritedProperties = (ctx: CloudContext, server: ServerDoc): Record<string, string> => {
  if (server.image_id === '') return {};
  const base = deps(ctx).glance?.findImageForBoot(ctx, server.image_id, server.project_id);
  return Object.fromEntries(
    Object.entries(base?.properties ?? {}).filter(
      ([key]) => !NOT_INHERITED.has(key) && !key.startsWith('os_glance'),
    ),
  );
};

const snapshotOf = (
  ctx: CloudContext,
  request: FastifyRequest,
  reply: FastifyReply,
  server: ServerDoc,
  spec: {
    name: string;
    metadata: Record<string, string>;
    backupType?: string;
    action: string;
    task: string;
    event: string;
    policy: string;
  },
): unknown => {
  const target = { project_id: server.project_id };
  authorize(request, 'compute', spec.policy, target);
  const volumeBacked = server.image_id === '';
  checkState(server, { action: spec.action, vm: [VM.ACTIVE, VM.STOPPED, VM.PAUSED, VM.SUSPENDED] });
  if (volumeBacked && spec.action === 'createImage') {
    authorize(
      request,
      'compute',
      'os_compute_api:servers:create_image:allow_volume_backed',
      target,
    );
  }
  const caller = callerOf(request);
  const glance = deps(ctx).glance;
  const properties: Record<string, string> = {
    ...inheritedProperties(ctx, server),
    image_type: spec.backupType ? 'backup' : 'snapshot',
    instance_uuid: server.id,
    base_image_ref: server.image_id,
    owner_project_name: caller.project?.name ?? '',
    owner_user_name: caller.user.name,
    user_id: caller.user.id,
    // The roles of the request, so a snapshot can be booted with what its author could do.
    boot_roles: caller.roles.map((r) => r.name).join(','),
    ...(spec.backupType ? { backup_type: spec.backupType } : {}),
    ...spec.metadata,
    ...(volumeBacked
      ? {
          image_location: 'snapshot',
          bdm_v2: 'True',
          root_device_name: '/dev/vda',
          block_device_mapping: JSON.stringify(
            server.block_devices
              .filter((b) => b.volume_id)
              .map((b) => ({
                source_type: 'snapshot',
                destination_type: 'volume',
                boot_index: b.boot_index,
                device_name: b.device_name,
                delete_on_termination: b.delete_on_termination,
                volume_size: b.volume_size,
              })),
          ),
        }
      : {}),
  };
  const imageId = glance
    ? glance.createSnapshotImage(ctx, {
        name: spec.name,
        owner: server.project_id,
        properties,
        // Real bytes are written, so keep snapshots small (a cirros disk is ~20 MiB anyway).
        size: volumeBacked ? 0 : 2 * 1024 * 1024,
        disk_format: 'qcow2',
        container_format: 'bare',
        min_disk: server.flavor.disk,
        min_ram: 0,
      }).id
    : uuid();
  startAction(ctx.store, ctx.now(), server, actorOf(request), spec.action, {
    name: spec.event,
    host: server.host,
  });
  ctx.store.transaction(() => {
    saveServer(ctx, server.id, () => ({ task_state: spec.task }));
    // The API sets image_snapshot_pending (or image_backup); the compute host goes on with
    // image_snapshot → image_pending_upload → image_uploading → done, as nova reports them.
    const tasks = [
      spec.task,
      ...(spec.task === 'image_snapshot_pending' ? ['image_snapshot'] : []),
      'image_pending_upload',
      'image_uploading',
    ];
    const step = DURATIONS.snapshot / tasks.length;
    tasks.slice(1).forEach((task, index) => {
      scheduleServerStep(ctx, server.id, (index + 1) * step, {
        step: 'settle',
        expectTask: tasks[index] ?? spec.task,
        set: { task_state: task },
      });
    });
    scheduleServerStep(ctx, server.id, DURATIONS.snapshot, {
      step: 'settle',
      expectTask: 'image_uploading',
      set: {},
      action: spec.action,
    });
  });
  reply.code(202);
  if (atLeast(request, '2.45')) return { image_id: imageId };
  reply.header('Location', imageLocation(ctx, request, imageId));
  return reply.send();
};

const CELL_LOOKUP_ACTIONS: ReadonlySet<string> = new Set([
  'os-start',
  'os-stop',
  'trigger_crash_dump',
]);

export const serverActionRoutes = (app: FastifyInstance, ctx: CloudContext): void => {
  const { store } = ctx;

  const handlers: Record<string, ActionHandler> = {};
  for (const [name, def] of Object.entries(TIMED)) {
    handlers[name] = (request, reply, server, args) => {
      if (name === 'shelveOffload' || name.startsWith('os-') || name === 'unrescue')
        argsObject(name, args, []);
      runTimed(ctx, request, server, def);
      return reply.code(202).send();
    };
  }

  handlers['reboot'] = (request, reply, server, args) => {
    const spec = requiredArgs('reboot', args, ['type'], ['type']);
    const types = ['HARD', 'Hard', 'hard', 'SOFT', 'Soft', 'soft'];
    const type = spec['type'];
    if (typeof type !== 'string' || !types.includes(type)) {
      throw invalidInput('reboot/type', type, `${pyRepr(type)} is not one of ${pyRepr(types)}`);
    }
    const hard = type.toUpperCase() === 'HARD';
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:servers:reboot',
      check: hard
        ? {
            action: 'reboot',
            vm: [VM.ACTIVE, VM.STOPPED, VM.PAUSED, VM.SUSPENDED, VM.ERROR],
            task: ALLOW_REBOOT,
          }
        : { action: 'reboot', vm: [VM.ACTIVE], task: [null] },
      action: 'reboot',
      event: 'compute_reboot_instance',
      task: hard ? 'rebooting_hard' : 'rebooting',
      duration: DURATIONS.reboot,
      end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
      needsHost: true,
      ports: 'ACTIVE',
      boot: true,
    });
    return reply.code(202).send();
  };

  handlers['lock'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-lock-server:lock', {
      project_id: server.project_id,
    });
    const spec = argsObject('lock', args, atLeast(request, '2.73') ? ['locked_reason'] : []);
    const reason = spec['locked_reason'];
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > 255)) {
      throw invalidInput('lock/locked_reason', reason, `${pyRepr(reason)} is not of type 'string'`);
    }
    const owner = callerOf(request).project?.id === server.project_id;
    startAction(store, ctx.now(), server, actorOf(request), 'lock');
    saveServer(ctx, server.id, (s) =>
      s.locked
        ? {}
        : {
            locked: true,
            locked_by: owner ? 'owner' : 'admin',
            locked_reason: typeof reason === 'string' ? reason : null,
          },
    );
    return reply.code(202).send();
  };

  handlers['unlock'] = (request, reply, server, args) => {
    const target = { project_id: server.project_id };
    authorize(request, 'compute', 'os_compute_api:os-lock-server:unlock', target);
    argsObject('unlock', args, []);
    const expected = callerOf(request).project?.id === server.project_id ? 'owner' : 'admin';
    if (server.locked && server.locked_by !== expected) {
      authorize(request, 'compute', 'os_compute_api:os-lock-server:unlock:unlock_override', target);
    }
    startAction(store, ctx.now(), server, actorOf(request), 'unlock');
    saveServer(ctx, server.id, () => ({ locked: false, locked_by: null, locked_reason: null }));
    return reply.code(202).send();
  };

  handlers['rescue'] = (request, reply, server, args) => {
    const spec = argsObject('rescue', args, ['adminPass', 'rescue_image_ref']);
    if (server.image_id === '' && !atLeast(request, '2.87')) {
      authorize(request, 'compute', 'os_compute_api:os-rescue', { project_id: server.project_id });
      throw badRequest(
        `Instance ${server.id} cannot be rescued: Cannot rescue a volume-backed instance`,
      );
    }
    const password = typeof spec['adminPass'] === 'string' ? spec['adminPass'] : generatePassword();
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:os-rescue',
      check: { action: 'rescue', vm: [VM.ACTIVE, VM.STOPPED, VM.ERROR] },
      action: 'rescue',
      event: 'compute_rescue_instance',
      task: 'rescuing',
      duration: DURATIONS.action,
      end: { vm_state: VM.RESCUED, power_state: POWER.RUNNING },
      needsHost: true,
      ports: 'ACTIVE',
      boot: true,
    });
    return reply.code(200).send({ adminPass: password });
  };

  handlers['unshelve'] = (request, reply, server, args) => {
    const spec = argsObject(
      'unshelve',
      args,
      atLeast(request, '2.77')
        ? ['availability_zone', ...(atLeast(request, '2.91') ? ['host'] : [])]
        : [],
    );
    const zone = spec['availability_zone'];
    runTimed(
      ctx,
      request,
      server,
      {
        policy: 'os_compute_api:os-shelve:unshelve',
        check: { action: 'unshelve', vm: [VM.SHELVED, VM.SHELVED_OFFLOADED] },
        action: 'unshelve',
        event: 'compute_unshelve_instance',
        task: 'unshelving',
        duration: DURATIONS.spawn,
        end: { vm_state: VM.ACTIVE, power_state: POWER.RUNNING },
        ports: 'ACTIVE',
        boot: true,
        rehost: true,
      },
      typeof zone === 'string' ? { availability_zone: zone } : {},
    );
    return reply.code(202).send();
  };

  handlers['resize'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:servers:resize', {
      project_id: server.project_id,
    });
    const spec = requiredArgs('resize', args, ['flavorRef', 'OS-DCF:diskConfig'], ['flavorRef']);
    const ref = spec['flavorRef'];
    if (typeof ref !== 'string' && typeof ref !== 'number') {
      throw invalidInput(
        'resize/flavorRef',
        ref,
        `${pyRepr(ref)} is not of type 'string', 'integer'`,
      );
    }
    checkLock(server, isAdminContext(request));
    checkState(server, { action: 'resize', vm: [VM.ACTIVE, VM.STOPPED] });
    const flavor = store.collection(flavors).get(String(ref).split('/').pop() ?? '');
    if (!flavor || flavor.disabled) {
      throw badRequest(`Flavor ${String(ref).split('/').pop() ?? ''} could not be found.`);
    }
    if (flavor.id === server.flavor.id)
      throw badRequest('When resizing, instances must change flavor!');
    if (server.image_id !== '') {
      // The image's minimum disk in the server's image metadata is raised to the boot flavor's
      // root disk, so a smaller root disk is refused by that check.
      const imageMinDisk =
        deps(ctx).glance?.findImageForBoot(ctx, server.image_id, server.project_id)?.min_disk ?? 0;
      const minDisk = Math.max(imageMinDisk, server.flavor.disk);
      if (flavor.disk > 0 && flavor.disk < minDisk) {
        throw badRequest(
          `Flavor's disk is smaller than the minimum size specified in image metadata. Flavor disk is ${flavor.disk * GIB} bytes, minimum size is ${minDisk * GIB} bytes.`,
        );
      }
    }
    // Only growth needs quota; nova counts a resizing server at its larger flavor.
    checkServerQuota(store, server.project_id, callerOf(request).user.id, {
      instances: 0,
      cores: Math.max(0, flavor.vcpus - server.flavor.vcpus),
      ram: Math.max(0, flavor.ram - server.flavor.ram),
    });
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:servers:resize',
      check: { action: 'resize', vm: [VM.ACTIVE, VM.STOPPED] },
      action: 'resize',
      event: 'compute_prep_resize',
      task: 'resize_prep',
      duration: DURATIONS.resize,
      end: {
        vm_state: VM.RESIZED,
        flavor: serverFlavorOf(flavor),
        old_flavor: server.flavor,
        prior_vm_state: server.vm_state,
      },
    });
    return reply.code(202).send();
  };

  handlers['confirmResize'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:servers:confirm_resize', {
      project_id: server.project_id,
    });
    if (args !== null && args !== undefined) argsObject('confirmResize', args, []);
    checkLock(server, isAdminContext(request));
    checkState(server, { action: 'confirmResize', vm: [VM.RESIZED] });
    startAction(store, ctx.now(), server, actorOf(request), 'confirmResize', {
      name: 'compute_confirm_resize',
      host: server.host,
    });
    saveServer(ctx, server.id, (s) => ({
      vm_state: s.prior_vm_state === VM.STOPPED ? VM.STOPPED : VM.ACTIVE,
      old_flavor: null,
      prior_vm_state: null,
    }));
    finishAction(store, ctx.now(), server.id, 'confirmResize');
    return reply.code(204).send();
  };

  handlers['revertResize'] = (request, reply, server, args) => {
    if (args !== null && args !== undefined) argsObject('revertResize', args, []);
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:servers:revert_resize',
      check: { action: 'revertResize', vm: [VM.RESIZED] },
      action: 'revertResize',
      event: 'compute_revert_resize',
      task: 'resize_reverting',
      duration: DURATIONS.resize,
      end: {
        vm_state: server.prior_vm_state === VM.STOPPED ? VM.STOPPED : VM.ACTIVE,
        flavor: server.old_flavor ?? server.flavor,
        old_flavor: null,
        prior_vm_state: null,
      },
    });
    return reply.code(202).send();
  };

  handlers['createImage'] = (request, reply, server, args) => {
    const spec = requiredArgs('createImage', args, ['name', 'metadata'], ['name']);
    const name = spec['name'];
    if (typeof name !== 'string' || name.length < 1 || name.length > 255) {
      throw invalidInput('createImage/name', name, `${pyRepr(name)} is not of type 'string'`);
    }
    return snapshotOf(ctx, request, reply, server, {
      name,
      metadata:
        spec['metadata'] === undefined
          ? {}
          : checkMetadata(spec['metadata'], 'createImage/metadata'),
      action: 'createImage',
      task: 'image_snapshot_pending',
      event: 'compute_snapshot_instance',
      policy: 'os_compute_api:servers:create_image',
    });
  };

  handlers['createBackup'] = (request, reply, server, args) => {
    const spec = requiredArgs(
      'createBackup',
      args,
      ['name', 'backup_type', 'rotation', 'metadata'],
      ['name', 'backup_type', 'rotation'],
    );
    const name = spec['name'];
    if (typeof name !== 'string' || name.length < 1) {
      throw invalidInput('createBackup/name', name, `${pyRepr(name)} is not of type 'string'`);
    }
    if (typeof spec['backup_type'] !== 'string') {
      throw invalidInput(
        'createBackup/backup_type',
        spec['backup_type'],
        `${pyRepr(spec['backup_type'])} is not of type 'string'`,
      );
    }
    checkInteger(spec['rotation'], 'createBackup/rotation', { min: 0 });
    if (server.image_id === '')
      throw badRequest('Backup is not supported for volume-backed instances.');
    return snapshotOf(ctx, request, reply, server, {
      name,
      metadata:
        spec['metadata'] === undefined
          ? {}
          : checkMetadata(spec['metadata'], 'createBackup/metadata'),
      backupType: spec['backup_type'],
      action: 'createBackup',
      task: 'image_backup',
      event: 'compute_backup_instance',
      policy: 'os_compute_api:os-create-backup',
    });
  };

  handlers['os-getConsoleOutput'] = (request, _reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-console-output', {
      project_id: server.project_id,
    });
    const spec = argsObject('os-getConsoleOutput', args, ['length']);
    const raw = spec['length'];
    let length: number | null = null;
    if (raw !== undefined && raw !== null) {
      if (typeof raw === 'string' && !/^-?[0-9]+$/.test(raw)) {
        throw invalidInput(
          'os-getConsoleOutput/length',
          raw,
          `${pyRepr(raw)} does not match '^-?[0-9]+$'`,
        );
      }
      if (typeof raw !== 'string' && !(typeof raw === 'number' && Number.isInteger(raw))) {
        throw invalidInput(
          'os-getConsoleOutput/length',
          raw,
          `${pyRepr(raw)} is not of type 'integer', 'string', 'null'`,
        );
      }
      length = Number(raw);
      if (length < -1) {
        throw invalidInput(
          'os-getConsoleOutput/length',
          raw,
          `${pyRepr(raw)} is less than the minimum of -1`,
        );
      }
    }
    if (!server.host) throw notReady(server.id);
    return { output: guestConsoleOutput(ctx, server, length) };
  };

  const legacyConsole =
    (type: string, protocol: string) =>
    (request: FastifyRequest, _reply: FastifyReply, server: ServerDoc, args: unknown): unknown => {
      if (atLeast(request, '2.6')) throw new Fault(404, 'The resource could not be found.');
      authorize(request, 'compute', 'os_compute_api:os-remote-consoles', {
        project_id: server.project_id,
      });
      const spec = requiredArgs(type, args, ['type'], ['type']);
      return {
        console: {
          type: spec['type'],
          url: consoleUrl(ctx, request, server, protocol, String(spec['type'])),
        },
      };
    };
  handlers['os-getVNCConsole'] = legacyConsole('os-getVNCConsole', 'vnc');
  handlers['os-getSPICEConsole'] = legacyConsole('os-getSPICEConsole', 'spice');
  handlers['os-getRDPConsole'] = legacyConsole('os-getRDPConsole', 'rdp');
  handlers['os-getSerialConsole'] = legacyConsole('os-getSerialConsole', 'serial');

  const securityGroupName = (action: string, args: unknown): string => {
    const spec = requiredArgs(action, args, ['name'], ['name']);
    const name = spec['name'];
    if (typeof name !== 'string' || name.trim() === '')
      throw badRequest('Security group name cannot be empty');
    return name;
  };

  handlers['addSecurityGroup'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-security-groups:add', {
      project_id: server.project_id,
    });
    const name = securityGroupName('addSecurityGroup', args);
    if (server.security_groups.includes(name)) {
      throw badRequest(
        `Security group ${name} is already associated with the instance ${server.id}`,
      );
    }
    saveServer(ctx, server.id, (s) => ({ security_groups: [...s.security_groups, name] }));
    return reply.code(202).send();
  };

  handlers['removeSecurityGroup'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-security-groups:remove', {
      project_id: server.project_id,
    });
    const name = securityGroupName('removeSecurityGroup', args);
    if (!server.security_groups.includes(name)) {
      throw badRequest(`Security group ${name} not associated with the instance ${server.id}`);
    }
    saveServer(ctx, server.id, (s) => ({
      security_groups: s.security_groups.filter((g) => g !== name),
    }));
    return reply.code(202).send();
  };

  handlers['changePassword'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-admin-password', {
      project_id: server.project_id,
    });
    const spec = requiredArgs('changePassword', args, ['adminPass'], ['adminPass']);
    if (typeof spec['adminPass'] !== 'string') {
      throw invalidInput(
        'changePassword/adminPass',
        spec['adminPass'],
        `${pyRepr(spec['adminPass'])} is not of type 'string'`,
      );
    }
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:os-admin-password',
      check: { action: 'changePassword', vm: [VM.ACTIVE] },
      action: 'changePassword',
      event: 'compute_set_admin_password',
      task: 'updating_password',
      duration: DURATIONS.action,
      end: {},
      needsHost: true,
    });
    return reply.code(202).send();
  };

  /**
   * The destination of a migration: the named host (which must exist and differ from the
   * source), else the scheduler's pick among the others (null when none fits).
   */
  const destinationOf = (server: ServerDoc, host: unknown): string | null => {
    if (typeof host === 'string') {
      if (!computeHost(host)) throw badRequest(`Compute host ${host} could not be found.`);
      if (host === server.host) {
        throw badRequest(`Unable to migrate instance (${server.id}) to current host (${host}).`);
      }
      return host;
    }
    return pickHost(ctx, server, server.host ?? undefined);
  };

  handlers['migrate'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-migrate-server:migrate', {
      project_id: server.project_id,
    });
    const spec = argsObject('migrate', args, atLeast(request, '2.56') ? ['host'] : []);
    const host = spec['host'];
    if (host !== undefined && host !== null && typeof host !== 'string') {
      throw invalidInput('migrate/host', host, `${pyRepr(host)} is not of type 'string', 'null'`);
    }
    checkLock(server, isAdminContext(request));
    if (!server.host) throw notReady(server.id);
    checkState(server, { action: 'migrate', vm: [VM.ACTIVE, VM.STOPPED] });
    const destination = destinationOf(server, host);
    if (!destination) {
      // Nova casts a cold migration to the conductor: with no host to go to it still answers
      // 202, and only the instance action records the failure (the lab does this).
      startAction(store, ctx.now(), server, actorOf(request), 'migrate', {
        name: 'conductor_migrate_server',
        host: server.host,
      });
      finishAction(store, ctx.now(), server.id, 'migrate', {
        message: NO_VALID_HOST,
        traceback: NO_VALID_HOST,
      });
      return reply.code(202).send();
    }
    // A cold migration is a resize to the same flavor: it ends in VERIFY_RESIZE.
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:os-migrate-server:migrate',
      check: { action: 'migrate', vm: [VM.ACTIVE, VM.STOPPED] },
      action: 'migrate',
      event: 'compute_prep_resize',
      task: 'resize_prep',
      duration: DURATIONS.resize,
      end: {
        vm_state: VM.RESIZED,
        old_flavor: server.flavor,
        prior_vm_state: server.vm_state,
      },
      moveTo: destination,
    });
    return reply.code(202).send();
  };

  handlers['os-migrateLive'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-migrate-server:migrate_live', {
      project_id: server.project_id,
    });
    const auto = atLeast(request, '2.25');
    const allowed = [
      'host',
      'block_migration',
      ...(auto ? [] : ['disk_over_commit']),
      ...(atLeast(request, '2.30') && !atLeast(request, '2.68') ? ['force'] : []),
    ];
    const spec = requiredArgs(
      'os-migrateLive',
      args,
      allowed,
      auto ? ['host', 'block_migration'] : ['host', 'block_migration', 'disk_over_commit'],
    );
    const host = spec['host'];
    if (host !== null && typeof host !== 'string') {
      throw invalidInput(
        'os-migrateLive/host',
        host,
        `${pyRepr(host)} is not of type 'string', 'null'`,
      );
    }
    const block = spec['block_migration'];
    if (typeof block !== 'boolean' && !(auto && block === 'auto')) {
      throw invalidInput(
        'os-migrateLive/block_migration',
        block,
        auto
          ? `${pyRepr(block)} is not one of ['auto']`
          : `${pyRepr(block)} is not of type 'boolean'`,
      );
    }
    checkLock(server, isAdminContext(request));
    if (!server.host) throw notReady(server.id);
    // Nova's API names the action as the request did in its 409.
    checkState(server, { action: 'os-migrateLive', vm: [VM.ACTIVE, VM.PAUSED] });
    // Below 2.34 Nova's API waits for the conductor's checks: no host is the request's 400.
    const destination = destinationOf(server, host);
    if (!destination) throw badRequest(NO_VALID_HOST);
    runTimed(ctx, request, server, {
      policy: 'os_compute_api:os-migrate-server:migrate_live',
      check: { action: 'os-migrateLive', vm: [VM.ACTIVE, VM.PAUSED] },
      action: 'live-migration',
      event: 'compute_live_migration',
      task: 'migrating',
      duration: DURATIONS.resize,
      end: {},
      moveTo: destination,
    });
    return reply.code(202).send();
  };

  handlers['os-resetState'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:os-admin-actions:reset_state', {
      project_id: server.project_id,
    });
    const spec = requiredArgs('os-resetState', args, ['state'], ['state']);
    const state = spec['state'];
    if (state !== 'active' && state !== 'error') {
      throw invalidInput(
        'os-resetState/state',
        state,
        `${pyRepr(state)} is not one of ['active', 'error']`,
      );
    }
    startAction(store, ctx.now(), server, actorOf(request), 'resetState');
    saveServer(ctx, server.id, () => ({ vm_state: state, task_state: null }));
    return reply.code(202).send();
  };

  handlers['rebuild'] = (request, reply, server, args) => {
    authorize(request, 'compute', 'os_compute_api:servers:rebuild', {
      project_id: server.project_id,
    });
    const allowed = [
      'imageRef',
      'name',
      'adminPass',
      'metadata',
      'preserve_ephemeral',
      'OS-DCF:diskConfig',
      'accessIPv4',
      'accessIPv6',
      'personality',
      ...(atLeast(request, '2.19') ? ['description'] : []),
      ...(atLeast(request, '2.54') ? ['key_name'] : []),
      ...(atLeast(request, '2.57') ? ['user_data'] : []),
      ...(atLeast(request, '2.63') ? ['trusted_image_certificates'] : []),
      ...(atLeast(request, '2.90') ? ['hostname'] : []),
    ];
    const spec = requiredArgs('rebuild', args, allowed, ['imageRef']);
    const imageRef = String(spec['imageRef']).split('/').pop() ?? '';
    checkLock(server, isAdminContext(request));
    checkState(server, { action: 'rebuild', vm: [VM.ACTIVE, VM.STOPPED, VM.ERROR] });
    const glance = deps(ctx).glance;
    if (glance) {
      const image = glance.findImageForBoot(ctx, imageRef, server.project_id);
      if (!image) throw badRequest('Cannot find requested image');
      if (image.status !== 'active') throw badRequest(`Image ${imageRef} is not active.`);
    }
    if (server.image_id === '' && imageRef !== '') {
      // Rebuilding a volume-backed server with a new image arrived only in later releases.
      throw badRequest('Unable to rebuild with a different image for a volume-backed server.');
    }
    const password = typeof spec['adminPass'] === 'string' ? spec['adminPass'] : generatePassword();
    const change: Partial<ServerDoc> = { image_id: imageRef };
    if (typeof spec['name'] === 'string') change.name = spec['name'];
    if (spec['metadata'] !== undefined)
      change.metadata = checkMetadata(spec['metadata'], 'rebuild/metadata');
    if (spec['description'] !== undefined)
      change.description = checkDescription(spec['description'], 'rebuild/description');
    runTimed(
      ctx,
      request,
      server,
      {
        policy: 'os_compute_api:servers:rebuild',
        check: { action: 'rebuild', vm: [VM.ACTIVE, VM.STOPPED, VM.ERROR] },
        action: 'rebuild',
        event: 'compute_rebuild_instance',
        task: 'rebuilding',
        duration: DURATIONS.spawn,
        end: {
          vm_state: server.vm_state === VM.STOPPED ? VM.STOPPED : VM.ACTIVE,
          power_state: server.vm_state === VM.STOPPED ? POWER.SHUTDOWN : POWER.RUNNING,
          fault: null,
        },
        boot: server.vm_state !== VM.STOPPED,
      },
      change,
    );
    const updated = loadServer(ctx, request, server.id);
    const view = serverDetail(ctx, request, updated, viewPolicyOf(request, updated.project_id), {
      show: atLeast(request, '2.71'),
    });
    return reply.code(202).send({ server: { ...view, adminPass: password } });
  };

  app.post<{ Params: { id: string } }>('/servers/:id/action', async (request, reply) => {
    const body = request.body;
    if (!isObject(body) || Object.keys(body).length === 0)
      throw badRequest('Malformed request body');
    const name = Object.keys(body)[0] ?? '';
    const handler = handlers[name];
    if (!handler) throw badRequest(`There is no such action: ${name}`);
    // Start and stop look up the instance's cell mapping first, which a never-seen id lacks.
    if (CELL_LOOKUP_ACTIONS.has(name) && !store.collection(servers).get(request.params.id)) {
      throw new Fault(404, `Instance ${request.params.id} has no mapping to a cell.`);
    }
    const server = loadServer(ctx, request, request.params.id);
    return handler(request, reply, server, body[name]);
  });
};
