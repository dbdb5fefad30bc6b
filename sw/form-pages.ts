/**
 * A form's page (/survey/{id}, /calendar/{id}, /bed-reservation/{id}) as the server sent it, kept so
 * a repeat visit paints it at once, even offline, and refreshed in the background. The server's page
 * holds only what is public (the form's structure and public config; never a session, a prefill or a
 * draft: server/page.ts), so it is kept on a shared device across sign-outs (docs/offline.md).
 * What is kept, and why each rule:
 * - one entry per pathname: a query string (?partitionKey=…, which names a resident) never makes an
 *   entry, and an answer to a request that had one is never stored;
 * - only a 200 `basic` answer, not redirected, HTML, without Set-Cookie and not marked no-store or
 *   private: the server's way to say a page is not to be kept (core/pwa/form-page-rules.ts);
 * - never a page saying its form is not open (it drops the one kept);
 * - only a page whose every /assets/ chunk is in this build's precache, in a cache named by the
 *   build: a page names its build's hashed chunks, which are gone after an update;
 * - at most MAX_PAGES pages, the least recently refreshed dropped first.
 * No page kept, and the network fails or answers 5xx: the precached index.html, as for any address.
 */
/// <reference lib="webworker" />
import { FORM_PAGE_PATH } from '@core/contract/page';
import { assetRefsOf, isKeepableFormPage, saysFormClosed } from '@core/pwa/form-page-rules';
import { FORM_PAGES_CACHE_PREFIX, isMessageOfType, KEEP_FORM_PAGE_MESSAGE } from '@core/pwa/sw-contract';
import type { WorkboxPlugin } from 'workbox-core/types';
import { getCacheKeyForURL, matchPrecache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

const MAX_PAGES = 30;

/** FNV-1a of the precache list: any change in the build names another cache of pages. */
const buildRevision = (manifest: readonly (PrecacheEntry | string)[]): string => {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(manifest)) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  return (h >>> 0).toString(36);
};

const isFormPage = (url: URL): boolean => url.origin === self.location.origin && FORM_PAGE_PATH.test(url.pathname);

const withoutQuery = (url: string): string => {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  return u.href;
};

/** The page names at least one chunk, and only chunks this build's precache holds. */
const ofThisBuild = (html: string): boolean => {
  const refs = assetRefsOf(html);
  return refs.length > 0 && refs.every((ref) => getCacheKeyForURL(ref) !== undefined);
};

const pagePlugin = (cacheName: string): WorkboxPlugin => ({
  cacheKeyWillBeUsed: ({ request }) => Promise.resolve(withoutQuery(request.url)),
  // A 5xx (a server mid-deploy) is a failed network: the kept page or index.html instead.
  fetchDidSucceed: ({ response }) => {
    if (response.status >= 500) throw new Error(`form page answered ${response.status}`);
    return Promise.resolve(response);
  },
  cacheWillUpdate: async ({ request, response }) => {
    if (!isKeepableFormPage(request.url, response)) return null;
    const html = await response.clone().text();
    if (saysFormClosed(html)) {
      await (await self.caches.open(cacheName)).delete(withoutQuery(request.url));
      return null;
    }
    return ofThisBuild(html) ? response : null;
  },
  // Cache.keys() lists entries in the order they were put, and a put replaces: oldest first.
  cacheDidUpdate: async () => {
    const cache = await self.caches.open(cacheName);
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((key) => cache.delete(key)));
  },
  handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error(),
});

/**
 * Routes form pages through their cache (register before the catch-all NavigationRoute), keeps the
 * page a page says is on screen (KEEP_FORM_PAGE_MESSAGE) when none is kept, and on activation
 * deletes the other builds' pages.
 */
export const registerFormPages = (manifest: readonly (PrecacheEntry | string)[]): void => {
  const cacheName = `${FORM_PAGES_CACHE_PREFIX}${buildRevision(manifest)}`;
  const strategy = new StaleWhileRevalidate({ cacheName, plugins: [pagePlugin(cacheName)] });
  registerRoute(({ request, url }) => request.mode === 'navigate' && isFormPage(url), strategy);

  self.addEventListener('message', (event) => {
    if (!isMessageOfType(event.data, KEEP_FORM_PAGE_MESSAGE.type)) return;
    const path = (event.data as { path?: unknown }).path;
    // The pattern starts with one slash and a known word: the URL stays on this origin.
    if (typeof path !== 'string' || !FORM_PAGE_PATH.test(path)) return;
    const href = new URL(path, self.location.origin).href;
    const keep = async () => {
      if (await (await self.caches.open(cacheName)).match(href)) return;
      await strategy.handleAll({ request: new Request(href), event })[1];
    };
    event.waitUntil(keep().catch(() => undefined));
  });

  self.addEventListener('activate', (event) => {
    const dropOtherBuilds = async () => {
      const names = await self.caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(FORM_PAGES_CACHE_PREFIX) && n !== cacheName).map((n) => self.caches.delete(n)));
    };
    event.waitUntil(dropOtherBuilds());
  });
};
