/**
 * The one door to the offline layer's storage side: Dexie, the outbox and its replay triggers
 * (runtime.ts and what it imports) are a chunk of their own, imported here and nowhere else.
 * Dexie alone is ~31 KB gzip and ~120 ms of evaluation and database open on a slow phone, which a
 * first visit on Slow 4G used to spend before its form showed (issue 5).
 *
 * - Repeat visit (the database exists; the chunk comes from the service worker's precache): the
 *   chunk is requested while the app's code still evaluates (preload.ts), and the first render
 *   waits for the cache it primes, as before (boot.ts).
 * - First visit (no database, so nothing to read): the app renders at once and the chunk loads
 *   after the first screen (lib/first-screen.ts); the replay triggers start with it.
 * - Anything that needs the database earlier loads the layer itself and waits for it: a draft
 *   write (drafts.ts), a submit (the outbox is the only write path), a restore, a cache read.
 *   Cache writes wait without loading it (cache.ts), and the outbox badge shows once it is here
 *   (use-outbox.ts).
 */
import { codeNotLoaded } from '../lib/api-error';
import type { OfflineDb } from './db';
import type * as Runtime from './runtime';

export type OfflineLayer = typeof Runtime;
/** Named through the layer, like its other types, so this door imports nothing of what it loads. */
type Outbox = ReturnType<OfflineLayer['getOutbox']>;

let layer: OfflineLayer | null = null;
let loading: Promise<OfflineLayer> | null = null;
let announce: (loaded: OfflineLayer) => void = () => {};
const loaded = new Promise<OfflineLayer>((resolve) => {
  announce = resolve;
});

/**
 * Loads the layer (once); resolves when it is here. A failed load (offline, first visit) rejects as
 * a network failure and may be tried again.
 */
export const loadOfflineLayer = (): Promise<OfflineLayer> => {
  loading ??= import('./runtime').then(
    (m) => {
      layer = m;
      announce(m);
      return m;
    },
    (e: unknown) => {
      loading = null;
      throw codeNotLoaded(e);
    },
  );
  return loading;
};

/** The layer if it has loaded, without loading it. */
export const loadedOfflineLayer = (): OfflineLayer | null => layer;

/** Resolves when the layer has loaded, without loading it. */
export const offlineLayerLoaded = (): Promise<OfflineLayer> => loaded;

/** The page's database, loading the layer if needed. */
export const pageOfflineDb = (): Promise<OfflineDb> => loadOfflineLayer().then((l) => l.getOfflineDb());

/** The page's outbox, loading the layer if needed. */
export const pageOutbox = (): Promise<Outbox> => loadOfflineLayer().then((l) => l.getOutbox());
