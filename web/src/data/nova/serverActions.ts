import type {
  Instance,
  InterfaceAttachBody,
  InstanceUpdateBody,
  ServerActionBody,
  ServerOperation,
  SnapshotCreateBody,
} from '@skydeck/contract';
import { api } from '../../api/api';
import { mutation } from '../../api/queryClient';
import { t } from '../../i18n/i18n';
import { msg, type Msg } from '../../i18n/msg';
import { imageQueries } from '../glance/images';
import { portQueries } from '../neutron/ports';
import { instanceQueries } from './servers';

/** What one operation on several instances came to: each instance done or failed. */
export interface OperationOutcome {
  done: Instance[];
  failed: Instance[];
}

/**
 * Runs one operation (POST /api/nova/servers/:id/, spec 2 §7) on every instance in parallel;
 * a refusal of one (Nova's 409 for a wrong state) does not stop the others.
 */
export async function operateOn(
  instances: readonly Instance[],
  body: ServerActionBody,
): Promise<OperationOutcome> {
  const settled = await Promise.allSettled(
    instances.map((i) => api('nova.servers.action', { params: { id: i.id }, body })),
  );
  const outcome: OperationOutcome = { done: [], failed: [] };
  settled.forEach((result, n) => {
    const instance = instances[n];
    if (instance) (result.status === 'fulfilled' ? outcome.done : outcome.failed).push(instance);
  });
  return outcome;
}

export const INSTANCE_UPDATED = msg('Instance {{name}} was successfully updated.');
export const SNAPSHOT_CREATED = msg('Snapshot {{name}} was successfully created.');

/** The info toast once Nova accepted one of the forms' operations ({{name}}). */
const FORM_ACCEPTED: Partial<Record<ServerOperation, Msg>> = {
  resize: msg('Resizing {{name}}.'),
  rebuild: msg('Rebuilding {{name}}.'),
  reset_state: msg('Reset the state of {{name}}.'),
  live_migrate: msg('Live migrating {{name}}.'),
};

/** The instance actions' mutations; each re-reads the instances it changed. */
export const serverActionMutations = {
  /**
   * One operation from a form (resize, rebuild, reset state, live migrate): Nova's refusal (a
   * 409 for the state, a 400 for the host or flavor) stays in the form, above its fields.
   */
  act: mutation({
    fn: ({ instance, body }: { instance: Instance; body: ServerActionBody }) =>
      api('nova.servers.action', { params: { id: instance.id }, body }),
    invalidates: [instanceQueries.all()],
    successMessage: (_answer, { instance, body }) =>
      t(FORM_ACCEPTED[body.operation] ?? msg('Request accepted for {{name}}.'), {
        name: instance.name || instance.id,
      }),
    successType: 'info',
    inlineErrors: true,
  }),
  /** Toasts are the caller's: a batch may end part done, part failed. */
  operate: mutation({
    fn: ({ instances, body }: { instances: readonly Instance[]; body: ServerActionBody }) =>
      operateOn(instances, body),
    invalidates: [instanceQueries.all()],
  }),
  update: mutation({
    fn: ({ id, body }: { id: string; body: InstanceUpdateBody }) =>
      api('nova.servers.update', { params: { id }, body }),
    invalidates: [instanceQueries.all()],
    successMessage: (instance) => t(INSTANCE_UPDATED, { name: instance.name }),
    errorMessage: msg('Unable to update the server.'),
    inlineErrors: true,
  }),
  snapshot: mutation({
    fn: (body: SnapshotCreateBody) => api('nova.snapshots.create', { body }),
    // The new image is listed at once (queued, then saving); the instance shows its task.
    invalidates: [instanceQueries.all(), imageQueries.all()],
    successMessage: (created) => t(SNAPSHOT_CREATED, { name: created.name }),
    successType: 'info',
    errorMessage: msg('Unable to create the snapshot.'),
    inlineErrors: true,
  }),
};

export const INTERFACE_ATTACHED = msg('Attached an interface to {{name}}.');
export const INTERFACE_DETACHED = msg('Detached interface {{port}} from {{name}}.');

/** Attach and detach an interface: the instance's addresses and the ports change. */
export const interfaceMutations = {
  attach: mutation({
    fn: ({ instance, body }: { instance: Instance; body: InterfaceAttachBody }) =>
      api('nova.servers.attachInterface', { params: { id: instance.id }, body }),
    invalidates: [instanceQueries.all(), portQueries.all()],
    successMessage: (_answer, { instance }) =>
      t(INTERFACE_ATTACHED, { name: instance.name || instance.id }),
    errorMessage: msg('Unable to attach the interface.'),
    inlineErrors: true,
  }),
  detach: mutation({
    fn: ({ instance, portId }: { instance: Instance; portId: string }) =>
      api('nova.servers.detachInterface', { params: { id: instance.id, portId } }),
    invalidates: [instanceQueries.all(), portQueries.all()],
    successMessage: (_answer, { instance, portId }) =>
      t(INTERFACE_DETACHED, { name: instance.name || instance.id, port: portId }),
    successType: 'info',
    errorMessage: msg('Unable to detach the interface.'),
    inlineErrors: true,
  }),
};

/** DELETE /api/nova/servers/:id/ (the delete action's machinery confirms and summarises). */
export const removeInstance = (instance: Instance): Promise<unknown> =>
  api('nova.servers.delete', { params: { id: instance.id } });
