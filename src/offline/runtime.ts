/**
 * The offline layer's chunk: the database (Dexie), the outbox and its replay triggers. Imported
 * only through load.ts (a dynamic import), so none of it is on a first visit's startup path;
 * screens reach it through load.ts's pageOfflineDb() and pageOutbox(), use-outbox.ts and drafts.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import { registerOutboxSync } from '../lib/pwa';
import { getStoredUserId } from '../lib/session';
import { getOfflineCache } from './cache';
import { getOfflineDb } from './db';
import { endOpenDraftSavers } from './drafts';
import { createOutbox, type Outbox } from './outbox';
import { startReplayTriggers } from './triggers';
import { wipeOthersData, wipeOwnerData } from './wipe';
import { onUploadsDelivered, secureFilesFirst, startPhotoDelivery } from './uploads';

export { getOfflineDb };

let appOutbox: Outbox | null = null;

/** The page's outbox (real API sender, session tokens, Web Locks where present). */
export const getOutbox = (): Outbox => {
  appOutbox ??= createOutbox({ db: getOfflineDb(), filesFirst: (entry) => secureFilesFirst(getOfflineDb(), entry) });
  return appOutbox;
};

/**
 * Wipes one owner's data from the device (wipe.ts: their undelivered answers stay, bound to them)
 * and from this page's memory: open draft savers, the cache mirror and the submit guard. The
 * caller clears the query cache and sessionStorage.
 */
export const forgetOwner = async (userId: string, options: { keepCachedReads?: boolean } = {}): Promise<void> => {
  endOpenDraftSavers();
  if (!options.keepCachedReads) getOfflineCache().reset();
  await wipeOwnerData(getOfflineDb(), userId, options);
  getOutbox().forget(userId);
};

const sweepOthers = (keep: string | null) =>
  void wipeOthersData(getOfflineDb(), keep).catch((e: unknown) => console.warn("wiping an earlier owner's data failed", e));

export interface StartOfflineLayerOptions {
  queryClient: QueryClient;
  /** The resident signed in when the page started (the layer may start after the first screen). */
  startUserId: string | null;
}

let stop: (() => void) | null = null;

/** Starts the replay triggers (app start is one of them), once. Returns the stop function. */
export const startOfflineLayer = ({ queryClient, startUserId }: StartOfflineLayerOptions): (() => void) => {
  if (stop) return stop;
  // Whoever is signed in now (startUserId may be from before a sign-in).
  sweepOthers(getStoredUserId());
  // An answer held for its secure files goes as soon as they have.
  onUploadsDelivered(() => void getOutbox().replay({ networkBack: true }));
  startPhotoDelivery(getOfflineDb());
  stop = startReplayTriggers({
    outbox: getOutbox(),
    startUserId,
    onUserChange: (userId, previous) => {
      // Shared tablets: the previous resident's answers and configs must not stay on screen, in
      // memory or on the device (only their undelivered answers stay, bound to them). A sign-in from nobody
      // (a first visit through the login screen, seen when the layer starts after the form) has
      // no one's data to drop: clearing then would empty the form the resident is typing in.
      if (previous !== null) {
        queryClient.clear();
        endOpenDraftSavers();
      }
      // The previous resident's data goes even when they did not sign out (an expired session).
      sweepOthers(userId);
      void getOfflineCache()
        .prime(userId)
        .catch(() => {});
    },
    registerBackgroundSync: registerOutboxSync,
  });
  return stop;
};
