import { describe, expect, it } from 'vitest';
import { msg } from '../../i18n/msg';
import type { Column } from '../../registry/types';
import { HIDE_ATTRIBUTE, columnClasses, columnRanks, fitColumns } from './columnRoom';

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
    fitColumns(element, false, 5);
    expect(hiddenRanks(element)).toBeNull();
    expect(layouts()).toBe(1);
  });

  it('hides the fewest columns, in rank order, for the table to fit', () => {
    const { element } = box(650);
    fitColumns(element, true, 5);
    expect(hiddenRanks(element)).toBe('1 2 3');
  });

  it('stops at the columns it may hide (the box then scrolls)', () => {
    const { element } = box(300);
    fitColumns(element, true, 2);
    expect(hiddenRanks(element)).toBe('1 2');
  });

  it('gives the columns back when fitted again in a wider box, not on a mere render', () => {
    let width = 650;
    const { element } = box(() => width);
    fitColumns(element, true, 5);
    expect(hiddenRanks(element)).toBe('1 2 3');
    width = 850;
    fitColumns(element, false, 5);
    expect(hiddenRanks(element)).toBe('1 2 3');
    fitColumns(element, true, 5);
    expect(hiddenRanks(element)).toBe('1');
    width = 1200;
    fitColumns(element, true, 5);
    expect(hiddenRanks(element)).toBeNull();
  });

  it('hides more after a render that widened the table, from where it was', () => {
    let width = 750;
    const { element, layouts } = box(() => width);
    fitColumns(element, true, 5);
    expect(hiddenRanks(element)).toBe('1 2');
    width = 550;
    const before = layouts();
    fitColumns(element, false, 5);
    expect(hiddenRanks(element)).toBe('1 2 3 4');
    expect(layouts() - before).toBe(3);
  });
});
