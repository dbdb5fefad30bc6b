/**
 * When a reminder is due: `daysBefore` days before the booked day, at `at` (HH:MM) Tokyo time.
 * A reminder whose time has already passed when the booking is made is not sent at all: the
 * booking's own message has just told the resident (docs/SPEC-NOTES.md, LINE reminders).
 */
import { Temporal } from 'temporal-polyfill';
import { TOKYO_OFFSET } from '@core/ja/date-input';
import type { ReminderRule } from '@core/messages/kinds';

/** The instant (ISO, UTC, milliseconds: ordered as text like the store's other instants) a reminder of a booking on `day` (YYYY-MM-DD) is due. */
export const reminderDueAt = (day: string, rule: ReminderRule): string => {
  const [h, m] = rule.at.split(':').map(Number);
  const date = Temporal.PlainDate.from(day).subtract({ days: rule.daysBefore });
  return Temporal.PlainDateTime.from({ year: date.year, month: date.month, day: date.day, hour: h ?? 0, minute: m ?? 0 })
    .toZonedDateTime(TOKYO_OFFSET)
    .toInstant()
    .toString({ fractionalSecondDigits: 3 });
};

/** The reminders of a booking on `day` still to come at `nowIso` (same ISO form), each once (two rules at one instant are one). */
export const dueReminders = (day: string, rules: readonly ReminderRule[], nowIso: string): string[] => {
  const at = new Set(rules.map((r) => reminderDueAt(day, r)));
  return [...at].filter((iso) => iso > nowIso).sort();
};
