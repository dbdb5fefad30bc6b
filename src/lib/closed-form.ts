import { CLOSED_FORM_META } from '@core/contract/page';

/**
 * Whether the page the server sent says form `surveyId` is not open (server/page.ts). Only the
 * server's page carries the mark: a page the service worker serves (index.html, or a kept form
 * page, never one with the mark: sw/form-pages.ts) does not, and then the form's config request
 * tells, after sign-in, as for any form.
 */
export const closedOnServer = (surveyId: string): boolean =>
  typeof document !== 'undefined' && document.querySelector(`meta[name="${CLOSED_FORM_META}"]`)?.getAttribute('content') === surveyId;
