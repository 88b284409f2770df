import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
});
