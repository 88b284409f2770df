import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../api/http';
import { adminPagedRows } from '../../testing/pagedRows';
import type { ListPage, PanelScope } from '../../registry/types';
import { cloud } from '../../testing/panelTestKit';
import { mockFetch, testQueryClient } from '../../testing/render';
import type { FacetChip } from '../FacetToolbar/useFacetParams';
import { mergeRows, useResourceList } from './useResourceList';
import { testScope } from '../../testing/testScope';

interface Row {
  id: string;
  status: string;
}

const rows = (n: number, status = 'active'): Row[] =>
  Array.from({ length: n }, (_v, i) => ({ id: `r${i}`, status }));

const resource = adminPagedRows<Row>({
  list: (filters, signal) =>
    apiFetch<{ items: Row[] }>('api/rows/', { query: filters, signal }).then((r) => r.items),
  page: (filters, page, signal) =>
    apiFetch<ListPage<Row>>('api/rows/', { query: { ...filters, ...page }, signal }),
  extra: { transitional: (r) => r.status === 'saving' },
});

const ADMIN: PanelScope = testScope('/admin/rows', 'admin');
const PROJECT: PanelScope = testScope('/project/rows', 'project');

function renderList(scope: PanelScope, route: string, answer: (url: URL) => unknown) {
  const calls: URL[] = [];
  mockFetch(
    cloud({
      routes: {
        'GET /api/rows/': (url) => {
          calls.push(url);
          return { body: answer(url) };
        },
      },
    }),
  );
  const client: QueryClient = testQueryClient();
  const at = { search: '' };
  function Probe(): null {
    at.search = useLocation().search;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }): ReactNode => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        {children}
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const chips: FacetChip[] = [];
  const hook = renderHook(() => useResourceList(resource, scope, chips), { wrapper });
  return { ...hook, calls, at, client };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('mergeRows', () => {
  it('replaces the rows asked for, drops those not answered, and keeps the rest', () => {
    const list = [
      { id: 'a', status: 'saving' },
      { id: 'b', status: 'active' },
      { id: 'c', status: 'saving' },
    ];
    const merged = mergeRows(
      list,
      [{ id: 'a', status: 'active' }],
      new Set(['a', 'c']),
      (r) => r.id,
    );
    expect(merged).toEqual([
      { id: 'a', status: 'active' },
      { id: 'b', status: 'active' },
    ]);
  });
});

describe('useResourceList', () => {
  it('lists everything on a panel without server paging', async () => {
    const { result, calls } = renderList(PROJECT, '/project/rows', () => ({ items: rows(3) }));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(result.current.pager).toBeUndefined();
    expect(calls[0]?.searchParams.has('limit')).toBe(false);
  });

  it('asks for the page the URL names and moves by the markers the server gave', async () => {
    const { result, calls, at } = renderList(ADMIN, '/admin/rows?marker=r1&limit=2', (url) =>
      url.searchParams.get('prev_marker')
        ? { items: rows(2), has_more_data: true, next_marker: 'r1' }
        : {
            items: rows(4).slice(2),
            has_more_data: true,
            has_prev_data: true,
            next_marker: 'r3',
            prev_marker: 'r2',
          },
    );
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(calls[0]?.searchParams.get('marker')).toBe('r1');
    expect(calls[0]?.searchParams.get('limit')).toBe('2');
    expect(result.current.pager).toMatchObject({ hasPrev: true, hasNext: true, perPage: 2 });

    act(() => result.current.pager?.prev());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(new URLSearchParams(at.search).get('prev_marker')).toBe('r2');
    expect(new URLSearchParams(at.search).has('marker')).toBe(false);
    await waitFor(() => expect(result.current.pager?.hasPrev).toBe(false));

    act(() => result.current.pager?.setPerPage(50));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.searchParams.get('limit')).toBe('50');
    expect(calls[2]?.searchParams.has('prev_marker')).toBe(false);
    expect(document.cookie).toContain('API_RESULT_PAGE_SIZE=50');
  });

  it('takes deleted rows out of a cached page at once', async () => {
    const { result } = renderList(ADMIN, '/admin/rows', () => ({ items: rows(3) }));
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => result.current.dropItems(['r1']));
    await waitFor(() => expect(result.current.items?.map((r) => r.id)).toEqual(['r0', 'r2']));
  });

  it('re-lists while a row is transitional when the rows cannot be read alone', async () => {
    vi.useFakeTimers();
    let status = 'saving';
    const { result, calls } = renderList(PROJECT, '/project/rows', () => ({
      items: rows(2, status),
    }));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.items).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(calls).toHaveLength(2);
    status = 'active';
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(calls).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(3);
  });
});
