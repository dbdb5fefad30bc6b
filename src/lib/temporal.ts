/**
 * What `temporal-polyfill` means in the PWA's production build (vite.config.ts nativeTemporal):
 * the browser's own Temporal where it has one (Chromium, so Android's LINE), else the polyfill's
 * implementation from a chunk of its own, which src/early.ts preloads beside the app's code. The
 * polyfill's main entry picks the native object at run time too, but its code would still be
 * downloaded by every first visit. Dev and the tests import the package itself.
 *
 * Nothing may call Temporal while a module is evaluated: src/main.tsx renders after `temporalReady`.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill';
import { LATER_RETRY_MS } from './use-later';

type TemporalNamespace = typeof TemporalApi;

const native = (globalThis as { Temporal?: TemporalNamespace }).Temporal;

// A live binding: importers read it when they call it, after main.tsx awaited temporalReady.
export let Temporal = native as TemporalNamespace;

/** A chunk that did not arrive is fetched again (online again, or after a wait); the splash stays meanwhile. */
const loadPolyfill = (): Promise<void> =>
  import('temporal-polyfill/implementation').then(
    (m) => {
      Temporal = m.Temporal;
    },
    () =>
      new Promise<void>((resolve) => {
        const again = () => {
          clearTimeout(timer);
          window.removeEventListener('online', again);
          resolve(loadPolyfill());
        };
        const timer = setTimeout(again, LATER_RETRY_MS);
        window.addEventListener('online', again);
      }),
  );

export const temporalReady: Promise<void> = native ? Promise.resolve() : loadPolyfill();
