import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Content } from '@patternfly/react-core';
import { Table, Tbody, Td, Thead, Tr } from '@patternfly/react-table';
import { useTranslation } from '../../i18n/useTranslation';
import type { Column } from '../../registry/types';
import { columnText } from '../FacetToolbar/filterItems';
import { ColumnHeaders } from './ColumnHeaders';
import { TABLE_ROOM_CLASS, columnClasses, useColumnRoom } from './columnRoom';
import { useBoundCells } from './useBoundCells';
import { EMPTY_TEXT, FOOTER_TEXT } from './tableTexts';
import { defaultSort, sortItems, type SortState } from './sortItems';

export interface ItemTableProps<T> {
  /** Accessible name of the table, already translated. */
  label: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  /** Where a column's details link points (CellContext.detailsHref). */
  href?: (item: T) => string;
}

/**
 * A small read-only table of items already at hand (a server group's members, a QoS policy's
 * rules): the registry's column declarations, sorting, the empty text and the count, without a
 * query, facets or actions.
 */
export function ItemTable<T>({
  label,
  columns: declared,
  items,
  rowKey,
  href,
}: ItemTableProps<T>): ReactNode {
  const { t } = useTranslation();
  const columns = useBoundCells(declared);
  const [sort, setSort] = useState<SortState | undefined>(() => defaultSort(columns));
  const rows = useMemo(() => sortItems(items, columns, sort), [items, columns, sort]);
  const box = useRef<HTMLDivElement>(null);
  useColumnRoom(box, columns, rows);
  const classes = columnClasses(columns);
  return (
    <>
      <div ref={box} className={TABLE_ROOM_CLASS}>
        <Table aria-label={label} variant="compact">
          <Thead>
            <Tr>
              <ColumnHeaders columns={columns} sort={sort} onSort={setSort} />
            </Tr>
          </Thead>
          <Tbody>
            {rows.length === 0 ? (
              <Tr>
                <Td colSpan={columns.length}>{t(EMPTY_TEXT)}</Td>
              </Tr>
            ) : (
              rows.map((item) => (
                <Tr key={rowKey(item)}>
                  {columns.map((column, i) => (
                    <Td key={column.id} dataLabel={t(column.title)} className={classes[i]}>
                      {column.cell
                        ? column.cell(item, { detailsHref: href?.(item) ?? '' })
                        : columnText(column, item)}
                    </Td>
                  ))}
                </Tr>
              ))
            )}
          </Tbody>
        </Table>
      </div>
      <Content component="small">{t(FOOTER_TEXT, { count: rows.length })}</Content>
    </>
  );
}
