/**
 * What a form says about its LINE messages: which kinds it sends, its reminders, the statuses it
 * announces and its templates. Read from the form's `lineMessages` (core/messages/config-schema.ts);
 * every default is here.
 *
 * Readings chosen:
 * - A kind is sent where it applies unless the form sets it false: the reservation kinds on a form
 *   with a reservation item, the stay kinds on a bed form, answer_received on the others (a
 *   reservation or a stay has its own message), payment_completed with usePayment, status_changed
 *   for the statuses the form announces.
 * - A form without reminders of its own reminds the day before at 09:00; an empty list, never.
 * - A booking's reminders are its calendar's when the calendar lists any, else the form's.
 * - A bed stay is reminded the day before admission, at the form's first reminder time (09:00).
 */
import { BED_SURVEY_TYPE, type SurveyConfig } from '@core/form/survey-config';
import { MESSAGE_KINDS, type MessageKind, type ReminderRule } from './kinds';

export interface MessageTemplate {
  title?: string;
  body?: string;
}

export interface FormMessageSettings {
  send: Record<MessageKind, boolean>;
  reminders: ReminderRule[];
  /** status → the text the resident is told when staff set it. */
  announce: Record<string, string>;
  templates: Partial<Record<MessageKind, MessageTemplate>>;
}

export const DEFAULT_REMINDERS: readonly ReminderRule[] = [{ daysBefore: 1, at: '09:00' }];
const STAY_REMINDER_DAYS = 1;

/** What decides which kinds apply: loose, so the console asks it of a draft not yet checked. */
interface AppliesTo {
  surveySchema: readonly { type: string }[];
  surveyType?: string | undefined;
  usePayment?: number | undefined;
  lineMessages?: { announce?: readonly unknown[] | undefined } | undefined;
}

const isBed = (c: AppliesTo) => c.surveyType === BED_SURVEY_TYPE;
const reserves = (c: AppliesTo) => !isBed(c) && c.surveySchema.some((i) => i.type === 'reservation');

const APPLIES: Record<MessageKind, (c: AppliesTo) => boolean> = {
  answer_received: (c) => !isBed(c) && !reserves(c),
  reservation_booked: reserves,
  reservation_changed: reserves,
  reservation_cancelled: reserves,
  reminder: reserves,
  stay_booked: isBed,
  stay_reminder: isBed,
  payment_completed: (c) => c.usePayment === 1,
  status_changed: (c) => (c.lineMessages?.announce?.length ?? 0) > 0,
};

/** Whether a kind can be sent by this form at all (before its own on/off). */
export const kindApplies = (config: AppliesTo, kind: MessageKind): boolean => APPLIES[kind](config);

export const formMessageSettings = (config: SurveyConfig): FormMessageSettings => {
  const lm = config.lineMessages;
  return {
    send: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, kindApplies(config, k) && lm?.send?.[k] !== false])) as Record<MessageKind, boolean>,
    reminders: (lm?.reminders ?? DEFAULT_REMINDERS).map((r) => ({ ...r })),
    announce: Object.fromEntries((lm?.announce ?? []).map((a) => [a.status, a.text])),
    templates: { ...lm?.templates },
  };
};

/** The reminders of a booking: none when the form sends no reminder, else the calendar's own when it has any, else the form's. */
export const remindersOf = (form: FormMessageSettings, calendar: { reminders?: ReminderRule[] | undefined } | null): ReminderRule[] => {
  if (!form.send.reminder) return [];
  return calendar?.reminders && calendar.reminders.length > 0 ? calendar.reminders : form.reminders;
};

/** A bed stay's reminder: the day before admission, at the form's first reminder time; null when the form sends none. */
export const stayReminderOf = (form: FormMessageSettings): ReminderRule | null =>
  form.send.stay_reminder ? { daysBefore: STAY_REMINDER_DAYS, at: form.reminders[0]?.at ?? DEFAULT_REMINDERS[0]?.at ?? '09:00' } : null;
