/**
 * Spec 01 §2 navigation guard: leaving the survey page for the confirm pages (by a link, a
 * navigation or the browser's back button) is blocked with the completion notice's alert. A
 * router-wide history blocker, so the survey screen needs no code of its own; it blocks only that
 * one move.
 */
import type { RouterHistory } from '@tanstack/react-router';
import { ja } from '../messages/ja';
import { SENT_PARAM } from '../offline/sent-entry';
import { showAlert } from '../ui/alert';

const SURVEY_PAGE = /^\/survey\/[^/]+\/?$/;
const CONFIRM_PAGES = /^\/(confirm|confirmSearchForm|confirmList|confirmDetails|cancelConfirm)(\/|$)/;

/**
 * `fromSearch`: the survey page's query string as in the address. A completion names what it
 * shows there (?sent=, offline/sent-entry.ts); from a completion nothing is midway, so its 照会
 * link is not blocked.
 */
export const isGuardedMove = (from: string, to: string, fromSearch = ''): boolean =>
  SURVEY_PAGE.test(from) && CONFIRM_PAGES.test(to) && !new URLSearchParams(fromSearch).has(SENT_PARAM);

export const installNavigationGuard = (history: RouterHistory, alert: (text: string) => void = showAlert) =>
  history.block({
    blockerFn: ({ currentLocation, nextLocation }) => {
      if (!isGuardedMove(currentLocation.pathname, nextLocation.pathname, currentLocation.search)) return false;
      alert(ja.errors.completionNotice);
      return true;
    },
    enableBeforeUnload: false,
  });
