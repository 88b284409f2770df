import { useMemo } from 'react';
import { useItemAccess } from '../../api/itemAccess';
import type { Column } from '../../registry/types';
import { columnText } from '../FacetToolbar/filterItems';

const NO_ROWS: readonly never[] = [];

/**
 * The columns a table may have before it knows its rows: those whose checks pass for the whole
 * table. A column checked per row (policyTarget) stays; useCellAccess decides it with the rows.
 */
export function usePermittedColumns<T>(columns: readonly Column<T>[]): Column<T>[] {
  const access = useItemAccess<T>(columns, NO_ROWS);
  return useMemo(
    () => columns.filter((column, i) => access.always[i] || !!column.policyTarget),
    [columns, access.always],
  );
}

/** What a row that may not see a cell shows there. */
export const DENIED_CELL = '-';

/**
 * Per-row policy for the rows whose actions are decided (issue 14 §6): a column with a
 * policyTarget is checked once per row, in the same batched request as the row actions, and
 * comes back with its cell showing "-" on the rows that may not see it. The column itself shows
 * while at least one of those rows may see it: a column of dashes only takes room (a member
 * sees the owner of their own project's images only, so most pages would be all dashes), while
 * one real value among dashes tells whose rows those are.
 */
export function useCellAccess<T>(columns: readonly Column<T>[], rows: readonly T[]): Column<T>[] {
  const access = useItemAccess(columns, rows);
  return useMemo(
    () =>
      columns.flatMap((column, c) => {
        if (!column.policyTarget || access.always[c]) return [column];
        const seeing = new Set(rows.filter((_row, r) => access.allowed(c, r)));
        if (seeing.size === 0) return [];
        const gated: Column<T> = {
          ...column,
          cell: (item, ctx) => {
            if (!seeing.has(item)) return DENIED_CELL;
            return column.cell ? column.cell(item, ctx) : columnText(column, item);
          },
        };
        return [gated];
      }),
    [columns, rows, access],
  );
}
