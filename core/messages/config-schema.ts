/**
 * The LINE message settings as a form's config (`lineMessages`) and a calendar's settings
 * (`reminders`) write them, checked in the console's save and the bundle import alike. Texts of a
 * refusal are the Japanese ones of ./texts.ts.
 */
import * as z from 'zod/mini';
import { CHECK_STATUSES } from '../contract/result-rows';
import { MESSAGE_KINDS } from './kinds';
import { PLACEHOLDERS, unknownPlaceholders } from './placeholders';
import { SETTING_TEXTS as T } from './texts';

/** LINE's own limit on a push would be higher; five reminders a booking is plenty and bounds the jobs. */
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_DAYS = 30;
export const ANNOUNCE_TEXT_MAX = 500;
export const TEMPLATE_TITLE_MAX = 100;
export const TEMPLATE_BODY_MAX = 1000;

/** HH:MM of a day in Tokyo, 00:00–23:59. */
export const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const reminderRuleSchema = z.strictObject({
  daysBefore: z.number(T.daysBefore).check(z.int(T.daysBefore), z.minimum(0, T.daysBefore), z.maximum(MAX_REMINDER_DAYS, T.daysBefore)),
  at: z.string(T.badTime).check(z.regex(REMINDER_TIME, T.badTime)),
});

export const remindersSchema = z.array(reminderRuleSchema).check(
  z.maxLength(MAX_REMINDERS, T.tooManyReminders),
  z.refine((list) => new Set(list.map((r) => `${r.daysBefore} ${r.at}`)).size === list.length, T.sameReminder),
);

const placeholdersKnown = (text: string, ctx: z.core.$RefinementCtx<string>) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: T.unknownPlaceholder(unknown, PLACEHOLDERS), input: text });
};

const templateSchema = z.strictObject({
  title: z.optional(z.string().check(z.maxLength(TEMPLATE_TITLE_MAX, T.titleLength), z.superRefine(placeholdersKnown))),
  body: z.optional(z.string().check(z.maxLength(TEMPLATE_BODY_MAX, T.bodyLength), z.superRefine(placeholdersKnown))),
});

const announceSchema = z.strictObject({
  status: z.enum(CHECK_STATUSES),
  text: z.string(T.announceText).check(z.minLength(1, T.announceText), z.maxLength(ANNOUNCE_TEXT_MAX, T.announceText)),
});

const kind = z.enum(MESSAGE_KINDS);

export const lineMessagesSchema = z.strictObject({
  /** A kind set false is not sent; an absent one is sent where it applies (./settings.ts). */
  send: z.optional(z.partialRecord(kind, z.boolean())),
  reminders: z.optional(remindersSchema),
  announce: z.optional(
    z.array(announceSchema).check(z.refine((list) => new Set(list.map((a) => a.status)).size === list.length, T.sameStatus)),
  ),
  templates: z.optional(z.partialRecord(kind, templateSchema)),
});
