import { useMemo } from 'react';
import { useRequirements } from '../../api/permissions';
import type { Column } from '../../registry/types';
import { useMaxPriority } from './useMaxPriority';

/**
 * The columns a table shows: those whose permission checks pass (spec 2 §2), then those the
 * window has room for. The one place a column's permission is decided, so per-row policy
 * targets can replace it without touching the table.
 */
export function useTableColumns<T>(all: readonly Column<T>[]): Column<T>[] {
  const maxPriority = useMaxPriority();
  const sets = useMemo(() => all.map((c) => ({ requirements: c.requires ?? [] })), [all]);
  const checks = useRequirements(sets);
  return useMemo(
    () =>
      all.filter(
        (c, i) => (!c.requires?.length || checks.allowed[i] === true) && c.priority <= maxPriority,
      ),
    [all, checks.allowed, maxPriority],
  );
}
