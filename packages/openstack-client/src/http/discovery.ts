/**
 * A per-process memo of version documents, keyed by endpoint root. The BFF builds clients per
 * request, and a cloud's versions only change on upgrade (a dashboard restart notices). A failed
 * discovery is forgotten at once, so the next call tries again.
 */
export interface DiscoveryCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(key?: string): void;
}

export function createDiscoveryCache<T>(): DiscoveryCache<T> {
  const entries = new Map<string, Promise<T>>();
  return {
    get(key, load) {
      const cached = entries.get(key);
      if (cached) return cached;
      const pending = load();
      entries.set(key, pending);
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      return pending;
    },
    clear(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}
