import type { ReactNode } from 'react';
import { Button, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { msg } from '../../i18n/msg';
import type { Column } from '../../registry/types';
import { ItemTable } from './ItemTable';

export interface EditableItemTableProps<T> {
  /** Accessible name of the table, already translated. */
  label: string;
  columns: readonly Column<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  /** The toolbar's add button (shown only when allowed), already translated. */
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  /** Each row's delete button (shown only when allowed), already translated. */
  deleteLabel: string;
  deleteAriaLabel: (item: T) => string;
  canDelete: boolean;
  onDelete: (item: T) => void;
}

/**
 * An ItemTable of a parent's children edited in place (a security group's or QoS policy's rules,
 * a router's static routes): an add button above the table and a delete button on every row.
 */
export function EditableItemTable<T>({
  label,
  columns,
  items,
  rowKey,
  addLabel,
  canAdd,
  onAdd,
  deleteLabel,
  deleteAriaLabel,
  canDelete,
  onDelete,
}: EditableItemTableProps<T>): ReactNode {
  const withActions: Column<T>[] = [
    ...columns,
    {
      id: 'actions',
      title: msg('Actions'),
      priority: 1,
      sortable: false,
      value: () => '',
      cell: (item) =>
        canDelete && (
          <Button
            variant="danger"
            size="sm"
            aria-label={deleteAriaLabel(item)}
            onClick={() => onDelete(item)}
          >
            {deleteLabel}
          </Button>
        ),
    },
  ];
  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            {canAdd && (
              <Button variant="primary" onClick={onAdd}>
                {addLabel}
              </Button>
            )}
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <ItemTable label={label} columns={withActions} items={items} rowKey={rowKey} />
    </>
  );
}
