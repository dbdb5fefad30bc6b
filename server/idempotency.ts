/**
 * Idempotency-Key for writes. The PWA's outbox sends every submission with a key of its own and
 * replays it until it gets an answer (ARCHITECTURE.md, Offline), so a write that arrives twice —
 * a retry after a lost answer, a replay after a reload, a double tap — must take effect once and
 * answer the same both times.
 *
 * Semantics (endpoints whose contract says `idempotent: true`; the header is optional):
 * - The key is 1–200 characters of [A-Za-z0-9_-:.]; anything else is 400.
 * - Keys are scoped to the signed-in user: user A's key never replays to user B.
 * - The key is claimed by the first statement of the write's transaction (an insert that takes it
 *   only if it is free) and its answer stored in that same transaction before it commits: a key's
 *   committed row always holds its answer, and a crash leaves nothing. A 4xx refusal is an answer
 *   too: stored (on its own: a refusal has no effect to join) and replayed.
 * - Same key, same request (method, path, params, query, body — compared canonically): the stored
 *   status and JSON are replayed byte for byte, with header Idempotent-Replayed: true, and the
 *   handler's write does not run again.
 * - Same key, different request: 422 idempotency_key_reused.
 * - Same key while the first is still running in this process: 409 temporary_locked (the client's
 *   text: 複数のリクエストが送信されました。予約が正しく行われているかご確認ください。). In another
 *   process (two servers on one PostgreSQL), the second's claim waits for the first's transaction
 *   and then replays its answer.
 * - A 5xx, a 429, a handler's own 409 temporary_locked, or an unexpected failure stores nothing:
 *   the effect rolled back, so a retry runs the request anew. A crash leaves nothing either.
 * - Keys are kept at least 7 days after their answer; expired ones are purged at startup and
 *   every PURGE_EVERY requests with a key.
 *
 * Within one process a registry of running keys answers 409/422 without touching the database.
 * That matters on SQLite, where every statement queues behind the one connection's open
 * transaction: without it, a repeat would wait for the first to finish instead of being told it is
 * running.
 *
 * How a write route takes part: its handler writes only through `commit(fn)` (HandlerArgs in
 * http.ts) and returns what commit returns. `fn` runs in the write transaction, after the key's
 * claim, and returns the route's answer, which commit stores under the key before the transaction
 * commits. The store routes get has no `write` at all (route-context.ts RouteContext), so an effect
 * cannot escape the stored answer by accident. One commit per request.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Transaction } from 'kysely';
import { canonicalJson } from '@core/rules/completion-guard';
import { Refusal, refuse } from '@core/refusals';
import { errorAnswerOf } from './errors';
import type { AppEnv } from './app-env';
import type { Logger } from './log';
import type { Store } from './store/open';
import type { Database } from './store/schema';
import {
  claimKey,
  findAnswer,
  keyClaimOf,
  purgeExpiredKeys,
  settleKey,
  storeAnswer,
  type KeyRef,
  type StoredAnswer,
} from './store/idempotency';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,200}$/;
/** "kept at least 7 days". */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired keys are purged once every this many requests with a key (and at startup). */
export const PURGE_EVERY = 500;
/** Spec 01 §8 / 02 §8: the text the client shows for 409 temporary_locked. */

/** Test-only seams, set on Deps.hooks; read at each call so a test can set them on a running server. */
export interface ServerHooks {
  /** Called inside every write transaction after the handler's work, before its answer is stored. */
  inEffect?: (info: EffectInfo) => Promise<void> | void;
  /** Called when a scan has claimed a file, before its verdict (server/files/pipeline.ts). */
  scanning?: (fileId: string) => Promise<void> | void;
}

export interface EffectInfo {
  path: string;
  userId: string | null;
  idempotencyKey: string | null;
  trx: Transaction<Database>;
}

/** Runs fn in the write transaction, after the key's claim; fn's result is the route's answer. */
export type Commit<A> = (fn: (trx: Transaction<Database>) => Promise<A>) => Promise<A>;

/** The write's key was taken when its transaction claimed it: nothing of it ran. */
class KeyTaken extends Error {}

export interface RequestParts {
  method: string;
  path: string;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** What makes two requests "the same": SHA-256 of the canonical JSON of their parts. */
export const requestFingerprint = (parts: RequestParts): string =>
  createHash('sha256').update(canonicalJson(parts)).digest('hex');

const badKey = (message: string) =>
  refuse('bad_request', { path: IDEMPOTENCY_HEADER, message }, { issues: [{ path: `headers.${IDEMPOTENCY_HEADER}`, message }] });

/** The request's key: null when absent; 400 when present but malformed. */
export const readIdempotencyKey = (header: string | undefined): string | null => {
  if (header === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) throw badKey('1〜200 文字の半角英数字と _ - : . で指定してください');
  return header;
};

/**
 * A refusal that is the request's answer, stored and replayed: the 4xx family, except those that
 * say "not now" (429, a handler's own temporary_locked), which a retry must be able to get past.
 */
const isLastingRefusal = (e: Refusal): boolean => e.status < 500 && e.status !== 429 && e.code !== 'temporary_locked';

const keyReused = () => refuse('idempotency_key_reused');
const temporaryLocked = () => refuse('temporary_locked');

export interface WriteRunnerOptions {
  store: Store;
  log: Logger;
  hooks: () => ServerHooks | undefined;
  now?: () => Date;
  /** Purge expired keys once every this many requests with a key (default PURGE_EVERY). */
  purgeEvery?: number;
}

export interface WriteRun {
  c: Context<AppEnv>;
  path: string;
  userId: string;
  key: string | null;
  requestHash: string;
  execute: (commit: Commit<unknown>) => Promise<unknown>;
}

export interface WriteRunner {
  /** An idempotent write: the handler's answer, stored under the key when there is one. */
  run(w: WriteRun): Promise<Response>;
  /** commit() for writes outside the idempotency scheme. */
  plainCommit(path: string, userId: string | null): Commit<unknown>;
  purgeExpired(): Promise<number>;
}

const jsonResponse = (c: Context<AppEnv>, status: number, json: string, replayed = false): Response =>
  c.body(json, status as 200, {
    // As c.json() sends it, so a fresh answer, a stored one and a replay look alike.
    'content-type': 'application/json',
    ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
  });

export const createWriteRunner = (opts: WriteRunnerOptions): WriteRunner => {
  const { store, log } = opts;
  const now = opts.now ?? (() => new Date());
  /** Keys running in this process, with their request hash. */
  const running = new Map<string, string>();
  let keyed = 0;

  const purgeExpired = () => purgeExpiredKeys(store.db, now());

  /** The write transaction: the key's claim, the handler's work and the test seam, its answer stored. */
  const write = <A>(path: string, userId: string | null, keyed: { ref: KeyRef; requestHash: string } | null, fn: Parameters<Commit<A>>[0]) =>
    store.write(async (trx) => {
      if (keyed && !(await claimKey(trx, keyClaimOf(keyed.ref, keyed.requestHash, now(), IDEMPOTENCY_RETENTION_MS)))) throw new KeyTaken();
      const answer = await fn(trx);
      await opts.hooks()?.inEffect?.({ path, userId, idempotencyKey: keyed?.ref.key ?? null, trx });
      // Only a keyed answer is stored; an unkeyed one is serialised once, by c.json (a day sheet is ~0.5 MB).
      if (!keyed) return { answer, stored: null };
      const stored: StoredAnswer = { status: 200, json: JSON.stringify(answer) };
      await settleKey(trx, keyed.ref, stored);
      return { answer, stored };
    });

  const oneCommit = <A>(path: string, commit: Commit<A>): Commit<A> => {
    let used = false;
    return (fn) => {
      if (used) throw new Error(`${path}: one commit() per request`);
      used = true;
      return commit(fn);
    };
  };

  const plainCommit = (path: string, userId: string | null): Commit<unknown> =>
    oneCommit(path, async (fn) => (await write(path, userId, null, fn)).answer);

  const run = async ({ c, path, userId, key, requestHash, execute }: WriteRun): Promise<Response> => {
    if (key === null) {
      const out = await execute(plainCommit(path, userId));
      return out instanceof Response ? out : c.json(out as object, 200);
    }

    const registryKey = `${userId}\u0000${key}`;
    const runningHash = running.get(registryKey);
    if (runningHash !== undefined) {
      if (runningHash !== requestHash) throw keyReused();
      throw temporaryLocked();
    }
    running.set(registryKey, requestHash);
    try {
      if (++keyed % (opts.purgeEvery ?? PURGE_EVERY) === 0) {
        purgeExpired().catch((e: unknown) => log('warn', { msg: 'idempotency purge failed', error: String(e) }));
      }
      return await runKeyed(c, path, { userId, key }, requestHash, execute);
    } finally {
      running.delete(registryKey);
    }
  };

  /** The key's stored answer replayed, 422 when it answered another request, null when it has none. */
  const replayOf = async (c: Context<AppEnv>, ref: KeyRef, requestHash: string): Promise<Response | null> => {
    const known = await findAnswer(store.db, ref);
    if (!known) return null;
    if (known.requestHash !== requestHash) throw keyReused();
    return jsonResponse(c, known.status, known.json, true);
  };

  /**
   * An answer with no effect to join (a refusal, an answer given without a commit), stored under the
   * key in one statement, atomic alone; when the key has an answer already, that one is the answer.
   */
  const answerAlone = async (c: Context<AppEnv>, ref: KeyRef, requestHash: string, answer: StoredAnswer): Promise<Response> => {
    // Twice: the key that refused the insert may have been purged (expired) before the lookup.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await storeAnswer(store.db, keyClaimOf(ref, requestHash, now(), IDEMPOTENCY_RETENTION_MS), answer)) return jsonResponse(c, answer.status, answer.json);
      const replay = await replayOf(c, ref, requestHash);
      if (replay) return replay;
    }
    throw temporaryLocked();
  };

  const runKeyed = async (c: Context<AppEnv>, path: string, ref: KeyRef, requestHash: string, execute: WriteRun['execute']): Promise<Response> => {
    // Set only once the effect's transaction has committed: from then on this is the key's answer.
    const held: { stored: StoredAnswer | null } = { stored: null };
    const commit = oneCommit(path, async (fn) => {
      const { answer, stored } = await write(path, ref.userId, { ref, requestHash }, fn);
      held.stored = stored;
      return answer;
    });

    try {
      const out = await execute(commit);
      if (held.stored) return jsonResponse(c, held.stored.status, held.stored.json);
      // Not an answer that can be stored: replayed only if the key has one from before.
      if (out instanceof Response) return (await replayOf(c, ref, requestHash)) ?? out;
      // A handler that answered without writing: its answer is still the key's.
      return await answerAlone(c, ref, requestHash, { status: 200, json: JSON.stringify(out) });
    } catch (e) {
      if (held.stored) {
        // The effect and its answer are committed; whatever failed afterwards, that answer stands.
        log('error', { msg: 'error after commit', path, error: String(e) });
        return jsonResponse(c, held.stored.status, held.stored.json);
      }
      // The key has an answer already (a repeat, or the same key in another process that committed
      // first): nothing of this write ran, and that answer is the answer. Gone meanwhile (purged):
      // "not now", so the client retries.
      if (e instanceof KeyTaken) {
        const replay = await replayOf(c, ref, requestHash);
        if (replay) return replay;
        throw temporaryLocked();
      }
      if (e instanceof Refusal && isLastingRefusal(e)) {
        return answerAlone(c, ref, requestHash, { status: e.status, json: JSON.stringify(errorAnswerOf(c.get('requestId'), e)) });
      }
      // A failure that is no answer (a 5xx, "not now"): a repeat whose handler failed before its
      // commit still gets the key's answer. When the lookup fails too, the failure stands.
      const replay = await replayOf(c, ref, requestHash).catch((lookup: unknown) => (lookup instanceof Refusal ? Promise.reject(lookup) : null));
      if (replay) return replay;
      throw e;
    }
  };

  return { run, plainCommit, purgeExpired };
};
