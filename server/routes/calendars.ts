/**
 * The calendar reads of spec 02 §7 and the pre-submit reservation check. Reads only: slots are
 * claimed in the answer's transaction (server/reservations), never here.
 *
 * Choices where the spec is silent:
 * - An id that names nothing answers 404 (schedule, categories/{id}, info, canBeReserve,
 *   item_info, day-off-count). canBeReserve's "false must be an OK answer" is about a calendar
 *   that exists and cannot be booked now; an unknown one cannot be shown at all.
 * - schedule/{id}, info/{id}, canBeReserve/{id} and day-off-count's categoryId take a category
 *   id or a calendar id, as the first part of a reservation value does (§3).
 * - canBeReserve is false when the calendar is off (calendarOff = 1) or when no slot in the
 *   bookable window (core/rules/reservation-window.ts) has at least one place left on a day that
 *   is not a day off. One place, not an item's cost: the call names a calendar, not an item, and
 *   the slot screen greys out what a costlier item cannot take.
 * - day-off-count counts the calendar's days off from fromDate to toDate, both included.
 */
import {
  calendarsCanBeReserve,
  calendarsCategories,
  calendarsCategoriesTree,
  calendarsCategory,
  calendarsDayOffCount,
  calendarsDisplaySettings,
  calendarsGetCalendars,
  calendarsInfo,
  calendarsItemInfo,
  calendarsReservationPaymentProducts,
  calendarsSchedule,
  calendarsTagLabels,
  surveyResultsCheckReservation,
} from '@core/contract/calendars';
import { bookableWindow } from '@core/rules/reservation-window';
import { limitRefusal } from '@core/rules/reservation-limits';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { requireKioskForm } from '../auth/kiosk';
import { listReservationProducts } from '../store/payment-catalogue';
import {
  categoriesByTags,
  categoryTree,
  dayOffsBetween,
  findCategoryRow,
  hasOpenSlot,
  listCalendars,
  listItems,
  readDisplaySettings,
  readTagLabels,
  resolveCalendar,
  scheduleOf,
  toCategory,
} from '../store/calendars';
import { findEnabledSurveyConfig } from '../store/configs';
import { countUserReservations } from '../store/reservations';

export const registerCalendarRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;
  const db = store.db;

  const calendarOf = async (id: string) => {
    const found = await resolveCalendar(db, id);
    if (!found) throw refuse('calendar_not_found');
    return found.calendar;
  };

  ctx.route(calendarsGetCalendars, async () => ({ result: 'OK', data: await listCalendars(db) }));

  ctx.route(calendarsSchedule, async ({ params, query }) => {
    const calendar = await calendarOf(params.id);
    return { result: 'OK', data: await scheduleOf(db, calendar, query.start_day, query.end_day) };
  });

  ctx.route(calendarsCategory, async ({ params }) => {
    const row = await findCategoryRow(db, params.id);
    if (!row) throw refuse('category_not_found');
    return { result: 'OK', data: toCategory(row) };
  });

  ctx.route(calendarsCategories, async ({ query }) => ({ result: 'OK', data: await categoriesByTags(db, query) }));

  ctx.route(calendarsCategoriesTree, async () => ({ result: 'OK', data: await categoryTree(db) }));

  ctx.route(calendarsTagLabels, async () => ({ result: 'OK', data: await readTagLabels(db) }));

  ctx.route(calendarsInfo, async ({ params }) => ({ result: 'OK', data: await calendarOf(params.id) }));

  ctx.route(calendarsCanBeReserve, async ({ params }) => {
    const calendar = await calendarOf(params.id);
    if (calendar.calendarOff === 1) return { result: 'OK', data: { canBeReserve: false } };
    const window = bookableWindow(calendar, todayInTokyo());
    const open = await hasOpenSlot(db, calendar.sortKey, window.first.toString(), window.last?.toString() ?? null);
    return { result: 'OK', data: { canBeReserve: open } };
  });

  ctx.route(calendarsItemInfo, async ({ params }) => {
    if (!(await findCategoryRow(db, params.id))) throw refuse('category_not_found');
    return { result: 'OK', data: await listItems(db, params.id) };
  });

  // `{id}` is a category: the products whose reservationPaymentItemId names one of its items
  // (payment-bundle.ts); none is an empty list, not an error.
  ctx.route(calendarsReservationPaymentProducts, async ({ params, query }) => ({
    result: 'OK',
    data: await listReservationProducts(db, params.id, query.serviceId),
  }));

  ctx.route(calendarsDisplaySettings, async () => ({ result: 'OK', data: await readDisplaySettings(db) }));

  ctx.route(calendarsDayOffCount, async ({ query }) => {
    const calendar = await calendarOf(query.categoryId);
    return { result: 'OK', data: { count: (await dayOffsBetween(db, calendar.sortKey, query.fromDate, query.toDate)).length } };
  });

  /**
   * Spec 02 §5/§7: would one more reservation of this user break the per-user limits? The limits
   * and the range come from the body (the client read them from the calendar's info); the counts
   * are always of the signed-in user's live reservations, never of the body's userId. The body
   * names no calendar, so "calendar off" cannot be judged here: canBeReserve answers it before
   * the calendar opens, and the answer's write refuses it (CALENDAR_OFF_MESSAGE). A refusal is a
   * business answer (200, result ERROR) the client shows as "{errorMessage}（{checkDetail}）".
   */
  ctx.route(surveyResultsCheckReservation, async ({ body, user, c }) => {
    // A kiosk's principal has no answers of its own: its counts are a new visitor's (none).
    requireKioskForm(user, body.surveyId);
    const cfg = await findEnabledSurveyConfig(db, body.surveyId);
    if (!cfg) throw refuse('survey_not_found');
    const item = cfg.surveySchema.find((i) => i.itemKey === body.itemKey);
    if (!item || item.type !== 'reservation') {
      throw refuse('not_reservation_item', { itemKey: body.itemKey }, { issues: [{ path: 'body.itemKey', message: 'not a reservation item' }] });
    }
    const counts = await countUserReservations(db, {
      surveyId: body.surveyId,
      userId: user.userId,
      day: body.targetDay,
      // A missing range end is open: every reservation of the survey on that side counts.
      range: body.dayCheckOnly ? null : { from: body.from ?? '0000-01-01', to: body.to ?? '9999-12-31' },
      excludePartition: body.partitionKey ?? null,
    });
    const refusal = limitRefusal({
      maxCount: body.maxCount,
      maxCountOfDay: body.maxCountOfDay,
      countInRange: counts.inRange,
      countOnDay: counts.onDay,
      dayCheckOnly: body.dayCheckOnly,
    });
    if (refusal) return { result: 'ERROR', requestId: c.get('requestId'), code: refusal.code, errorMessage: refusal.errorMessage, checkDetail: refusal.checkDetail };
    return { result: 'OK' };
  });
};
