import type { QueryClient } from '@tanstack/react-query';

/**
 * The prefetches the route loaders start without waiting for them (a page never waits for its
 * data there). The server's render of a page does wait: for exactly these, not a second round.
 */
const running = new WeakMap<QueryClient, Set<Promise<unknown>>>();

/** Starts nothing: records work a loader started for this client, until it settles. */
export function track(queryClient: QueryClient, work: Promise<unknown>): void {
  let set = running.get(queryClient);
  if (!set) {
    set = new Set();
    running.set(queryClient, set);
  }
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  set.add(settled);
  void settled.then(() => set.delete(settled));
}

/** Resolves once every tracked prefetch has settled, those started meanwhile included. */
export async function prefetchesSettled(queryClient: QueryClient): Promise<void> {
  for (;;) {
    const set = running.get(queryClient);
    if (!set || set.size === 0) return;
    await Promise.all(set);
  }
}
