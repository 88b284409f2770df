import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { msg } from '../../i18n/msg';
import type { Column } from '../../registry/types';
import {
  HIDE_ATTRIBUTE,
  columnClasses,
  columnRanks,
  columnReach,
  fitColumns,
  hiddenByWindow,
  useColumnRoom,
} from './columnRoom';

/** The table's width with the first `hidden` ranks hidden: each column gives 100 px back. */
const tableWidth = (hidden: number): number => 900 - hidden * 100;

/** A box `width()` wide holding that table; counts the layouts its reads force. */
function box(width: number | (() => number)) {
  const clientWidth = typeof width === 'number' ? () => width : width;
  const element = document.createElement('div');
  let layouts = 0;
  Object.defineProperty(element, 'clientWidth', { get: clientWidth });
  Object.defineProperty(element, 'scrollWidth', {
    get: () => {
      layouts += 1;
      const hidden = (element.getAttribute(HIDE_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
      return Math.max(clientWidth(), tableWidth(hidden.length));
    },
  });
  return { element, layouts: () => layouts };
}

const hiddenRanks = (element: HTMLElement): string | null => element.getAttribute(HIDE_ATTRIBUTE);

describe('columnRanks', () => {
  it('gives way priority 3 before 2, the rightmost first, never priority 1', () => {
    const p = (priority: 1 | 2 | 3) => ({ priority });
    expect(columnRanks([p(1), p(2), p(3), p(2), p(3), p(1)])).toEqual([
      undefined,
      4,
      2,
      3,
      1,
      undefined,
    ]);
  });
});

describe('columnClasses', () => {
  it('joins the window breakpoint and the rank, the same array for the same columns', () => {
    const column = (id: string, priority: 1 | 2 | 3): Column<unknown> => ({
      id,
      title: msg('Name'),
      priority,
      value: () => id,
    });
    const columns = [column('a', 1), column('b', 2), column('c', 3)];
    const classes = columnClasses(columns);
    expect(classes[0]).toBeUndefined();
    expect(classes[1]?.split(' ')).toEqual(['pf-m-hidden', 'pf-m-visible-on-md', 'sd-rank-2']);
    expect(classes[2]?.split(' ')).toEqual(['pf-m-hidden', 'pf-m-visible-on-xl', 'sd-rank-1']);
    expect(columnClasses(columns)).toBe(classes);
  });
});

describe('fitColumns', () => {
  it('hides nothing when the table fits, with one layout read', () => {
    const { element, layouts } = box(1000);
    fitColumns(element, false, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBeNull();
    expect(layouts()).toBe(1);
  });

  it('hides the fewest columns, in rank order, for the table to fit', () => {
    const { element } = box(650);
    fitColumns(element, true, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2 3');
  });

  it('stops at the columns it may hide (the box then scrolls)', () => {
    const { element } = box(300);
    fitColumns(element, true, { from: 0, to: 2 });
    expect(hiddenRanks(element)).toBe('1 2');
  });

  it('gives the columns back when fitted again in a wider box, not on a mere render', () => {
    let width = 650;
    const { element } = box(() => width);
    fitColumns(element, true, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2 3');
    width = 850;
    fitColumns(element, false, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2 3');
    fitColumns(element, true, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1');
    width = 1200;
    fitColumns(element, true, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBeNull();
  });

  it('hides more after a render that widened the table, from where it was', () => {
    let width = 750;
    const { element, layouts } = box(() => width);
    fitColumns(element, true, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2');
    width = 550;
    const before = layouts();
    fitColumns(element, false, { from: 0, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2 3 4');
    expect(layouts() - before).toBe(3);
  });
});

describe('the window hides some ranks already', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A window `width` px wide, as PatternFly's breakpoints (16 px rem) see it. */
  const windowOf = (width: number) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: width >= Number(/(\d+)rem/.exec(query)?.[1]) * 16,
    }));

  it('counts the ranked columns, those of priority 3 first', () => {
    const p = (priority: 1 | 2 | 3) => ({ priority });
    expect(columnReach([p(1), p(2), p(3), p(2), p(3), p(1)])).toEqual({ ranked: 4, third: 2 });
  });

  it('priority 3 below 1,200 px, every ranked column below 768 px, none above', () => {
    const reach = { ranked: 4, third: 2 };
    windowOf(1280);
    expect(hiddenByWindow(reach)).toBe(0);
    windowOf(1000);
    expect(hiddenByWindow(reach)).toBe(2);
    windowOf(700);
    expect(hiddenByWindow(reach)).toBe(4);
  });

  it('starts past the ranks the window hides, without a layout for each', () => {
    const { element, layouts } = box(650);
    fitColumns(element, true, { from: 2, to: 5 });
    expect(hiddenRanks(element)).toBe('1 2 3');
    // Rank 3 was the first tried: a read with 2 hidden, one with 3.
    expect(layouts()).toBe(2);
  });
});

describe('useColumnRoom', () => {
  const columns = [1, 2, 3, 3, 2].map((priority, i): Column<unknown> => ({
    id: String(i),
    title: msg('Name'),
    priority: priority as 1 | 2 | 3,
    value: () => '',
  }));

  it('fits once per commit: from every column when the rows change, else only hides more', () => {
    let width = 650;
    const { element, layouts } = box(() => width);
    const ref = { current: element };
    const rows = [1];
    const { rerender } = renderHook(({ rows }) => useColumnRoom(ref, columns, rows), {
      initialProps: { rows },
    });
    expect(hiddenRanks(element)).toBe('1 2 3');
    // A render with the same rows in a wider box: one read, nothing given back.
    width = 850;
    let before = layouts();
    rerender({ rows });
    expect(layouts() - before).toBe(1);
    expect(hiddenRanks(element)).toBe('1 2 3');
    // New rows: fitted from every column again, one read per step.
    before = layouts();
    rerender({ rows: [2] });
    expect(hiddenRanks(element)).toBe('1');
    expect(layouts() - before).toBe(2);
  });
});
