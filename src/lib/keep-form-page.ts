/**
 * Tells the service worker which form's address is on screen, so it keeps the server's page of it
 * (sw/form-pages.ts) for the next visit, offline too: a form reached inside the app (after sign-in
 * at /login, from the start page's list) had no navigation of its own for the worker to see. Said
 * again when a worker first takes the page, since the first visit ran before any. Not with a query
 * string (?partitionKey= names a resident): such an address makes no entry, as in the worker.
 */
import type { RouterHistory } from '@tanstack/react-router';
import { FORM_PAGE_PATH } from '@core/contract/page';
import { KEEP_FORM_PAGE_MESSAGE } from '@core/pwa/sw-contract';

/** navigator.serviceWorker, or a fake: who controls this page, and when that changes. */
type Container = Pick<ServiceWorkerContainer, 'addEventListener'> & { readonly controller: Pick<ServiceWorker, 'postMessage'> | null };

export const installFormPageKeep = (
  history: RouterHistory,
  container: Container | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
): void => {
  if (!container) return;
  const tell = () => {
    const { pathname: path, search } = history.location;
    if (search === '' && FORM_PAGE_PATH.test(path)) container.controller?.postMessage({ ...KEEP_FORM_PAGE_MESSAGE, path });
  };
  history.subscribe(tell);
  container.addEventListener('controllerchange', tell);
  tell();
};
