/**
 * The outbox as the page watches it: the snapshot re-read from the database after each change,
 * this tab's or another's, and handed to the listeners (use-outbox.ts, triggers.ts).
 */
import { Dexie, type ObservabilitySet } from 'dexie';
import type { OfflineDb, OutboxRow } from './db';
import type { OutboxAuth } from './outbox-deps';
import { EMPTY_OUTBOX_SNAPSHOT, summarizeOutbox, type OutboxSnapshot } from './outbox-snapshot';

export interface OutboxFeedDeps {
  db: OfflineDb;
  auth: Pick<OutboxAuth, 'currentUserId'>;
  rowsOf: (userId: string | null) => Promise<OutboxRow[]>;
  onError: (error: unknown) => void;
}

export const createOutboxFeed = ({ db, auth, rowsOf, onError }: OutboxFeedDeps) => {
  const listeners = new Set<(s: OutboxSnapshot) => void>();
  let current: OutboxSnapshot = EMPTY_OUTBOX_SNAPSHOT;
  let replaying = false;
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;

  const snapshot = async (): Promise<OutboxSnapshot> => {
    const userId = auth.currentUserId();
    return summarizeOutbox(userId, await rowsOf(userId), replaying);
  };

  const publish = (next: OutboxSnapshot) => {
    current = next;
    for (const l of [...listeners]) l(next);
  };

  /**
   * Re-reads the database and tells the listeners. Coalesced, so a burst of changes costs one or
   * two reads. Other tabs' changes arrive through the `storagemutated` hook in subscribe().
   */
  const refresh = (): Promise<void> => {
    if (listeners.size === 0) return Promise.resolve();
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          refreshAgain = false;
          publish(await snapshot());
        } while (refreshAgain);
      } catch (e) {
        onError(e);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  const setReplaying = (value: boolean) => {
    replaying = value;
    if (listeners.size > 0) publish({ ...current, replaying });
  };

  let stopCrossTab: (() => void) | null = null;
  const watchCrossTab = () => {
    // Dexie announces committed writes of this and other tabs (BroadcastChannel) on this event.
    const prefix = `idb://${db.name}/outbox/`;
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((k) => k.startsWith(prefix))) void refresh();
    };
    Dexie.on('storagemutated', onMutated);
    return () => Dexie.on.storagemutated.unsubscribe(onMutated);
  };

  const subscribe = (listener: (s: OutboxSnapshot) => void): (() => void) => {
    listeners.add(listener);
    stopCrossTab ??= watchCrossTab();
    void refresh();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stopCrossTab?.();
        stopCrossTab = null;
      }
    };
  };

  return {
    snapshot,
    subscribe,
    refresh,
    setReplaying,
    getSnapshot: (): OutboxSnapshot => current,
  };
};
