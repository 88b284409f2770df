import type { ReactNode } from 'react';
import { SortColumn } from '@patternfly/react-table';
import { css } from '@patternfly/react-styles';
// The CommonJS builds: the .mjs ones import their CSS as modules, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import a11yStyles from '@patternfly/react-styles/css/utilities/Accessibility/accessibility.js';
import { useTranslation } from '../../i18n/useTranslation';
import type { Column } from '../../registry/types';
import { columnClasses } from './columnRoom';
import type { SortState } from './sortItems';

export interface ColumnHeadersProps<T> {
  columns: readonly Column<T>[];
  sort: SortState | undefined;
  onSort: (sort: SortState) => void;
  /** Which columns may sort here (a server-paged table: those the server can sort by). */
  canSort?: (column: Column<T>) => boolean;
}

/**
 * A header cell in PatternFly's markup, without its Th: Th measures itself for a truncation
 * tooltip in an effect that runs on every render (a new ref each time), so every search
 * keystroke forced a layout of the whole table with its new rows before they were painted.
 */
export function HeaderCell({
  className,
  children,
  srText,
  ...aria
}: {
  className?: string;
  children?: ReactNode;
  /** Text for screen readers only (a column of toggles or menus has no visible title). */
  srText?: string;
  'aria-label'?: string;
  'aria-sort'?: 'ascending' | 'descending';
}): ReactNode {
  return (
    <th scope="col" className={css(tableStyles.tableTh, className)} {...aria}>
      {srText ? <span className={a11yStyles.screenReader}>{srText}</span> : children}
    </th>
  );
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
  const classes = columnClasses(columns);
  return columns.map((column, i) => {
    // Titles wrap rather than truncate ("VC…"): a title must always be readable.
    const wrap = css(tableStyles.modifiers.wrap, classes[i]);
    const title = t(column.title);
    if (column.sortable === false || !canSort(column))
      return (
        <HeaderCell key={column.id} className={wrap}>
          {title}
        </HeaderCell>
      );
    const sorted = sort?.column === column.id;
    const direction = sort?.direction ?? 'asc';
    return (
      <HeaderCell
        key={column.id}
        className={css(wrap, tableStyles.tableSort, sorted && tableStyles.modifiers.selected)}
        {...(sorted && { 'aria-sort': direction === 'asc' ? 'ascending' : 'descending' })}
      >
        <SortColumn
          isSortedBy={sorted}
          sortDirection={sorted ? direction : ''}
          onSort={() =>
            onSort({
              column: column.id,
              direction: sorted ? (direction === 'asc' ? 'desc' : 'asc') : 'asc',
            })
          }
        >
          {title}
        </SortColumn>
      </HeaderCell>
    );
  });
}
