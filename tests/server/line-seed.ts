/**
 * Due LINE messages written straight into a database the way the outbox writes them (a ledger
 * row and its job, in one transaction), for the process tests and the reminder benchmark, which
 * need thousands of them due at once rather than thousands of bookings.
 */
import crypto from 'node:crypto';
import type { JobQueue } from '../../server/jobs/queue';
import { LINE_SEND_ATTEMPTS, LINE_SEND_JOB } from '../../server/line/outbox';
import { insertLineMessages } from '../../server/store/line-messages';
import type { Store } from '../../server/store/open';
import type { LineMessageTable } from '../../server/store/schema';

export const lineUserId = (): string => `U${crypto.randomBytes(16).toString('hex')}`;

/** `n` reminders due at `dueAt` (now when absent) to `users` in turn; answers their ids. */
export const seedDueReminders = async (store: Store, jobs: JobQueue, n: number, o: { dueAt?: Date; users?: string[] } = {}): Promise<string[]> => {
  const users = o.users ?? [lineUserId()];
  const due = (o.dueAt ?? new Date()).toISOString();
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows: LineMessageTable[] = Array.from({ length: Math.min(500, n - start) }, (_, i) => ({
      id: crypto.randomUUID(),
      survey_id: 'seed',
      partition_key: `seed#${start + i}`,
      user_id: users[(start + i) % users.length] as string,
      kind: 'reminder',
      due_at: due,
      state: 'queued',
      message_json: JSON.stringify({ type: 'text', text: `予約日が近づいています（${start + i + 1}）` }),
      request_id: null,
      reason: null,
      created_at: now,
      updated_at: now,
    }));
    await store.write(async (trx) => {
      await insertLineMessages(trx, rows);
      for (const r of rows) await jobs.enqueue(trx, { name: LINE_SEND_JOB, payload: { messageId: r.id }, runAt: new Date(due), uniqueKey: `line:${r.id}`, maxAttempts: LINE_SEND_ATTEMPTS });
    });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
};

/** The ledger's states by count, e.g. { sent: 1000 }. */
export const ledgerStates = async (store: Store): Promise<Record<string, number>> => {
  const rows = await store.db.selectFrom('line_messages').select(['state']).select((eb) => eb.fn.countAll().as('n')).groupBy('state').execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
};
