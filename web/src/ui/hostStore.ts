/**
 * A tiny external store for the app-wide hosts (toasts, confirm dialog, wait spinner): code
 * outside React (the query cache, action runners) pushes into it, a host component renders it
 * through useSyncExternalStore.
 */
export interface HostStore<S> {
  get: () => S;
  set: (update: (prev: S) => S) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createHostStore<S>(initial: S): HostStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (update) => {
      state = update(state);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
