import { describe, expect, it } from 'vitest';
import {
  PagingRequestError,
  UPSTREAM_MAX_LIMIT,
  flipped,
  pageBeforeOf,
  readFilteredPage,
  pageOf,
  readPage,
  wantsPage,
  wholeList,
  type PageRead,
  type SortDir,
} from './listPage';

interface Row {
  id: string;
  name: string;
  created_at: string;
}

const ids = (list: { items: { id: string }[] }): string[] => list.items.map((r) => r.id);
const same = (row: Row): Row => row;

describe('wantsPage', () => {
  it.each([
    [{}, false],
    [{ paginate: true }, true],
    [{ limit: 5 }, true],
    [{ marker: 'm' }, true],
    [{ prev_marker: 'm' }, true],
    [{ paginate: false, limit: 5, marker: 'm' }, false],
    [{ paginate: false, prev_marker: 'm' }, false],
  ])('%j → %s', (query, expected) => {
    expect(wantsPage(query)).toBe(expected);
  });
});

describe('pageOf, pageBeforeOf and wholeList', () => {
  const rows = ['a', 'b', 'c'].map((id) => ({ id }));
  const upper = ({ id }: { id: string }) => ({ id: id.toUpperCase() });

  it('cuts the look-ahead item, says another page exists and names both neighbours', () => {
    expect(pageOf(rows, 2, undefined, upper)).toEqual({
      items: [{ id: 'A' }, { id: 'B' }],
      has_more_data: true,
      has_prev_data: false,
      next_marker: 'b',
    });
    expect(pageOf(rows.slice(0, 2), 2, 'm', upper)).toEqual({
      items: [{ id: 'A' }, { id: 'B' }],
      has_more_data: false,
      has_prev_data: true,
      prev_marker: 'a',
    });
  });

  it('turns a backwards read into the list order, the look-ahead meaning more before', () => {
    // Read after the marker in the flipped order: nearest first.
    expect(pageBeforeOf([{ id: 'c' }, { id: 'b' }, { id: 'a' }], 2, upper)).toEqual({
      items: [{ id: 'B' }, { id: 'C' }],
      has_more_data: true,
      has_prev_data: true,
      next_marker: 'c',
      prev_marker: 'b',
    });
    expect(pageBeforeOf([{ id: 'b' }, { id: 'a' }], 2, upper)).toEqual({
      items: [{ id: 'A' }, { id: 'B' }],
      has_more_data: true,
      has_prev_data: false,
      next_marker: 'b',
    });
  });

  it('answers a whole list, more data only when the read was cut, and no markers', () => {
    expect(wholeList(rows, true, upper)).toEqual({
      items: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
      has_more_data: true,
      has_prev_data: false,
    });
  });

  it('flips a direction', () => {
    expect(flipped('asc')).toBe('desc');
    expect(flipped('desc')).toBe('asc');
  });
});

/**
 * A forward-only service as Glance and Cinder page: sorted by the key, then created_at and id
 * in the key's direction; the page after a marker; `limit` items.
 */
function service(all: readonly Row[]) {
  const calls: PageRead<'name' | 'created_at'>[] = [];
  const read = async (page: PageRead<'name' | 'created_at'>): Promise<Row[]> => {
    calls.push(page);
    const key = page.sortKey ?? 'created_at';
    const dir = page.sortDir ?? 'desc';
    const compare = (a: Row, b: Row): number => {
      for (const k of [key, 'created_at', 'id'] as const) {
        if (a[k] === b[k]) continue;
        const c = a[k] < b[k] ? -1 : 1;
        return dir === 'desc' ? -c : c;
      }
      return 0;
    };
    const sorted = [...all].sort(compare);
    const at = page.marker === undefined ? -1 : sorted.findIndex((r) => r.id === page.marker);
    return sorted.slice(at + 1, at + 1 + page.limit);
  };
  return { read, calls };
}

// Ties on name and created_at, so only the id breaks them.
const ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: `id-${String(i).padStart(2, '0')}`,
  name: ['beta', 'alpha', 'Gamma', 'alpha'][i % 4] ?? '',
  created_at: `2026-01-0${(i % 3) + 1}T00:00:00Z`,
}));
const DEFAULTS = { key: 'created_at', dir: 'desc' } as const;

describe('readPage', () => {
  const sorts: { sort_key?: 'name' | 'created_at'; sort_dir?: SortDir }[] = [
    {},
    { sort_dir: 'asc' },
    { sort_key: 'name' },
    { sort_key: 'name', sort_dir: 'asc' },
    { sort_key: 'created_at', sort_dir: 'desc' },
  ];

  it.each(sorts)('pages back exactly the pages it paged forward (%j)', async (sort) => {
    const { read } = service(ROWS);
    const forward: string[][] = [];
    let page = await readPage({ ...sort }, 5, DEFAULTS, read, same);
    forward.push(ids(page));
    while (page.next_marker !== undefined) {
      page = await readPage({ ...sort, marker: page.next_marker }, 5, DEFAULTS, read, same);
      forward.push(ids(page));
    }
    expect(forward.flat()).toHaveLength(ROWS.length);
    expect(new Set(forward.flat()).size).toBe(ROWS.length);
    // Back from the last page: the same pages, in the same order within each.
    const backward: string[][] = [ids(page)];
    while (page.prev_marker !== undefined) {
      page = await readPage({ ...sort, prev_marker: page.prev_marker }, 5, DEFAULTS, read, same);
      expect(page.has_more_data).toBe(true);
      backward.unshift(ids(page));
    }
    expect(page.has_prev_data).toBe(false);
    expect(backward).toEqual(forward);
  });

  it('reads backwards with the key named and the direction flipped', async () => {
    const { read, calls } = service(ROWS);
    await readPage({ prev_marker: 'id-10' }, 5, DEFAULTS, read, same);
    expect(calls).toEqual([{ limit: 6, marker: 'id-10', sortKey: 'created_at', sortDir: 'asc' }]);
    await readPage({ prev_marker: 'id-10', sort_key: 'name' }, 5, DEFAULTS, read, same);
    expect(calls[1]).toEqual({ limit: 6, marker: 'id-10', sortKey: 'name', sortDir: 'asc' });
    await readPage({ marker: 'id-10', sort_key: 'name' }, 5, DEFAULTS, read, same);
    expect(calls[2]).toEqual({ limit: 6, marker: 'id-10', sortKey: 'name', sortDir: undefined });
  });

  it('reads the look-ahead of a page of the upstream maximum on its own (the service cuts there)', async () => {
    const many: Row[] = Array.from({ length: UPSTREAM_MAX_LIMIT + 5 }, (_, i) => ({
      id: `m-${String(i).padStart(5, '0')}`,
      name: 'same',
      created_at: '2026-01-01T00:00:00Z',
    }));
    const { read, calls } = service(many);
    const capped = (page: PageRead<'name' | 'created_at'>) =>
      read({ ...page, limit: Math.min(page.limit, UPSTREAM_MAX_LIMIT) });
    const size = UPSTREAM_MAX_LIMIT;
    const first = await readPage({}, size, DEFAULTS, capped, same);
    expect(first.items).toHaveLength(size);
    expect(first).toMatchObject({ has_more_data: true, next_marker: first.items.at(-1)?.id });
    expect(calls.map((c) => c.limit)).toEqual([UPSTREAM_MAX_LIMIT, 1]);
    const rest = await readPage({ marker: first.next_marker }, size, DEFAULTS, capped, same);
    expect(rest.items).toHaveLength(5);
    expect(rest.has_more_data).toBe(false);
    const back = await readPage({ prev_marker: rest.prev_marker }, size, DEFAULTS, capped, same);
    expect(ids(back)).toEqual(ids(first));
    expect(back.has_prev_data).toBe(false);
  });

  it('refuses both markers at once', async () => {
    const { read, calls } = service(ROWS);
    await expect(
      readPage({ marker: 'id-01', prev_marker: 'id-02' }, 5, DEFAULTS, read, same),
    ).rejects.toBeInstanceOf(PagingRequestError);
    expect(calls).toEqual([]);
  });
});

describe('readFilteredPage', () => {
  const kept = (row: Row): boolean => row.name !== 'alpha';
  const sort = { sort_key: 'name', sort_dir: 'asc' } as const;

  it('pages both ways through the kept items only, reading only as far as a page needs', async () => {
    const { read, calls } = service(ROWS);
    const whole = (
      await read({ limit: 100, marker: undefined, ...{ sortKey: 'name', sortDir: 'asc' } })
    )
      .filter(kept)
      .map((r) => r.id);
    calls.length = 0;
    const bounds = { firstChunk: 4, maxChunk: 8, maxReads: 20 };
    const pages: string[][] = [];
    let page = await readFilteredPage({ ...sort }, 3, DEFAULTS, read, kept, same, bounds);
    // The first page of 3 (and a look-ahead) needed one read of 4, then one of 8 at most.
    expect(calls.length).toBeLessThanOrEqual(2);
    pages.push(ids(page));
    while (page.next_marker !== undefined) {
      page = await readFilteredPage(
        { ...sort, marker: page.next_marker },
        3,
        DEFAULTS,
        read,
        kept,
        same,
        bounds,
      );
      pages.push(ids(page));
    }
    expect(pages.flat()).toEqual(whole);
    const back: string[][] = [ids(page)];
    while (page.prev_marker !== undefined) {
      page = await readFilteredPage(
        { ...sort, prev_marker: page.prev_marker },
        3,
        DEFAULTS,
        read,
        kept,
        same,
        bounds,
      );
      back.unshift(ids(page));
    }
    expect(back).toEqual(pages);
  });

  it('ends a page where the bound on reads stopped, the next one going on from there', async () => {
    const { read } = service(ROWS);
    const none = (): boolean => false;
    const bounds = { firstChunk: 4, maxChunk: 4, maxReads: 2 };
    const first = await readFilteredPage({ ...sort }, 3, DEFAULTS, read, none, same, bounds);
    const order = (
      await read({ limit: 100, marker: undefined, sortKey: 'name', sortDir: 'asc' })
    ).map((r) => r.id);
    expect(first).toEqual({
      items: [],
      has_more_data: true,
      has_prev_data: false,
      next_marker: order[7],
    });
    const before = await readFilteredPage(
      { ...sort, prev_marker: order[20] },
      3,
      DEFAULTS,
      read,
      none,
      same,
      bounds,
    );
    expect(before).toEqual({
      items: [],
      has_more_data: true,
      has_prev_data: true,
      prev_marker: order[12],
    });
  });

  it('refuses both markers at once', async () => {
    const { read } = service(ROWS);
    await expect(
      readFilteredPage({ marker: 'a', prev_marker: 'b' }, 3, DEFAULTS, read, kept, same),
    ).rejects.toBeInstanceOf(PagingRequestError);
  });
});
