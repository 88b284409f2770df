import { useEffect, useState, type RefObject } from 'react';
import { RESIZE_DEBOUNCE_MS } from './chartMath';

/**
 * The element's width, followed through a ResizeObserver but settled for RESIZE_DEBOUNCE_MS
 * (spec 1 §9) before a chart redraws: dragging a window edge redraws once, not per frame.
 */
export function useDebouncedWidth(ref: RefObject<HTMLElement | null>, initial: number): number {
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const first = element.getBoundingClientRect().width;
    if (first > 0) setWidth(first);
    if (typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver((entries) => {
      const next = entries[0]?.contentRect.width ?? 0;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (next > 0) setWidth(next);
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref]);
  return width;
}
