/**
 * The instance actions' rules as data (issue 9): policy rules, availability by status, and the
 * bodies the forms post. Kept apart from the declarations so the modals can use them without
 * importing the declarations that load the modals.
 */
import type {
  ComputeService,
  DiskConfig,
  Flavor,
  Image,
  Instance,
  InstanceUpdateBody,
  PolicyTarget,
  ServerActionBody,
  ServerOperation,
  SnapshotCreateBody,
} from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';
import { policy, service, type Requirement } from '../../registry/types';

/** Nova's rules are written for the instance's project (spec 2 §6: per-row targets). */
export const instanceTarget = (i: Instance): PolicyTarget => ({ project_id: i.project_id ?? '' });

export const compute = (rule: string): Requirement[] => [
  policy('compute', `os_compute_api:${rule}`),
];

/** Settled in one of these statuses, with no task running. */
const settledIn =
  (...statuses: string[]) =>
  (i: Instance): boolean =>
    i.task_state === null && statuses.includes(i.status);

/**
 * One operation of the confirm-and-run kind (spec 2 §4 "Server state operations"): its policy
 * rule, when a row offers it (by status, after Nova's own state checks, so the menu never offers
 * what Nova would refuse with a 409), the confirmation, and the toasts.
 */
export interface OperationDecl {
  id: string;
  operation: ServerOperation;
  label: Msg;
  /** The batch button's label; no batch variant without it. */
  batchLabel?: Msg;
  requires: Requirement[];
  can: (i: Instance) => boolean;
  /** The confirmation's body; {{names}} are the instances it runs on. */
  confirm: Msg;
  /** Info toast once Nova accepted: the work goes on in the instance's status. */
  started: Msg;
  /** Spec 2 §8: one danger toast per failed instance, {{id}}. */
  failed: Msg;
  danger?: boolean;
}

const op = (decl: OperationDecl): OperationDecl => decl;

export const OPERATIONS = {
  start: op({
    id: 'start',
    operation: 'start',
    label: msg('Start Instance'),
    batchLabel: msg('Start Instances'),
    requires: compute('servers:start'),
    can: settledIn('SHUTOFF'),
    confirm: msg('Start "{{names}}"?'),
    started: msg('Starting {{names}}.'),
    failed: msg('Unable to start the server with id: {{id}}'),
  }),
  stop: op({
    id: 'stop',
    operation: 'stop',
    label: msg('Shut Off Instance'),
    batchLabel: msg('Shut Off Instances'),
    requires: compute('servers:stop'),
    can: settledIn('ACTIVE', 'RESCUE'),
    confirm: msg('Shut off "{{names}}"? The guest is powered off; its disks are kept.'),
    started: msg('Shutting off {{names}}.'),
    failed: msg('Unable to stop the server with id: {{id}}'),
    danger: true,
  }),
  softReboot: op({
    id: 'soft-reboot',
    operation: 'soft_reboot',
    label: msg('Soft Reboot Instance'),
    batchLabel: msg('Soft Reboot Instances'),
    requires: compute('servers:reboot'),
    can: settledIn('ACTIVE'),
    confirm: msg('Soft reboot "{{names}}"? The guest is asked to restart itself.'),
    started: msg('Rebooting {{names}}.'),
    failed: msg('Unable to soft-reboot the server with id: {{id}}'),
  }),
  hardReboot: op({
    id: 'hard-reboot',
    operation: 'hard_reboot',
    label: msg('Hard Reboot Instance'),
    batchLabel: msg('Hard Reboot Instances'),
    requires: compute('servers:reboot'),
    // Nova lets a hard reboot interrupt a soft one, and start a stopped or errored instance.
    can: (i) =>
      ['ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED', 'ERROR', 'REBOOT', 'HARD_REBOOT'].includes(
        i.status,
      ) &&
      (i.task_state === null || /^reboot/.test(i.task_state)),
    confirm: msg(
      'Hard reboot "{{names}}"? The power is cycled: unsaved data in the guest is lost.',
    ),
    started: msg('Rebooting {{names}}.'),
    failed: msg('Unable to hard-reboot the server with id: {{id}}'),
    danger: true,
  }),
  pause: op({
    id: 'pause',
    operation: 'pause',
    label: msg('Pause Instance'),
    batchLabel: msg('Pause Instances'),
    requires: compute('os-pause-server:pause'),
    can: settledIn('ACTIVE'),
    confirm: msg('Pause "{{names}}"? The guest is frozen in memory.'),
    started: msg('Pausing {{names}}.'),
    failed: msg('Unable to pause the server with id: {{id}}'),
  }),
  unpause: op({
    id: 'unpause',
    operation: 'unpause',
    label: msg('Resume Paused Instance'),
    batchLabel: msg('Resume Paused Instances'),
    requires: compute('os-pause-server:unpause'),
    can: settledIn('PAUSED'),
    confirm: msg('Unpause "{{names}}"?'),
    started: msg('Unpausing {{names}}.'),
    failed: msg('Unable to unpause the server with id: {{id}}'),
  }),
  suspend: op({
    id: 'suspend',
    operation: 'suspend',
    label: msg('Suspend Instance'),
    batchLabel: msg('Suspend Instances'),
    requires: compute('os-suspend-server:suspend'),
    can: settledIn('ACTIVE'),
    confirm: msg('Suspend "{{names}}"? The guest memory is saved to disk.'),
    started: msg('Suspending {{names}}.'),
    failed: msg('Unable to suspend the server with id: {{id}}'),
  }),
  resume: op({
    id: 'resume',
    operation: 'resume',
    label: msg('Resume Suspended Instance'),
    batchLabel: msg('Resume Suspended Instances'),
    requires: compute('os-suspend-server:resume'),
    can: settledIn('SUSPENDED'),
    confirm: msg('Resume "{{names}}"?'),
    started: msg('Resuming {{names}}.'),
    failed: msg('Unable to resume the server with id: {{id}}'),
  }),
  shelve: op({
    id: 'shelve',
    operation: 'shelve',
    label: msg('Shelve Instance'),
    batchLabel: msg('Shelve Instances'),
    requires: compute('os-shelve:shelve'),
    can: settledIn('ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED'),
    confirm: msg(
      'Shelve "{{names}}"? The instance is shut off and its host freed; unshelve it to run again.',
    ),
    started: msg('Shelving {{names}}.'),
    failed: msg('Unable to shelve the server with id: {{id}}'),
  }),
  unshelve: op({
    id: 'unshelve',
    operation: 'unshelve',
    label: msg('Unshelve Instance'),
    batchLabel: msg('Unshelve Instances'),
    requires: compute('os-shelve:unshelve'),
    can: settledIn('SHELVED', 'SHELVED_OFFLOADED'),
    confirm: msg('Unshelve "{{names}}"?'),
    started: msg('Unshelving {{names}}.'),
    failed: msg('Unable to unshelve the server with id: {{id}}'),
  }),
  lock: op({
    id: 'lock',
    operation: 'lock',
    label: msg('Lock Instance'),
    batchLabel: msg('Lock Instances'),
    requires: compute('os-lock-server:lock'),
    // `locked` is null below Nova 2.9: both Lock and Unlock are then offered.
    can: (i) => i.locked !== true,
    confirm: msg('Lock "{{names}}"? Only an administrator can then change it.'),
    started: msg('Locked {{names}}.'),
    failed: msg('Unable to lock the server with id: {{id}}'),
  }),
  unlock: op({
    id: 'unlock',
    operation: 'unlock',
    label: msg('Unlock Instance'),
    batchLabel: msg('Unlock Instances'),
    requires: compute('os-lock-server:unlock'),
    can: (i) => i.locked !== false,
    confirm: msg('Unlock "{{names}}"?'),
    started: msg('Unlocked {{names}}.'),
    failed: msg('Unable to unlock the server with id: {{id}}'),
  }),
  rescue: op({
    id: 'rescue',
    operation: 'rescue',
    label: msg('Rescue Instance'),
    requires: compute('os-rescue'),
    // Nova rescues a volume-booted instance only from 2.87: offered for image-booted ones.
    can: (i) => settledIn('ACTIVE', 'SHUTOFF', 'ERROR')(i) && i.image !== null,
    confirm: msg(
      'Rescue "{{names}}"? It boots from a rescue image with its own disk attached, until unrescued.',
    ),
    started: msg('Rescuing {{names}}.'),
    failed: msg('Unable to rescue the server with id: {{id}}'),
  }),
  unrescue: op({
    id: 'unrescue',
    operation: 'unrescue',
    label: msg('Unrescue Instance'),
    requires: compute('os-unrescue'),
    can: settledIn('RESCUE'),
    confirm: msg('Unrescue "{{names}}"?'),
    started: msg('Unrescuing {{names}}.'),
    failed: msg('Unable to unrescue the server with id: {{id}}'),
  }),
  confirmResize: op({
    id: 'confirm-resize',
    operation: 'confirm_resize',
    label: msg('Confirm Resize/Migrate'),
    requires: compute('servers:confirm_resize'),
    can: settledIn('VERIFY_RESIZE'),
    confirm: msg('Confirm the resize or migration of "{{names}}"? It cannot be reverted after.'),
    started: msg('Confirmed the resize of {{names}}.'),
    failed: msg('Unable to confirm the resize of the server with id: {{id}}'),
  }),
  revertResize: op({
    id: 'revert-resize',
    operation: 'revert_resize',
    label: msg('Revert Resize/Migrate'),
    requires: compute('servers:revert_resize'),
    can: settledIn('VERIFY_RESIZE'),
    confirm: msg('Revert the resize or migration of "{{names}}" to its previous flavor and host?'),
    started: msg('Reverting the resize of {{names}}.'),
    failed: msg('Unable to revert the resize of the server with id: {{id}}'),
  }),
  migrate: op({
    id: 'migrate',
    operation: 'migrate',
    label: msg('Migrate Instance'),
    requires: compute('os-migrate-server:migrate'),
    can: settledIn('ACTIVE', 'SHUTOFF'),
    confirm: msg(
      'Migrate "{{names}}" to another host chosen by the scheduler? It is shut down while it moves, then waits for Confirm Resize/Migrate.',
    ),
    started: msg('Migrating {{names}}.'),
    failed: msg('Unable to migrate the server with id: {{id}}'),
  }),
} as const satisfies Record<string, OperationDecl>;

/** Whether the instance offers this operation now (its status and task; lock). */
export const canRun = (decl: OperationDecl, i: Instance): boolean => decl.can(i);

/** The body the confirm-and-run modal posts. */
export const operationBody = (decl: OperationDecl): ServerActionBody => ({
  operation: decl.operation,
});

/** Edit is offered on anything not being deleted; the forms' own rules below. */
export const notDeleting = (i: Instance): boolean =>
  i.task_state !== 'deleting' && i.status !== 'DELETED';
export const canResize = settledIn('ACTIVE', 'SHUTOFF');
export const canRebuild = settledIn('ACTIVE', 'SHUTOFF', 'ERROR');
export const canSnapshot = settledIn('ACTIVE', 'SHUTOFF', 'PAUSED', 'SUSPENDED');
export const canLiveMigrate = settledIn('ACTIVE', 'PAUSED');

export type DiskConfigChoice = DiskConfig;

/** Nova's disk partitioning choices (OS-DCF:diskConfig). */
export const diskConfigOptions = (): { value: DiskConfig; label: Msg }[] => [
  { value: 'AUTO', label: msg('Automatic') },
  { value: 'MANUAL', label: msg('Manual') },
];

/**
 * The flavors an instance may resize to: enabled ones other than its own (Nova refuses the same
 * flavor with a 400). From Nova 2.47 the instance names its flavor but not its id.
 */
export const resizeChoices = (i: Instance, flavors: readonly Flavor[]): Flavor[] =>
  flavors
    .filter((f) => !f['OS-FLV-DISABLED:disabled'])
    .filter((f) => (i.flavor?.id !== undefined ? f.id !== i.flavor.id : f.name !== i.flavor?.name))
    .sort((a, b) => a.ram - b.ram || a.vcpus - b.vcpus || a.name.localeCompare(b.name));

/** Images a rebuild may boot: active and bootable (aki and ari are kernels and ramdisks). */
export const rebuildChoices = (images: readonly Image[]): Image[] =>
  images
    .filter((img) => img.status === 'active')
    .filter((img) => !['aki', 'ari'].includes(img.container_format ?? ''))
    .sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));

/** Hosts a live migration may name: enabled, up compute services other than the current one. */
export const hostChoices = (i: Instance, services: readonly ComputeService[]): string[] =>
  [
    ...new Set(
      services
        .filter((s) => s.binary === 'nova-compute' && s.status === 'enabled' && s.state === 'up')
        .map((s) => s.host)
        .filter((h) => h !== i.host),
    ),
  ].sort();

/** Resize: the new flavor. */
export const resizeBody = (flavorId: string, diskConfig: DiskConfig): ServerActionBody => ({
  operation: 'resize',
  flavorRef: flavorId,
  'OS-DCF:diskConfig': diskConfig,
});

export interface RebuildValues {
  imageId: string;
  password: string;
  confirmPassword: string;
  diskConfig: DiskConfig;
}

/** Spec 1 §8 "Passwords do not match." (the message is the form's). */
export const passwordsMatch = (v: Pick<RebuildValues, 'password' | 'confirmPassword'>): boolean =>
  v.password === v.confirmPassword;

/** Rebuild: an empty password lets Nova generate one. */
export const rebuildBody = (v: RebuildValues): ServerActionBody => ({
  operation: 'rebuild',
  imageRef: v.imageId,
  ...(v.password !== '' && { adminPass: v.password }),
  'OS-DCF:diskConfig': v.diskConfig,
});

/** Edit: only what changed is sent (a description cleared is sent as empty). */
export const editBody = (
  i: Instance,
  v: { name: string; description: string },
): InstanceUpdateBody | undefined => {
  const body: InstanceUpdateBody = {};
  const name = v.name.trim();
  if (name !== '' && name !== i.name) body.name = name;
  if (v.description !== (i.description ?? '')) body.description = v.description;
  return Object.keys(body).length > 0 ? body : undefined;
};

export const snapshotBody = (i: Instance, name: string): SnapshotCreateBody => ({
  instance_id: i.id,
  name: name.trim(),
});

export const resetStateBody = (state: 'active' | 'error'): ServerActionBody => ({
  operation: 'reset_state',
  state,
});

/** The scheduler's choice ('' in the form) or the named host. */
export const AUTOMATIC_HOST = '';
export const liveMigrateBody = (host: string): ServerActionBody => ({
  operation: 'live_migrate',
  ...(host !== AUTOMATIC_HOST && { host }),
});

/** A console exists while the guest runs (Nova answers 409 or 400 otherwise). */
export const canConsole = settledIn('ACTIVE');

/** Only a guest launched with a key pair posts a password encrypted for it. */
export const canRetrievePassword = (i: Instance): boolean =>
  i.key_name !== null && i.key_name !== '' && settledIn('ACTIVE', 'SHUTOFF', 'PAUSED')(i);

/** The instance type's code in /ngdetails links (the manifest's). */
const INSTANCE_TYPE = 'OS::Nova::Server';

/** The Console row action opens the details page on its Console tab. */
export const consoleHref = (i: Instance): string =>
  `/ngdetails/${INSTANCE_TYPE}/${encodeURIComponent(i.id)}?tab=console`;

const hasAddress = (i: Instance, type: 'fixed' | 'floating'): boolean =>
  (i.addresses ?? []).some((n) => n.ips.some((ip) => ip.type === type));

/** A floating IP forwards to a port address: an instance with none has nothing to offer. */
export const canAssociateFloatingIp = (i: Instance): boolean =>
  notDeleting(i) && hasAddress(i, 'fixed');

export const canDisassociateFloatingIp = (i: Instance): boolean =>
  notDeleting(i) && hasAddress(i, 'floating');

/** Neutron's rule for (dis)associating: the floating IP's update, in the instance's project. */
export const floatingIpUpdate: Requirement[] = [
  service('network'),
  policy('network', 'update_floatingip'),
];

/** Nova attaches and detaches interfaces of an active, paused or stopped instance. */
export const canChangeInterfaces = settledIn('ACTIVE', 'PAUSED', 'SHUTOFF');
