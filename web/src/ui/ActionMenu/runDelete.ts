import type { QueryKey } from '@tanstack/react-query';
import type { PolicyTarget } from '@skydeck/contract';
import { conflictReason, reportError } from '../../api/errors';
import { ApiError } from '../../api/http';
import { msg, type Msg } from '../../i18n/msg';
import type { ActionResult, ActionRun, TypeNames } from '../../registry/types';
import type { ConfirmRequest } from '../ConfirmDialog/confirm';

type DeclaredDelete = Extract<ActionRun<unknown>, { kind: 'delete' }>;

/** A declared delete run, seen per item (row runs and batch runs alike). */
export interface DeleteRun<Item> extends Omit<
  DeclaredDelete,
  'remove' | 'itemAllowed' | 'itemPolicyTarget'
> {
  remove: (item: Item) => Promise<unknown>;
  itemAllowed?: (item: Item) => boolean;
  itemPolicyTarget?: (item: Item) => PolicyTarget;
}

export const CONFIRM_DELETE_TITLE = msg('Confirm Delete {{thing}}');
/** Plural-aware (count): "…Deleted Key Pair is…" / "…Deleted Key Pairs are…". */
export const CONFIRM_DELETE_BODY = msg(
  'You have selected "{{names}}". Please confirm your selection. Deleted {{thing}} is not recoverable.',
);
/** The dialog's button, e.g. "Delete Key Pairs". */
export const DELETE_ACTION = msg('Delete {{thing}}');
export const DELETED_SUMMARY = msg('Deleted {{thing}}: {{names}}.');
export const DELETE_FAILED_SUMMARY = msg('Unable to delete {{thing}}: {{names}}.');
/** Distinct reasons a failed delete's toast gives at most (the rest: one by one). */
const MAX_REASONS = 3;

type Translate = (key: Msg, options?: Record<string, unknown>) => string;

export interface DeleteDeps {
  t: Translate;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  toast: { success: (m: string) => void; error: (m: string) => void; warning: (m: string) => void };
  /**
   * Refetches these queries, except those of the items just deleted (`gone`: their keys): a
   * details page still showing one would otherwise ask for it again and get a 404.
   */
  invalidate: (keys: readonly QueryKey[], gone: readonly string[]) => Promise<unknown>;
}

/** Whether a query key names one of these items (a details query: its id among the params). */
export function namesAnyOf(queryKey: QueryKey, gone: readonly string[]): boolean {
  // Only the arguments part: a key pair named "keypairs" must not match the route's name.
  const text = JSON.stringify(queryKey.filter((part) => typeof part === 'object'));
  return gone.some((key) => text.includes(JSON.stringify(key)));
}

export interface DeleteInput<Item> {
  items: readonly Item[];
  run: DeleteRun<Item>;
  label: (item: Item) => string;
  key: (item: Item) => string;
  /** The type's names, for a run that names none of its own. */
  names: TypeNames;
  /** Per-item policy answers (same order as items), when the run checks a policy target. */
  policyAllowed?: readonly boolean[];
}

/**
 * The delete flow of spec 2 §8: keep the items the user may delete (naming the others when the
 * panel asks), confirm, delete all in parallel, then one success and one failure summary.
 * Names are passed as interpolation values and rendered as text, never as markup.
 */
export async function runDelete<Item>(
  input: DeleteInput<Item>,
  deps: DeleteDeps,
): Promise<ActionResult> {
  const { run, label, key } = input;
  const { t } = deps;
  const permitted: Item[] = [];
  const denied: Item[] = [];
  input.items.forEach((item, i) => {
    const ok = (run.itemAllowed?.(item) ?? true) && (input.policyAllowed?.[i] ?? true);
    (ok ? permitted : denied).push(item);
  });
  if (denied.length > 0 && run.notAllowed) {
    deps.toast.warning(t(run.notAllowed, { names: denied.map(label).join(', ') }));
  }
  if (permitted.length === 0) return {};

  const names = run.names ?? input.names;
  const thing = (count: number): string => t(count === 1 ? names.one : names.many);
  const count = permitted.length;
  const quoted = permitted.map(label).join('", "');
  const bodyValues = { names: quoted, thing: thing(count), count };
  let body = t(run.body ?? CONFIRM_DELETE_BODY, bodyValues);
  if (run.notRecoverable) body = `${body} ${t(run.notRecoverable, bodyValues)}`;
  const confirmed = await deps.confirm({
    action: t(DELETE_ACTION, { thing: thing(count) }),
    title: t(CONFIRM_DELETE_TITLE, { thing: thing(count) }),
    body,
    danger: true,
  });
  if (!confirmed) return {};

  const outcomes = await Promise.allSettled(permitted.map((item) => run.remove(item)));
  const deleted: Item[] = [];
  const failed: Item[] = [];
  const reasonsOf: string[] = [];
  outcomes.forEach((outcome, i) => {
    const item = permitted[i] as Item;
    if (outcome.status === 'fulfilled') {
      deleted.push(item);
      return;
    }
    failed.push(item);
    const reason = conflictReason(outcome.reason);
    reasonsOf.push(reason && run.inUse ? t(run.inUse, { name: label(item) }) : reason);
    // Sign-in and permission problems keep their global handling (logout, 403 toast).
    const error: unknown = outcome.reason;
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      reportError(error);
    }
  });
  if (deleted.length > 0) {
    deps.toast.success(
      t(DELETED_SUMMARY, { thing: thing(deleted.length), names: deleted.map(label).join(', ') }),
    );
  }
  if (failed.length > 0) {
    const summary = t(DELETE_FAILED_SUMMARY, {
      thing: thing(failed.length),
      names: failed.map(label).join(', '),
    });
    // Why, where the service said ("… is in use"): each distinct reason once, a few at most.
    const reasons = [...new Set(reasonsOf.filter(Boolean))].slice(0, MAX_REASONS);
    deps.toast.error([summary, ...reasons].join(' '));
  }
  // Not awaited: the caller drops the deleted rows at once; the re-list follows.
  if (deleted.length > 0) void deps.invalidate(run.invalidates, deleted.map(key));
  return { deleted: deleted.map(key), failed: failed.map(key) };
}
