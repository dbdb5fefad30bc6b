/**
 * Sending a survey answer through the outbox: putItem with the rows and the config version the
 * form was drawn from, stored first (IndexedDB) and then sent with its idempotency key. The
 * outcome is the entry as it stands: delivered, or waiting (offline, or waiting for a sign-in).
 * A refusal throws like a refused call, so the form shows the server's messages per item.
 */
import { levelTitlesOf, type ReservationItemConfig } from '../../calendar/categories';
import type { SendRequest } from '../../form/survey-form';
import { ApiClientError } from '../../lib/api-error';
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
  outbox: Pick<Outbox, 'submit' | 'resubmit' | 'replay' | 'get' | 'refusedAtForm'>,
  target: AnswerTarget,
  { rows, configVersion, order }: SendRequest,
  /** The refused entry this answer fixes (it is replaced, not left behind). */
  rejectedId: string | null,
  /** Told the id of an entry refused at once: the form's next send replaces it (resubmit). */
  onRefused?: (id: string) => void,
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
  if (entry.status === 'rejected') {
    // Refused while the resident waits at the form: the form shows why and is where it is fixed,
    // so the entry is no answer to check (要確認); it stays, to reopen the form with its messages.
    await outbox.refusedAtForm(entry.id);
    onRefused?.(entry.id);
    throw rejectionOf(entry);
  }
  return entry;
};
