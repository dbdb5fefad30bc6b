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
}

export const ReservationStepContext = createContext<ReservationStep>({ summaryOnly: false, monthsShown: 1 });
