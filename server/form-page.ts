/**
 * A form's page with the form in it (issue 60): the SSR bundle (src/ssr/render-page.tsx, built
 * into dist-ssr/) renders the form's structure as the survey screen shows it to a resident with no
 * session, and this module keeps that HTML per form and config version, so a new version (an
 * import, a console save) is rendered afresh and an unchanged one costs nothing. The HTML is the
 * same for everyone: nothing personal goes in (no session, no values, no draft); kept in memory
 * only, it is a cache any server process rebuilds from the database. Without the bundle (a server
 * started before `npm run build`) pages go out with the splash, as before.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { FORM_PAGE_RENDERER_FILE, type FormPageOptions, type FormPageRenderer } from '@core/contract/form-page';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { Logger } from './log';

/** Forms whose page is kept; a town has a few dozen open at once. */
const KEPT_PAGES = 64;

export interface FormPageCache {
  /** The inner HTML of #ssr-page for this config, or null when there is no renderer. */
  htmlOf(config: ServedSurveyConfig, options: FormPageOptions): Promise<string | null>;
  /**
   * The page with its stylesheet link replaced by the stylesheet itself: the form paints styled
   * one round trip sooner (on Slow 4G, 0.56 s). Unchanged when the file cannot be read.
   */
  withInlineStyles(page: string): string;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/;

export const createFormPageCache = (distDir: string, log: Logger): FormPageCache => {
  const file = path.join(`${distDir}-ssr`, FORM_PAGE_RENDERER_FILE);
  let renderer: Promise<FormPageRenderer | null> | null = null;
  const load = (): Promise<FormPageRenderer | null> =>
    (renderer ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FormPageRenderer>).catch((e: unknown) => {
          log('warn', { msg: 'form page renderer failed to load: pages go with the splash', error: String(e) });
          return null;
        })
      : Promise.resolve(null));
  const kept = new Map<string, Promise<string | null>>();
  const styles = new Map<string, string | null>();
  const styleOf = (href: string): string | null => {
    if (!styles.has(href)) {
      let css: string | null = null;
      try {
        css = fs.readFileSync(path.join(distDir, href), 'utf8');
      } catch {
        // Left as a link.
      }
      styles.set(href, css && !/<\/style/i.test(css) ? css : null);
    }
    return styles.get(href) ?? null;
  };
  return {
    withInlineStyles: (page) => {
      const link = STYLESHEET_LINK.exec(page);
      const css = link ? styleOf(link[1] as string) : null;
      return link && css ? page.replace(link[0], () => `<style>${css}</style>`) : page;
    },
    htmlOf: async (config, options) => {
      const key = `${config.surveyId}\u0000${config.version}\u0000${options.reservationFirst}`;
      let html = kept.get(key);
      if (html) {
        // Most recently used last, so the oldest goes first.
        kept.delete(key);
        kept.set(key, html);
        return html;
      }
      html = load().then((r) =>
        r
          ? r.renderFormPage(config, options).catch((e: unknown) => {
              log('warn', { msg: 'form page render failed: the page goes with the splash', surveyId: config.surveyId, error: String(e) });
              kept.delete(key);
              return null;
            })
          : null,
      );
      kept.set(key, html);
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value as string);
      return html;
    },
  };
};
