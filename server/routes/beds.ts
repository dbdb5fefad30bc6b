/**
 * Bed reservation calls of spec 02 §7. The user is the verified token's only: the history of
 * another userId answers 404 like one that does not exist. Every write re-checks the stay (1–14
 * nights, real dates, the booking rule, the cancel deadline) and the form's fields with the
 * validators putItem uses, then claims or gives back its nights in one transaction
 * (server/beds/write.ts).
 *
 * A day with no bed count (outside the ward's imported span) answers bedRemaining 0.
 */
import { Temporal } from 'temporal-polyfill';
import {
  bedReservationBeds,
  bedReservationCalendar,
  bedReservationCancel,
  bedReservationCreate,
  bedReservationHistory,
  bedReservationRule,
  bedReservationUpdate,
} from '@core/contract/bed';
import type { AnswerRowInput } from '@core/contract/survey';
import { todayInTokyo } from '@core/ja/date-input';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { checkSubmission, type PutItemBody } from '../answers/check';
import { findEnabledSurveyConfig } from '../store/configs';
import { categoryLookupFor } from '../store/calendars';
import { listStays, readNights, readWard } from '../store/beds';
import { chosenBedOf, historyEntry, refuseStart, splitStayRows, stayResultRows, type StoredField } from '../beds/stay';
import { cancelStay, changeStay, createStay } from '../beds/write';
import { lineOutboxOf, queueLineMessages } from '../line/outbox';
import type { ServedSurveyConfig } from '@core/form/survey-config';

export const registerBedRoutes = (ctx: RouteContext): void => {
  const db = ctx.deps.store.db;

  const wardOf = async (surveyId: string) => {
    const ward = await readWard(db, surveyId);
    if (!ward) throw refuse('bed_ward_not_found');
    return ward;
  };

  /** The form's rows validated as putItem validates them, kept with their item's title. */
  const checkedFields = async (config: ServedSurveyConfig | null, rows: AnswerRowInput[]): Promise<StoredField[]> => {
    const categoryOf = config ? await categoryLookupFor(db, config, rows) : () => null;
    const { rows: kept } = checkSubmission(config, { data: rows.map(({ partitionKey: _pk, ...r }) => r) } as PutItemBody, null, ctx.deps.config.features, categoryOf);
    const titles = new Map((config as ServedSurveyConfig).surveySchema.map((i) => [i.itemKey, i.title ?? i.itemKey]));
    return kept.map((r) => ({ itemKey: r.itemKey, value: r.value, title: titles.get(r.itemKey) ?? r.itemKey }));
  };

  /** Everything a create or change can refuse before its transaction. */
  const prepare = async (surveyId: string, data: AnswerRowInput[], editing: boolean) => {
    const ward = await wardOf(surveyId);
    const { stay, fields, partitionKey } = splitStayRows(surveyId, data);
    const today = todayInTokyo();
    refuseStart(stay, ward, today, editing);
    const config = await findEnabledSurveyConfig(db, surveyId);
    const checked = await checkedFields(config, fields);
    return { ward, stay, fields: checked, bedId: chosenBedOf(config as ServedSurveyConfig, checked, ward), partitionKey, today };
  };

  const outbox = lineOutboxOf(ctx.deps);
  const stayRef = (row: { survey_id: string; user_id: string; partition_key: string }) => ({ surveyId: row.survey_id, userId: row.user_id, partitionKey: row.partition_key });
  const saved = (row: Parameters<typeof stayResultRows>[0]) => ({
    result: 'OK' as const,
    data: { partitionKey: row.partition_key, data: stayResultRows(row) },
  });

  ctx.route(bedReservationCreate, async ({ params, body, user, commit }) => {
    const p = await prepare(params.surveyId, body.data, false);
    if (p.partitionKey) throw refuse('bed_partition_key', undefined, { issues: [{ path: 'data', message: 'partitionKey' }] });
    return commit(async (trx) => {
      const row = await createStay(trx, { ward: p.ward, userId: user.userId, stay: p.stay, fields: p.fields, bedId: p.bedId });
      await queueLineMessages(trx, outbox, stayRef(row), { kind: 'stay_booked', changed: false });
      return saved(row);
    });
  });

  ctx.route(bedReservationUpdate, async ({ params, body, user, commit }) => {
    const p = await prepare(params.surveyId, body.data, true);
    const partitionKey = p.partitionKey as string;
    return commit(async (trx) => {
      const row = await changeStay(trx, { ward: p.ward, userId: user.userId, stay: p.stay, fields: p.fields, bedId: p.bedId, partitionKey, today: p.today });
      await queueLineMessages(trx, outbox, stayRef(row), { kind: 'stay_booked', changed: true });
      return saved(row);
    });
  });

  ctx.route(bedReservationCancel, async ({ params, body, user, commit }) => {
    const ward = await wardOf(params.surveyId);
    return commit(async (trx) => {
      const row = await cancelStay(trx, { ward, userId: user.userId, partitionKey: body.partitionKey, today: todayInTokyo() });
      await queueLineMessages(trx, outbox, stayRef(row), { kind: 'stay_cancelled', status: null });
      return saved(row);
    });
  });

  ctx.route(bedReservationHistory, async ({ params, user }) => {
    if (params.userId !== user.userId) throw refuse('bed_ward_not_found');
    await wardOf(params.surveyId);
    return { result: 'OK', data: (await listStays(db, params.surveyId, user.userId)).map(historyEntry) };
  });

  ctx.route(bedReservationCalendar, async ({ params, query }) => {
    await wardOf(params.surveyId);
    const counts = new Map((await readNights(db, params.surveyId, query.startDate, query.endDate)).map((n) => [n.night, n.capacity - n.reserved]));
    const out: { date: string; bedRemaining: number }[] = [];
    const last = Temporal.PlainDate.from(query.endDate);
    for (let d = Temporal.PlainDate.from(query.startDate); Temporal.PlainDate.compare(d, last) <= 0; d = d.add({ days: 1 })) {
      out.push({ date: d.toString(), bedRemaining: Math.max(0, counts.get(d.toString()) ?? 0) });
    }
    return { result: 'OK', data: out };
  });

  ctx.route(bedReservationBeds, async ({ params }) => {
    const ward = await wardOf(params.surveyId);
    return { result: 'OK', data: ward.beds.map((b) => ({ bedId: b.bedId, bedName: b.bedName })) };
  });

  ctx.route(bedReservationRule, async ({ params }) => {
    const ward = await wardOf(params.surveyId);
    return { result: 'OK', data: { reservationPossibleStart: ward.reservationPossibleStart, reservationCancelLimit: ward.reservationCancelLimit } };
  });
};
