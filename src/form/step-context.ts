/**
 * The /calendar flow's steps (spec 02 §2: slot choice, confirm, last confirm, complete) as the
 * reservation item sees them: in the confirm step it shows the chosen slot as a summary with a way
 * back to the slot choice instead of the picker.
 */
import { createContext } from 'react';

export interface ReservationStep {
  summaryOnly: boolean;
  backToSlot?: (() => void) | undefined;
  /** The survey's numberMonthShowCalendar (default 1; reading in src/calendar/dates.ts). */
  monthsShown: number;
  /**
   * A refusal of a chosen reservation (the resident's limits, or the slot filled up): the picker of
   * that item shows it next to the slot choice, scrolls it into view and moves focus to it. `seq`
   * tells a new refusal from one already shown.
   */
  refusal?: ReservationRefusalNotice | null | undefined;
  /** The resident picked another slot: the refusal no longer applies. */
  onPicked?: (() => void) | undefined;
  /**
   * Spec 02 §8 "calendar load failure: the page goes back in history": given by the /calendar page
   * when there is a page of ours to go back to; without it the picker shows the load error.
   */
  onLoadFailure?: (() => void) | undefined;
}

export interface ReservationRefusalNotice {
  itemKey: string;
  text: string;
  seq: number;
  /** The value of a slot lost to someone faster (quota_exceeded): the picker offers what is still free. */
  lost?: string | undefined;
}

export const ReservationStepContext = createContext<ReservationStep>({ summaryOnly: false, monthsShown: 1 });
