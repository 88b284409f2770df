import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { PolicyTarget } from '@skydeck/contract';
import { msg, type Msg } from '../i18n/msg';
import type { Action, ModalProps, Requirement } from './types';

/** A row action's target is one item, a batch action's the selected items. */
export type ItemOf<Target> = Target extends (infer U)[] ? U : Target;

export type ModalComponent<Target> = (props: ModalProps<Target>) => ReactNode;

export interface ActionOptions<Target> {
  allowed?: (target: Target) => boolean;
  policyTarget?: (target: Target) => PolicyTarget;
  danger?: boolean;
  primary?: boolean;
  /** Keep the action declared but disabled, with this tooltip. */
  unavailable?: Msg;
}

function options<Target>(opts: ActionOptions<Target>): Partial<Action<Target>> {
  return {
    ...(opts.allowed && { allowed: opts.allowed }),
    ...(opts.policyTarget && { policyTarget: opts.policyTarget }),
    ...(opts.danger && { danger: true }),
    ...(opts.primary && { primary: true }),
    ...(opts.unavailable && { unavailable: opts.unavailable }),
  };
}

/**
 * An action that opens a lazily loaded modal or wizard. `load` resolves to the component
 * itself (named exports only), e.g. `() => import('./CreateKeyPairModal').then((m) => m.CreateKeyPairModal)`.
 */
export function modalAction<Target = undefined>(
  id: string,
  label: Msg,
  requires: Requirement[],
  load: () => Promise<ModalComponent<Target>>,
  opts: ActionOptions<Target> = {},
): Action<Target> {
  return {
    id,
    label,
    requires,
    ...options(opts),
    run: { kind: 'modal', load: () => load().then((component) => ({ default: component })) },
  };
}

/** Navigates (e.g. to a page that is not a modal). */
export function linkAction<Target = undefined>(
  id: string,
  label: Msg,
  href: (target: Target) => string,
  requires: Requirement[] = [],
  opts: ActionOptions<Target> = {},
): Action<Target> {
  return { id, label, requires, ...options(opts), run: { kind: 'link', href } };
}

/**
 * An action that is declared (so permissions and placement are settled) but cannot run yet:
 * shown disabled with `reason` as its tooltip.
 */
export function unavailableAction<Target = undefined>(
  id: string,
  label: Msg,
  requires: Requirement[],
  reason: Msg,
): Action<Target> {
  return { id, label, requires, unavailable: reason, run: { kind: 'link', href: () => '.' } };
}

export interface DeleteActionConfig<Target> {
  id?: string;
  /** Menu/button text; defaults to "Delete". */
  label?: Msg;
  /**
   * "Confirm Delete {one|many}", "Deleted {one|many}: a, b." (spec 2 §8); the type's names
   * (manifest) unless the action deletes something else.
   */
  names?: { one: Msg; many: Msg };
  requires: Requirement[];
  remove: (item: ItemOf<Target>) => Promise<unknown>;
  invalidates: QueryKey[];
  /** Whether this item may be deleted (e.g. image not protected). */
  allowed?: (item: ItemOf<Target>) => boolean;
  policyTarget?: (item: ItemOf<Target>) => PolicyTarget;
  /** Replaces the default body (flavors, images); {{names}}, {{thing}}, {{count}}. */
  body?: Msg;
  notRecoverable?: Msg;
  /** Warning naming items the user may not delete ({{names}}). */
  notAllowed?: Msg;
  /** Why an item was refused with a conflict (409), in our words ({{name}}); see DeleteRun. */
  inUse?: Msg;
  primary?: boolean;
}

/**
 * Delete, as a row action (`deleteAction<Flavor>`) or a batch action (`deleteAction<Flavor[]>`):
 * the machinery filters to permitted items, confirms, deletes in parallel and summarises.
 */
export function deleteAction<Target>(cfg: DeleteActionConfig<Target>): Action<Target> {
  const itemAllowed = cfg.allowed;
  return {
    id: cfg.id ?? 'delete',
    label: cfg.label ?? msg('Delete'),
    danger: true,
    requires: cfg.requires,
    ...(cfg.primary && { primary: true }),
    // A batch stays enabled with any selection; the run names the items it skips.
    allowed: (target) =>
      Array.isArray(target) ? target.length > 0 : (itemAllowed?.(target as ItemOf<Target>) ?? true),
    // Only row actions are checked against a target; a batch run checks each item itself.
    ...(cfg.policyTarget && {
      policyTarget: (target: Target): PolicyTarget =>
        cfg.policyTarget?.(target as ItemOf<Target>) ?? {},
    }),
    run: {
      kind: 'delete',
      remove: cfg.remove,
      ...(cfg.names && { names: cfg.names }),
      invalidates: cfg.invalidates,
      ...(cfg.body && { body: cfg.body }),
      ...(cfg.notRecoverable && { notRecoverable: cfg.notRecoverable }),
      ...(cfg.notAllowed && { notAllowed: cfg.notAllowed }),
      ...(cfg.inUse && { inUse: cfg.inUse }),
      ...(itemAllowed && { itemAllowed }),
      ...(cfg.policyTarget && { itemPolicyTarget: cfg.policyTarget }),
    },
  };
}
