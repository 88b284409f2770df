import { t } from '../../i18n/i18n';
import { msg, type Msg } from '../../i18n/msg';

/**
 * Heat's status codes (ACTION_STATE, for stacks and their resources and events) as a user
 * reads them. Written out whole rather than composed from the action and the state, so each
 * label is one string a translator sees in full.
 */
export const STACK_STATUS_LABELS: Readonly<Record<string, Msg>> = {
  INIT_COMPLETE: msg('Init Complete'),
  INIT_FAILED: msg('Init Failed'),
  INIT_IN_PROGRESS: msg('Init In Progress'),
  CREATE_COMPLETE: msg('Create Complete'),
  CREATE_FAILED: msg('Create Failed'),
  CREATE_IN_PROGRESS: msg('Create In Progress'),
  UPDATE_COMPLETE: msg('Update Complete'),
  UPDATE_FAILED: msg('Update Failed'),
  UPDATE_IN_PROGRESS: msg('Update In Progress'),
  DELETE_COMPLETE: msg('Delete Complete'),
  DELETE_FAILED: msg('Delete Failed'),
  DELETE_IN_PROGRESS: msg('Delete In Progress'),
  ROLLBACK_COMPLETE: msg('Rollback Complete'),
  ROLLBACK_FAILED: msg('Rollback Failed'),
  ROLLBACK_IN_PROGRESS: msg('Rollback In Progress'),
  SUSPEND_COMPLETE: msg('Suspend Complete'),
  SUSPEND_FAILED: msg('Suspend Failed'),
  SUSPEND_IN_PROGRESS: msg('Suspend In Progress'),
  RESUME_COMPLETE: msg('Resume Complete'),
  RESUME_FAILED: msg('Resume Failed'),
  RESUME_IN_PROGRESS: msg('Resume In Progress'),
  ADOPT_COMPLETE: msg('Adopt Complete'),
  ADOPT_FAILED: msg('Adopt Failed'),
  ADOPT_IN_PROGRESS: msg('Adopt In Progress'),
  SNAPSHOT_COMPLETE: msg('Snapshot Complete'),
  SNAPSHOT_FAILED: msg('Snapshot Failed'),
  SNAPSHOT_IN_PROGRESS: msg('Snapshot In Progress'),
  CHECK_COMPLETE: msg('Check Complete'),
  CHECK_FAILED: msg('Check Failed'),
  CHECK_IN_PROGRESS: msg('Check In Progress'),
  RESTORE_COMPLETE: msg('Restore Complete'),
  RESTORE_FAILED: msg('Restore Failed'),
  RESTORE_IN_PROGRESS: msg('Restore In Progress'),
};

/** A status as the user reads it; a code Heat adds later shows as it comes. */
export const stackStatusText = (status: string): string => {
  const label = STACK_STATUS_LABELS[status];
  return label === undefined ? status : t(label);
};

/** Status → its colour: complete green, failed red, the rest (in progress…) grey. */
export const stackStatusColor = (status: string): 'green' | 'red' | 'grey' =>
  status.endsWith('_COMPLETE') ? 'green' : status.endsWith('_FAILED') ? 'red' : 'grey';
