import type { Page } from '@playwright/test';

/**
 * Waits until the service worker controls the page. The worker registers after the load event,
 * precaches the app and then claims the page; on a loaded CI machine that first install has once
 * taken more than 30 s without the page being claimed. A resident's next visit would be served by
 * the installed worker, so after a first wait the page is reloaded once — the reload is what a
 * resident does, and a worker that never installs still fails the test.
 */
export const waitForServiceWorker = async (page: Page): Promise<void> => {
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
};
