import { useMemo } from 'react';
import type { PolicyTarget } from '@skydeck/contract';
import type { Requirement } from '../registry/types';
import { type RequirementSet, useRequirements } from './permissions';

/**
 * Something shown per item only when policy allows it for that item: a table column's cells, a
 * details page's field (Column and Field in registry/types).
 */
export interface ItemGate<T> {
  requires?: readonly Requirement[];
  /** `requires` is checked against this target, built from each item. */
  policyTarget?: (item: T) => PolicyTarget;
  /** Enough instead of `requires`, for every item and without a target. */
  orRequires?: readonly Requirement[];
}

export interface ItemAccess {
  /** Gate `gate` (index into the gates) passes for item `item` (index into the items). */
  allowed: (gate: number, item: number) => boolean;
  /** Per gate: it passes whatever the item (nothing to check, or its item-free checks pass). */
  always: boolean[];
  loading: boolean;
}

interface Layout {
  sets: RequirementSet[];
  /** Per gate: index of its item-free `requires` set, its `orRequires` set, its per-item sets. */
  base: (number | undefined)[];
  or: (number | undefined)[];
  perItem: (number[] | undefined)[];
}

const has = (list: readonly Requirement[] | undefined): list is readonly Requirement[] =>
  !!list && list.length > 0;

function layout<T>(gates: readonly ItemGate<T>[], items: readonly T[]): Layout {
  const sets: RequirementSet[] = [];
  const add = (set: RequirementSet): number => sets.push(set) - 1;
  const out: Layout = { sets, base: [], or: [], perItem: [] };
  for (const gate of gates) {
    const requires = has(gate.requires) ? [...gate.requires] : undefined;
    out.or.push(has(gate.orRequires) ? add({ requirements: [...gate.orRequires] }) : undefined);
    // A targeted check is never asked without its item: that would be about the session's own
    // project, a different question whose answer would show the cell to the wrong users.
    out.base.push(requires && !gate.policyTarget ? add({ requirements: requires }) : undefined);
    const { policyTarget } = gate;
    out.perItem.push(
      requires && policyTarget
        ? items.map((item) => add({ requirements: requires, target: policyTarget(item) }))
        : undefined,
    );
  }
  return out;
}

/** The checks gates need before there are items (a route loader prefetches them). */
export function itemFreeSets<T>(gates: readonly ItemGate<T>[]): RequirementSet[] {
  return layout(gates, []).sets;
}

/** Every check gates need for these items (a route loader asks them before the table renders). */
export function itemSets<T>(gates: readonly ItemGate<T>[], items: readonly T[]): RequirementSet[] {
  return layout(gates, items).sets;
}

/**
 * Decides gates for items at once: every check (item-free ones and one per gate and item) goes
 * through useRequirements, so with the row actions of the same render it is one batched
 * /api/policy/batch/ request, and each answer is cached for the session. False while loading.
 */
export function useItemAccess<T>(gates: readonly ItemGate<T>[], items: readonly T[]): ItemAccess {
  const plan = useMemo(() => layout(gates, items), [gates, items]);
  const { allowed: answers, loading } = useRequirements(plan.sets);
  return useMemo(() => {
    const yes = (index: number | undefined): boolean =>
      index !== undefined && answers[index] === true;
    const always = gates.map((gate, g) => {
      if (!has(gate.requires) && !has(gate.orRequires)) return true;
      if (yes(plan.or[g])) return true;
      return plan.base[g] !== undefined && yes(plan.base[g]);
    });
    const allowed = (gate: number, item: number): boolean => {
      if (always[gate]) return true;
      const perItem = plan.perItem[gate];
      return perItem !== undefined && yes(perItem[item]);
    };
    return { allowed, always, loading };
  }, [gates, plan, answers, loading]);
}
