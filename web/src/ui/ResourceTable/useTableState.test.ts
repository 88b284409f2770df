import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '../../i18n/msg';
import { nameColumn, textColumn } from '../../registry/columns';
import { optionsFacet } from '../../registry/facets';
import type { FacetChip } from '../FacetToolbar/useFacetParams';
import { useTableState, type TableStateInput } from './useTableState';

interface Row {
  id: string;
  name: string;
  status: string;
}

const ROWS: Row[] = Array.from({ length: 7 }, (_v, i) => ({
  id: String(i),
  name: `row-${6 - i}`,
  status: i % 2 ? 'odd' : 'even',
}));
const columns = [
  nameColumn<Row>({ priority: 1, defaultSort: true }),
  textColumn('status', msg('Status'), (r: Row) => r.status, { priority: 1 }),
];
const facets = [
  optionsFacet<Row>('status', msg('Status'), [{ key: 'odd', label: msg('Odd') }], (r) => r.status),
];

function render(overrides: Partial<TableStateInput<Row>> = {}) {
  const input: TableStateInput<Row> = { ...baseProps(), ...overrides };
  return renderHook((props: TableStateInput<Row>) => useTableState(props), {
    initialProps: input,
  });
}

const namesOf = (rows: readonly Row[]): string[] => rows.map((r) => r.name);

describe('useTableState', () => {
  it('sorts by the default column and pages in the browser', () => {
    const { result } = render();
    expect(namesOf(result.current.rows)).toEqual([
      'row-0',
      'row-1',
      'row-2',
      'row-3',
      'row-4',
      'row-5',
      'row-6',
    ]);
    expect(namesOf(result.current.pageRows)).toEqual(['row-0', 'row-1', 'row-2']);
    act(() => result.current.setPage(3));
    expect(namesOf(result.current.pageRows)).toEqual(['row-6']);
    act(() => result.current.setSort({ column: 'name', direction: 'desc' }));
    expect(namesOf(result.current.pageRows)).toEqual(['row-0']);
  });

  it('starts at page 1 when the filter changes, and remembers a chosen page size', () => {
    const { result, rerender } = render();
    act(() => result.current.setPage(2));
    const chips: FacetChip[] = [{ facet: 'status', value: 'odd' }];
    rerender({ ...baseProps(), chips });
    expect(result.current.page).toBe(1);
    expect(namesOf(result.current.rows)).toEqual(['row-1', 'row-3', 'row-5']);

    act(() => result.current.setPerPage(10));
    expect(result.current.perPage).toBe(10);
    expect(document.cookie).toContain('API_RESULT_PAGE_SIZE=10');
  });

  it('shows a server page as it came, without free text or client paging', () => {
    const { result } = render({ clientPaging: false, q: 'row-1', defaultPerPage: 2 });
    expect(result.current.pageRows).toHaveLength(7);
  });

  it('selects by key, a page at a time, and says when only some of the page is', () => {
    const { result } = render();
    expect(result.current.pageSelection).toBe(false);
    act(() => result.current.select('6', true));
    expect(result.current.pageSelection).toBeNull();
    expect(namesOf(result.current.selected)).toEqual(['row-0']);
    act(() => result.current.selectPage(true));
    expect(result.current.pageSelection).toBe(true);
    expect(namesOf(result.current.selected)).toEqual(['row-0', 'row-1', 'row-2']);
    act(() => result.current.clearSelection());
    expect(result.current.selected).toEqual([]);
  });

  it('keeps expanded rows by key', () => {
    const { result } = render();
    act(() => result.current.expand('3', true));
    expect(result.current.expanded.has('3')).toBe(true);
    act(() => result.current.expand('3', false));
    expect(result.current.expanded.size).toBe(0);
  });
});

function baseProps(): TableStateInput<Row> {
  return {
    items: ROWS,
    keyOf: (r) => r.id,
    columns,
    shown: columns,
    facets,
    chips: [],
    q: '',
    clientPaging: true,
    defaultPerPage: 3,
  };
}
