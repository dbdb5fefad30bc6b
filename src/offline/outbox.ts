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
 */
import type { EndpointDef, EndpointName, endpoints } from '@core/contract';
import { Dexie, type ObservabilitySet } from 'dexie';
import { createApiClient, type ApiClientDeps, type CallOptions, type CallRequest } from '../lib/api';
import { ApiClientError } from '../lib/api-error';
import { kioskVisitScope } from '../lib/kiosk';
import { getSession, getStoredUserId } from '../lib/session';
import { ja } from '../messages/ja';
import { createUserCompletionGuard, outboxFingerprint, type UserCompletionGuard } from './completion-guard';
import type { OfflineDb, OutboxMeta, OutboxRow } from './db';
import { draftKey } from './drafts';
import { EMPTY_OUTBOX_SNAPSHOT, isPending, summarizeOutbox, type OutboxEntry, type OutboxSnapshot } from './outbox-snapshot';
import {
  classifySendFailure,
  DEFAULT_BACKOFF,
  MAX_SEND_ATTEMPTS,
  nextAttemptDelay,
  OutboxEntryInvalidError,
  type BackoffPolicy,
  type SendOutcome,
} from './send-failure';

export { EMPTY_OUTBOX_SNAPSHOT, summarizeOutbox, type OutboxEntry, type OutboxSnapshot };
export {
  backoffDelay,
  classifySendFailure,
  DEFAULT_BACKOFF,
  MAX_SEND_ATTEMPTS,
  OutboxEntryInvalidError,
  type BackoffPolicy,
  type SendOutcome,
} from './send-failure';

type Endpoints = typeof endpoints;

/** Writes the outbox may carry: those whose contract entry accepts an Idempotency-Key. */
export type OutboxEndpointName = {
  [K in EndpointName]: Endpoints[K] extends { idempotent: true } ? K : never;
}[EndpointName];

export interface EnqueueInput<N extends OutboxEndpointName = OutboxEndpointName> {
  endpoint: N;
  request: CallRequest<Endpoints[N]>;
  meta: OutboxMeta;
  /** What the completion guard compares; by default core's submissionFingerprint of the rows sent. */
  fingerprint?: string;
}

export interface OutboxToken {
  userId: string;
  idToken: string;
}

export interface OutboxAuth {
  /** Whose queue this page shows and sends: the stored session's user, even when expired. */
  currentUserId(): string | null;
  /** A token valid now, read at send time (never at enqueue); null when missing or expired. */
  freshToken(): OutboxToken | null | Promise<OutboxToken | null>;
  /**
   * Narrows the completed-submit guard below the owner: a kiosk's visitors share one owner, and
   * two of them may well give the same answers (kiosk.ts's visit id). Null: the owner alone.
   */
  guardScope?(): string | null;
}

export type OutboxSender = (entry: OutboxEntry, auth: { idToken: string; idempotencyKey: string }) => Promise<unknown>;

/** (name, fn): runs fn while holding an origin-wide lock. */
export type LockRunner = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export class AlreadySentError extends Error {
  readonly code = 'already_sent';
  /** The queued entry with the same answer, when that is what refused it. */
  readonly entryId: string | undefined;
  constructor(entryId?: string) {
    super(ja.offline.alreadySent);
    this.name = 'AlreadySentError';
    this.entryId = entryId;
  }
}

export class OutboxNotSignedInError extends Error {
  readonly code = 'not_signed_in';
  constructor() {
    super('No resident is signed in: an outbox entry needs its owner.');
    this.name = 'OutboxNotSignedInError';
  }
}

const isErrorEnvelope = (v: unknown): v is { result: 'ERROR'; code?: string; errorMessage?: string } =>
  v !== null && typeof v === 'object' && (v as { result?: unknown }).result === 'ERROR';

/** The real sender: the API client (retry rule included) with the entry's id as Idempotency-Key. */
export const createApiSender =
  (deps: Omit<ApiClientDeps, 'getSession'> = {}): OutboxSender =>
  async (entry, { idToken, idempotencyKey }) => {
    // The whole contract is loaded on the first send only: it is large, and the first screen
    // (which starts the outbox) must not wait for it. The chunk is precached, so it loads offline.
    const { endpoints: registry } = await import('@core/contract');
    const endpoint = (registry as Record<string, EndpointDef>)[entry.endpoint];
    if (!endpoint?.idempotent) throw new OutboxEntryInvalidError(`unknown or non-idempotent endpoint: ${entry.endpoint}`);
    // The token is the one read at send time, not the session of whoever is signed in by then.
    const client = createApiClient({
      ...deps,
      getSession: () => ({ idToken, accessToken: '', profile: { userId: entry.userId, displayName: '' } }),
    });
    const callAny = client.call as (e: EndpointDef, r: unknown, o: CallOptions) => Promise<unknown>;
    const answer = await callAny(endpoint, entry.request, { idempotencyKey });
    if (isErrorEnvelope(answer)) {
      const a = answer as { code?: string; errorMessage?: string; needRefresh?: boolean; checkDetail?: string | null };
      throw new ApiClientError({
        status: 200,
        code: a.code ?? 'error',
        errorMessage: a.errorMessage ?? '',
        needRefresh: a.needRefresh,
        checkDetail: typeof a.checkDetail === 'string' ? a.checkDetail : undefined,
      });
    }
    return answer;
  };

export const sessionOutboxAuth: OutboxAuth = {
  currentUserId: getStoredUserId,
  guardScope: kioskVisitScope,
  freshToken: () => {
    const s = getSession();
    return s ? { userId: s.profile.userId, idToken: s.idToken } : null;
  },
};

/** navigator.locks when the browser has it (iOS ≥ 15.4, Chromium, Firefox); otherwise none. */
export const webLockRunner = (): LockRunner | null => {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return <T>(name: string, fn: () => Promise<T>) => locks.request(name, () => fn()) as Promise<T>;
};

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

  // ---- snapshot and listeners -------------------------------------------------------------

  const listeners = new Set<(s: OutboxSnapshot) => void>();
  let current: OutboxSnapshot = EMPTY_OUTBOX_SNAPSHOT;
  let replaying = false;
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;

  const rowsOf = async (userId: string | null): Promise<OutboxRow[]> =>
    userId ? db.outbox.where('userId').equals(userId).toArray() : [];

  const snapshot = async (): Promise<OutboxSnapshot> => {
    const userId = auth.currentUserId();
    return summarizeOutbox(userId, await rowsOf(userId), replaying);
  };

  const publish = (next: OutboxSnapshot) => {
    current = next;
    for (const l of [...listeners]) l(next);
  };

  /**
   * Re-reads the database and tells the listeners. Coalesced, so a burst of changes costs one or
   * two reads. Other tabs' changes arrive through the `storagemutated` hook in subscribe().
   */
  const refresh = (): Promise<void> => {
    if (listeners.size === 0) return Promise.resolve();
    if (refreshing) {
      refreshAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          refreshAgain = false;
          publish(await snapshot());
        } while (refreshAgain);
      } catch (e) {
        onError(e);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  const setReplaying = (value: boolean) => {
    replaying = value;
    if (listeners.size > 0) publish({ ...current, replaying });
  };

  let stopCrossTab: (() => void) | null = null;
  const watchCrossTab = () => {
    // Dexie announces committed writes of this and other tabs (BroadcastChannel) on this event.
    const prefix = `idb://${db.name}/outbox/`;
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((k) => k.startsWith(prefix))) void refresh();
    };
    Dexie.on('storagemutated', onMutated);
    return () => Dexie.on.storagemutated.unsubscribe(onMutated);
  };

  const subscribe = (listener: (s: OutboxSnapshot) => void): (() => void) => {
    listeners.add(listener);
    stopCrossTab ??= watchCrossTab();
    void refresh();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stopCrossTab?.();
        stopCrossTab = null;
      }
    };
  };

  // ---- writes -----------------------------------------------------------------------------

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

  /**
   * Stores the entry (strict durability: on disk when this resolves) and returns its id, the
   * idempotency key. Throws AlreadySentError for an answer this session already sent or queued.
   */
  const enqueue = async <N extends OutboxEndpointName>(input: EnqueueInput<N>): Promise<string> => {
    const row = prepare(input);
    await db.transaction('rw', db.outbox, () => insert(row));
    guard.add(row.userId, row.fingerprint);
    void refresh();
    return row.id;
  };

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
        if (cur.scope !== undefined && cur.scope !== (auth.guardScope?.() ?? null)) {
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
    // A refused answer may be fixed and sent again, even with the same values.
    if (outcome.kind === 'rejected') guard.remove(entry.userId, entry.fingerprint);
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
    await prune(now());
    await parkOthers(userId, now());
    if (!userId) return;
    const heldBack = new Set<string>();
    const tried = new Set<string>();
    for (;;) {
      // Re-read each round: entries enqueued meanwhile (this tab or another) join this pass.
      const rows = (await rowsOf(userId)).filter((e) => isPending(e.status) && !tried.has(e.id)).sort(byCreated);
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
        await parkForAuth(userId, now());
        return;
      }
      const claimed = await claim(entry.id, userId);
      if (!claimed) continue;
      report.sent += 1;
      const outcome = await sendOne(claimed, token);
      await settle(claimed, outcome);
      if (outcome.kind === 'needs-auth') {
        await parkForAuth(userId, now());
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
      setReplaying(true);
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
        setReplaying(false);
        void refresh();
      }
    })();
    return running;
  };

  /** Stalled entries of this owner (all, or the one `id`) queued again as they are: same key, attempts from 0. */
  const requeueStalled = (id?: string): Promise<number> => {
    const userId = auth.currentUserId();
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

  /** The resident's 今すぐ再送信: every waiting entry goes now, backoff or not, stopped ones too. */
  const retryNow = async (): Promise<ReplayReport> => {
    await requeueStalled();
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
    const removed = await db.transaction('rw', db.outbox, async () => {
      const cur = await db.outbox.get(id);
      if (!cur || cur.userId !== userId || cur.status === 'sending') return null;
      await db.outbox.delete(id);
      return cur;
    });
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
    await db.transaction('rw', db.outbox, async () => {
      const old = await db.outbox.get(rejectedId);
      if (!old || old.userId !== row.userId || old.status !== 'rejected') {
        throw new Error(`outbox entry ${rejectedId} is not a rejected entry of this user`);
      }
      await db.outbox.delete(rejectedId);
      await insert(row);
    });
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
    const requeued = (await requeueStalled(id)) > 0;
    if (requeued) await replay();
    return requeued;
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
    get,
    forget,
    snapshot,
    subscribe,
    /** The last published snapshot (for useSyncExternalStore). */
    getSnapshot: (): OutboxSnapshot => current,
    /** Re-reads after a sign-in or sign-out. */
    refresh,
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
