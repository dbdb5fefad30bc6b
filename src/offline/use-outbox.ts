/**
 * The page's outbox for React: the badge count, the last error and the list, kept current. Empty
 * until the offline layer has loaded (load.ts); it never loads the layer itself, since the badge
 * is on the first screen.
 */
import { useSyncExternalStore } from 'react';
import { loadedOfflineLayer, offlineLayerLoaded } from './load';
import { EMPTY_OUTBOX_SNAPSHOT, type OutboxSnapshot } from './outbox-snapshot';

const subscribe = (listener: () => void): (() => void) => {
  let closed = false;
  let unsubscribe: (() => void) | null = null;
  void offlineLayerLoaded().then((layer) => {
    if (closed) return;
    unsubscribe = layer.getOutbox().subscribe(listener);
    // The snapshot changes from the empty one the first render read.
    listener();
  });
  return () => {
    closed = true;
    unsubscribe?.();
  };
};

const getSnapshot = (): OutboxSnapshot => loadedOfflineLayer()?.getOutbox().getSnapshot() ?? EMPTY_OUTBOX_SNAPSHOT;

export const useOutbox = (): OutboxSnapshot => useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
