/**
 * The server-rendered form page (issue 60): what server/form-page.ts writes into a form's address
 * and src/ssr/ reads back. The page carries the form's structure as HTML, rendered by the same
 * components the PWA uses, and the form's public config, so a signed-in resident sees the
 * questions before the app's JavaScript has arrived; the PWA hydrates that HTML.
 */
import type { ServedSurveyConfig } from '../form/survey-config';

/** On <html>: this page carries a server-rendered form. early.ts removes it when there is no session (spec 01 §4). */
export const SSR_FORM_ATTR = 'data-ssr-form';
/**
 * On <html> too when the page holds a form to hydrate (#form-island; a bed form's page has none):
 * there src/main.tsx loads the app's code after the hydration, and early.ts does not preload it.
 */
export const SSR_ISLAND_ATTR = 'data-ssr-island';
/** The element holding the server-rendered page (frame, heading, form); a sibling of #root. */
export const SSR_PAGE_ID = 'ssr-page';
/** The element the form's React root hydrates (src/ssr/hydrate.tsx). */
export const FORM_ISLAND_ID = 'form-island';
/** On the island until the app takes it: its choices and buttons are held (index.html's styles, early.ts). */
export const PREHYDRATION_ATTR = 'data-prehydration';
/**
 * On globalThis: a frame has rendered since the whole page was parsed, so the server's form is on
 * screen (src/early.ts sets it; hydrate.tsx then need not yield a frame before hydrating).
 */
export const PAGE_PAINTED_KEY = '__sakuraPagePainted';
/** The JSON block with the form's public config (FormPageData). */
export const FORM_DATA_ID = 'form-data';

export interface FormPageData {
  config: ServedSurveyConfig;
  /** /calendar/{id}: the form opens on its reservation step (spec 02 §2). */
  reservationFirst: boolean;
  /** When the server sent this page (ms since epoch): a copy a service worker kept is revalidated. */
  servedAt: number;
}

export interface FormPageOptions {
  reservationFirst: boolean;
}

/** What the SSR bundle (src/ssr/render-page.tsx, built to dist-ssr/) exports to the server. */
export interface FormPageRenderer {
  /** The inner HTML of #ssr-page for a form with no session: no values, no draft, no name. */
  renderFormPage(config: ServedSurveyConfig, options: FormPageOptions): Promise<string>;
}

/** Where the server finds the SSR bundle, relative to the build's folder. */
export const FORM_PAGE_RENDERER_FILE = 'render-page.js';
