import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFacetParams, type FacetDescriptor } from './useFacetParams';

const FACETS: FacetDescriptor[] = [
  { id: 'name', label: 'Name', server: true, singleton: true },
  { id: 'status', label: 'Status', server: true, singleton: true },
];

const inRouter =
  (route: string) =>
  ({ children }: { children: ReactNode }): ReactNode => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );

describe('useFacetParams', () => {
  it('keeps a chip added after an update was scheduled (the debounced search box)', () => {
    const { result } = renderHook(() => useFacetParams(FACETS), {
      wrapper: inRouter('/x?nav=%2Fadmin%2F'),
    });
    // The search box's timer holds the setQ of the render in which the user typed.
    const staleSetQ = result.current.setQ;
    act(() => result.current.add('name', 'web'));
    act(() => staleSetQ('db'));
    expect(result.current.chips).toEqual([{ facet: 'name', value: 'web' }]);
    expect(result.current.q).toBe('db');
  });

  it('applies two updates made before the next render', () => {
    const { result } = renderHook(() => useFacetParams(FACETS), { wrapper: inRouter('/x') });
    act(() => {
      result.current.add('name', 'web');
      result.current.add('status', 'active');
    });
    expect(result.current.chips).toEqual([
      { facet: 'name', value: 'web' },
      { facet: 'status', value: 'active' },
    ]);
  });

  it('drops the parameters a changed filter makes meaningless, and only then', () => {
    const at = { search: '' };
    function Probe(): null {
      at.search = useLocation().search;
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }): ReactNode => (
      <MemoryRouter initialEntries={['/x?marker=m1&limit=5']}>
        {children}
        <Probe />
      </MemoryRouter>
    );
    const resets = ['marker'];
    const { result } = renderHook(() => useFacetParams(FACETS, resets), { wrapper });
    // Free text does not change what the server lists: the page stays.
    act(() => result.current.setQ('db'));
    expect(new URLSearchParams(at.search).get('marker')).toBe('m1');
    act(() => result.current.add('name', 'web'));
    const after = new URLSearchParams(at.search);
    expect(after.has('marker')).toBe(false);
    // Only what the reset names goes: the page size stays.
    expect(after.get('limit')).toBe('5');
    expect(after.get('name')).toBe('web');
  });
});
