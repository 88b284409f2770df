import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Column } from '../../registry/types';
import { priorityClass } from './cellModifiers';
import './columnRoom.css';

/** The box's class: the stylesheet's hook for the attribute below. */
export const TABLE_ROOM_CLASS = 'sd-table-room';
/**
 * Set on the box while its table does not fit: the ranks of the columns it hides ("1 2 3"),
 * matched word by word by the stylesheet. Absent when everything the window allows fits.
 */
export const HIDE_ATTRIBUTE = 'data-hide';
/** The stylesheet has a rule per rank up to this; columns past it never give way to the room. */
export const MAX_RANK = 12;

/**
 * The order in which a table's columns give way to its room, 1 first: priority 3 before 2, the
 * rightmost first within each; priority 1 never (undefined).
 */
export function columnRanks(
  columns: readonly Pick<Column<never>, 'priority'>[],
): (number | undefined)[] {
  const order = columns
    .map((column, index) => ({ priority: column.priority, index }))
    .filter((c) => c.priority > 1)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const ranks: (number | undefined)[] = columns.map(() => undefined);
  order.forEach((c, i) => {
    if (i < MAX_RANK) ranks[c.index] = i + 1;
  });
  return ranks;
}

const classesOf = new WeakMap<readonly unknown[], (string | undefined)[]>();

/**
 * Each column's classes for its header and cells: the window's breakpoints (priorityClass) and
 * its rank for the room (the stylesheet hides ranks the box lists). The same array for the
 * same columns: a table's header, rows and placeholders share it.
 */
export function columnClasses<T>(columns: readonly Column<T>[]): (string | undefined)[] {
  const known = classesOf.get(columns);
  if (known) return known;
  const ranks = columnRanks(columns);
  const classes = columns.map((column, i) => {
    const rank = ranks[i];
    const parts = [priorityClass(column.priority), rank && `sd-rank-${rank}`].filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : undefined;
  });
  classesOf.set(columns, classes);
  return classes;
}

/**
 * How many columns of a table may give way to its room: all its ranked columns, of which the
 * first `third` (priority 3) are those the window already hides below 1,200 px.
 */
export interface Reach {
  ranked: number;
  third: number;
}

export function columnReach(columns: readonly Pick<Column<never>, 'priority'>[]): Reach {
  const ranks = columnRanks(columns);
  const count = (priority: number) =>
    columns.filter((column, i) => ranks[i] !== undefined && column.priority >= priority).length;
  return { ranked: count(2), third: count(3) };
}

// PatternFly's md and xl breakpoints (priorityClass), as its stylesheet writes them.
const MD = '(min-width: 48rem)';
const XL = '(min-width: 75rem)';
const matches = (query: string): boolean =>
  typeof window.matchMedia !== 'function' || window.matchMedia(query).matches;

/**
 * The ranks the window's breakpoints hide already (a prefix: priority 3 below xl, 2 below md):
 * hiding them again would cost a layout each and give nothing back.
 */
export function hiddenByWindow({ ranked, third }: Reach): number {
  return !matches(MD) ? ranked : !matches(XL) ? third : 0;
}

const hidden = (box: HTMLElement): number =>
  (box.getAttribute(HIDE_ATTRIBUTE) ?? '').split(' ').filter(Boolean).length;

const hide = (box: HTMLElement, count: number): void => {
  if (count === 0) box.removeAttribute(HIDE_ATTRIBUTE);
  else box.setAttribute(HIDE_ATTRIBUTE, Array.from({ length: count }, (_v, i) => i + 1).join(' '));
};

const fits = (box: HTMLElement): boolean => box.scrollWidth <= box.clientWidth;

/**
 * Hides the fewest columns, in rank order, for the box's table to fit its width: the window's
 * breakpoints know the window, not the room beside an open sidebar or the width of a cloud's
 * long names. `again` starts from every column the window shows (the room grew, the rows
 * changed); otherwise only more are hidden if the table outgrew its box, one layout read when
 * it still fits. Ranks up to `from` are hidden by the window already; past `to` none may go.
 */
export function fitColumns(
  box: HTMLElement,
  again: boolean,
  { from, to }: { from: number; to: number },
): void {
  const most = Math.min(to, MAX_RANK);
  const least = Math.min(from, most);
  let count = again ? least : Math.max(least, Math.min(hidden(box), most));
  if (count !== hidden(box)) hide(box, count);
  while (count < most && !fits(box)) {
    count += 1;
    hide(box, count);
  }
}

/**
 * Keeps the table in `box` fitted, before it paints: from every column when its rows change,
 * by hiding more after any other render (a column whose check passed, the row menus), one
 * fitting per commit; and when the box's width changes (the window, the sidebar), in the next
 * frame: fitting inside the observer's callback would resize what it observes.
 */
export function useColumnRoom<T>(
  box: RefObject<HTMLElement | null>,
  columns: readonly Column<T>[],
  rows: unknown,
): void {
  const { ranked, third } = columnReach(columns);
  const fitted = useRef<{ rows: unknown; ranked: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const last = fitted.current;
    const again = last === undefined || last.rows !== rows || last.ranked !== ranked;
    fitted.current = { rows, ranked };
    fitColumns(element, again, { from: hiddenByWindow({ ranked, third }), to: ranked });
  });
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    let frame: number | undefined;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        frame = undefined;
        fitColumns(element, true, { from: hiddenByWindow({ ranked, third }), to: ranked });
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [box, ranked, third]);
}
