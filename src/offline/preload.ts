/**
 * Imported first by main.tsx, for this side effect: on a repeat visit (the database was seen on
 * this device) the offline layer's chunk is requested while the rest of the app's code is still
 * evaluating, so the render from the cache does not wait a further round trip for it after that.
 * A first visit requests nothing here (load.ts).
 */
import { loadOfflineLayer } from './load';
import { offlineDbMarked } from './presence';

// A failure is met again, and reported, where boot.ts waits for the layer.
if (offlineDbMarked()) loadOfflineLayer().catch(() => {});
