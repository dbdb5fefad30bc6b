/**
 * What a form's page must be for the service worker to keep it (sw/form-pages.ts), apart from
 * belonging to the worker's build: the server's side of the bargain, tested against its answers
 * (tests/server/form-page-keep.test.ts). A page kept here outlives sign-outs on a shared device.
 */
import { CLOSED_FORM_META } from '../contract/page';

/**
 * An answer to `requestUrl` the worker may keep: the request had no query string (?partitionKey=
 * names a resident); 200, `basic`, not redirected, HTML; no Set-Cookie; not marked no-store or
 * private (the server's way to say a page is not to be kept).
 */
export const isKeepableFormPage = (requestUrl: string, response: Response): boolean =>
  new URL(requestUrl).search === '' &&
  response.status === 200 &&
  response.type === 'basic' &&
  !response.redirected &&
  !response.headers.has('set-cookie') &&
  (response.headers.get('content-type') ?? '').startsWith('text/html') &&
  !/(?:^|,)\s*(?:no-store|private)\b/i.test(response.headers.get('cache-control') ?? '');

/**
 * The page says its form is not open (server/page.ts): such a page is not kept, and drops the one
 * kept, so a kept page never says a form is closed after it reopened; a kept page of a form closed
 * since leads to the config request, which says so.
 */
export const saysFormClosed = (html: string): boolean => html.includes(`<meta name="${CLOSED_FORM_META}"`);

/** The /assets/ chunks and stylesheets a page names: in attributes, and in its JSON blocks. */
export const assetRefsOf = (html: string): string[] => [...html.matchAll(/["'(](\/assets\/[^"'()\s]+\.(?:js|css))/g)].map((m) => m[1] as string);
