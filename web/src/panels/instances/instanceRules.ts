import type { Instance } from '@skydeck/contract';
import { msg, type Msg } from '../../i18n/msg';

/** Nova's server statuses as the tables show them. */
export const INSTANCE_STATUS_LABELS: Readonly<Record<string, Msg>> = {
  ACTIVE: msg('Active'),
  BUILD: msg('Build'),
  DELETED: msg('Deleted'),
  ERROR: msg('Error'),
  HARD_REBOOT: msg('Hard Reboot'),
  MIGRATING: msg('Migrating'),
  PASSWORD: msg('Password'),
  PAUSED: msg('Paused'),
  REBOOT: msg('Reboot'),
  REBUILD: msg('Rebuild'),
  RESCUE: msg('Rescue'),
  RESIZE: msg('Resize/Migrate'),
  REVERT_RESIZE: msg('Revert Resize/Migrate'),
  SHELVED: msg('Shelved'),
  SHELVED_OFFLOADED: msg('Shelved Offloaded'),
  SHUTOFF: msg('Shutoff'),
  SOFT_DELETED: msg('Soft Deleted'),
  SUSPENDED: msg('Suspended'),
  UNKNOWN: msg('Unknown'),
  VERIFY_RESIZE: msg('Confirm or Revert Resize/Migrate'),
};

/**
 * Statuses Nova leaves on its own (a build, a reboot, a move). VERIFY_RESIZE is not one: it
 * waits for the user's confirm or revert and would otherwise be polled for ever.
 */
const TRANSITIONAL_STATUSES: ReadonlySet<string> = new Set([
  'BUILD',
  'REBOOT',
  'HARD_REBOOT',
  'REBUILD',
  'RESIZE',
  'REVERT_RESIZE',
  'MIGRATING',
  'PASSWORD',
]);

/** Whether Nova is still changing the instance: a changing status, or any task under way. */
export const isTransitional = (i: Pick<Instance, 'status' | 'task_state'>): boolean =>
  TRANSITIONAL_STATUSES.has(i.status.toUpperCase()) || !!i.task_state;

/** Nova's power_state numbers (nova/compute/power_state.py) as words. */
export const POWER_STATE_LABELS: Readonly<Record<number, Msg>> = {
  0: msg('No State'),
  1: msg('Running'),
  3: msg('Paused'),
  4: msg('Shut Down'),
  6: msg('Crashed'),
  7: msg('Suspended'),
};

/** The power state's words; an unknown number stays a number rather than vanishing. */
export const powerStateLabel = (state: number | null): Msg | null =>
  state === null ? null : (POWER_STATE_LABELS[state] ?? String(state));

/** Nova's task states as words; one not listed is shown as Nova spells it. */
export const TASK_STATE_LABELS: Readonly<Record<string, Msg>> = {
  scheduling: msg('Scheduling'),
  block_device_mapping: msg('Block Device Mapping'),
  networking: msg('Networking'),
  spawning: msg('Spawning'),
  image_snapshot: msg('Snapshotting'),
  image_snapshot_pending: msg('Image Snapshot Pending'),
  image_pending_upload: msg('Image Pending Upload'),
  image_uploading: msg('Image Uploading'),
  image_backup: msg('Image Backup'),
  updating_password: msg('Updating Password'),
  resize_prep: msg('Preparing Resize or Migrate'),
  resize_migrating: msg('Resizing or Migrating'),
  resize_migrated: msg('Resized or Migrated'),
  resize_finish: msg('Finishing Resize or Migrate'),
  resize_reverting: msg('Reverting Resize or Migrate'),
  resize_confirming: msg('Confirming Resize or Migrate'),
  rebooting: msg('Rebooting'),
  reboot_pending: msg('Reboot Pending'),
  reboot_started: msg('Reboot Started'),
  rebooting_hard: msg('Hard Rebooting'),
  reboot_pending_hard: msg('Hard Reboot Pending'),
  reboot_started_hard: msg('Hard Reboot Started'),
  pausing: msg('Pausing'),
  unpausing: msg('Resuming'),
  suspending: msg('Suspending'),
  resuming: msg('Resuming'),
  'powering-off': msg('Powering Off'),
  'powering-on': msg('Powering On'),
  rescuing: msg('Rescuing'),
  unrescuing: msg('Unrescuing'),
  rebuilding: msg('Rebuilding'),
  rebuild_block_device_mapping: msg('Rebuild Block Device Mapping'),
  rebuild_spawning: msg('Rebuild Spawning'),
  migrating: msg('Migrating'),
  deleting: msg('Deleting'),
  'soft-deleting': msg('Soft Deleting'),
  restoring: msg('Restoring'),
  shelving: msg('Shelving'),
  shelving_image_pending_upload: msg('Shelving Image Pending Upload'),
  shelving_image_uploading: msg('Shelving Image Uploading'),
  shelving_offloading: msg('Shelving Offloading'),
  unshelving: msg('Unshelving'),
};

/** An address of the instance, with the network it is on. */
export interface AddressLine {
  network: string;
  fixed: string[];
  floating: string[];
}

/** The addresses by network, fixed and floating apart (Nova's order within each). */
export const addressLines = (instance: Pick<Instance, 'addresses'>): AddressLine[] =>
  // A row just launched can reach the table before its addresses (a render during its build
  // threw here, intermittently, in the launch e2e): none yet is an empty list.
  (instance.addresses ?? []).map(({ network, ips }) => ({
    network,
    fixed: ips.filter((ip) => ip.type === 'fixed').map((ip) => ip.addr),
    floating: ips.filter((ip) => ip.type === 'floating').map((ip) => ip.addr),
  }));

/** Every address as one line of text (search, sorting). */
export const addressText = (instance: Pick<Instance, 'addresses'>): string =>
  addressLines(instance)
    .map((line) => [line.network, ...line.fixed, ...line.floating].join(' '))
    .join(' ');

/** How long ago, in the largest whole unit: what an age column shows. */
export interface Age {
  unit: 'minute' | 'hour' | 'day' | 'month' | 'year';
  count: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The age of a timestamp at `now`; null when there is none or it cannot be read. */
export const ageOf = (created: string | null, now: number): Age | null => {
  if (!created) return null;
  const at = Date.parse(created);
  if (Number.isNaN(at)) return null;
  const ms = Math.max(0, now - at);
  if (ms < HOUR) return { unit: 'minute', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hour', count: Math.floor(ms / HOUR) };
  if (ms < 30 * DAY) return { unit: 'day', count: Math.floor(ms / DAY) };
  if (ms < 365 * DAY) return { unit: 'month', count: Math.floor(ms / (30 * DAY)) };
  return { unit: 'year', count: Math.floor(ms / (365 * DAY)) };
};

/** The age's text, singular and plural through i18next ({{count}}: the _one/_other forms). */
export const AGE_TEXTS: Readonly<Record<Age['unit'], Msg>> = {
  minute: msg('{{count}} minute'),
  hour: msg('{{count}} hour'),
  day: msg('{{count}} day'),
  month: msg('{{count}} month'),
  year: msg('{{count}} year'),
};
