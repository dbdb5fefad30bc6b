/**
 * Sending a survey answer through the outbox: putItem with the rows and the config version the
 * form was drawn from, stored first (IndexedDB) and then sent with its idempotency key. The
 * outcome is the entry as it stands: delivered, or waiting (offline, or waiting for a sign-in).
 * A refusal throws like a refused call, so the form shows the server's messages per item.
 */
import type { Issue } from '@core/contract/envelope';
import type { AnswerRowInput } from '@core/contract/survey';
import { valuesFromRows } from '@core/form/rows';
import { levelTitlesOf, type ReservationItemConfig } from '../../calendar/categories';
import type { SendRequest } from '../../form/survey-form';
import { ApiClientError } from '../../lib/api-error';
import { storedRefusalTextOf } from '../../lib/error-text';
import { getStoredUserId } from '../../lib/session';
import type { OfflineDb, OutboxRow } from '../../offline/db';
import { loadDraft } from '../../offline/drafts';
import type { Outbox } from '../../offline/outbox';
import type { OutboxEntry } from '../../offline/outbox-snapshot';

export interface AnswerTarget {
  surveyId: string;
  /** The edited answer, when the page was opened for one. */
  partitionKey: string | null;
  title: string;
  /** The edited answer's 受付番号, when it has one. */
  replacesAnswerCode?: string | null;
  /** The answer's (first) reservation, for the queue list. */
  reservation?: { value: string; item: ReservationItemConfig } | undefined;
}

/** The rows an outbox entry carries (putItem's body). */
export const sentRowsOf = (entry: Pick<OutboxRow, 'request'>): AnswerRowInput[] => {
  const data = (entry.request.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as AnswerRowInput[]) : [];
};

/** The refusal an entry carries, as the error the form understands. */
export const rejectionOf = (entry: OutboxEntry): ApiClientError =>
  new ApiClientError({
    status: entry.lastError?.status ?? 400,
    code: entry.lastError?.code ?? 'rejected',
    errorMessage: entry.lastError?.message ?? '',
    issues: entry.lastError?.issues ? [...entry.lastError.issues] : undefined,
    itemIssues: entry.lastError?.itemIssues,
    needRefresh: entry.lastError?.needRefresh,
    checkDetail: entry.lastError?.checkDetail,
  });

export const sendThroughOutbox = async (
  outbox: Pick<Outbox, 'submit' | 'resubmit' | 'replay' | 'get'>,
  target: AnswerTarget,
  { rows, configVersion, order }: SendRequest,
  /** The refused entry this answer fixes (it is replaced, not left behind). */
  rejectedId: string | null,
): Promise<OutboxEntry> => {
  // Rows that carry a partition key change that answer (spec 01 §2 edit mode).
  const { partitionKey } = target;
  const data = partitionKey ? rows.map((r) => ({ ...r, partitionKey })) : rows;
  const input = {
    endpoint: 'surveyResultsPutItem' as const,
    // A payment form's cash or free order rides with the answer (spec 02 §4); a card payment
    // never comes here (survey-screen hands it to the provider online).
    request: { body: { data, configVersion, ...(order ? { order } : {}) } },
    meta: {
      surveyId: target.surveyId,
      ...(target.partitionKey ? { partitionKey: target.partitionKey } : {}),
      title: target.title,
      ...(target.replacesAnswerCode ? { replacesAnswerCode: target.replacesAnswerCode } : {}),
      ...(target.reservation ? { reservation: { value: target.reservation.value, item: levelTitlesOf(target.reservation.item) } } : {}),
    },
  };
  let entry: OutboxEntry | undefined;
  if (rejectedId) {
    const id = await outbox.resubmit(rejectedId, input);
    await outbox.replay();
    entry = await outbox.get(id);
    if (!entry) throw new Error(`outbox entry ${id} vanished`);
  } else {
    entry = await outbox.submit(input);
  }
  if (entry.status === 'rejected') throw rejectionOf(entry);
  return entry;
};

export interface Restored {
  values?: Readonly<Record<string, unknown>>;
  /** When `values` were written (ms): the draft's last save, or the refused entry's creation. */
  valuesAt?: number;
  issues?: { issues: readonly Issue[]; rows: readonly AnswerRowInput[] };
  rejectedId?: string;
  needRefresh?: boolean;
  /** The refusal's code (quota_exceeded: the slot went while the answer waited in the outbox). */
  errorCode?: string;
  /** The refusal's text of its own, if any (quota_exceeded's catalogue text; reservation_limit's message and detail). */
  errorText?: string;
}

/**
 * What the form reopens with: a refused answer of this survey (its values and the server's
 * messages), or the draft typed last (which wins over a refused answer's values when newer).
 */
export const loadRestored = async (db: OfflineDb, target: AnswerTarget): Promise<Restored> => {
  const userId = getStoredUserId();
  if (!userId) return {};
  const key = { userId, surveyId: target.surveyId, partitionKey: target.partitionKey };
  const [draft, rejected] = await Promise.all([
    loadDraft(key, { db }),
    db.outbox
      .where('[userId+status]')
      .equals([userId, 'rejected'])
      .filter((e) => e.meta.surveyId === target.surveyId && (e.meta.partitionKey ?? null) === target.partitionKey)
      .toArray(),
  ]);
  const latest = rejected.sort((a, b) => b.createdAt - a.createdAt)[0];
  const out: Restored = {};
  if (latest) {
    const rows = sentRowsOf(latest);
    out.values = valuesFromRows(rows);
    out.valuesAt = latest.createdAt;
    out.rejectedId = latest.id;
    out.issues = { issues: latest.lastError?.issues ?? [], rows };
    out.needRefresh = latest.lastError?.needRefresh === true;
    if (latest.lastError?.code) out.errorCode = latest.lastError.code;
    const text = storedRefusalTextOf(latest.lastError);
    if (text) out.errorText = text;
  }
  if (draft && (!latest || draft.updatedAt > latest.createdAt)) {
    out.values = draft.values;
    out.valuesAt = draft.updatedAt;
  }
  return out;
};
