/**
 * Lazily loaded code, once per key for the app's life: every caller gets the same promise (React's
 * use() and lazy() need it), and what has loaded is readable at once, so a component can render
 * it without suspending (a resolved promise still suspends once, and a suspended part reveals
 * no sooner than React's 300 ms throttle). A failed load may succeed on the next call.
 */
export function loadOnce<V>(): {
  load: (key: string, start: () => Promise<V>) => Promise<V>;
  loaded: (key: string) => V | undefined;
} {
  const loads = new Map<string, Promise<V>>();
  const done = new Map<string, V>();
  return {
    load(key, start) {
      let promise = loads.get(key);
      if (!promise) {
        promise = start();
        promise.then(
          (value) => done.set(key, value),
          () => loads.delete(key),
        );
        loads.set(key, promise);
      }
      return promise;
    },
    loaded: (key) => done.get(key),
  };
}
