import { describe, expect, it } from 'vitest';
import { markerQuery, sortKeyIn } from './paging';

const KEYS = ['name', 'size'] as const;

describe('sortKeyIn', () => {
  it('keeps a sort key the list route knows', () => {
    expect(sortKeyIn(KEYS, 'size')).toBe('size');
    expect(sortKeyIn(KEYS, 'size', 'name')).toBe('size');
  });

  it('falls back for a key the API does not sort by, or none', () => {
    expect(sortKeyIn(KEYS, 'fingerprint', 'name')).toBe('name');
    expect(sortKeyIn(KEYS, undefined, 'name')).toBe('name');
    expect(sortKeyIn(KEYS, 'fingerprint')).toBeUndefined();
  });
});

describe('markerQuery', () => {
  it('asks for the first page in the given order, ascending unless told', () => {
    expect(markerQuery({ limit: 20 }, 'name')).toEqual({
      limit: 20,
      sort_key: 'name',
      sort_dir: 'asc',
    });
    expect(markerQuery({ limit: 20, sort_dir: 'desc' }, 'size')).toEqual({
      limit: 20,
      sort_key: 'size',
      sort_dir: 'desc',
    });
  });

  it('leaves the order to the API without a sort key, even with a direction', () => {
    expect(markerQuery({ limit: 5, sort_dir: 'desc' }, undefined)).toEqual({ limit: 5 });
  });

  it('carries the marker a page starts after, or the one it ends before', () => {
    expect(markerQuery({ limit: 5, marker: 'm1' }, 'name')).toMatchObject({ marker: 'm1' });
    const back = markerQuery({ limit: 5, prev_marker: 'p1' }, 'name');
    expect(back).toMatchObject({ prev_marker: 'p1' });
    expect(back).not.toHaveProperty('marker');
  });
});
