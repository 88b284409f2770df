import { Fault } from '../../core/faults';
import type { ServerDoc } from './model';

/** Nova's vm_states. */
export const VM = {
  ACTIVE: 'active',
  BUILDING: 'building',
  PAUSED: 'paused',
  SUSPENDED: 'suspended',
  STOPPED: 'stopped',
  RESCUED: 'rescued',
  RESIZED: 'resized',
  SOFT_DELETED: 'soft-delete',
  DELETED: 'deleted',
  ERROR: 'error',
  SHELVED: 'shelved',
  SHELVED_OFFLOADED: 'shelved_offloaded',
} as const;

/** Nova's power_state values. */
export const POWER = {
  NOSTATE: 0,
  RUNNING: 1,
  PAUSED: 3,
  SHUTDOWN: 4,
  CRASHED: 6,
  SUSPENDED: 7,
} as const;

const RESIZING = ['resize_prep', 'resize_migrating', 'resize_migrated', 'resize_finish'];
const REBUILDING = ['rebuilding', 'rebuild_block_device_mapping', 'rebuild_spawning'];

/** nova.api.openstack.common._STATE_MAP: (vm_state, task_state) → API status. */
const STATE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [VM.ACTIVE]: {
    default: 'ACTIVE',
    rebooting: 'REBOOT',
    reboot_pending: 'REBOOT',
    reboot_started: 'REBOOT',
    rebooting_hard: 'HARD_REBOOT',
    reboot_pending_hard: 'HARD_REBOOT',
    reboot_started_hard: 'HARD_REBOOT',
    updating_password: 'PASSWORD',
    migrating: 'MIGRATING',
    ...Object.fromEntries(REBUILDING.map((t) => [t, 'REBUILD'])),
    ...Object.fromEntries(RESIZING.map((t) => [t, 'RESIZE'])),
  },
  [VM.BUILDING]: { default: 'BUILD' },
  [VM.STOPPED]: {
    default: 'SHUTOFF',
    ...Object.fromEntries(REBUILDING.map((t) => [t, 'REBUILD'])),
    ...Object.fromEntries(RESIZING.map((t) => [t, 'RESIZE'])),
  },
  [VM.RESIZED]: { default: 'VERIFY_RESIZE', resize_reverting: 'REVERT_RESIZE' },
  [VM.PAUSED]: { default: 'PAUSED', migrating: 'MIGRATING' },
  [VM.SUSPENDED]: { default: 'SUSPENDED' },
  [VM.RESCUED]: { default: 'RESCUE' },
  [VM.ERROR]: { default: 'ERROR', ...Object.fromEntries(REBUILDING.map((t) => [t, 'REBUILD'])) },
  [VM.DELETED]: { default: 'DELETED' },
  [VM.SOFT_DELETED]: { default: 'SOFT_DELETED' },
  [VM.SHELVED]: { default: 'SHELVED' },
  [VM.SHELVED_OFFLOADED]: { default: 'SHELVED_OFFLOADED' },
};

export const statusOf = (s: Pick<ServerDoc, 'vm_state' | 'task_state'>): string => {
  const map = STATE_MAP[s.vm_state];
  if (!map) return 'UNKNOWN';
  return (s.task_state ? map[s.task_state] : undefined) ?? map['default'] ?? 'UNKNOWN';
};

/** Every API status a `status` filter may name, with what it matches (task_and_vm_state_from_status). */
export const statusMatches = (
  status: string,
  s: Pick<ServerDoc, 'vm_state' | 'task_state'>,
): boolean => statusOf(s) === status.toUpperCase();

export const KNOWN_STATUSES: ReadonlySet<string> = new Set([
  ...Object.values(STATE_MAP).flatMap((m) => Object.values(m)),
]);

/** Statuses whose view carries `progress`. */
export const PROGRESS_STATUSES: ReadonlySet<string> = new Set([
  'ACTIVE',
  'BUILD',
  'REBUILD',
  'RESIZE',
  'VERIFY_RESIZE',
  'MIGRATING',
]);

/** A state check of nova's compute API (check_instance_state), raised as the API's 409. */
export interface StateCheck {
  /** The action name as the 409 text gives it (`stop`, `confirmResize` ...). */
  readonly action: string;
  /** Allowed vm_states; undefined allows any. */
  readonly vm?: readonly string[];
  /** Allowed task_states (null for none); undefined allows any. Default: none only. */
  readonly task?: ReadonlyArray<string | null>;
}

export const invalidState = (action: string, id: string, attr: string, state: string): Fault =>
  new Fault(409, `Cannot '${action}' instance ${id} while it is in ${attr} ${state}`);

export const checkState = (server: ServerDoc, check: StateCheck): void => {
  if (check.vm && !check.vm.includes(server.vm_state)) {
    throw invalidState(check.action, server.id, 'vm_state', server.vm_state);
  }
  const task = check.task === undefined ? [null] : check.task;
  if (!task.includes(server.task_state)) {
    throw invalidState(check.action, server.id, 'task_state', server.task_state ?? 'None');
  }
};

/** nova's check_instance_lock: a locked server refuses changes from anyone but an admin. */
export const checkLock = (server: ServerDoc, isAdmin: boolean): void => {
  if (server.locked && !isAdmin) throw new Fault(409, `Instance ${server.id} is locked`);
};

/** Task states from which a hard reboot may start (task_states.ALLOW_REBOOT). */
export const ALLOW_REBOOT: ReadonlyArray<string | null> = [
  null,
  'rebooting',
  'reboot_pending',
  'reboot_started',
  'resuming',
  'rebooting_hard',
  'unpausing',
  'pausing',
  'suspending',
];

/** Whether the guest is running (a console can attach). */
export const isRunning = (s: ServerDoc): boolean =>
  s.power_state === POWER.RUNNING && [VM.ACTIVE, VM.RESCUED].includes(s.vm_state as 'active');
