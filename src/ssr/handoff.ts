/**
 * The hand-over of the server-rendered form to the app (issue 60). The page arrives with the form
 * as HTML (#ssr-page, beside the app's #root, which stays hidden); hydrate.tsx makes that form a
 * React root of its own as soon as its code is here, so it answers typing before the app has
 * decided anything. Then the app decides:
 * - its survey screen shows this form afresh (same form, same version, nothing restored that the
 *   hydrated form cannot take): it adopts the island, moving its element into the screen, and the
 *   server's page goes;
 * - it shows anything else (sign-in, a completion, an error, an answer being changed): the island
 *   is discarded, its values handed to the screen that replaces it, and the server's page goes;
 * - while a screen of the app still loads (LoadingText holds the island), the server's page stays.
 * Nothing here imports the form: hydrate.tsx registers the island with what the app needs of it.
 */
import { FORM_ISLAND_ID, PREHYDRATION_ATTR, SSR_FORM_ATTR, SSR_PAGE_ID } from '@core/contract/form-page';
import { FORM_PAGE_PATH } from '@core/contract/page';

export interface Island {
  surveyId: string;
  version: number;
  /** Rendered for /calendar/{id}: the reservation step first. */
  reservationFirst: boolean;
  /** The island's values as the resident left them (typed before or after hydration). */
  values(): Record<string, unknown>;
  /** The props the app gives the adopted form (its sending, draft saving, start values). */
  setProps(props: object): void;
  unmount(): void;
}

let island: Island | null = null;
let adopted = false;
let holds = 0;
/** The values of an island discarded for a form: the form rendered in its place starts from them. */
let carried: { surveyId: string; values: Record<string, unknown> } | null = null;

export const registerIsland = (i: Island): void => {
  island = i;
  adopted = false;
};

/** The island for this form, version and page, if it is there and not taken yet. */
export const islandFor = (surveyId: string, version: number | undefined, reservationFirst: boolean): Island | null =>
  island && !adopted && island.surveyId === surveyId && island.version === version && island.reservationFirst === reservationFirst ? island : null;

/** The server's page leaves and the app's root shows, in the same frame. */
const revealApp = (): void => {
  document.getElementById(SSR_PAGE_ID)?.remove();
  document.documentElement.removeAttribute(SSR_FORM_ATTR);
};

/**
 * Puts the focus back in the field of `element` that has it now, with its caret or selection:
 * moving an element takes the focus away, and a resident typing then would type into nothing
 * (and a phone would close its keyboard).
 */
const keepFocus = (element: HTMLElement): (() => void) => {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !element.contains(active)) return () => {};
  const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  // null for the input types that have no caret (a date, a number).
  const start = field?.selectionStart ?? null;
  const end = field?.selectionEnd ?? null;
  const direction = field?.selectionDirection ?? undefined;
  return () => {
    if (document.activeElement === active) return;
    active.focus({ preventScroll: true });
    if (field && start !== null && end !== null) field.setSelectionRange(start, end, direction);
  };
};

/** The survey screen takes the hydrated form: its element moves into `holder`. */
export const adoptIsland = (i: Island, holder: HTMLElement): void => {
  const element = document.getElementById(FORM_ISLAND_ID);
  if (island !== i || !element) return;
  adopted = true;
  const refocus = keepFocus(element);
  holder.appendChild(element);
  // Now the app's: its choices and buttons are let go (index.html, early.ts held them).
  element.removeAttribute(PREHYDRATION_ATTR);
  revealApp();
  // Once the app's root shows: a field in a hidden subtree takes no focus.
  refocus();
};

/** The app shows something else: the island goes (after this commit), its values are handed back. */
export const discardIsland = (): Record<string, unknown> | null => {
  const gone = island;
  island = null;
  adopted = false;
  if (typeof document !== 'undefined') revealApp();
  if (!gone) return null;
  const values = gone.values();
  carried = { surveyId: gone.surveyId, values };
  // Not during the app's render or commit: React refuses to unmount a root synchronously then.
  queueMicrotask(() => gone.unmount());
  return values;
};

/** What a discarded island of this form held (until forgotten): typed text is never dropped. */
export const carriedValues = (surveyId: string): Record<string, unknown> | null => (carried?.surveyId === surveyId ? carried.values : null);

export const forgetCarried = (): void => {
  carried = null;
};

/** The page has no island to wait for (or it was adopted): whether discarding would do anything. */
const waiting = (): boolean => (island !== null && !adopted) || (typeof document !== 'undefined' && document.getElementById(SSR_PAGE_ID) !== null);

/** Once the app's commit is over: with nothing loading and nothing adopted, the server's page goes. */
const settle = (): void => {
  queueMicrotask(() => {
    if (holds === 0 && waiting() && !adopted) discardIsland();
  });
};

/** A loading screen of the app keeps the server's page showing; the returned function lets go. */
export const holdIsland = (): (() => void) => {
  holds++;
  return () => {
    holds--;
    settle();
  };
};

/** The app's layout after a route change: another page than the island's discards it. */
export const settleIslandFor = (pathname: string): void => {
  if (!waiting()) return;
  if (island && !FORM_PAGE_PATH.test(pathname)) {
    discardIsland();
    return;
  }
  settle();
};
