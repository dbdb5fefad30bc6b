/**
 * The outbox as the screens see it (badge, queue list, a sent answer's status): plain data, apart
 * from outbox.ts, so the first screen shows an empty outbox without loading Dexie (load.ts).
 */
import type { OutboxError, OutboxRow, OutboxStatus } from './db';

export type OutboxEntry = Readonly<OutboxRow>;

export interface OutboxSnapshot {
  /** Whose entries these are; null when nobody is signed in (then the list is empty). */
  userId: string | null;
  /** This resident's entries, newest first, delivered ones included for a while. */
  entries: readonly OutboxEntry[];
  /** queued + sending + needs-auth: the badge count. */
  waiting: number;
  /** Some entries wait for the resident to sign in again. */
  needsAuth: boolean;
  /** Refused entries to check (要確認): not those refused while their form was open (atForm). */
  rejected: number;
  /** Entries the outbox stopped sending on its own (要確認): they wait for the resident's 再送信. */
  stalled: number;
  /** The newest error among entries not delivered. */
  lastError: (OutboxError & { entryId: string; at: number }) | null;
  /** The earliest time a queued entry may be tried again (for the timer trigger). */
  nextAttemptAt: number | null;
  replaying: boolean;
}

export const EMPTY_OUTBOX_SNAPSHOT: OutboxSnapshot = {
  userId: null,
  entries: [],
  waiting: 0,
  needsAuth: false,
  rejected: 0,
  stalled: 0,
  lastError: null,
  nextAttemptAt: null,
  replaying: false,
};

const PENDING: readonly OutboxStatus[] = ['queued', 'sending', 'needs-auth'];
export const isPending = (s: OutboxStatus) => PENDING.includes(s);

export const summarizeOutbox = (userId: string | null, rows: readonly OutboxRow[], replaying: boolean): OutboxSnapshot => {
  const entries = [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  let lastError: OutboxSnapshot['lastError'] = null;
  let nextAttemptAt: number | null = null;
  let waiting = 0;
  let rejected = 0;
  let stalled = 0;
  let needsAuth = false;
  for (const e of entries) {
    if (isPending(e.status)) waiting += 1;
    if (e.status === 'needs-auth') needsAuth = true;
    if (e.status === 'rejected' && !e.atForm) rejected += 1;
    if (e.status === 'stalled') stalled += 1;
    if (e.status === 'queued') nextAttemptAt = nextAttemptAt === null ? e.nextAttemptAt : Math.min(nextAttemptAt, e.nextAttemptAt);
    if (e.lastError && e.status !== 'delivered' && (!lastError || e.updatedAt > lastError.at)) {
      lastError = { ...e.lastError, entryId: e.id, at: e.updatedAt };
    }
  }
  return { userId, entries, waiting, needsAuth, rejected, stalled, lastError, nextAttemptAt, replaying };
};
