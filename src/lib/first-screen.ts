/**
 * For code the first screen does not need (the offline layer's chunk, the service worker's
 * registration): it starts once the first screen is usable, so on a slow first visit it shares
 * neither the link with the first screen's requests nor the main thread with its render (issue 5).
 *
 * "Usable" is told by the screen itself (the survey form once all its items are in, the first
 * screen of most visits): an idle moment alone comes too early, since the page idles while it
 * waits for IndexedDB or the network before its form. Screens that do not tell are served a little
 * after the page's load event.
 */

/** Time after the load event a screen that never tells is given. */
const UNTOLD_SCREEN_MS = 2_000;
/** Longest wait for an idle moment once the screen is usable. */
const IDLE_TIMEOUT_MS = 1_000;

let tell: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  tell = resolve;
});

/** The first screen's main content is on screen and usable. Later calls do nothing. */
export const firstScreenShown = (): void => tell();

const pageLoaded = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof document === 'undefined' || document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * Runs `fn` at the first idle moment after the first screen is usable. requestIdleCallback is
 * missing in Safari (LINE on iOS): a short timer instead.
 */
export const afterFirstScreen = (fn: () => void): void => {
  const untold = pageLoaded().then(() => new Promise<void>((resolve) => setTimeout(resolve, UNTOLD_SCREEN_MS)));
  void Promise.race([shown, untold]).then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(fn, 200);
  });
};
