/**
 * What a form says about its LINE messages: which kinds it sends, its reminders, the statuses it
 * announces and its templates. Read from the form's config (one place for every default).
 */
import type { SurveyConfig } from '@core/form/survey-config';
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

/** Interim defaults until forms carry their own settings: every kind on, a reminder the day before at 09:00. */
export const formMessageSettings = (_config: SurveyConfig): FormMessageSettings => ({
  send: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, true])) as Record<MessageKind, boolean>,
  reminders: [{ daysBefore: 1, at: '09:00' }],
  announce: {},
  templates: {},
});

/** The reminders of a booking: the calendar's own when it has any, else the form's. */
export const remindersOf = (form: FormMessageSettings, calendar: { reminders?: ReminderRule[] } | null): ReminderRule[] =>
  calendar?.reminders && calendar.reminders.length > 0 ? calendar.reminders : form.reminders;
