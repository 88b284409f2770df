import type { ReactNode } from 'react';
import { Th } from '@patternfly/react-table';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../registry/types';
import type { SortState } from './sortItems';

export interface ColumnHeadersProps<T> {
  columns: readonly Column<T>[];
  sort: SortState | undefined;
  onSort: (sort: SortState) => void;
  /** Which columns may sort here (a server-paged table: those the server can sort by). */
  canSort?: (column: Column<T>) => boolean;
}

/**
 * The title cells of declared columns, one per column, sortable unless the column says not.
 * ResourceTable and ItemTable both render them so a column heads and sorts alike in either.
 */
export function ColumnHeaders<T>({
  columns,
  sort,
  onSort,
  canSort = () => true,
}: ColumnHeadersProps<T>): ReactNode {
  const { t } = useTranslation();
  const sortIndex = sort ? columns.findIndex((c) => c.id === sort.column) : -1;
  return columns.map((column, i) => (
    <Th
      key={column.id}
      // Titles wrap rather than truncate ("VC…"): a title must always be readable.
      modifier="wrap"
      sort={
        column.sortable === false || !canSort(column)
          ? undefined
          : {
              columnIndex: i,
              sortBy: {
                index: sortIndex >= 0 ? sortIndex : undefined,
                direction: sort?.direction,
                defaultDirection: 'asc',
              },
              onSort: (_e, _index, direction) => onSort({ column: column.id, direction }),
            }
      }
    >
      {t(column.title)}
    </Th>
  ));
}
