import { useMemo } from 'react';
import { useRequirements, type RequirementSet } from '../../api/permissions';
import type { Action } from '../../registry/types';

/** What the machinery decided about one action for one target. */
export interface ActionDecision<Target> {
  action: Action<Target>;
  /** Its `requires` pass (policy checked against the target's policyTarget). */
  permitted: boolean;
  /** Its `allowed(target)` holds. */
  applicable: boolean;
}

export interface ActionDecisions<Target> {
  /** One list per target, in the order of `targets`. */
  decisions: ActionDecision<Target>[][];
  loading: boolean;
}

/**
 * The requirement sets of actions for targets: per target, per action (a route loader asks
 * them before the table renders; useActionDecisions reads the answers in this order).
 */
export function actionSets<Target>(
  actions: readonly Action<Target>[],
  targets: readonly Target[],
  targetless = false,
): RequirementSet[] {
  const out: RequirementSet[] = [];
  for (const target of targets) {
    for (const action of actions) {
      const policyTarget =
        !targetless && action.policyTarget ? action.policyTarget(target) : undefined;
      out.push({
        requirements: action.requires ?? [],
        ...(policyTarget && { target: policyTarget }),
      });
    }
  }
  return out;
}

/**
 * Decides actions for several targets at once (a page of rows, the toolbar, a details page).
 * All policy checks of a render go out in one batched request; with `targetless` (table and
 * batch actions) the policy target is not asked for.
 */
export function useActionDecisions<Target>(
  actions: readonly Action<Target>[] | undefined,
  targets: readonly Target[],
  targetless = false,
): ActionDecisions<Target> {
  const list = useMemo(() => actions ?? [], [actions]);
  const sets = useMemo(() => actionSets(list, targets, targetless), [list, targets, targetless]);
  const { allowed, loading } = useRequirements(sets);
  const decisions = useMemo(
    () =>
      targets.map((target, t) =>
        list.map((action, a) => ({
          action,
          permitted: allowed[t * list.length + a] ?? false,
          applicable: action.allowed ? action.allowed(target) : true,
        })),
      ),
    [list, targets, allowed],
  );
  return { decisions, loading };
}
