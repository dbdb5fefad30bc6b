import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession, signOut } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { submissionFingerprint } from '@core/rules/completion-guard';
import { createUserCompletionGuard as createCompletionGuard, outboxFingerprint } from '../../src/offline/completion-guard';
import { openOfflineDb, type OfflineDb } from '../../src/offline/db';
import { loadDraft, saveDraft } from '../../src/offline/drafts';
import {
  AlreadySentError,
  backoffDelay,
  classifySendFailure,
  createApiSender,
  createOutbox,
  DEFAULT_BACKOFF,
  sessionOutboxAuth,
  type OutboxSender,
  type OutboxSnapshot,
} from '../../src/offline/outbox';
import { fakeRetryDeps, makeIdToken } from './fake-clock';
import {
  answerInput,
  busy503,
  fakeAuth,
  fakeLocks,
  fakeServer,
  freshDbName,
  json,
  memoryStorage,
  openTestDb,
  putItemOk,
  type FakeResponse,
} from './offline-helpers';

const dbs: OfflineDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  localStorage.clear();
});

const setup = (responses: FakeResponse[] = [], o: { dbName?: string; storage?: Storage; user?: string | null } = {}) => {
  const clock = fakeRetryDeps();
  const server = fakeServer(responses);
  const login = fakeAuth(o.user === undefined ? 'U1' : o.user);
  const db = openTestDb(o.dbName);
  dbs.push(db);
  const storage = o.storage ?? memoryStorage();
  const outbox = createOutbox({
    db,
    sender: createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: clock.deps }),
    auth: login.auth,
    now: clock.deps.now,
    random: () => 0,
    guard: createCompletionGuard(storage),
    lock: null,
  });
  return { clock, server, login, db, storage, outbox };
};

describe('backoff', () => {
  it('doubles from 2 s and is capped at 5 min', () => {
    const waits = Array.from({ length: 12 }, (_, i) => backoffDelay(i + 1, 0));
    expect(waits.slice(0, 9)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000]);
    expect(waits.slice(9)).toEqual([300_000, 300_000, 300_000]);
    expect(backoffDelay(10_000, 0)).toBe(DEFAULT_BACKOFF.maxMs);
  });

  it('takes a random part off each wait, never going over the cap', () => {
    for (const r of [0, 0.3, 0.99, 1]) {
      let previous = 0;
      for (let n = 1; n <= 20; n += 1) {
        const d = backoffDelay(n, r);
        expect(d).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
        expect(d).toBeGreaterThanOrEqual(Math.min(DEFAULT_BACKOFF.maxMs, 2_000 * 2 ** (n - 1)) * 0.8 - 1);
        expect(d).toBeGreaterThanOrEqual(previous);
        previous = d;
      }
    }
    expect(backoffDelay(3, 1)).toBe(6_400);
  });
});

describe('classifySendFailure', () => {
  it.each([
    [401, 'unauthorized', 'IdToken is invalid or expired.', 'needs-auth'],
    [403, 'invalid_request', 'IdToken expired.', 'needs-auth'],
    [403, 'forbidden', 'not yours', 'rejected'],
    [400, 'invalid_answer', 'bad', 'rejected'],
    [404, 'not_found', 'no survey config.', 'rejected'],
    [409, 'not_editable', 'done', 'rejected'],
    [409, 'config_outdated', 'old', 'rejected'],
    [409, 'quota_exceeded', 'full', 'rejected'],
    [422, 'idempotency_key_reused', 'other body', 'rejected'],
    [409, 'temporary_locked', 'running', 'retry'],
    [503, 'unavailable', 'busy', 'retry'],
    [502, 'http_502', 'Bad Gateway', 'retry'],
    [0, 'network', 'Failed to fetch', 'retry'],
    [0, 'timeout', 'Request timeout', 'retry'],
    [200, 'invalid_response', 'captive portal page', 'retry'],
    [200, 'error', 'ERROR envelope', 'rejected'],
  ] as const)('%i %s → %s', async (status, code, errorMessage, kind) => {
    const { ApiClientError } = await import('../../src/lib/api-error');
    expect(classifySendFailure(new ApiClientError({ status, code, errorMessage })).kind).toBe(kind);
  });
});

describe('outbox transitions', () => {
  it('queued → sending → delivered, with the entry id as Idempotency-Key and the answer kept', async () => {
    const { outbox, server, db } = setup([putItemOk('s1#U1', 'A-0001')]);
    const id = await outbox.enqueue(answerInput());
    const queued = await db.outbox.get(id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, userId: 'U1', meta: { surveyId: 's1', title: '健診予約' } });

    const report = await outbox.replay();
    expect(report.sent).toBe(1);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(server.urlOf(0)).toBe('/survey/api/v1/db/survey-results/putItem');
    expect(server.keyOf(0)).toBe(id);
    expect(server.authOf(0)).toBe('Bearer token-U1');
    expect(server.bodyOf(0)).toEqual(answerInput().request.body);
    const done = await db.outbox.get(id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, answer: { result: 'OK', answercode: 'A-0001' } });
    expect(done?.lastError).toBeUndefined();
  });

  it('marks the entry sending while the request is in flight', async () => {
    let release: (r: Response) => void = () => {};
    const { outbox, db } = setup([() => new Promise<Response>((resolve) => (release = resolve))]);
    const id = await outbox.enqueue(answerInput());
    const running = outbox.replay();
    await vi.waitFor(async () => expect((await db.outbox.get(id))?.status).toBe('sending'));
    release(putItemOk());
    await running;
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('writes the entry with strict durability', async () => {
    const db = openOfflineDb({ name: freshDbName() });
    dbs.push(db);
    const seen: (string | undefined)[] = [];
    db.use({
      stack: 'dbcore',
      name: 'durability-spy',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          if (mode === 'readwrite') seen.push(options?.durability);
          return down.transaction(stores, mode, options);
        },
      }),
    });
    const outbox = createOutbox({ db, auth: fakeAuth().auth, guard: createCompletionGuard(null), lock: null, sender: async () => ({}) });
    await outbox.enqueue(answerInput());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((d) => d === 'strict')).toBe(true);
  });

  it('503 retryable: 3 attempts within 60 s, then queued with backoff, then delivered later', async () => {
    const { outbox, server, clock, db } = setup([busy503(), busy503(), busy503()]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(3);
    expect(clock.elapsed()).toBeLessThan(60_000);
    expect([server.keyOf(0), server.keyOf(1), server.keyOf(2)]).toEqual([id, id, id]);
    const queued = await db.outbox.get(id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: { status: 503, code: 'unavailable' } });
    expect(queued?.nextAttemptAt).toBe(clock.deps.now() + 2_000);

    // Not due yet: a replay sends nothing.
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(3);

    clock.advance(2_000);
    server.push(putItemOk());
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(4);
    expect(server.keyOf(3)).toBe(id);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('backoff grows with each failed send', async () => {
    const { outbox, server, clock, db } = setup();
    const id = await outbox.enqueue(answerInput());
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      server.push(busy503(), busy503(), busy503());
      await outbox.replay({ ignoreBackoff: true });
      const e = await db.outbox.get(id);
      waits.push((e?.nextAttemptAt ?? 0) - clock.deps.now());
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect((await db.outbox.get(id))?.attempts).toBe(4);
  });

  it('network failure: retried once after 1 s, then queued; online sends it without waiting', async () => {
    const { outbox, server, clock, db } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(clock.sleeps).toEqual([1_000]);
    const queued = await db.outbox.get(id);
    expect(queued).toMatchObject({ status: 'queued', lastError: { status: 0, code: 'network' } });
    expect(queued?.request).toEqual(answerInput().request);

    server.push(putItemOk());
    await outbox.replay({ networkBack: true });
    expect(server.keyOf(2)).toBe(id);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('401 → needs-auth with the data kept; delivered with the new token after signing in again', async () => {
    const session = (user: string, tag: string) => ({
      idToken: makeIdToken({ sub: user, exp: 4_000_000_000, tag }),
      accessToken: 'a',
      profile: { userId: user, displayName: '山田 花子' },
    });
    saveSession(session('U1', 'old'));
    const clock = fakeRetryDeps();
    const server = fakeServer([json(401, { result: 'ERROR', code: 'unauthorized', errorMessage: 'IdToken is invalid or expired.' })]);
    const db = openTestDb();
    dbs.push(db);
    const outbox = createOutbox({
      db,
      sender: createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: clock.deps }),
      auth: sessionOutboxAuth,
      now: clock.deps.now,
      guard: createCompletionGuard(null),
      lock: null,
    });
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    const parked = await db.outbox.get(id);
    expect(parked).toMatchObject({ status: 'needs-auth', lastError: { status: 401, code: 'unauthorized' } });
    expect(parked?.request).toEqual(answerInput().request);
    expect((await outbox.snapshot()).needsAuth).toBe(true);

    // Signed out: nothing is sent and the entry stays.
    signOut();
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(await db.outbox.get(id)).toBeDefined();

    const fresh = session('U1', 'new');
    saveSession(fresh);
    server.push(putItemOk());
    await outbox.replay();
    expect(server.authOf(1)).toBe(`Bearer ${fresh.idToken}`);
    expect(server.keyOf(1)).toBe(id);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('no valid token at send time → needs-auth without a request', async () => {
    const { outbox, server, login, db } = setup();
    login.expire();
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(server.fetch).not.toHaveBeenCalled();
    expect((await db.outbox.get(id))?.status).toBe('needs-auth');
  });

  it('400 invalid_answer → rejected, data and the server error (itemIssues) kept, never retried', async () => {
    const itemIssues = { tel: [{ key: 'phone' }] };
    const { outbox, server, db } = setup([
      json(400, { result: 'ERROR', code: 'invalid_answer', errorMessage: '入力内容を確認してください', itemIssues }),
    ]);
    const id = await outbox.enqueue(answerInput({ name: '花子', tel: '123' }));
    await outbox.replay();
    const rejected = await db.outbox.get(id);
    expect(rejected).toMatchObject({ status: 'rejected', lastError: { status: 400, code: 'invalid_answer', itemIssues } });
    expect(rejected?.request).toEqual(answerInput({ name: '花子', tel: '123' }).request);
    await outbox.replay({ ignoreBackoff: true });
    expect(server.fetch).toHaveBeenCalledTimes(1);
    const snap = await outbox.snapshot();
    expect(snap).toMatchObject({ rejected: 1, waiting: 0, lastError: { entryId: id, code: 'invalid_answer' } });
  });

  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'not_editable'],
    [409, 'config_outdated'],
    [409, 'quota_exceeded'],
  ])('%i %s → rejected and kept', async (status, code) => {
    const { outbox, db } = setup([json(status, { result: 'ERROR', code, errorMessage: 'refused' })]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(await db.outbox.get(id)).toMatchObject({ status: 'rejected', lastError: { status, code }, request: answerInput().request });
  });

  it('an ERROR envelope with status 200 → rejected', async () => {
    const { outbox, db } = setup([json(200, { result: 'ERROR', code: 'config_outdated', errorMessage: 'old', needRefresh: true })]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(await db.outbox.get(id)).toMatchObject({ status: 'rejected', lastError: { status: 200, code: 'config_outdated', needRefresh: true } });
  });

  it('409 temporary_locked → retried later with the same key', async () => {
    const { outbox, server, clock, db } = setup([
      json(409, { result: 'ERROR', code: 'temporary_locked', errorMessage: 'the first request is still running' }),
    ]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(await db.outbox.get(id)).toMatchObject({ status: 'queued', lastError: { status: 409, code: 'temporary_locked' } });
    clock.advance(2_000);
    server.push(putItemOk());
    await outbox.replay();
    expect(server.keyOf(1)).toBe(id);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('a waiting entry holds back later entries of its survey, not of other surveys', async () => {
    const locked = () => json(409, { result: 'ERROR', code: 'temporary_locked', errorMessage: 'running' });
    const { outbox, server, db } = setup([locked(), putItemOk('s2#U1')]);
    const a = await outbox.enqueue(answerInput({ name: 'A' }, { surveyId: 's1' }));
    const b = await outbox.enqueue(answerInput({ name: 'B' }, { surveyId: 's1', partitionKey: 's1#U1' }));
    const c = await outbox.enqueue(answerInput({ name: 'C' }, { surveyId: 's2' }));
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect([server.keyOf(0), server.keyOf(1)]).toEqual([a, c]);
    expect((await db.outbox.get(b))?.status).toBe('queued');
    expect((await db.outbox.get(c))?.status).toBe('delivered');
  });

  it('a network failure stops the pass: the other entries are not tried while offline', async () => {
    const { outbox, server, db } = setup([new TypeError('offline'), new TypeError('offline')]);
    await outbox.enqueue(answerInput({ name: 'A' }, { surveyId: 's1' }));
    const other = await outbox.enqueue(answerInput({ name: 'B' }, { surveyId: 's2' }));
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(await db.outbox.get(other)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('retryNow() sends queued entries before their backoff ends', async () => {
    const { outbox, server, db } = setup([busy503(), busy503(), busy503(), putItemOk()]);
    const id = await outbox.enqueue(answerInput());
    await outbox.replay();
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(3);
    await outbox.retryNow();
    expect(server.fetch).toHaveBeenCalledTimes(4);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('delivery clears the draft of that survey and partition, unless it was typed after submitting', async () => {
    const { outbox, clock, db } = setup([putItemOk(), putItemOk()]);
    const key = { userId: 'U1', surveyId: 's1' };
    await saveDraft(key, { name: '山田 花子' }, { db, now: clock.deps.now });
    clock.advance(10);
    await outbox.enqueue(answerInput());
    await outbox.replay();
    expect(await loadDraft(key, { db })).toBeNull();

    const editKey = { userId: 'U1', surveyId: 's1', partitionKey: 's1#U1' };
    await outbox.enqueue(answerInput({ name: '変更後' }, { partitionKey: 's1#U1' }));
    clock.advance(10);
    await saveDraft(editKey, { name: 'さらに入力中' }, { db, now: clock.deps.now });
    await outbox.replay();
    expect((await loadDraft(editKey, { db }))?.values).toEqual({ name: 'さらに入力中' });
  });

  it('discard(id) removes a rejected or waiting entry, never one being sent', async () => {
    let release: (r: Response) => void = () => {};
    const { outbox, db } = setup([json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'gone' })]);
    const rejected = await outbox.enqueue(answerInput({ name: 'A' }));
    await outbox.replay();
    expect(await outbox.discard(rejected)).toBe(true);
    expect(await db.outbox.get(rejected)).toBeUndefined();

    const { outbox: o2, db: db2 } = setup([() => new Promise<Response>((resolve) => (release = resolve))]);
    const inFlight = await o2.enqueue(answerInput({ name: 'B' }));
    const running = o2.replay();
    await vi.waitFor(async () => expect((await db2.outbox.get(inFlight))?.status).toBe('sending'));
    expect(await o2.discard(inFlight)).toBe(false);
    release(putItemOk());
    await running;
    expect((await db2.outbox.get(inFlight))?.status).toBe('delivered');
  });

  it('resubmit() replaces a rejected entry with the fixed answer under a new key', async () => {
    const { outbox, server, db } = setup([json(400, { result: 'ERROR', code: 'invalid_answer', errorMessage: 'bad' }), putItemOk()]);
    const first = await outbox.enqueue(answerInput({ tel: '123' }));
    await outbox.replay();
    const second = await outbox.resubmit(first, answerInput({ tel: '0312345678' }));
    expect(second).not.toBe(first);
    expect(await db.outbox.get(first)).toBeUndefined();
    await outbox.replay();
    expect(server.keyOf(1)).toBe(second);
    expect((await db.outbox.get(second))?.status).toBe('delivered');
  });

  it('delivered entries are pruned after a week; rejected ones are never pruned', async () => {
    const { outbox, clock, db } = setup([putItemOk(), json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'gone' })]);
    const delivered = await outbox.submit(answerInput({ name: 'A' }, { surveyId: 's1' }));
    const rejected = await outbox.submit(answerInput({ name: 'B' }, { surveyId: 's2' }));
    clock.advance(7 * 24 * 60 * 60_000 + 1);
    await outbox.replay();
    expect(await db.outbox.get(delivered.id)).toBeUndefined();
    expect(await db.outbox.get(rejected.id)).toMatchObject({ status: 'rejected' });
  });

  it('without a cross-tab lock two tabs may both send, but with the same key (the server replays)', async () => {
    const name = freshDbName();
    let release: (r: Response) => void = () => {};
    const server = fakeServer([() => new Promise<Response>((resolve) => (release = resolve)), putItemOk()]);
    const sender = createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: fakeRetryDeps().deps });
    const tab = () => {
      const db = openTestDb(name);
      dbs.push(db);
      return createOutbox({ db, sender, auth: fakeAuth().auth, guard: createCompletionGuard(null), lock: null });
    };
    const tab1 = tab();
    const tab2 = tab();
    const id = await tab1.enqueue(answerInput());
    const first = tab1.replay();
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    await tab2.replay();
    release(putItemOk());
    await first;
    expect([server.keyOf(0), server.keyOf(1)]).toEqual([id, id]);
  });

  it('submit() enqueues and reports how the first try went', async () => {
    const { outbox, server } = setup([putItemOk('s1#U1', 'A-7')]);
    const delivered = await outbox.submit(answerInput());
    expect(delivered).toMatchObject({ status: 'delivered', answer: { answercode: 'A-7' } });

    server.push(new TypeError('offline'), new TypeError('offline'));
    const queued = await outbox.submit(answerInput({ name: 'other' }));
    expect(queued).toMatchObject({ status: 'queued', lastError: { code: 'network' } });
  });
});

describe('reload in the middle of a send', () => {
  it('the entry is sent again with the same idempotency key and delivered once', async () => {
    const name = freshDbName();
    const storage = memoryStorage();
    // Tab 1: the request leaves, no answer comes back, the page is killed.
    const first = setup([() => new Promise<Response>(() => {})], { dbName: name, storage });
    const id = await first.outbox.enqueue(answerInput());
    void first.outbox.replay();
    await vi.waitFor(() => expect(first.server.fetch).toHaveBeenCalledTimes(1));
    expect((await first.db.outbox.get(id))?.status).toBe('sending');
    first.db.close();

    // After the reload: a new database connection and a new outbox find it mid-send.
    const second = setup([putItemOk()], { dbName: name, storage });
    expect((await second.db.outbox.get(id))?.status).toBe('sending');
    await second.outbox.replay();
    expect(second.server.keyOf(0)).toBe(id);
    expect(first.server.keyOf(0)).toBe(id);
    expect(await second.db.outbox.get(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('a queued entry survives the reopen with its data and key', async () => {
    const name = freshDbName();
    const first = setup([], { dbName: name });
    first.login.expire();
    const id = await first.outbox.enqueue(answerInput({ name: '保存' }));
    first.db.close();
    const second = setup([putItemOk()], { dbName: name });
    await second.outbox.replay();
    expect(second.server.keyOf(0)).toBe(id);
    expect(second.server.bodyOf(0)).toEqual(answerInput({ name: '保存' }).request.body);
  });
});

describe('single flight', () => {
  it('two replay() calls at once send once', async () => {
    let release: (r: Response) => void = () => {};
    const { outbox, server, db } = setup([() => new Promise<Response>((resolve) => (release = resolve))]);
    const id = await outbox.enqueue(answerInput());
    const a = outbox.replay();
    const b = outbox.replay();
    expect(b).toBe(a);
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    release(putItemOk());
    await Promise.all([a, b]);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect((await db.outbox.get(id))?.status).toBe('delivered');
  });

  it('an entry enqueued during a replay is sent by that replay', async () => {
    let release: (r: Response) => void = () => {};
    const { outbox, server, db } = setup([() => new Promise<Response>((resolve) => (release = resolve)), putItemOk()]);
    await outbox.enqueue(answerInput({ name: 'A' }, { surveyId: 's1' }));
    const running = outbox.replay();
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    const late = await outbox.enqueue(answerInput({ name: 'B' }, { surveyId: 's2' }));
    void outbox.replay();
    release(putItemOk());
    await running;
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect((await db.outbox.get(late))?.status).toBe('delivered');
  });

  it('two tabs sharing a Web Lock send once', async () => {
    const name = freshDbName();
    const locks = fakeLocks();
    const server = fakeServer([putItemOk(), putItemOk()]);
    const sender: OutboxSender = createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: fakeRetryDeps().deps });
    const tab = () => {
      const db = openTestDb(name);
      dbs.push(db);
      return createOutbox({ db, sender, auth: fakeAuth().auth, guard: createCompletionGuard(null), lock: locks });
    };
    const tab1 = tab();
    const tab2 = tab();
    await tab1.enqueue(answerInput());
    await Promise.all([tab1.replay(), tab2.replay()]);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('completion guard', () => {
  it('refuses the same answer twice with the spec text, across a reload of the page', async () => {
    const storage = memoryStorage();
    const name = freshDbName();
    const { outbox, db } = setup([putItemOk()], { storage, dbName: name });
    await outbox.submit(answerInput());
    const err = await outbox.enqueue(answerInput()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlreadySentError);
    expect((err as Error).message).toBe(ja.offline.alreadySent);
    expect((err as Error).message).toBe('この予約はすでに送信されています。変更されたい場合は、ブラウザを閉じてからもう一度やり直してください');
    db.close();

    // Reload (same sessionStorage, new page): still refused. Different values: accepted.
    const again = setup([], { storage, dbName: name });
    await expect(again.outbox.enqueue(answerInput())).rejects.toBeInstanceOf(AlreadySentError);
    await expect(again.outbox.enqueue(answerInput({ name: '別の回答' }))).resolves.toBeTypeOf('string');
    // Another partition of the same survey is another answer.
    await expect(again.outbox.enqueue(answerInput({ name: '山田 花子' }, { partitionKey: 's1#U1' }))).resolves.toBeTypeOf('string');
  });

  it('a pending twin is refused even after the browser was closed (new sessionStorage)', async () => {
    const name = freshDbName();
    const first = setup([], { dbName: name });
    first.login.expire();
    const id = await first.outbox.enqueue(answerInput());
    first.db.close();
    const second = setup([], { dbName: name, storage: memoryStorage() });
    const err = await second.outbox.enqueue(answerInput()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlreadySentError);
    expect((err as AlreadySentError).entryId).toBe(id);
  });

  it('closing the browser (new sessionStorage) allows sending a delivered answer again', async () => {
    const name = freshDbName();
    const first = setup([putItemOk()], { dbName: name });
    await first.outbox.submit(answerInput());
    first.db.close();
    const second = setup([], { dbName: name, storage: memoryStorage() });
    await expect(second.outbox.enqueue(answerInput())).resolves.toBeTypeOf('string');
  });

  it('a rejected answer may be sent again unchanged (e.g. after the form was reloaded)', async () => {
    const { outbox } = setup([json(409, { result: 'ERROR', code: 'config_outdated', errorMessage: 'old' })]);
    await outbox.submit(answerInput());
    await expect(outbox.enqueue(answerInput())).resolves.toBeTypeOf('string');
  });

  it("uses core's submissionFingerprint over the rows sent, so the form and the server agree", () => {
    const input = answerInput({ name: '花子', tel: '0312345678' });
    const rows = (input.request.body as { data: object[] }).data;
    const fp = (i = input) => outboxFingerprint({ surveyId: i.meta.surveyId, partitionKey: i.meta.partitionKey, endpoint: i.endpoint, request: i.request });
    expect(fp()).toBe(submissionFingerprint('s1', undefined, rows));
    expect(fp()).toBe(fp(answerInput({ tel: '0312345678', name: '花子' })));
    expect(fp()).not.toBe(fp(answerInput({ name: '花子', tel: '0312345679' })));
    expect(fp()).not.toBe(fp(answerInput({ name: '花子', tel: '0312345678' }, { partitionKey: 's1#U1' })));
    // A write without rows (a cancel) is fingerprinted by its whole request.
    const cancel = (partitionKey: string) =>
      outboxFingerprint({ surveyId: 's1', endpoint: 'surveyResultsCancelItem', request: { body: { surveyId: 's1', partitionKey } } });
    expect(cancel('s1#U1')).toBe(cancel('s1#U1'));
    expect(cancel('s1#U1')).not.toBe(cancel('s1#U1#2'));
  });

  it('guards per resident: the same answer from another resident on the same tablet is not refused', async () => {
    const storage = memoryStorage();
    const { outbox, login } = setup([], { storage });
    login.expire();
    await outbox.enqueue(answerInput());
    login.signIn('U2');
    await expect(outbox.enqueue(answerInput())).resolves.toBeTypeOf('string');
  });
});

describe('per-user isolation (shared tablets)', () => {
  it("another resident never sees or sends someone else's entries; they wait as needs-auth", async () => {
    const { outbox, server, login, db } = setup([putItemOk('s1#U2'), putItemOk('s1#U1')]);
    login.expire();
    const mine = await outbox.enqueue(answerInput({ name: 'U1の回答' }));
    expect((await outbox.snapshot()).waiting).toBe(1);

    // U1 walks away; U2 signs in on the same tablet.
    login.signIn('U2');
    const snap = await outbox.snapshot();
    expect(snap.userId).toBe('U2');
    expect(snap.entries).toEqual([]);
    expect(await outbox.get(mine)).toBeUndefined();
    expect(await outbox.discard(mine)).toBe(false);

    const theirs = await outbox.enqueue(answerInput({ name: 'U2の回答' }));
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(server.keyOf(0)).toBe(theirs);
    expect(server.authOf(0)).toBe('Bearer token-U2');
    expect(await db.outbox.get(mine)).toMatchObject({ status: 'needs-auth', userId: 'U1' });

    // U1 signs in again: their entry goes, with their token.
    login.signIn('U1');
    await outbox.replay();
    expect(server.keyOf(1)).toBe(mine);
    expect(server.authOf(1)).toBe('Bearer token-U1');
    expect((await db.outbox.get(mine))?.status).toBe('delivered');
  });

  it('signed out: no entries shown, none sent, enqueue refused', async () => {
    const { outbox, server, login } = setup();
    await outbox.enqueue(answerInput());
    login.signOut();
    expect(await outbox.snapshot()).toMatchObject({ userId: null, entries: [], waiting: 0 });
    await outbox.replay();
    expect(server.fetch).not.toHaveBeenCalled();
    await expect(outbox.enqueue(answerInput({ name: 'x' }))).rejects.toMatchObject({ code: 'not_signed_in' });
  });
});

describe('subscribe', () => {
  it('tells the UI the waiting count, the last error and the statuses', async () => {
    const { outbox } = setup([new TypeError('offline'), new TypeError('offline')]);
    const seen: OutboxSnapshot[] = [];
    const off = outbox.subscribe((s) => seen.push(s));
    const id = await outbox.enqueue(answerInput());
    await vi.waitFor(() => expect(seen.at(-1)?.waiting).toBe(1));
    await outbox.replay();
    await vi.waitFor(() =>
      expect(seen.at(-1)).toMatchObject({
        waiting: 1,
        replaying: false,
        lastError: { entryId: id, code: 'network' },
        entries: [{ id, status: 'queued' }],
      }),
    );
    expect(seen.some((s) => s.replaying)).toBe(true);
    expect(outbox.getSnapshot()).toBe(seen.at(-1));
    off();
  });
});
