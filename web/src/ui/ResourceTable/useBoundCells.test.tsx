import { describe, expect, it, vi } from 'vitest';
import { useCallback, useState } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { msg } from '../../i18n/msg';
import type { Column } from '../../registry/types';
import { ItemTable } from './ItemTable';
import { useBoundCells } from './useBoundCells';

interface Row {
  id: string;
  owner: string;
}

const hookCalled = vi.fn();

function useOwnerCell(): (row: Row) => string {
  hookCalled();
  const [names] = useState(() => new Map([['p1', 'Project One']]));
  return useCallback((row: Row) => names.get(row.owner) ?? row.owner, [names]);
}

const COLUMNS: Column<Row>[] = [
  { id: 'id', title: msg('ID'), priority: 1, value: (row) => row.id },
  {
    id: 'owner',
    title: msg('Owner'),
    priority: 1,
    value: (row) => row.owner,
    cell: () => 'per-row cell, replaced',
    useCell: useOwnerCell,
  },
];

const ROWS: Row[] = [
  { id: 'a', owner: 'p1' },
  { id: 'b', owner: 'p2' },
  { id: 'c', owner: 'p1' },
];

describe('useBoundCells', () => {
  it("calls a column's cell hook once per table render, not once per row", () => {
    hookCalled.mockClear();
    render(<ItemTable label="Rows" columns={COLUMNS} items={ROWS} rowKey={(row) => row.id} />);
    expect(screen.getAllByRole('cell', { name: 'Project One' })).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'p2' })).toBeInTheDocument();
    expect(screen.queryByText('per-row cell, replaced')).not.toBeInTheDocument();
    expect(hookCalled).toHaveBeenCalledTimes(1);
  });

  it('keeps the bound list while the renderers are the same, and leaves hook-free columns as they are', () => {
    const { result, rerender } = renderHook(() => useBoundCells(COLUMNS));
    const first = result.current;
    act(() => rerender());
    expect(result.current).toBe(first);
    const plain = COLUMNS.slice(0, 1);
    expect(renderHook(() => useBoundCells(plain)).result.current).toBe(plain);
  });
});
