import { useMemo } from 'react';
import type { Column } from '../../registry/types';
import { useMaxPriority } from './useMaxPriority';
import { usePermittedColumns } from './usePermittedColumns';

/**
 * The columns a table shows: those whose permission checks pass (spec 2 §2), then those the
 * window has room for. A column checked per row stays here; useCellAccess decides it with the
 * rows (usePermittedColumns.ts).
 */
export function useTableColumns<T>(all: readonly Column<T>[]): Column<T>[] {
  const maxPriority = useMaxPriority();
  const permitted = usePermittedColumns(all);
  return useMemo(
    () => permitted.filter((c) => c.priority <= maxPriority),
    [permitted, maxPriority],
  );
}
