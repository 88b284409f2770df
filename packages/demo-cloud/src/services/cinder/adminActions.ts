import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/faults';
import type { Fault } from '../../core/faults';
import type { CloudContext } from '../../core/service';
import type { Collection } from '../../store/collection';
import { actionOf } from './http';
import { actOn, getOwned, loadOwned } from './scope';
import type { Owned } from './scope';
import { validObjectBody } from './validation';

/**
 * Admin actions: the reset-status of snapshots, backups, groups and group snapshots (a body naming
 * only the new status, checked against the resource's status enum, written without any other
 * change), and the delete and force-delete that snapshots and backups share. A volume's reset
 * also sets attach and migration status; volumeActions.ts has it.
 */

/** The members cinder's status enums (objects/fields.py) start with. */
const COMMON_STATUSES = ['error', 'available', 'creating', 'deleting', 'deleted', 'updating'];

export const SNAPSHOT_STATUSES = [
  ...COMMON_STATUSES,
  'error_deleting',
  'unmanaging',
  'backing-up',
  'restoring',
];
export const GROUP_SNAPSHOT_STATUSES = [...COMMON_STATUSES, 'error_deleting'];
export const GROUP_STATUSES = [...COMMON_STATUSES, 'in-use', 'error_deleting'];

interface Resettable extends Owned {
  readonly status: string;
  readonly updated_at: string | null;
}

export interface StatusReset<T extends Resettable> {
  /** The action's key: `os-reset_status` (admin actions) or `reset_status` (groups). */
  readonly action: string;
  /** Statuses the reset may set (compared lowercased). */
  readonly valid: readonly string[];
  /** The resource's 400 for any other status. */
  readonly invalid: (status: string) => Fault;
  /** The resource's 400 for a blank status, where it has its own. */
  readonly blank?: Fault;
  /** The row as the resource's API looks it up (its 404, and any get policy). */
  readonly load: () => T;
  /** The reset's policy rule, checked on the row. */
  readonly rule: string;
  readonly collection: Collection<T>;
}

/** Body first, then the status, then the row and the policy, as cinder checks them. */
export const resetStatus = <T extends Resettable>(
  ctx: CloudContext,
  request: FastifyRequest,
  reset: StatusReset<T>,
): void => {
  const body = validObjectBody(request.body, reset.action, { status: { type: 'string' } }, [
    'status',
  ]);
  const status = String(body['status']);
  if (reset.blank && status.trim() === '') throw reset.blank;
  if (!reset.valid.includes(status.toLowerCase())) throw reset.invalid(status);
  actOn(ctx.store, request, reset.load, reset.rule, (doc) =>
    reset.collection.update(doc.id, (d) => ({
      ...d,
      status: status.toLowerCase(),
      updated_at: ctx.now().toISOString(),
    })),
  );
};

export interface DeleteAndAdminActions<T extends Resettable> {
  /** What the messages call the resource (`Snapshot`); its path and rules are named after it. */
  readonly name: 'Snapshot' | 'Backup';
  readonly collection: Collection<T>;
  readonly notFound: (id: string) => Fault;
  /** The get and delete policy rules. */
  readonly rules: { readonly get: string; readonly delete: string };
  readonly statuses: readonly string[];
  /** How the reset's refusal prints the statuses (a tuple for some resources, a list for others). */
  readonly listed: (statuses: readonly string[]) => string;
  /** Starts the deletion; `force` skips the status checks. */
  readonly beginDelete: (doc: T, force: boolean) => void;
}

/**
 * `DELETE <path>/<id>` and `POST <path>/<id>/action` with os-reset_status and os-force_delete
 * (`volume_extension:<name>_admin_actions:*`). The reset finds the row in the caller's scope
 * without the get policy; the deletes look it up as the get API does.
 */
export const deleteAndAdminRoutes = <T extends Resettable>(
  app: FastifyInstance,
  ctx: CloudContext,
  resource: DeleteAndAdminActions<T>,
): void => {
  const { name, collection, notFound } = resource;
  const path = `/${name.toLowerCase()}s`;
  const adminRules = `volume_extension:${name.toLowerCase()}_admin_actions`;
  const remove = (
    request: FastifyRequest<{ Params: { id: string } }>,
    rule: string,
    force: boolean,
  ): void => {
    const load = (): T =>
      loadOwned(collection, request, request.params.id, notFound, resource.rules.get);
    actOn(ctx.store, request, load, rule, (doc) => resource.beginDelete(doc, force));
  };

  app.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
    remove(request, resource.rules.delete, false);
    return reply.code(202).send();
  });

  app.post<{ Params: { id: string } }>(`${path}/:id/action`, async (request, reply) => {
    const action = actionOf(request.body, ['os-reset_status', 'os-force_delete']);
    if (action === 'os-reset_status') {
      resetStatus(ctx, request, {
        action,
        valid: resource.statuses,
        invalid: (status) =>
          badRequest(
            `${name} status: ${status} is invalid, valid statuses are: ${resource.listed(resource.statuses)}.`,
          ),
        load: () => getOwned(collection, request, request.params.id, notFound),
        rule: `${adminRules}:reset_status`,
        collection,
      });
    } else {
      remove(request, `${adminRules}:force_delete`, true);
    }
    return reply.code(202).send();
  });
};
