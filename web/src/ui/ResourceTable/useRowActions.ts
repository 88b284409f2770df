import { useCallback, useMemo } from 'react';
import type { ActionResult, ResourceType, TypeNames } from '../../registry/types';
import { useActionDecisions, type ActionDecisions } from '../ActionMenu/useActionDecisions';
import { useActionHost, type ActionHost } from '../ActionMenu/useActionHost';

export interface RowActionsInput<T> {
  resource: ResourceType<T>;
  /** The type's names (the scope's). */
  names: TypeNames;
  /** The rows rendered: row actions are decided (and permission-checked) for these only. */
  pageRows: readonly T[];
  selected: readonly T[];
  /** Rows an action deleted: out of the selection and the cached list at once. */
  onDeleted: (keys: string[]) => void;
}

export interface RowActions<T> {
  table: ActionDecisions<undefined>;
  batch: ActionDecisions<T[]>;
  /** One list per rendered row, in the order of `pageRows`. */
  row: ActionDecisions<T>;
  /** Spec 2 §2: checkboxes only when this user may run a batch action. */
  hasBatch: boolean;
  /** An actions column only when some row action is permitted on a rendered row. */
  hasRowActions: boolean;
  host: ActionHost;
}

/**
 * A table's actions (spec 2 §4, §6): what each may do for whom, and running them. Refetching
 * afterwards is not done here: each delete names the queries it invalidates and each modal
 * saves through a data-layer mutation that does, so a change is refetched exactly once.
 */
export function useRowActions<T>({
  resource,
  names,
  pageRows,
  selected,
  onDeleted,
}: RowActionsInput<T>): RowActions<T> {
  const { actions } = resource;
  const tableTargets = useMemo(() => [undefined], []);
  const batchTargets = useMemo(() => [[...selected]], [selected]);
  const table = useActionDecisions(actions?.table, tableTargets, true);
  const batch = useActionDecisions(actions?.batch, batchTargets, true);
  const row = useActionDecisions(actions?.row, pageRows);
  const hasBatch = batch.decisions[0]?.some((d) => d.permitted) ?? false;
  const hasRowActions = row.decisions.some((decisions) => decisions.some((d) => d.permitted));

  // Spec 2 §4 "After an action": deleted rows leave at once; the rest comes with the refetch.
  const onResult = useCallback(
    (result: ActionResult | undefined) => {
      if (result?.deleted?.length) onDeleted(result.deleted);
    },
    [onDeleted],
  );
  const host = useActionHost<T>({
    label: resource.label,
    key: resource.key,
    names,
    onResult,
  });
  return { table, batch, row, hasBatch, hasRowActions, host };
}
