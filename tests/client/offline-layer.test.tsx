/**
 * The offline layer off a first visit's startup path (src/offline/load.ts): the first screen
 * renders without its chunk, which loads once the page is idle; what the resident typed or sent
 * before the chunk arrived is stored (and sent) once it has. The chunk's arrival is held back by
 * a gate in the mock below; each test starts from a fresh module graph and an empty device.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RuntimeModule from '../../src/offline/runtime';
import { ja } from '../../src/messages/ja';
import { OFFLINE_DB_NAME } from '../../src/offline/presence';
import { makeIdToken } from './fake-clock';
import { json } from './offline-helpers';

const chunk = {
  /** Times the chunk was imported (its factory below ran). */
  requested: 0,
  started: 0,
  gate: Promise.resolve(),
  release: () => {},
  stops: [] as (() => void)[],
  close: async () => {},
};

/** The chunk, held back until chunk.release(); doMock (after resetModules) so each test gets a fresh one. */
const mockChunk = () =>
  vi.doMock('../../src/offline/runtime', async (importOriginal) => {
    chunk.requested += 1;
    await chunk.gate;
    const real = await importOriginal<typeof RuntimeModule>();
    chunk.close = async () => {
      // Let a replay still under way finish before its database goes.
      await real.getOutbox().replay();
      real.getOfflineDb().close();
    };
    return {
      ...real,
      startOfflineLayer: (options: Parameters<typeof real.startOfflineLayer>[0]) => {
        chunk.started += 1;
        const stop = real.startOfflineLayer(options);
        chunk.stops.push(stop);
        return stop;
      },
    };
  });

const config = {
  surveyId: 's1',
  surveyTitle: '粗大ごみ受付',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 4,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
  ],
};

const serve = () => {
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
    if (url.pathname.endsWith('/survey-results/putItem')) return json(200, { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const putCalls = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([u]) => String(u).includes('putItem')).length;

/** requestIdleCallback under the test's control. */
const idle: (() => void)[] = [];
const runIdle = () => {
  for (const fn of idle.splice(0)) fn();
};

/**
 * A page load as main.tsx does it: boot, then render; the modules are fresh for each test.
 * `signIn: 'afterBoot'` is a first visit through the login screen: the app booted signed out
 * (on /login) and the session arrived before the form.
 */
const openPage = async ({ signIn = 'beforeBoot' }: { signIn?: 'beforeBoot' | 'afterBoot' } = {}) => {
  const { bootOffline } = await import('../../src/offline/boot');
  const { App } = await import('../../src/app/app');
  const { saveSession } = await import('../../src/lib/session');
  const { getOfflineDb } = await import('../../src/offline/db');
  const session = () =>
    saveSession({
      idToken: makeIdToken({ sub: 'U1', exp: Math.floor(Date.now() / 1000) + 3600 }),
      accessToken: 'a',
      profile: { userId: 'U1', displayName: '山田 花子' },
    });
  if (signIn === 'beforeBoot') session();
  const queryClient = new QueryClient();
  window.history.replaceState(null, '', '/survey/s1');
  await bootOffline({ queryClient });
  if (signIn === 'afterBoot') session();
  render(<App queryClient={queryClient} />);
  return { getOfflineDb };
};

const deleteDatabase = () =>
  new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });

describe('the offline layer on a first visit', () => {
  beforeEach(async () => {
    vi.resetModules();
    mockChunk();
    localStorage.clear();
    sessionStorage.clear();
    await deleteDatabase();
    chunk.requested = 0;
    chunk.started = 0;
    chunk.gate = new Promise<void>((resolve) => {
      chunk.release = resolve;
    });
    idle.length = 0;
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  });
  afterEach(async () => {
    cleanup();
    chunk.release();
    for (const stop of chunk.stops.splice(0)) stop();
    await chunk.close();
    chunk.close = async () => {};
    vi.unstubAllGlobals();
  });

  it('renders the form without the chunk, and loads it and starts the triggers once the form is in', async () => {
    const fetch = serve();
    await openPage();
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    expect(await screen.findByTestId('submit-button')).toBeTruthy();
    expect(chunk.requested).toBe(0);
    expect(chunk.started).toBe(0);

    runIdle();
    await waitFor(() => expect(chunk.requested).toBe(1));
    chunk.release();
    await waitFor(() => expect(chunk.started).toBe(1));
    // The config shown before the database existed is stored now, for the next visit offline.
    const { getOfflineDb } = await import('../../src/offline/db');
    await waitFor(async () => expect(await getOfflineDb().cache.count()).toBe(1));
    expect(putCalls(fetch)).toBe(0);
  });

  it('keeps what was typed before the chunk arrived: the draft holds the last values once it has', async () => {
    serve();
    const { getOfflineDb } = await openPage();
    const name = await screen.findByLabelText(/^お名前/);
    fireEvent.change(name, { target: { value: '鈴木' } });
    fireEvent.change(name, { target: { value: '鈴木 一郎' } });
    // The debounced draft write asks for the chunk; it is still on its way.
    await waitFor(() => expect(chunk.requested).toBe(1));
    fireEvent.change(await screen.findByLabelText(/^ご要望/), { target: { value: '午前中に' } });
    expect(chunk.started).toBe(0);

    chunk.release();
    await waitFor(async () => {
      const drafts = await getOfflineDb().drafts.toArray();
      expect(drafts.map((d) => d.values)).toEqual([expect.objectContaining({ name: '鈴木 一郎', memo: '午前中に' })]);
    });
    // Whoever loaded the chunk, the triggers start with it.
    await waitFor(() => expect(chunk.started).toBe(1));
  });

  it('signed in after the app booted: the layer starting keeps the form and what was typed in it', async () => {
    const fetch = serve();
    await openPage({ signIn: 'afterBoot' });
    const name = await screen.findByLabelText(/^お名前/);
    fireEvent.change(name, { target: { value: '鈴木 一郎' } });
    runIdle();
    chunk.release();
    await waitFor(() => expect(chunk.started).toBe(1));
    // The triggers saw the sign-in as a change of resident; from nobody, there was nothing of
    // another resident's to drop, so the form was neither emptied nor loaded again.
    const { getOfflineDb } = await import('../../src/offline/db');
    await waitFor(async () => expect(await getOfflineDb().cache.count()).toBe(1));
    expect(screen.getByLabelText<HTMLInputElement>(/^お名前/).value).toBe('鈴木 一郎');
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('survey-configs/getItem'))).toHaveLength(1);
  });

  it('another resident signing in on the same tablet: the previous one\'s form is dropped and read again', async () => {
    const fetch = serve();
    await openPage();
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '鈴木 一郎' } });
    runIdle();
    chunk.release();
    await waitFor(() => expect(chunk.started).toBe(1));
    const { saveSession } = await import('../../src/lib/session');
    saveSession({
      idToken: makeIdToken({ sub: 'U2', exp: Math.floor(Date.now() / 1000) + 3600 }),
      accessToken: 'b',
      profile: { userId: 'U2', displayName: '佐藤 太郎' },
    });
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes('survey-configs/getItem'))).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^お名前/).value).toBe(''));
  });

  it('a submit before the chunk arrived waits for it, then goes through the outbox once', async () => {
    const fetch = serve();
    const { getOfflineDb } = await openPage();
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '田中' } });
    fireEvent.click(await screen.findByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(chunk.requested).toBe(1));
    expect(putCalls(fetch)).toBe(0);
    expect(screen.queryByTestId('survey-complete')).toBeNull();

    chunk.release();
    expect(await screen.findByTestId('survey-complete')).toBeTruthy();
    expect(putCalls(fetch)).toBe(1);
    const entries = await getOfflineDb().outbox.toArray();
    expect(entries.map((e) => e.status)).toEqual(['delivered']);
    // Delivered: the draft typed before the chunk arrived is gone with it.
    expect(await getOfflineDb().drafts.count()).toBe(0);
  });
});
