/** What the service worker may keep of a form's page (core/pwa/form-page-rules.ts, sw/form-pages.ts). */
import { describe, expect, it } from 'vitest';
import { CLOSED_FORM_META, FORM_PAGE_PATH } from '../../core/contract/page';
import { assetRefsOf, isKeepableFormPage, saysFormClosed } from '../../core/pwa/form-page-rules';

/** A constructed Response is of type `default`; the worker sees `basic` for its own origin's pages. */
const answer = (init: ResponseInit & { type?: ResponseType; redirected?: boolean }): Response => {
  const res = new Response('<p>', init);
  Object.defineProperty(res, 'type', { value: init.type ?? 'basic' });
  Object.defineProperty(res, 'redirected', { value: init.redirected ?? false });
  return res;
};
const HTML = { 'content-type': 'text/html; charset=UTF-8' };
const PAGE = 'https://forms.example.jp/survey/kenko-survey';

describe('isKeepableFormPage', () => {
  it("keeps the site's own plain 200 HTML page", () => {
    expect(isKeepableFormPage(PAGE, answer({ status: 200, headers: { ...HTML, 'cache-control': 'no-cache' } }))).toBe(true);
  });

  it('keeps nothing asked with a query string, or answered otherwise', () => {
    expect(isKeepableFormPage(`${PAGE}?partitionKey=kenko-survey%23U1`, answer({ status: 200, headers: HTML }))).toBe(false);
    const refused: [string, Response][] = [
      ['404', answer({ status: 404, headers: HTML })],
      ['cors', answer({ status: 200, headers: HTML, type: 'cors' })],
      ['redirected', answer({ status: 200, headers: HTML, redirected: true })],
      ['json', answer({ status: 200, headers: { 'content-type': 'application/json' } })],
      ['cookie', answer({ status: 200, headers: { ...HTML, 'set-cookie': 'a=b' } })],
      ['private', answer({ status: 200, headers: { ...HTML, 'cache-control': 'max-age=0, private' } })],
      ['no-store', answer({ status: 200, headers: { ...HTML, 'cache-control': 'no-store' } })],
    ];
    for (const [what, res] of refused) expect(isKeepableFormPage(PAGE, res), what).toBe(false);
  });
});

describe('saysFormClosed', () => {
  it("reads the server's closed-form mark, and nothing else", () => {
    expect(saysFormClosed(`<head><meta name="${CLOSED_FORM_META}" content="x"></head>`)).toBe(true);
    expect(saysFormClosed('<head><meta name="viewport" content="width=device-width"></head>')).toBe(false);
  });
});

describe('assetRefsOf', () => {
  it('lists the chunks and stylesheets a page names, in attributes and JSON blocks', () => {
    const html =
      '<link rel="stylesheet" href="/assets/index-a1.css"><script type="module" src="/assets/index-b2.js"></script>' +
      '<link rel="modulepreload" href=\'/assets/date-c3.js\'><script type="application/json">{"d":["/assets/item-d4.js"]}</script>' +
      '<img src="/assets/header.png"><a href="/survey/x">x</a>';
    expect(assetRefsOf(html)).toEqual(['/assets/index-a1.css', '/assets/index-b2.js', '/assets/date-c3.js', '/assets/item-d4.js']);
  });
});

describe('FORM_PAGE_PATH', () => {
  it("matches a form's own addresses and not the API or other pages", () => {
    for (const p of ['/survey/kenko-survey', '/calendar/clinic-yoyaku/', '/bed-reservation/nyuin']) expect(FORM_PAGE_PATH.test(p), p).toBe(true);
    for (const p of ['/survey/api', '/survey/api/', '/survey/a/b', '/confirm', '/survey/', '/bed-reservation-list/x']) expect(FORM_PAGE_PATH.test(p), p).toBe(false);
  });
});
