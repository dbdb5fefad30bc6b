/**
 * Modules fetched by key the first time something needs them, each once: the item types' code
 * the app loads only for forms that use them (core/items/registry.ts, src/items/registry.ts).
 */
export interface OnDemandModules<K, V> {
  /** What arrived for the key, if it has. */
  get(key: K): V | undefined;
  /**
   * Loads what the keys need; null when nothing is missing, so a caller can go on at once. A failed
   * load (offline before the service worker had the chunk) rejects and is tried afresh next call.
   */
  load(keys: Iterable<K>): Promise<void> | null;
}

/** `fetchOne` gives the key's loader, or null for a key that is never loaded on demand. */
export const onDemandModules = <K, V>(fetchOne: (key: K) => (() => Promise<V>) | null): OnDemandModules<K, V> => {
  const loaded = new Map<K, V>();
  const loading = new Map<K, Promise<void>>();
  return {
    get: (key) => loaded.get(key),
    load(keys) {
      const waits: Promise<void>[] = [];
      for (const key of new Set(keys)) {
        const fetch = fetchOne(key);
        if (!fetch || loaded.has(key)) continue;
        let wait = loading.get(key);
        if (!wait) {
          wait = fetch().then(
            (v) => void loaded.set(key, v),
            (e: unknown) => {
              loading.delete(key);
              throw e;
            },
          );
          loading.set(key, wait);
        }
        waits.push(wait);
      }
      return waits.length === 0 ? null : Promise.all(waits).then(() => undefined);
    },
  };
};
