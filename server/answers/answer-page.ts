/**
 * One answer as the console's answer page shows it: every item of the form (admin items too) with
 * its display value, the reservation, the order and payment, the files it names, the member
 * number and its history. The history is what the rows tell (created, updated), the 取り消し
 * records it superseded, followed back, and its `answer_events`: each status change with who made
 * it (the resident, a staff member by name, the system), from → to, and the staff member's note.
 */
import type { Kysely, Transaction } from 'kysely';
import { listLineMessages } from '../store/line-messages';
import type { AnswerPage } from '@core/contract/staff-answers';
import type { PaymentStatus } from '@core/contract/payment';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { parseSecureFileValue } from '@core/items/secure-files';
import { isReservationItem } from '@core/rules/reservation-value';
import type { Database } from '../store/schema';
import { rowsOfAnswers, supersededBy } from '../store/answer-heads';
import { eventsOfAnswer } from '../store/answer-events';
import { findUserOrderOfAnswer } from '../store/payment-orders';
import { findUserFiles } from '../store/files';
import { placeReader, displayValueOf } from './answer-display';
import type { ListedAnswer } from './answer-list';

type Db = Kysely<Database> | Transaction<Database>;
type History = AnswerPage['history'];

/** Superseded records followed back at most this far (an answer amended more often shows its latest ones). */
const CHAIN_MAX = 50;

const residentOf = (a: Pick<ListedAnswer, 'userId'>) => ({ kind: 'resident' as const, id: a.userId });

const readEvents = async (db: Db, partitionKey: string): Promise<History> =>
  (await eventsOfAnswer(db, partitionKey)).map((e) => ({
    at: e.at,
    kind: e.kind,
    actor: { kind: e.actor.kind, id: e.actor.id, ...(e.actor.name ? { name: e.actor.name } : {}) },
    ...(e.from !== null ? { from: e.from } : {}),
    ...(e.to !== null ? { status: e.to } : {}),
    ...(e.note !== null ? { note: e.note } : {}),
  }));

const chainOf = async (db: Db, surveyId: string, answer: ListedAnswer): Promise<History> => {
  const out: History = [];
  let createdAt = answer.createdAt;
  for (let i = 0; i < CHAIN_MAX; i += 1) {
    const [old] = await supersededBy(db, surveyId, answer.userId, createdAt);
    if (!old) break;
    const rows = await rowsOfAnswers(db, surveyId, [old.partitionKey]);
    out.push({ at: createdAt, kind: 'superseded', actor: residentOf(answer), partitionKey: old.partitionKey, answerCode: rows.find((r) => r.answerCode)?.answerCode ?? null, status: '取り消し' });
    createdAt = old.createdAt;
  }
  return out;
};

const memberNumberOf = async (db: Db, config: Pick<ServedSurveyConfig, 'surveySchema'>, answer: ListedAnswer): Promise<string | null> => {
  const item = config.surveySchema.find((i) => i.type === 'memberNumber');
  const own = item ? answer.rows.find((r) => r.itemKey === item.itemKey && r.value !== '')?.value : undefined;
  if (own) return own;
  const linked = await db
    .selectFrom('member_numbers as n')
    .innerJoin('member_results as m', 'm.partition_key', 'n.partition_key')
    .select('n.saiban')
    .where('m.user_id', '=', answer.userId)
    .orderBy('n.created_at')
    .limit(1)
    .executeTakeFirst();
  return linked?.saiban ?? null;
};

export const answerPageOf = async (db: Db, config: ServedSurveyConfig, answer: ListedAnswer): Promise<AnswerPage> => {
  const places = placeReader(db);
  const known = new Set(config.surveySchema.map((i) => i.itemKey));
  const items: AnswerPage['items'] = [];
  for (const item of config.surveySchema) {
    const values = answer.rows.filter((r) => r.itemKey === item.itemKey).map((r) => r.value);
    items.push({ itemKey: item.itemKey, title: item.title || item.itemKey, type: item.type, isAdminItem: item.isAdminItem === true, values, display: await displayValueOf(item, values, places) });
  }
  // Rows of items the form no longer has are still the answer's.
  for (const r of answer.rows.filter((x) => !known.has(x.itemKey))) {
    const prior = items.find((i) => i.itemKey === r.itemKey);
    if (prior) prior.values.push(r.value);
    else items.push({ itemKey: r.itemKey, title: r.title || r.itemKey, type: '', isAdminItem: false, values: [r.value], display: '' });
  }
  for (const i of items.filter((x) => x.type === '')) i.display = await displayValueOf(undefined, i.values, places);

  const reservationItem = config.surveySchema.find(isReservationItem);
  const reservationValue = reservationItem ? answer.rows.find((r) => r.itemKey === reservationItem.itemKey && r.value !== '')?.value : undefined;
  const shown = reservationValue ? await places(reservationValue) : null;
  const live = shown
    ? (await db.selectFrom('reservations').select('partition_key').where('partition_key', '=', answer.partitionKey).limit(1).executeTakeFirst()) !== undefined
    : false;

  const stored = await findUserOrderOfAnswer(db, answer.userId, answer.partitionKey);
  const fileIds = config.surveySchema
    .filter((i) => i.type === 'secureFiles' || i.type === 'image')
    .flatMap((i) => answer.rows.filter((r) => r.itemKey === i.itemKey && r.value !== '').map((r) => (i.type === 'secureFiles' ? (parseSecureFileValue(r.value)?.id ?? '') : r.value)));
  const files = (await findUserFiles(db, answer.userId, fileIds.filter((f) => f !== ''))).map((f) => ({ fileId: f.file_id, itemKey: f.item_key ?? '', name: f.name, kind: f.kind, status: f.status }));

  const events = await readEvents(db, answer.partitionKey);
  const history: History = [{ at: answer.createdAt, kind: 'created', actor: residentOf(answer), answerCode: answer.answerCode }];
  // The rows' last change, unless an event already says it (and who made it).
  if (answer.updatedAt !== answer.createdAt && !events.some((e) => e.at === answer.updatedAt)) history.push({ at: answer.updatedAt, kind: 'updated', status: answer.status });
  history.push(...(await chainOf(db, config.surveyId, answer)), ...events);
  // Newest first; at one instant, what came later in the list (an amend's event after its creation) first.
  const order = new Map(history.map((h, i) => [h, i]));
  history.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : (order.get(b) ?? 0) - (order.get(a) ?? 0)));

  return {
    surveyId: config.surveyId,
    title: config.surveyTitle,
    partitionKey: answer.partitionKey,
    userId: answer.userId,
    answerCode: answer.answerCode,
    status: answer.status,
    createdAt: answer.createdAt,
    updatedAt: answer.updatedAt,
    registrantName: answer.registrantName,
    memberNumber: await memberNumberOf(db, config, answer),
    items,
    reservation: shown ? { ...shown, live } : null,
    order: stored
      ? { orderId: stored.orderId, order: stored.order, phase: stored.phase, status: stored.status as PaymentStatus | null, amountWithTax: stored.amountWithTax, completedAt: stored.completedAt, canceledAt: stored.canceledAt }
      : null,
    files,
    history,
    lineMessages: (await listLineMessages(db, [answer.partitionKey])).map((m) => ({
      id: m.id,
      kind: m.kind,
      dueAt: m.due_at,
      state: m.state,
      requestId: m.request_id,
      reason: m.reason,
      updatedAt: m.updated_at,
    })),
  };
};
