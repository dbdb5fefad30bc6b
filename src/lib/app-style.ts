/**
 * The app's stylesheet as the server writes it into a page from the network (server/page.ts
 * withInlineStylesheet): inert inside a <template>, so the splash paints without waiting to style
 * and lay out the whole app's CSS. src/early.ts applies it after the splash's first frame;
 * main.tsx applies it before the app renders, should that come first. The service worker's copy
 * of index.html links the stylesheet instead, and then there is nothing to apply.
 */

/** The template's id (the same literal is in src/early.ts and server/page.ts; tests check they match). */
export const APP_STYLE_ID = 'app-style';

/** Puts the template's <style> in its place, where it applies; once, and not at all without one. */
export const applyAppStyle = (): void => {
  const template = document.getElementById(APP_STYLE_ID);
  if (template instanceof HTMLTemplateElement) template.replaceWith(template.content);
};
