/**
 * The PWA's index page as the server sends it: on a form's address (/survey/{id}, /calendar/{id})
 * the splash names the form, so a resident on a slow link sees what is loading before any script
 * runs. Titles are public (the start page lists them); only an enabled form's is shown.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { html } from 'hono/html';
import type { Kysely } from 'kysely';
import type { Database } from './store/schema';
import { findEnabledSurveyTitle } from './store/configs';

const FORM_PAGE = /^\/(?:survey|calendar)\/([^/]+)\/?$/;
/** The empty element of index.html's splash that the title fills. */
export const SPLASH_FORM_SLOT = '<p class="splash-form" data-testid="splash-form"></p>';

export const splashTitleOf = async (db: Kysely<Database>, pathname: string): Promise<string | null> => {
  const match = FORM_PAGE.exec(pathname);
  if (!match) return null;
  let surveyId: string;
  try {
    surveyId = decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
  // Ids are at most 200 characters (core/contract); anything longer names no form.
  return surveyId.length > 200 ? null : findEnabledSurveyTitle(db, surveyId);
};

export const withSplashTitle = (page: string, title: string | null): string =>
  title ? page.replace(SPLASH_FORM_SLOT, () => html`<p class="splash-form" data-testid="splash-form">${title}</p>`.toString()) : page;

/** The app's stylesheet link, which the build puts last in <body> but for the app's script. */
const STYLESHEET_LINK = /\s*<link rel="stylesheet" crossorigin href="\/(assets\/[^"/]+\.css)">/;

/**
 * The page as the network sends it carries the app's stylesheet inline, after the app's script
 * tag: on a slow link its bytes come in the page's own answer while the script's request waits
 * out its round trip, instead of sharing the link with the script afterwards. The script is found
 * first and still runs only once the whole page, stylesheet included, is parsed. The service
 * worker's copy of index.html keeps the link, so a repeat visit reads the cached file.
 */
export const withInlineStylesheet = (page: string, distDir: string): string => {
  const link = STYLESHEET_LINK.exec(page);
  const file = link ? path.join(distDir, link[1] as string) : null;
  if (!link || !file || !fs.existsSync(file)) return page;
  const css = fs.readFileSync(file, 'utf8');
  // Text that would end the element early stays a link.
  if (/<\/style/i.test(css)) return page;
  // Replaced through functions: `$` in the CSS is text, not a replacement pattern.
  return page.replace(link[0], () => '').replace('</body>', () => `<style>${css}</style>\n  </body>`);
};

/**
 * CSP sources for the page's own inline scripts (`<script>` with no attributes: src/early.ts,
 * inlined by the build), so script-src can allow exactly them and nothing else inline.
 */
export const inlineScriptHashes = (page: string): string[] =>
  [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] as string).digest('base64')}'`);
