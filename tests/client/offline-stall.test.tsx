/**
 * The outbox never retries forever and honours Retry-After: after MAX_SEND_ATTEMPTS failed sends
 * in a row an entry stops as stalled (要確認) with the server's message, and 再送信 sends it again
 * with the same idempotency key; a 429 or 503 with Retry-After is not sent again before that time,
 * whatever the trigger; the list speaks Japanese, never fetch's or HTTP's English.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITED_TEXT } from '@core/contract/auth';
import { parseRetryAfter } from '../../src/lib/api';
import { ApiClientError } from '../../src/lib/api-error';
import { storedErrorText } from '../../src/lib/error-text';
import { withRetry } from '../../src/lib/retry';
import { ja } from '../../src/messages/ja';
import { createUserCompletionGuard } from '../../src/offline/completion-guard';
import { getOfflineDb, type OfflineDb, type OutboxRow } from '../../src/offline/db';
import { AlreadySentError, createApiSender, createOutbox, MAX_SEND_ATTEMPTS } from '../../src/offline/outbox';
import { pageOutbox } from '../../src/offline/load';
import { OutboxList } from '../../src/ui/outbox-status';
import { fakeRetryDeps } from './fake-clock';
import { answerInput, clearDevice, fakeAuth, fakeServer, json, openTestDb, putItemOk, type FakeResponse } from './offline-helpers';
import { signInResident } from './resident';

const serverError = () => json(500, { result: 'ERROR', code: 'internal', errorMessage: 'サーバーでエラーが発生しました。' });
const rateLimited = (seconds: string) =>
  new Response(JSON.stringify({ result: 'ERROR', code: 'rate_limited', errorMessage: RATE_LIMITED_TEXT }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': seconds },
  });

const dbs: OfflineDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const setup = (responses: FakeResponse[] = []) => {
  const clock = fakeRetryDeps();
  const server = fakeServer(responses);
  const db = openTestDb();
  dbs.push(db);
  const outbox = createOutbox({
    db,
    sender: createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: clock.deps }),
    auth: fakeAuth('U1').auth,
    now: clock.deps.now,
    random: () => 0,
    guard: createUserCompletionGuard(null),
    lock: null,
  });
  return { clock, server, db, outbox };
};

describe('an entry that keeps failing', () => {
  it(`stalls after ${MAX_SEND_ATTEMPTS} failed sends with the server's message, and 再送信 sends it with the same key`, async () => {
    const { server, db, outbox, clock } = setup(Array.from({ length: MAX_SEND_ATTEMPTS }, serverError));
    const entry = await outbox.submit(answerInput());
    expect(entry.status).toBe('queued');
    for (let i = 2; i <= MAX_SEND_ATTEMPTS; i++) {
      clock.advance(10 * 60_000);
      await outbox.replay();
      expect((await db.outbox.get(entry.id))?.status, `after send ${i}`).toBe(i < MAX_SEND_ATTEMPTS ? 'queued' : 'stalled');
    }
    expect(server.fetch).toHaveBeenCalledTimes(MAX_SEND_ATTEMPTS);
    const stalled = await db.outbox.get(entry.id);
    expect(stalled).toMatchObject({ status: 'stalled', attempts: MAX_SEND_ATTEMPTS, lastError: { status: 500, message: 'サーバーでエラーが発生しました。' } });
    expect(stalled?.request).toEqual(answerInput().request);

    // No more silent retries: no trigger sends it, not even 今すぐ-style replays of queued entries.
    clock.advance(60 * 60_000);
    await outbox.replay({ networkBack: true });
    await outbox.replay({ ignoreBackoff: true });
    expect(server.fetch).toHaveBeenCalledTimes(MAX_SEND_ATTEMPTS);
    const snap = await outbox.snapshot();
    expect(snap).toMatchObject({ waiting: 0, stalled: 1, rejected: 0 });
    // The server may have it: the same answer is not queued a second time meanwhile.
    await expect(outbox.enqueue(answerInput())).rejects.toBeInstanceOf(AlreadySentError);

    server.push(putItemOk());
    expect(await outbox.resend(entry.id)).toBe(true);
    expect(server.fetch).toHaveBeenCalledTimes(MAX_SEND_ATTEMPTS + 1);
    for (let i = 0; i <= MAX_SEND_ATTEMPTS; i++) expect(server.keyOf(i)).toBe(entry.id);
    expect((await db.outbox.get(entry.id))?.status).toBe('delivered');
    expect(await outbox.resend(entry.id)).toBe(false);
  });

  it('counts network failures too, and a resend starts the count again', async () => {
    const { server, db, outbox, clock } = setup();
    // Each send is two fetches: the API client tries a network failure once more after 1 s.
    server.push(...Array.from({ length: 2 * MAX_SEND_ATTEMPTS }, () => new TypeError('Failed to fetch')));
    const entry = await outbox.submit(answerInput());
    for (let i = 2; i <= MAX_SEND_ATTEMPTS; i++) {
      clock.advance(10 * 60_000);
      await outbox.replay({ networkBack: true });
    }
    expect((await db.outbox.get(entry.id))).toMatchObject({ status: 'stalled', lastError: { status: 0, code: 'network' } });
    server.push(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await outbox.resend(entry.id);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('an entry stored by an older build that had retried for long stalls at its next failure', async () => {
    const { db, outbox } = setup([serverError()]);
    const t = Date.now();
    // The row as an earlier build left it: no stall, many attempts, no notBefore in its error.
    const old: OutboxRow = {
      id: 'old-entry-key',
      userId: 'U1',
      endpoint: 'surveyResultsPutItem',
      request: answerInput().request as OutboxRow['request'],
      meta: answerInput().meta,
      fingerprint: 'fp-old',
      status: 'queued',
      attempts: 57,
      nextAttemptAt: 0,
      lastError: { status: 503, code: 'unavailable', message: 'busy' },
      createdAt: t,
      updatedAt: t,
    };
    await db.outbox.add(old);
    await outbox.replay();
    expect(await db.outbox.get('old-entry-key')).toMatchObject({ status: 'stalled', attempts: 58 });
  });
});

describe('Retry-After', () => {
  it('is read as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('a 429 waits at least that long, even for 今すぐ再送信 and the network coming back', async () => {
    const { server, db, outbox, clock } = setup([rateLimited('120')]);
    const entry = await outbox.submit(answerInput());
    const waiting = await db.outbox.get(entry.id);
    expect(waiting).toMatchObject({ status: 'queued', lastError: { status: 429, message: RATE_LIMITED_TEXT } });
    // The backoff after one failure is 2 s; the server asked for 120.
    expect((waiting?.nextAttemptAt ?? 0) - clock.deps.now()).toBe(120_000);
    clock.advance(60_000);
    await outbox.retryNow();
    await outbox.replay({ networkBack: true });
    expect(server.fetch).toHaveBeenCalledTimes(1);
    clock.advance(60_000);
    server.push(putItemOk());
    await outbox.replay();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.keyOf(1)).toBe(entry.id);
    expect((await db.outbox.get(entry.id))?.status).toBe('delivered');
  });

  it('a retryable 503 inside the API client waits for Retry-After when it is longer than the backoff', async () => {
    const clock = fakeRetryDeps();
    const busy = new ApiClientError({ status: 503, code: 'unavailable', errorMessage: 'busy', retryable: true, retryAfterMs: 10_000 });
    let n = 0;
    const run = vi.fn(async () => {
      n += 1;
      if (n === 1) throw busy;
      return 'ok';
    });
    await expect(withRetry(run, { deps: clock.deps })).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([10_000]);
    // One that would cross the 60 s budget is not waited for: the outbox takes it from there.
    const tooLong = new ApiClientError({ status: 503, code: 'unavailable', errorMessage: 'busy', retryable: true, retryAfterMs: 90_000 });
    await expect(withRetry(async () => Promise.reject(tooLong), { deps: fakeRetryDeps().deps })).rejects.toBe(tooLong);
  });
});

describe('what the resident reads', () => {
  it.each([
    // The spec's もう一度再度 is the live network error's wording only, not the outbox's.
    [{ status: 0, code: 'network', message: 'Failed to fetch' }, ja.offline.networkFailed],
    [{ status: 0, code: 'timeout', message: 'Request timeout' }, 'タイムアウトしました。再度やり直してください。'],
    [{ status: 401, code: 'no_session', message: 'No valid session to send with' }, ja.login.expired],
    [{ status: 403, code: 'invalid_request', message: 'IdToken expired.' }, ja.login.expired],
    [{ status: 502, code: 'http_502', message: 'Bad Gateway' }, ja.errors.server],
    [{ status: 200, code: 'invalid_response', message: 'POST /survey-results/putItem: answer does not match the contract' }, ja.errors.server],
    [{ status: 429, code: 'rate_limited', message: RATE_LIMITED_TEXT }, RATE_LIMITED_TEXT],
    [{ status: 500, code: 'internal', message: 'サーバーでエラーが発生しました。' }, 'サーバーでエラーが発生しました。'],
    [{ status: 409, code: 'quota_exceeded', message: 'x' }, ja.errors.quotaExceeded],
    [{ status: 400, code: 'bad_request', message: 'body.data: Invalid input' }, ja.errors.unknown],
    [{ code: 'TypeError', message: 'boom' }, ja.errors.unknown],
  ])('%j → %s', (error, text) => {
    expect(storedErrorText(error)).toBe(text);
  });

  it('the list shows a stalled entry as 要確認 with a Japanese error and 再送信, which sends it with its key', async () => {
    await clearDevice();
    signInResident();
    const t = Date.now();
    await getOfflineDb().outbox.add({
      id: 'stalled-key',
      userId: 'U1',
      endpoint: 'surveyResultsPutItem',
      request: answerInput().request as OutboxRow['request'],
      meta: answerInput().meta,
      fingerprint: 'fp-stalled',
      status: 'stalled',
      attempts: MAX_SEND_ATTEMPTS,
      nextAttemptAt: t,
      lastError: { status: 0, code: 'network', message: 'Failed to fetch' },
      createdAt: t,
      updatedAt: t,
    });
    const fetch = vi.fn(async () => putItemOk());
    vi.stubGlobal('fetch', fetch);
    // The list shows the page's outbox once the offline layer is here (the app loads it after its first screen).
    await pageOutbox();
    render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <OutboxList onClose={() => {}} />
      </MantineProvider>,
    );
    const entry = await screen.findByTestId('outbox-entry');
    expect(entry.getAttribute('data-status')).toBe('stalled');
    expect(within(entry).getByText('要確認')).toBeTruthy();
    const error = within(entry).getByTestId('outbox-error');
    expect(error.textContent).toBe(`最後のエラー: ${ja.offline.networkFailed}`);
    expect(error.textContent).not.toContain('もう一度再度');
    expect(error.getAttribute('data-detail')).toContain('Failed to fetch');
    expect(screen.getByText(ja.offline.stalled)).toBeTruthy();
    expect(screen.getByTestId('outbox-list').textContent).not.toMatch(/[A-Za-z]{4,}/);

    fireEvent.click(within(entry).getByTestId('outbox-resend'));
    await waitFor(async () => expect((await getOfflineDb().outbox.get('stalled-key'))?.status).toBe('delivered'));
    expect(new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('Idempotency-Key')).toBe('stalled-key');
  });
});

beforeEach(() => {
  localStorage.clear();
});
