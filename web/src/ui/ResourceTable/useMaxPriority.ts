import { useSyncExternalStore } from 'react';

/** Below these widths, columns of a lower priority (higher number) are hidden. */
export const NARROW_WIDTH = 768;
export const MEDIUM_WIDTH = 1200;

const queries = {
  narrow: `(max-width: ${NARROW_WIDTH - 1}px)`,
  medium: `(max-width: ${MEDIUM_WIDTH - 1}px)`,
};

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function snapshot(): 1 | 2 | 3 {
  if (matches(queries.narrow)) return 1;
  if (matches(queries.medium)) return 2;
  return 3;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const lists = Object.values(queries).map((q) => window.matchMedia(q));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/**
 * The highest column priority the window has room for (spec 2 §2): all below 1200 px but
 * priority 3, only priority 1 below 768 px. Media queries, so nothing runs on every resize.
 */
export function useMaxPriority(): 1 | 2 | 3 {
  return useSyncExternalStore(subscribe, snapshot, () => 3);
}
