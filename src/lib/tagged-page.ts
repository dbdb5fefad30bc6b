/**
 * A form page carrying the operator's Google Tag Manager container (server/gtm.ts) names its form
 * in a meta tag. The container watches the page's history, so an in-app move to any other address
 * would show it that page too: such a move loads the next page whole instead, from the server,
 * which sends it without the container. Offline the move stays in the app (a whole load could end
 * on the browser's offline page), and nothing the container would send can leave the device then.
 */
import type { RouterHistory } from '@tanstack/react-router';
import { TAGGED_FORM_META } from '@core/contract/page';

const taggedForm = (): string | null =>
  typeof document === 'undefined' ? null : (document.querySelector(`meta[name="${TAGGED_FORM_META}"]`)?.getAttribute('content') ?? null);

/** Whether `to` is another page than the tagged form's own address. */
export const leavesTaggedForm = (surveyId: string | null, to: string): boolean => {
  if (surveyId === null) return false;
  return !new RegExp(`^/(survey|calendar)/${surveyId.replace(/[^A-Za-z0-9_-]/g, '')}/?$`).test(to);
};

export const installTaggedPageExit = (history: RouterHistory, load: (href: string) => void = (href) => window.location.assign(href)) =>
  history.block({
    blockerFn: ({ nextLocation }) => {
      if (!leavesTaggedForm(taggedForm(), nextLocation.pathname)) return false;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
      load(nextLocation.href);
      return true;
    },
    enableBeforeUnload: false,
  });
