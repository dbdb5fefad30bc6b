/**
 * The outbox's rows in IndexedDB: every change of an entry's state in outbox.ts's diagram is one
 * write here, checked against the row as it stands inside the write, since another tab may have
 * moved it meanwhile. What to send, when, and the session guard stay with createOutbox.
 */
import { draftKey } from './drafts';
import type { OfflineDb, OutboxRow } from './db';
import { AlreadySentError } from './outbox-deps';
import { isPending } from './outbox-snapshot';
import { nextAttemptDelay, type BackoffPolicy, type SendOutcome } from './send-failure';

export interface OutboxStoreDeps {
  db: OfflineDb;
  now: () => number;
  random: () => number;
  policy: BackoffPolicy;
  maxSendAttempts: number;
  /** How long a delivered entry stays listed before prune() removes it. */
  retention: number;
  /** The kiosk visit now (OutboxAuth.guardScope); null: the owner alone. */
  scope: () => string | null;
}

export const createOutboxStore = ({ db, now, random, policy, maxSendAttempts, retention, scope }: OutboxStoreDeps) => {
  const rowsOf = async (userId: string | null): Promise<OutboxRow[]> =>
    userId ? db.outbox.where('userId').equals(userId).toArray() : [];

  /** Inside a rw transaction on outbox. */
  const insert = async (row: OutboxRow): Promise<void> => {
    // A pending twin survives even a closed browser, which the session guard does not.
    const twin = await db.outbox
      .where('userId')
      .equals(row.userId)
      .filter((e) => e.fingerprint === row.fingerprint && isPending(e.status))
      .first();
    if (twin) throw new AlreadySentError(twin.id);
    // createdAt is the send order; two answers in the same millisecond (a double tap, a clock
    // set back) still get distinct, increasing values.
    const last = await db.outbox.orderBy('createdAt').last();
    const createdAt = last && last.createdAt >= row.createdAt ? last.createdAt + 1 : row.createdAt;
    await db.outbox.add({ ...row, createdAt });
  };

  /** Stores a new entry (strict durability: on disk when this resolves). */
  const add = (row: OutboxRow): Promise<void> => db.transaction('rw', db.outbox, () => insert(row));

  /**
   * Another user's waiting entries cannot be sent with this token: they wait as needs-auth
   * until their owner signs in on this device again (shared kiosk tablets).
   */
  const parkOthers = async (userId: string | null, t: number) => {
    await db.outbox
      .where('status')
      .anyOf('queued', 'sending')
      .filter((e) => e.userId !== userId)
      .modify({ status: 'needs-auth', updatedAt: t });
  };

  const parkForAuth = async (userId: string, t: number) => {
    await db.outbox
      .where('[userId+status]')
      .anyOf([userId, 'queued'], [userId, 'sending'])
      .modify((e: OutboxRow) => {
        e.status = 'needs-auth';
        e.updatedAt = t;
        e.nextAttemptAt = t;
        e.lastError ??= { status: 401, code: 'no_session', message: 'No valid session to send with' };
      });
  };

  const prune = async (t: number) => {
    await db.outbox
      .where('status')
      .equals('delivered')
      .filter((e) => e.updatedAt < t - retention)
      .delete();
  };

  const claim = (id: string, userId: string): Promise<OutboxRow | null> =>
    db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(id);
      if (!cur || cur.userId !== userId || !isPending(cur.status)) return null;
      const next: OutboxRow = { ...cur, status: 'sending', attempts: cur.attempts + 1, updatedAt: now() };
      await db.outbox.put(next);
      return next;
    });

  const settle = async (entry: OutboxRow, outcome: SendOutcome): Promise<void> => {
    const t = now();
    await db.transaction('rw', db.outbox, db.drafts, async () => {
      const cur = await db.outbox.get(entry.id);
      if (!cur) return;
      if (outcome.kind === 'delivered') {
        // Delivered wins over whatever a concurrent tab wrote: the server has it.
        if (cur.status === 'delivered') return;
        if (cur.scope !== undefined && cur.scope !== scope()) {
          await db.outbox.delete(cur.id);
          return;
        }
        await db.outbox.put({ ...cur, status: 'delivered', answer: outcome.answer, lastError: undefined, updatedAt: t, nextAttemptAt: t });
        // The draft is done with, unless the resident typed a new one after pressing 送信.
        const key = draftKey({ userId: cur.userId, surveyId: cur.meta.surveyId, partitionKey: cur.meta.partitionKey ?? null });
        const draft = await db.drafts.get(key);
        if (draft && draft.updatedAt <= cur.createdAt) await db.drafts.delete(key);
        return;
      }
      if (cur.status !== 'sending') return;
      if (outcome.kind === 'retry') {
        const { retryAfterMs } = outcome;
        const lastError = retryAfterMs === undefined ? outcome.error : { ...outcome.error, notBefore: t + retryAfterMs };
        // attempts counts every send since the entry was made (or resent): each one failed but this.
        const stalled = cur.attempts >= maxSendAttempts;
        await db.outbox.put({
          ...cur,
          status: stalled ? 'stalled' : 'queued',
          lastError,
          updatedAt: t,
          nextAttemptAt: t + nextAttemptDelay(cur.attempts, random(), policy, retryAfterMs),
        });
      } else if (outcome.kind === 'needs-auth') {
        await db.outbox.put({ ...cur, status: 'needs-auth', lastError: outcome.error, updatedAt: t, nextAttemptAt: t });
      } else {
        await db.outbox.put({ ...cur, status: 'rejected', lastError: outcome.error, updatedAt: t });
      }
    });
  };

  /** Stalled entries of this owner (all, or the one `id`) queued again as they are: same key, attempts from 0. */
  const requeueStalled = (userId: string | null, id?: string): Promise<number> => {
    if (!userId) return Promise.resolve(0);
    const t = now();
    return db.outbox
      .where('[userId+status]')
      .equals([userId, 'stalled'])
      .filter((e) => id === undefined || e.id === id)
      .modify((e: OutboxRow) => {
        e.status = 'queued';
        e.attempts = 0;
        e.nextAttemptAt = t;
        e.updatedAt = t;
      });
  };

  /** discard's write: the removed row, or null when it is not this owner's or is being sent. */
  const remove = (id: string, userId: string | null): Promise<OutboxRow | null> =>
    db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(id);
      if (!cur || cur.userId !== userId || cur.status === 'sending') return null;
      await db.outbox.delete(id);
      return cur;
    });

  /** A rejected entry of this owner whose refusal its open form showed (OutboxRow.atForm). */
  const markAtForm = (id: string, userId: string | null): Promise<void> =>
    db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(id);
      if (cur && cur.userId === userId && cur.status === 'rejected') await db.outbox.put({ ...cur, atForm: true });
    });

  /** resubmit's write: the rejected entry goes and its fixed answer comes in one transaction. */
  const replaceRejected = (rejectedId: string, row: OutboxRow): Promise<void> =>
    db.transaction('rw', db.outbox, async () => {
      const old = await db.outbox.get(rejectedId);
      if (!old || old.userId !== row.userId || old.status !== 'rejected') {
        throw new Error(`outbox entry ${rejectedId} is not a rejected entry of this user`);
      }
      await db.outbox.delete(rejectedId);
      await insert(row);
    });

  return { rowsOf, add, parkOthers, parkForAuth, prune, claim, settle, requeueStalled, remove, replaceRejected, markAtForm };
};
