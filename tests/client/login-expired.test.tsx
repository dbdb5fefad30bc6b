/**
 * spec 01 §8: a call answered 403 invalid_request "IdToken expired." (the server's clock says the
 * login ended, whatever ours says) sends the resident to sign in again: the session is marked
 * refused (its owner's offline data stays theirs), a load shows the sign-in-again text with
 * もう一度ログインする rather than an error, and a queued answer waits as needs-auth, to go with
 * the same idempotency key after the new sign-in.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { surveyConfigsGetItem } from '@core/contract';
import { App } from '../../src/app/app';
import { Completion } from '../../src/features/answer/completion';
import { createApiClient } from '../../src/lib/api';
import { isTokenExpired } from '../../src/lib/api-error';
import { LIFF_STATE_KEY } from '../../src/lib/login';
import { getSession, getStoredUserId, isSessionRefused, saveSession, type Session } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { createUserCompletionGuard } from '../../src/offline/completion-guard';
import { createApiSender, createOutbox, sessionOutboxAuth } from '../../src/offline/outbox';
import { fakeRetryDeps, makeIdToken } from './fake-clock';
import { answerInput, clearDevice, fakeServer, json, openTestDb, putItemOk } from './offline-helpers';

const expired403 = () => json(403, { result: 'ERROR', code: 'invalid_request', errorMessage: 'IdToken expired.' });

/** A session our clock thinks valid for an hour: only the server knows better. */
const session = (tag: string): Session => ({
  idToken: makeIdToken({ sub: 'U1', exp: Math.floor(Date.now() / 1000) + 3600, tag }),
  accessToken: 'a',
  profile: { userId: 'U1', displayName: '山田 花子' },
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await clearDevice();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the session after a refused login', () => {
  it('is marked refused by the answer: no session any more, but the same owner', async () => {
    const s = session('old');
    saveSession(s);
    const fetch = vi.fn(async () => expired403());
    const client = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const error: unknown = await client.call(surveyConfigsGetItem, { query: { surveyId: 's1' } }).catch((e: unknown) => e);
    expect(isTokenExpired(error)).toBe(true);
    expect(getSession()).toBeNull();
    expect(isSessionRefused()).toBe(true);
    expect(getStoredUserId()).toBe('U1');
  });

  it('a late refusal of an older token does not end a newer session', async () => {
    const old = session('old');
    saveSession(old);
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch })
      .call(surveyConfigsGetItem, { query: { surveyId: 's1' } })
      .catch(() => undefined);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const fresh = session('new');
    saveSession(fresh);
    answer(expired403());
    await pending;
    expect(getSession()).toEqual(fresh);
    expect(isSessionRefused()).toBe(false);
  });
});

describe('screens when the login was refused', () => {
  const serve = (routes: Record<string, () => Response>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const route = routes[new URL(String(input), 'http://localhost').pathname];
        return route ? route() : json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
      }),
    );
  const open = (path: string) => {
    window.history.replaceState(null, '', path);
    return render(<App />);
  };

  it('a form config load shows the sign-in-again text and button, not an error', async () => {
    saveSession(session('old'));
    serve({ '/survey/api/v1/db/survey-configs/getItem': expired403 });
    open('/survey/s1?partitionKey=s1%23U1');
    const notice = await screen.findByTestId('login-expired');
    expect(notice.textContent).toContain(ja.login.expired);
    expect(notice.getAttribute('data-detail')).toBe('403 invalid_request: IdToken expired.');
    expect(screen.queryByTestId('error-card')).toBeNull();
    expect(screen.queryByText(ja.errors.timeout[0] as string)).toBeNull();
    expect(getSession()).toBeNull();
    expect(getStoredUserId()).toBe('U1');

    // The button leads to /login, which returns here after the new sign-in.
    const button = screen.getByTestId('sign-in-again');
    expect(button.getAttribute('href')).toBe('/login');
    button.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(button);
    expect(localStorage.getItem(LIFF_STATE_KEY)).toBe('/survey/s1?partitionKey=s1%23U1');
  });

  it('a lookup load shows the same', async () => {
    saveSession(session('old'));
    serve({ '/survey/api/v1/db/survey-configs/getAllSearchable': expired403 });
    open('/confirm');
    expect((await screen.findByTestId('login-expired')).textContent).toContain(ja.login.expired);
    expect(screen.queryByTestId('error-card')).toBeNull();
    expect(isSessionRefused()).toBe(true);
  });

  it('the next visit to a guarded page goes to /login', async () => {
    saveSession(session('old'));
    serve({ '/survey/api/v1/db/survey-configs/getItem': expired403 });
    open('/survey/s1');
    await screen.findByTestId('login-expired');
    cleanup();
    // The app config never answers, so the login stops before leaving for the issuer.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    open('/survey/s1');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});

describe('a queued answer when the login was refused', () => {
  it('waits as needs-auth, shows the sign-in-again way, and goes with the same key after a new sign-in', async () => {
    saveSession(session('old'));
    const clock = fakeRetryDeps();
    const server = fakeServer([expired403()]);
    const db = openTestDb();
    const outbox = createOutbox({
      db,
      sender: createApiSender({ fetch: server.fetch as unknown as typeof fetch, retryDeps: clock.deps }),
      auth: sessionOutboxAuth,
      now: clock.deps.now,
      guard: createUserCompletionGuard(null),
      lock: null,
    });
    try {
      const entry = await outbox.submit(answerInput());
      expect(entry).toMatchObject({ status: 'needs-auth', lastError: { status: 403, code: 'invalid_request' } });
      expect(getSession()).toBeNull();
      // A later answer is not even tried with the refused token: it waits too.
      const second = await outbox.submit(answerInput({ name: '佐藤 太郎' }));
      expect(second.status).toBe('needs-auth');
      expect(server.fetch).toHaveBeenCalledTimes(1);

      render(
        <MantineProvider withCssVariables={false} withGlobalClasses={false}>
          <Completion config={{ surveyId: 's1', surveyTitle: 't', surveySchema: [] } as never} answerCode={null} delivery="needs-auth" />
        </MantineProvider>,
      );
      expect(screen.getByText(ja.offline.needsAuth)).toBeTruthy();
      expect(screen.getByTestId('sign-in-again').getAttribute('href')).toBe('/login');

      const fresh = session('new');
      saveSession(fresh);
      server.push(putItemOk(), putItemOk('s1#U1#2'));
      await outbox.replay();
      expect(server.authOf(1)).toBe(`Bearer ${fresh.idToken}`);
      expect([server.keyOf(1), server.keyOf(2)]).toEqual([entry.id, second.id]);
      expect((await db.outbox.get(entry.id))?.status).toBe('delivered');
      expect((await db.outbox.get(second.id))?.status).toBe('delivered');
    } finally {
      db.close();
    }
  });
});
