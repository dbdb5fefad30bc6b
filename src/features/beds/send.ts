/**
 * Bed writes through the outbox, as the survey answers go: stored first (IndexedDB), then sent with
 * their idempotency key, so a weak connection neither loses a stay nor books it twice. A refusal
 * throws with the server's text; an entry still waiting (offline) is returned as it stands.
 */
import type { AnswerRowInput } from '@core/contract/survey';
import type { Outbox } from '../../offline/outbox';
import type { OutboxEntry } from '../../offline/outbox-snapshot';

export class BedWriteRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'BedWriteRefused';
  }
}

const settled = (entry: OutboxEntry): OutboxEntry => {
  if (entry.status === 'rejected') throw new BedWriteRefused(entry.lastError?.message ?? '', entry.lastError?.code);
  return entry;
};

export interface StayTarget {
  surveyId: string;
  title: string;
  /** The stay being changed; null for a new one. */
  partitionKey: string | null;
}

/** PUT when the stay exists (its rows carry its partitionKey), else POST (spec 02 §7). */
export const sendStay = async (outbox: Pick<Outbox, 'submit'>, target: StayTarget, rows: AnswerRowInput[]): Promise<OutboxEntry> => {
  const meta = { surveyId: target.surveyId, title: target.title, ...(target.partitionKey ? { partitionKey: target.partitionKey } : {}) };
  const params = { surveyId: target.surveyId };
  const { partitionKey } = target;
  return settled(
    partitionKey
      ? await outbox.submit({ endpoint: 'bedReservationUpdate', request: { params, body: { data: rows.map((r) => ({ ...r, partitionKey })) } }, meta })
      : await outbox.submit({ endpoint: 'bedReservationCreate', request: { params, body: { data: rows } }, meta }),
  );
};

export const sendCancel = async (outbox: Pick<Outbox, 'submit'>, target: StayTarget & { partitionKey: string }): Promise<OutboxEntry> =>
  settled(
    await outbox.submit({
      endpoint: 'bedReservationCancel',
      request: { params: { surveyId: target.surveyId }, body: { partitionKey: target.partitionKey } },
      meta: { surveyId: target.surveyId, title: target.title, partitionKey: target.partitionKey },
    }),
  );
