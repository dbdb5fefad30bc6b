/**
 * The PWA's index page as the server sends it: on a form's address (/survey/{id}, /calendar/{id})
 * the splash names the form, so a resident on a slow link sees what is loading before any script
 * runs. Titles are public (the start page lists them); only an enabled form's is shown. The
 * address of a form that is not open says so in a meta tag, so the app can say 本帳票が無効 without
 * first sending the resident through sign-in (whether a form is open is as public as its title).
 */
import { createHash } from 'node:crypto';
import { html } from 'hono/html';
import type { Kysely } from 'kysely';
import { CLOSED_FORM_META } from '@core/contract/page';
import type { Database } from './store/schema';
import { findEnabledSurveyConfig } from './store/configs';
import { withGtm } from './gtm';

const FORM_PAGE = /^\/(?:survey|calendar)\/([^/]+)\/?$/;
/** The empty element of index.html's splash that the title fills. */
export const SPLASH_FORM_SLOT = '<p class="splash-form" data-testid="splash-form"></p>';

/** A form's address: the form's id, and its title when it is open (null when unknown or closed). */
export interface FormPage {
  surveyId: string;
  title: string | null;
  /** The open form's Google Tag Manager container (gtm.ts); null: none. */
  gtmContainerId: string | null;
}

export const formPageOf = async (db: Kysely<Database>, pathname: string): Promise<FormPage | null> => {
  const match = FORM_PAGE.exec(pathname);
  if (!match) return null;
  let surveyId: string;
  try {
    surveyId = decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
  // Ids are at most 200 characters (core/contract); anything longer names no form.
  const cfg = surveyId.length > 200 ? null : await findEnabledSurveyConfig(db, surveyId);
  return { surveyId, title: cfg?.surveyTitle ?? null, gtmContainerId: cfg?.googleTagManager?.containerId ?? null };
};

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
