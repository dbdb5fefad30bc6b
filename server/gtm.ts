/**
 * Google Tag Manager on a form's page (spec 01 §3 googleTagManager head and body snippets): from
 * the container id the operator configured (core/form/survey-config.ts), GTM's standard snippets
 * and the CSP sources that allow exactly them. Only that form's address gets them (page.ts); a
 * kiosk tablet (its credential in localStorage, which the server cannot see) is skipped by the
 * head snippet itself, before it loads anything.
 */
import { createHash } from 'node:crypto';
import { html } from 'hono/html';
import { KIOSK_STORAGE_KEY, TAGGED_FORM_META } from '@core/contract/page';
import { GTM_CONTAINER_ID } from '@core/form/survey-config';

export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** GTM's head snippet, with the kiosk check first. The id is re-checked: it is written into a script. */
export const gtmHeadScript = (containerId: string): string => {
  if (!GTM_CONTAINER_ID.test(containerId)) throw new Error(`not a GTM container id: ${containerId}`);
  return (
    `(function(w,d,l,i){try{if(w.localStorage.getItem('${KIOSK_STORAGE_KEY}')!==null)return}catch(e){return}` +
    `w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});` +
    `var f=d.getElementsByTagName('script')[0],j=d.createElement('script');j.async=true;` +
    `j.src='${GTM_ORIGIN}/gtm.js?id='+i;f.parentNode.insertBefore(j,f)})(window,document,'dataLayer','${containerId}');`
  );
};

/** GTM's body snippet: the container's frame, for a browser without scripts. */
export const gtmBodySnippet = (containerId: string): string =>
  `<noscript><iframe src="${GTM_ORIGIN}/ns.html?id=${containerId}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`;

/** The CSP source of the head snippet (script-src). */
export const gtmScriptHash = (containerId: string): string =>
  `'sha256-${createHash('sha256').update(gtmHeadScript(containerId)).digest('base64')}'`;

/** The page with the container's snippets: the head one first in <head>, the body one first in <body>. */
export const withGtm = (page: string, surveyId: string, containerId: string): string =>
  page
    // The id is escaped like every value written into the page (page.ts), whatever its pattern allows.
    .replace('<head>', () => `<head>${html`<meta name="${TAGGED_FORM_META}" content="${surveyId}" />`.toString()}<script>${gtmHeadScript(containerId)}</script>`)
    .replace(/<body([^>]*)>/, (m) => `${m}${gtmBodySnippet(containerId)}`);
