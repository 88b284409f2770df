import { describe, expect, it } from 'vitest';
import { ROOM_ATTRIBUTE, fitColumns, roomClass } from './columnRoom';

const WIDTHS = { 3: 900, 2: 800, 1: 700 };

/** A box `width()` wide whose table is WIDTHS[room] wide (room 3: nothing hidden). */
function box(width: number | (() => number)) {
  const clientWidth = typeof width === 'number' ? () => width : width;
  const element = document.createElement('div');
  let layouts = 0;
  Object.defineProperty(element, 'clientWidth', { get: clientWidth });
  Object.defineProperty(element, 'scrollWidth', {
    get: () => {
      layouts += 1;
      const room = Number(element.getAttribute(ROOM_ATTRIBUTE) ?? 3) as 3 | 2 | 1;
      return Math.max(clientWidth(), WIDTHS[room]);
    },
  });
  return { element, layouts: () => layouts };
}

describe('fitColumns', () => {
  it('hides nothing when the table fits, with one layout read', () => {
    const { element, layouts } = box(1000);
    fitColumns(element);
    expect(element.hasAttribute(ROOM_ATTRIBUTE)).toBe(false);
    expect(layouts()).toBe(1);
  });

  it('gives up the priority-3 columns first, then the priority-2 ones', () => {
    const narrower = box(850);
    fitColumns(narrower.element);
    expect(narrower.element.getAttribute(ROOM_ATTRIBUTE)).toBe('2');
    const narrowest = box(750);
    fitColumns(narrowest.element);
    expect(narrowest.element.getAttribute(ROOM_ATTRIBUTE)).toBe('1');
  });

  it('keeps priority 1 when even that does not fit (the box scrolls)', () => {
    const { element } = box(600);
    fitColumns(element);
    expect(element.getAttribute(ROOM_ATTRIBUTE)).toBe('1');
  });

  it('gives the columns back when the box grows', () => {
    let width = 750;
    const { element } = box(() => width);
    fitColumns(element);
    expect(element.getAttribute(ROOM_ATTRIBUTE)).toBe('1');
    width = 1200;
    fitColumns(element);
    expect(element.hasAttribute(ROOM_ATTRIBUTE)).toBe(false);
  });

  it('names a class per hideable priority', () => {
    expect(roomClass(1)).toBeUndefined();
    expect(roomClass(2)).toBe('sd-column-p2');
    expect(roomClass(3)).toBe('sd-column-p3');
  });
});
