import { useEffect, useLayoutEffect, type RefObject } from 'react';
import './columnRoom.css';

/** The box's class: the stylesheet's hook for the attribute below. */
export const TABLE_ROOM_CLASS = 'sd-table-room';
/**
 * Set on the box while its table does not fit: "2" hides the priority-3 columns, "1" the
 * priority-2 ones as well. Absent when everything the window allows fits.
 */
export const ROOM_ATTRIBUTE = 'data-room';

/** A column's class for that stylesheet (priority 1 always shows). */
export const roomClass = (priority: 1 | 2 | 3): string | undefined =>
  priority === 1 ? undefined : `sd-column-p${priority}`;

/**
 * Hides the fewest columns, lowest priority first, for the box's table to fit its width: the
 * window's breakpoints (priorityClass) know the window, not the room beside an open sidebar or
 * the width of a cloud's long names. Three layouts at most; one when nothing was hidden and
 * everything fits, the usual case.
 */
export function fitColumns(box: HTMLElement): void {
  const fits = (): boolean => box.scrollWidth <= box.clientWidth;
  if (!box.hasAttribute(ROOM_ATTRIBUTE) && fits()) return;
  box.removeAttribute(ROOM_ATTRIBUTE);
  for (const room of ['2', '1']) {
    if (fits()) return;
    box.setAttribute(ROOM_ATTRIBUTE, room);
  }
}

/**
 * Keeps the table in `box` fitted: after every render (new rows, a column whose check passed,
 * row menus), before it paints; and when the box's width changes (the window, the sidebar), in
 * the next frame: fitting inside the observer's callback would resize what it observes.
 */
export function useColumnRoom(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (box.current) fitColumns(box.current);
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
        fitColumns(element);
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [box]);
}
