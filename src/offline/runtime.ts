/**
 * The offline layer's chunk: the database (Dexie), the outbox and its replay triggers. Imported
 * only through load.ts (a dynamic import), so none of it is on a first visit's startup path;
 * screens reach it through load.ts's pageOfflineDb() and pageOutbox(), use-outbox.ts and drafts.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { registerOutboxSync } from '../lib/pwa';
import { getOfflineCache } from './cache';
import { getOfflineDb } from './db';
import { createOutbox, type Outbox } from './outbox';
import { startReplayTriggers } from './triggers';

export { getOfflineDb };

let appOutbox: Outbox | null = null;

/** The page's outbox (real API sender, session tokens, Web Locks where present). */
export const getOutbox = (): Outbox => {
  appOutbox ??= createOutbox({ db: getOfflineDb() });
  return appOutbox;
};

export interface StartOfflineLayerOptions {
  queryClient: QueryClient;
  /** The resident signed in when the page started (the layer may start after the first screen). */
  startUserId: string | null;
}

let stop: (() => void) | null = null;

/** Starts the replay triggers (app start is one of them), once. Returns the stop function. */
export const startOfflineLayer = ({ queryClient, startUserId }: StartOfflineLayerOptions): (() => void) => {
  stop ??= startReplayTriggers({
    outbox: getOutbox(),
    startUserId,
    onUserChange: (userId, previous) => {
      // Shared tablets: the previous resident's answers and configs must not stay on screen or
      // in memory. Their stored rows stay in IndexedDB, scoped to them. A sign-in from nobody
      // (a first visit through the login screen, seen when the layer starts after the form) has
      // no one's data to drop: clearing then would empty the form the resident is typing in.
      if (previous !== null) queryClient.clear();
      void getOfflineCache()
        .prime(userId)
        .catch(() => {});
    },
    registerBackgroundSync: registerOutboxSync,
  });
  return stop;
};
