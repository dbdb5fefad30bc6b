/**
 * The page's offline layer, wired once in main.tsx: the database, the cache primed into memory
 * (so the first screen renders from it), the outbox and its replay triggers, the service worker.
 * Screens reach the parts through getOutbox(), getOfflineCache() and the drafts functions.
 */
import type { QueryClient } from '@tanstack/react-query';
import { registerOutboxSync } from '../lib/pwa';
import { getOfflineCache } from './cache';
import { getOfflineDb, offlineDbExists } from './db';
import { createOutbox, type Outbox } from './outbox';
import { startReplayTriggers } from './triggers';

let appOutbox: Outbox | null = null;

/** The page's outbox (real API sender, session tokens, Web Locks where present). */
export const getOutbox = (): Outbox => {
  appOutbox ??= createOutbox({ db: getOfflineDb() });
  return appOutbox;
};

export interface BootOfflineOptions {
  queryClient: QueryClient;
  /**
   * How long the first render may wait for the cache. IndexedDB in iOS WebViews has been known
   * to hang on open; a blank screen is worse than a loading text, so stop waiting after this.
   */
  primeTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Primes the cache (bounded wait), then starts the replay triggers. Returns the stop function. */
export const bootOffline = async ({ queryClient, primeTimeoutMs = 800 }: BootOfflineOptions): Promise<() => void> => {
  const cache = getOfflineCache();
  // A first visit has no database: nothing to prime, and the first screen does not wait while
  // Dexie creates it (that happens with the first cache write).
  const prime = async () => {
    if (await offlineDbExists()) await cache.prime();
  };
  await Promise.race([prime().catch((e: unknown) => console.warn('offline cache unavailable', e)), sleep(primeTimeoutMs)]);
  return startReplayTriggers({
    outbox: getOutbox(),
    onUserChange: (userId) => {
      // Shared tablets: the previous resident's answers and configs must not stay on screen or
      // in memory. Their stored rows stay in IndexedDB, scoped to them.
      queryClient.clear();
      void cache.prime(userId).catch(() => {});
    },
    registerBackgroundSync: registerOutboxSync,
  });
};
