/**
 * The PWA's index page as the server sends it: on a form's address (/survey/{id}, /calendar/{id},
 * a bed form's /bed-reservation/{id}) the splash names the form, so a resident on a slow link sees what is loading before any script
 * runs. Titles are public (the start page lists them); only an enabled form's is shown. The
 * address of a form that is not open says so in a meta tag, so the app can say 本帳票が無効 without
 * first sending the resident through sign-in (whether a form is open is as public as its title).
 */
import { createHash } from 'node:crypto';
import { html } from 'hono/html';
import type { Kysely } from 'kysely';
import { CLOSED_FORM_META, FORM_PAGE_PATH } from '@core/contract/page';
import { FORM_DATA_ID, FORM_ISLAND_ID, SSR_FORM_ATTR, SSR_ISLAND_ATTR, SSR_PAGE_ID, type FormPageData } from '@core/contract/form-page';
import { BED_SURVEY_TYPE, type ServedSurveyConfig } from '@core/form/survey-config';
import type { Database } from './store/schema';
import { findEnabledSurveyConfig } from './store/configs';
import { withGtm } from './gtm';

/** The empty element of index.html's splash that the title fills. */
export const SPLASH_FORM_SLOT = '<p class="splash-form" data-testid="splash-form"></p>';

/** A form's address: the form's id, and its title when it is open (null when unknown or closed). */
export interface FormPage {
  surveyId: string;
  title: string | null;
  /** The open form's Google Tag Manager container (gtm.ts); null: none. */
  gtmContainerId: string | null;
  /** The open form's config: its page carries the form (withFormPage). */
  config: ServedSurveyConfig | null;
  /** /calendar/{id}: the form opens on its reservation step. */
  reservationFirst: boolean;
  /** /bed-reservation/{id}: a bed form's own screen, so only a bed form's page is rendered there. */
  bedScreen: boolean;
}

export const formPageOf = async (db: Kysely<Database>, pathname: string): Promise<FormPage | null> => {
  const match = FORM_PAGE_PATH.exec(pathname);
  if (!match) return null;
  let surveyId: string;
  try {
    surveyId = decodeURIComponent(match[2] as string);
  } catch {
    return null;
  }
  // Ids are at most 200 characters (core/contract); anything longer names no form.
  const cfg = surveyId.length > 200 ? null : await findEnabledSurveyConfig(db, surveyId);
  return {
    surveyId,
    title: cfg?.surveyTitle ?? null,
    // The container is for the form's own addresses only: the app leaves them by a whole load
    // (src/lib/tagged-page.ts), so a bed screen goes without it, as it did before it had a page.
    gtmContainerId: match[1] === 'bed-reservation' ? null : (cfg?.googleTagManager?.containerId ?? null),
    config: cfg,
    reservationFirst: match[1] === 'calendar',
    bedScreen: match[1] === 'bed-reservation',
  };
};

/**
 * Whether the page carries the server's render of `served` (withFormPage): a survey form's on its
 * own addresses; a bed form's first screen on its addresses but not on a stay being changed or a
 * finish message (?partitionKey, ?sent: bed-screen.tsx), which are not that screen.
 */
export const carriesForm = (form: FormPage, served: ServedSurveyConfig, query: (name: string) => string | undefined): boolean =>
  served.surveyType === BED_SURVEY_TYPE ? !query('partitionKey') && !query('sent') : !form.bedScreen;

export const withSplashTitle = (page: string, title: string | null): string =>
  title ? page.replace(SPLASH_FORM_SLOT, () => html`<p class="splash-form" data-testid="splash-form">${title}</p>`.toString()) : page;

export const withClosedForm = (page: string, surveyId: string): string =>
  page.replace('</head>', () => `${html`<meta name="${CLOSED_FORM_META}" content="${surveyId}" />`.toString()}</head>`);

/** The index page for `form`'s address, or as built for any other page. */
export const pageFor = (page: string, form: FormPage | null): string => {
  if (!form) return page;
  if (form.title === null) return withClosedForm(page, form.surveyId);
  const titled = withSplashTitle(page, form.title);
  return form.gtmContainerId ? withGtm(titled, form.surveyId, form.gtmContainerId) : titled;
};

/**
 * CSP sources for the page's own inline scripts (`<script>` with no attributes: src/early.ts,
 * inlined by the build), so script-src can allow exactly them and nothing else inline.
 */
export const inlineScriptHashes = (page: string): string[] =>
  [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] as string).digest('base64')}'`);

/** index.html's JSON block naming each on-demand item type's files (vite.config.ts, as src/early.ts reads it). */
const ITEM_CHUNKS = /<script type="application\/json" id="item-chunks">([\s\S]*?)<\/script>/;

/** The files the form's on-demand item types need, so they download beside the app's code. */
export const itemChunkFiles = (page: string, config: ServedSurveyConfig): string[] => {
  const block = ITEM_CHUNKS.exec(page)?.[1];
  if (!block) return [];
  const files = JSON.parse(block) as Record<string, string[]>;
  const wanted = new Set<string>();
  for (const item of config.surveySchema) for (const f of Object.hasOwn(files, item.type) ? (files[item.type] ?? []) : []) wanted.add(f);
  return [...wanted];
};

/**
 * The page of an open form with the form in it (issue 60): marked on <html>, the form's item chunks
 * preloaded, and at the end of <body>, after the stylesheet (so it paints styled; form-page.ts
 * inlines it), the server's render of the form and its public config. Its own style hides the app's root (the splash) once
 * it is parsed; early.ts takes the mark away for a visitor with no session, who is sent to sign in.
 */
export const withFormPage = (page: string, formHtml: string, data: FormPageData): string => {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const preloads = itemChunkFiles(page, data.config).map((f) => html`<link rel="modulepreload" crossorigin href="${f}" />`.toString());
  const end = page.lastIndexOf('</body>');
  if (end < 0) return page;
  const form =
    `<div id="${SSR_PAGE_ID}"><style>html[${SSR_FORM_ATTR}] #root{display:none}</style>${formHtml}</div>` +
    `<script type="application/json" id="${FORM_DATA_ID}">${json}</script>`;
  return (page.slice(0, end) + form + page.slice(end))
    .replace('<html lang="ja"', () => `<html lang="ja" ${SSR_FORM_ATTR}${formHtml.includes(`id="${FORM_ISLAND_ID}"`) ? ` ${SSR_ISLAND_ATTR}` : ''}`)
    .replace('</head>', () => `${preloads.join('')}</head>`);
};
