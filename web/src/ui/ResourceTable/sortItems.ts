import type { Column } from '../../registry/types';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

type Value = ReturnType<Column<unknown>['value']>;

function empty(v: Value): boolean {
  return v === null || v === undefined || v === '';
}

/** Numbers as numbers, text in natural order; empty values last either way. */
export function compareValues(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The default sort of a declaration: its one `defaultSort` column. */
export function defaultSort<T>(columns: readonly Column<T>[]): SortState | undefined {
  const column = columns.find((c) => c.defaultSort);
  if (!column) return undefined;
  return { column: column.id, direction: column.defaultSort === 'desc' ? 'desc' : 'asc' };
}

/** A sorted copy; each value is read once (5,000 rows sort without re-reading per comparison). */
export function sortItems<T>(
  items: readonly T[],
  columns: readonly Column<T>[],
  sort: SortState | undefined,
): T[] {
  const column = sort && columns.find((c) => c.id === sort.column);
  if (!sort || !column) return [...items];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return items
    .map((item) => ({ item, value: column.value(item) }))
    .sort((x, y) => {
      const ex = empty(x.value);
      const ey = empty(y.value);
      if (ex || ey) return ex === ey ? 0 : ex ? 1 : -1;
      return sign * compareValues(x.value, y.value);
    })
    .map((entry) => entry.item);
}
