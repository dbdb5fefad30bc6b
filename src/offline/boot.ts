/**
 * The offline layer's start, wired once in main.tsx: whether the first render waits for the
 * cache (repeat visit) or not (first visit), and when the layer's chunk loads (load.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from '../lib/first-screen';
import { getStoredUserId } from '../lib/session';
import { getOfflineCache } from './cache';
import { loadOfflineLayer, offlineLayerLoaded } from './load';
import { offlineDbExists } from './presence';

export interface BootOfflineOptions {
  queryClient: QueryClient;
  /**
   * How long the first render may wait for the cache. IndexedDB in iOS WebViews has been known
   * to hang on open; a blank screen is worse than a loading text, so stop waiting after this.
   */
  primeTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Called once by main.tsx; the first render follows when this resolves. Primes the cache first
 * when the database exists (bounded wait), and starts the layer (replay triggers; app start is one
 * of them) now, or after the first screen on a first visit. Never rejects.
 */
export const bootOffline = async ({ queryClient, primeTimeoutMs = 800 }: BootOfflineOptions): Promise<void> => {
  // A sign-in or sign-out before the triggers start still counts as a change of resident.
  const startUserId = getStoredUserId();
  const load = () => void loadOfflineLayer().catch((e: unknown) => console.warn('offline layer failed to load', e));
  const prime = async (): Promise<boolean> => {
    if (!(await offlineDbExists())) return false;
    await loadOfflineLayer();
    await getOfflineCache().prime();
    return true;
  };
  const existed = await Promise.race([
    prime().catch((e: unknown) => {
      console.warn('offline cache unavailable', e);
      return true;
    }),
    // Still waiting: the database (or the chunk) is there but slow; start without the cache.
    sleep(primeTimeoutMs).then(() => true),
  ]);
  // Not before the cache is primed (its reads come first), and on a first visit whoever loads the
  // layer first (this boot, or a draft or a submit that needs it earlier) starts them.
  void offlineLayerLoaded()
    .then((l) => l.startOfflineLayer({ queryClient, startUserId }))
    .catch((e: unknown) => console.warn('offline layer failed to start', e));
  if (existed) load();
  else afterFirstScreen(load);
};
