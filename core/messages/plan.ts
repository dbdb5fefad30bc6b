/**
 * Which LINE messages a change of an answer causes (issue 59), decided once here; the server
 * writes them in the change's own transaction (server/line/outbox.ts).
 *
 * - A new answer: 予約完了 and its reminders when it books, else 受付完了.
 * - A changed answer: its pending reminders are void; then 予約変更 (or 予約完了 when it had no
 *   booking, 予約キャンセル when the change drops it) and the new booking's reminders.
 * - A cancel (the resident's, or staff's キャンセル): pending reminders void, 予約キャンセル when it
 *   had a booking, and the status's announcement when the form announces it.
 * - A status staff set: its announcement, when the form announces that status.
 * - A card payment completed: 決済完了 (with the receipt), and the booking's reminders: a
 *   temporary save's booking is the resident's only once paid.
 * - A bed stay booked: 入院予約 and a reminder the day before admission; changed: 予約変更 and the
 *   new reminder (the old one void); cancelled: 予約キャンセル.
 */
import { dueReminders } from '@core/rules/reminder-due';
import type { MessageFacts, MessageKind } from './kinds';
import type { FormMessageSettings } from './settings';
import { remindersOf, stayReminderOf } from './settings';

export type Happening =
  | { kind: 'written'; type: 'new' | 'amend'; hadBooking: boolean }
  | { kind: 'cancelled'; status: string | null }
  | { kind: 'status'; status: string }
  | { kind: 'paid' }
  | { kind: 'stay_booked'; changed: boolean }
  | { kind: 'stay_cancelled'; status: string | null };

export interface PlannedMessage {
  kind: MessageKind;
  /** ISO instant; now for the immediate ones. */
  dueAt: string;
  facts: MessageFacts;
}

export interface MessagePlan {
  /** The answer's reminders not yet sent are void (the booking they remind of is gone or moved). */
  voidReminders: boolean;
  send: PlannedMessage[];
}

export const REMINDER_KINDS: readonly MessageKind[] = ['reminder', 'stay_reminder'];

/** Whether `h` can send anything at all: a status the form does not announce sends nothing (a bulk change reads no facts). */
export const mayMessage = (h: Happening, settings: FormMessageSettings): boolean => h.kind !== 'status' || Boolean(settings.announce[h.status]);

export const planMessages = (
  h: Happening,
  settings: FormMessageSettings,
  facts: MessageFacts,
  ctx: { nowIso: string; calendarReminders: { reminders?: { daysBefore: number; at: string }[] } | null },
): MessagePlan => {
  const out: PlannedMessage[] = [];
  const now = (kind: MessageKind, f: MessageFacts = facts) => out.push({ kind, dueAt: ctx.nowIso, facts: f });
  const bookingReminders = () => {
    if (!facts.reservation) return;
    for (const dueAt of dueReminders(facts.reservation.day, remindersOf(settings, ctx.calendarReminders), ctx.nowIso)) out.push({ kind: 'reminder', dueAt, facts });
  };
  const announce = (status: string | null) => {
    const text = status === null ? undefined : settings.announce[status];
    if (status !== null && text) now('status_changed', { ...facts, status: { to: status, text } });
  };
  let voidReminders = false;
  switch (h.kind) {
    case 'written':
      voidReminders = h.type === 'amend';
      if (facts.reservation) {
        now(h.type === 'amend' && h.hadBooking ? 'reservation_changed' : 'reservation_booked');
        bookingReminders();
      } else if (h.type === 'amend' && h.hadBooking) now('reservation_cancelled');
      else if (h.type === 'new') now('answer_received');
      break;
    case 'cancelled':
      voidReminders = true;
      // The cancelled answer's rows keep the value of what it had booked.
      if (facts.reservation) now('reservation_cancelled');
      announce(h.status);
      break;
    case 'status':
      announce(h.status);
      break;
    case 'paid':
      now('payment_completed');
      bookingReminders();
      break;
    case 'stay_booked':
      voidReminders = h.changed;
      now(h.changed ? 'reservation_changed' : 'stay_booked');
      {
        const rule = stayReminderOf(settings);
        if (facts.stay && rule) for (const dueAt of dueReminders(facts.stay.from, [rule], ctx.nowIso)) out.push({ kind: 'stay_reminder', dueAt, facts });
      }
      break;
    case 'stay_cancelled':
      voidReminders = true;
      now('reservation_cancelled');
      announce(h.status);
      break;
  }
  return { voidReminders, send: out.filter((m) => settings.send[m.kind]) };
};
