/**
 * The outbox: every write a resident makes is stored first (IndexedDB, strict durability) and
 * then sent, so a weak connection, a killed LINE browser or an expired login never loses it and
 * the server never stores it twice.
 *
 * Exactly once: the entry's id is a client-made idempotency key, written to disk before the first
 * send and sent with every attempt, in every tab and after every reload; the server keeps the
 * first answer per key and replays it. Single flight (one replay per page, and one per origin
 * where the Web Locks API exists) saves requests but is not what makes it safe.
 *
 * States of an entry:
 *
 *   queued ──claim──▶ sending ──2xx──────────────▶ delivered (answer kept, draft cleared)
 *     ▲                  │ ├─network/timeout/5xx/429/409 temporary_locked─▶ queued (+backoff,
 *     │                  │ │                                  at least the server's Retry-After)
 *     │                  │ │   … the MAX_SEND_ATTEMPTS-th such failure in a row ─▶ stalled (要確認)
 *     │                  │ ├─401 (403 "IdToken expired")──────────────▶ needs-auth
 *     │                  │ └─other 4xx, ERROR envelope────────────────▶ rejected (data + error kept)
 *     └─(no token)── needs-auth ◀── (sign-out, another user signed in)
 *   needs-auth ──owner signs in again──▶ sending
 *   stalled ──resend(id): the resident's 再送信──▶ queued (same key, attempts from 0)
 *   rejected / stalled / queued / needs-auth ──discard(id): explicit user action only──▶ (removed)
 *
 * A `sending` entry found by a replay is one whose page died mid-send: it is sent again with the
 * same key (the server answers the first result, or 409 temporary_locked while that still runs).
 * Inside one survey, entries go in the order they were made; a waiting entry holds back the later
 * ones of its survey only.
 *
 * Beside it: outbox-deps.ts (what it is given: sender, session, lock), outbox-store.ts (each state
 * change as one database write), outbox-feed.ts (the snapshot the screens watch).
 */
import { createUserCompletionGuard, outboxFingerprint, type UserCompletionGuard } from './completion-guard';
import type { OfflineDb, OutboxRow } from './db';
import { AlreadySentError, createApiSender, OutboxNotSignedInError, sessionOutboxAuth, webLockRunner } from './outbox-deps';
import type { EnqueueInput, LockRunner, OutboxAuth, OutboxEndpointName, OutboxSender, OutboxToken } from './outbox-deps';
import { createOutboxFeed } from './outbox-feed';
import { isPending, type OutboxEntry } from './outbox-snapshot';
import { createOutboxStore } from './outbox-store';
import { classifySendFailure, DEFAULT_BACKOFF, MAX_SEND_ATTEMPTS, type BackoffPolicy, type SendOutcome } from './send-failure';

export * from './outbox-deps';
export { EMPTY_OUTBOX_SNAPSHOT, type OutboxEntry, type OutboxSnapshot } from './outbox-snapshot';
export {
  backoffDelay,
  classifySendFailure,
  DEFAULT_BACKOFF,
  MAX_SEND_ATTEMPTS,
  type BackoffPolicy,
  type SendOutcome,
} from './send-failure';

export interface ReplayOptions {
  /** Send queued entries now, whatever their backoff (the resident pressed 今すぐ再送信). */
  ignoreBackoff?: boolean;
  /** The network came back: entries that failed for lack of it need not wait out their backoff. */
  networkBack?: boolean;
}

export interface ReplayReport {
  /** Sends started (each through the API client's retry rule). */
  sent: number;
}

export interface OutboxDeps {
  db: OfflineDb;
  sender?: OutboxSender;
  auth?: OutboxAuth;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  guard?: UserCompletionGuard;
  /** null: no cross-tab lock (single flight per page only). Default: Web Locks when present. */
  lock?: LockRunner | null;
  backoff?: Partial<BackoffPolicy>;
  /** Failed sends in a row before an entry stalls (default MAX_SEND_ATTEMPTS). */
  maxSendAttempts?: number;
  /** How long a delivered entry stays listed (its answer readable) before it is pruned. */
  deliveredRetentionMs?: number;
  onError?: (error: unknown) => void;
  /**
   * Before an entry is sent: false holds it (and the later entries of its survey) for now. The
   * page's outbox delivers the secure files an answer names first (uploads.ts secureFilesFirst).
   */
  filesFirst?: (entry: OutboxRow) => Promise<boolean>;
}

export const OUTBOX_LOCK_NAME = 'liff-forms-outbox';
const DAY = 24 * 60 * 60_000;

const byCreated = (a: OutboxRow, b: OutboxRow) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);

export const createOutbox = (deps: OutboxDeps) => {
  const { db } = deps;
  const sender = deps.sender ?? createApiSender();
  const auth = deps.auth ?? sessionOutboxAuth;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const guard = deps.guard ?? createUserCompletionGuard();
  const lock = deps.lock === undefined ? webLockRunner() : deps.lock;
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...deps.backoff };
  const maxSendAttempts = deps.maxSendAttempts ?? MAX_SEND_ATTEMPTS;
  const retention = deps.deliveredRetentionMs ?? 7 * DAY;
  const onError = deps.onError ?? ((e: unknown) => console.warn('outbox', e));

  const store = createOutboxStore({ db, now, random, policy, maxSendAttempts, retention, scope: () => auth.guardScope?.() ?? null });
  const feed = createOutboxFeed({ db, auth, rowsOf: store.rowsOf, onError });
  const { refresh } = feed;

  /** The row for an input, refused early when this session already sent the same answer. */
  const prepare = <N extends OutboxEndpointName>(input: EnqueueInput<N>): OutboxRow => {
    const userId = auth.currentUserId();
    if (!userId) throw new OutboxNotSignedInError();
    const request = input.request as OutboxRow['request'];
    const base =
      input.fingerprint ??
      outboxFingerprint({ surveyId: input.meta.surveyId, partitionKey: input.meta.partitionKey, endpoint: input.endpoint, request });
    const scope = auth.guardScope?.() ?? null;
    const fingerprint = scope ? `${scope}|${base}` : base;
    if (guard.has(userId, fingerprint)) throw new AlreadySentError();
    const t = now();
    return {
      id: newId(),
      userId,
      endpoint: input.endpoint,
      request,
      meta: input.meta,
      fingerprint,
      ...(scope ? { scope } : {}),
      status: 'queued',
      attempts: 0,
      nextAttemptAt: t,
      createdAt: t,
      updatedAt: t,
    };
  };

  /**
   * Stores the entry (strict durability: on disk when this resolves) and returns its id, the
   * idempotency key. Throws AlreadySentError for an answer this session already sent or queued.
   */
  const enqueue = async <N extends OutboxEndpointName>(input: EnqueueInput<N>): Promise<string> => {
    const row = prepare(input);
    await store.add(row);
    guard.add(row.userId, row.fingerprint);
    void refresh();
    return row.id;
  };

  const sendOne = async (entry: OutboxRow, token: OutboxToken): Promise<SendOutcome> => {
    try {
      const answer = await sender(entry, { idToken: token.idToken, idempotencyKey: entry.id });
      return { kind: 'delivered', answer };
    } catch (e) {
      return classifySendFailure(e);
    }
  };

  const isDue = (e: OutboxRow, t: number, opts: ReplayOptions): boolean => {
    // needs-auth waits for a token, not a time; sending means a page died mid-send.
    if (e.status !== 'queued') return true;
    // The server said when (Retry-After): not even 今すぐ再送信 goes before that.
    if (e.lastError?.notBefore !== undefined && t < e.lastError.notBefore) return false;
    if (opts.ignoreBackoff) return true;
    if (opts.networkBack && e.lastError?.status === 0) return true;
    return e.nextAttemptAt <= t;
  };

  const pass = async (opts: ReplayOptions, report: ReplayReport): Promise<void> => {
    const userId = auth.currentUserId();
    await store.prune(now());
    await store.parkOthers(userId, now());
    if (!userId) return;
    const heldBack = new Set<string>();
    const tried = new Set<string>();
    for (;;) {
      // Re-read each round: entries enqueued meanwhile (this tab or another) join this pass.
      const rows = (await store.rowsOf(userId)).filter((e) => isPending(e.status) && !tried.has(e.id)).sort(byCreated);
      const entry = rows.find((e) => !heldBack.has(e.meta.surveyId));
      if (!entry) return;
      tried.add(entry.id);
      if (!isDue(entry, now(), opts)) {
        // Later entries of this survey wait behind it, so an edit never overtakes its answer.
        heldBack.add(entry.meta.surveyId);
        continue;
      }
      if (deps.filesFirst && !(await deps.filesFirst(entry).catch(() => false))) {
        // Its files are not on the server yet (offline, a 5xx): the answer would be refused without them.
        heldBack.add(entry.meta.surveyId);
        continue;
      }
      const token = await auth.freshToken();
      if (!token || token.userId !== userId) {
        await store.parkForAuth(userId, now());
        return;
      }
      const claimed = await store.claim(entry.id, userId);
      if (!claimed) continue;
      report.sent += 1;
      const outcome = await sendOne(claimed, token);
      await store.settle(claimed, outcome);
      // A refused answer may be fixed and sent again, even with the same values.
      if (outcome.kind === 'rejected') guard.remove(claimed.userId, claimed.fingerprint);
      if (outcome.kind === 'needs-auth') {
        await store.parkForAuth(userId, now());
        return;
      }
      if (outcome.kind === 'retry') {
        if (outcome.stopPass) return;
        heldBack.add(entry.meta.surveyId);
      }
    }
  };

  let running: Promise<ReplayReport> | null = null;
  let rerun: ReplayOptions | null = null;

  /**
   * Sends what is due. Single flight: a call while a replay runs joins it and makes it go round
   * once more (so an entry enqueued during the last round is not left behind). Never rejects.
   */
  const replay = (opts: ReplayOptions = {}): Promise<ReplayReport> => {
    if (running) {
      rerun = {
        ignoreBackoff: Boolean(rerun?.ignoreBackoff || opts.ignoreBackoff),
        networkBack: Boolean(rerun?.networkBack || opts.networkBack),
      };
      return running;
    }
    const report: ReplayReport = { sent: 0 };
    running = (async () => {
      feed.setReplaying(true);
      try {
        let round: ReplayOptions | null = opts;
        while (round) {
          const o: ReplayOptions = round;
          rerun = null;
          try {
            await (lock ? lock(OUTBOX_LOCK_NAME, () => pass(o, report)) : pass(o, report));
          } catch (e) {
            onError(e);
          }
          round = rerun;
        }
        return report;
      } finally {
        running = null;
        feed.setReplaying(false);
        void refresh();
      }
    })();
    return running;
  };

  /** The resident's 今すぐ再送信: every waiting entry goes now, backoff or not, stopped ones too. */
  const retryNow = async (): Promise<ReplayReport> => {
    await store.requeueStalled(auth.currentUserId());
    return replay({ ignoreBackoff: true });
  };

  /**
   * Enqueues and tries to send at once; resolves with the entry as it stands afterwards:
   * delivered (with answer), queued (offline: it will go later), needs-auth or rejected.
   */
  const submit = async <N extends OutboxEndpointName>(input: EnqueueInput<N>): Promise<OutboxEntry> => {
    const id = await enqueue(input);
    await replay();
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error(`outbox entry ${id} vanished`);
    return entry;
  };

  /**
   * Removes an entry: only ever called from an explicit user action (取り消す). Refused while
   * it is being sent, and for another user's entry. Returns whether it was removed.
   */
  const discard = async (id: string): Promise<boolean> => {
    const userId = auth.currentUserId();
    const removed = await store.remove(id, userId);
    if (!removed) return false;
    if (removed.status !== 'delivered') guard.remove(removed.userId, removed.fingerprint);
    void refresh();
    return true;
  };

  /**
   * The resident fixed a rejected answer: the old entry goes and the new one is queued in one
   * transaction (a fixed body needs a new idempotency key: the server refuses a reused one).
   */
  const resubmit = async <N extends OutboxEndpointName>(rejectedId: string, input: EnqueueInput<N>): Promise<string> => {
    const row = prepare(input);
    await store.replaceRejected(rejectedId, row);
    guard.add(row.userId, row.fingerprint);
    void refresh();
    return row.id;
  };

  /**
   * The resident's 再送信 on a stalled entry: queued again as it is, with the same idempotency key
   * (the server may have stored it already; a new key could store it twice), and another
   * MAX_SEND_ATTEMPTS sends before it stalls again. Returns whether it was requeued.
   */
  const resend = async (id: string): Promise<boolean> => {
    const requeued = (await store.requeueStalled(auth.currentUserId(), id)) > 0;
    if (requeued) await replay();
    return requeued;
  };

  /** A rejected entry whose refusal its open form showed: no longer counted as 要確認 (OutboxRow.atForm). */
  const refusedAtForm = async (id: string): Promise<void> => {
    await store.markAtForm(id, auth.currentUserId());
    void refresh();
  };

  /** The owner's data was wiped from the device: this session's guard forgets their answers too. */
  const forget = (userId: string): void => {
    guard.clear(userId);
    void refresh();
  };

  const get = async (id: string): Promise<OutboxEntry | undefined> => {
    const e = await db.outbox.get(id);
    return e && e.userId === auth.currentUserId() ? e : undefined;
  };

  return {
    enqueue,
    submit,
    replay,
    retryNow,
    discard,
    resubmit,
    resend,
    refusedAtForm,
    get,
    forget,
    snapshot: feed.snapshot,
    subscribe: feed.subscribe,
    /** The last published snapshot (for useSyncExternalStore). */
    getSnapshot: feed.getSnapshot,
    /** Re-reads after a sign-in or sign-out. */
    refresh,
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
