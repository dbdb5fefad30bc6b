/**
 * The day sheet as the console shows it (issue 57): the calendar's slots of one day in their order
 * (core/rules/slot-keys.ts), each with its quota, the places held and its bookings in the order
 * they were made; and the forms a walk-in can be registered with on this calendar.
 */
import type { Calendar } from '@core/contract/calendars';
import type { ArrivalMark, DayBooking, DaySheet, WalkIn } from '@core/contract/staff-day-sheet';
import { checkStatusSchema } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { canDo, inTeam } from '@core/rules/staff';
import { isEnded } from '@core/rules/status';
import { nameItemKeyOf } from '@core/rules/name-item';
import { isReservationItem } from '@core/rules/reservation-value';
import { offersCategory, ownLargeCategoryOf } from '@core/rules/own-categories';
import { sortSlotKeys } from '@core/rules/slot-keys';
import type { RouteStore } from '../route-context';
import { findSurveyConfig, listEnabledSurveyConfigs } from '../store/configs';
import { scheduleOf } from '../store/calendars';
import { calendarCategories, dayBookingNames, dayBookings, daySurveyIds, itemsOfCategories, type BookingRow } from '../store/day-sheet';
import { teamTargets } from '../store/teams';
import { TEMPORARY_STATUS } from '../payments/settle';
import type { StaffPrincipal } from './session';

type Db = RouteStore['db'];

const namesOf = (r: { tag1: string | null; tag2: string | null; tag3: string | null }): string[] =>
  [r.tag1, r.tag2, r.tag3].filter((t): t is string => t !== null && t !== '');

const bookingOf = (r: BookingRow, config: ServedSurveyConfig | null, name: string | undefined): DayBooking => ({
  partitionKey: r.partition_key,
  itemKey: r.item_key,
  surveyId: r.survey_id,
  surveyTitle: config?.surveyTitle ?? r.survey_id,
  name: name && name.trim() !== '' ? name : r.registrant_name,
  answerCode: r.answer_code,
  category: namesOf(r),
  itemName: r.item_name ?? r.item_id,
  status: checkStatusSchema.parse(r.check_status),
  paymentPending: r.row_status === TEMPORARY_STATUS,
  arrival: r.mark && r.marked_at ? { mark: r.mark as ArrivalMark, at: r.marked_at, staffName: r.staff_name ?? '' } : null,
});

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The calendar's bookings of the day, by slot; three queries whatever their number. The forms
 * booked come first (a small read), so the bookings and their names are read side by side (two
 * connections on PostgreSQL); a form first booked between the reads shows its registrant's name.
 */
const bookingsBySlot = async (db: Db, calendarId: string, day: string): Promise<Map<string, DayBooking[]>> => {
  const configs = new Map<string, ServedSurveyConfig | null>();
  for (const surveyId of await daySurveyIds(db, calendarId, day)) configs.set(surveyId, await findSurveyConfig(db, surveyId));
  const nameKeyOf = new Map([...configs].map(([surveyId, c]) => [surveyId, c ? nameItemKeyOf(c.surveySchema) : null]));
  const keys = [...new Set([...nameKeyOf.values()].filter((k): k is string => k !== null))];
  const [booked, nameRows] = await Promise.all([dayBookings(db, calendarId, day), dayBookingNames(db, calendarId, day, keys)]);
  const rows = booked.filter((r) => !isEnded(checkStatusSchema.parse(r.check_status)));
  const names = new Map<string, string>();
  const surveyOf = new Map(rows.map((r) => [r.partition_key, r.survey_id]));
  for (const n of nameRows) {
    if (nameKeyOf.get(surveyOf.get(n.partition_key) ?? '') === n.item_key) names.set(n.partition_key, n.value);
  }
  const out = new Map<string, DayBooking[]>();
  rows.sort((a, b) => byCodeUnits(a.created_at, b.created_at) || byCodeUnits(a.partition_key, b.partition_key));
  for (const r of rows) {
    const list = out.get(r.slot) ?? [];
    list.push(bookingOf(r, configs.get(r.survey_id) ?? null, names.get(r.partition_key)));
    out.set(r.slot, list);
  }
  return out;
};

/**
 * The forms within this person's reach whose reservation item can book one of the calendar's
 * categories (core/rules/own-categories.ts offersCategory), each with every item of that category.
 */
const walkInsOf = async (db: Db, staff: StaffPrincipal, calendarId: string): Promise<WalkIn[]> => {
  if (!canDo(staff.role, 'handle')) return [];
  const [configs, teams, categories] = await Promise.all([listEnabledSurveyConfigs(db), teamTargets(db, 'survey'), calendarCategories(db, calendarId)]);
  const items = await itemsOfCategories(
    db,
    categories.map((c) => c.category_id),
  );
  const owned = new Set(configs.flatMap((c) => ownLargeCategoryOf(c.surveySchema) ?? []));
  const out: WalkIn[] = [];
  for (const config of configs) {
    if (!inTeam(staff, teams.get(config.surveyId) ?? [])) continue;
    const item = config.surveySchema.find(isReservationItem);
    if (!item || item.type !== 'reservation') continue;
    const param = [item.queryParam1, item.queryParam2, item.queryParam3].find((p) => p !== undefined && p !== '') ?? null;
    for (const c of categories) {
      if (!offersCategory(item, { large: c.tag1, medium: c.tag2, small: c.tag3 }, owned)) continue;
      for (const i of items.filter((x) => x.category_id === c.category_id)) {
        out.push({ surveyId: config.surveyId, surveyTitle: config.surveyTitle, categoryId: c.category_id, itemId: i.item_id, category: namesOf(c), itemName: i.item_name, param });
      }
    }
  }
  return out;
};

export const daySheetOf = async (db: Db, staff: StaffPrincipal, calendar: Calendar, day: string): Promise<DaySheet> => {
  const [schedule, bookings, walkIns] = await Promise.all([scheduleOf(db, calendar, day, day), bookingsBySlot(db, calendar.sortKey, day), walkInsOf(db, staff, calendar.sortKey)]);
  const counts = schedule.schedule[day] ?? {};
  // The calendar's slots, and any slot a booking or a quota names that the calendar no longer lists.
  const keys = sortSlotKeys(new Set([...Object.keys(calendar.comaList), ...Object.keys(counts), ...bookings.keys()]));
  return {
    calendarId: calendar.sortKey,
    name: calendar.calendarName ?? calendar.sortKey,
    date: day,
    dayOff: schedule.dayOff[day] === 1,
    slots: keys.map((slot) => ({
      slot,
      start: calendar.comaList[slot]?.start ?? '',
      end: calendar.comaList[slot]?.end ?? '',
      quota: counts[slot]?.[0] ?? 0,
      held: counts[slot]?.[1] ?? 0,
      bookings: bookings.get(slot) ?? [],
    })),
    walkIns,
    canHandle: canDo(staff.role, 'handle'),
  };
};
