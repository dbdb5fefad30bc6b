import fs from 'node:fs';
import path from 'node:path';
import { PAGE_PAINTED_KEY, SSR_FORM_ATTR, SSR_ISLAND_ATTR } from '@core/contract/form-page';
import { surveyConfigsGetItem } from '@core/contract/survey';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY, saveSession, signOut, type Session } from '../../src/lib/session';
import { EARLY_DB_NAMES_KEY, EARLY_REQUESTS_KEY } from '../../src/lib/early-requests';
import { openOfflineDb } from '../../src/offline/db';
import { DB_MARK_KEY, OFFLINE_DB_NAME, offlineDbExists } from '../../src/offline/presence';
import { makeIdToken } from './fake-clock';

const session = (exp = 4_000_000_000): Session => ({
  idToken: makeIdToken({ sub: 'U1', exp }),
  accessToken: 'a',
  profile: { userId: 'U1', displayName: '山田 花子' },
});

const config = { result: 'OK', data: { surveyId: 'kenko-survey', surveyTitle: '健診', surveyStatus: 'enabled', version: 1, surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] } };

/** Runs src/early.ts afresh, as the page does once at start. */
const runEarly = async () => {
  vi.resetModules();
  await import('../../src/early');
};

describe('early config request (src/early.ts)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_KEY];
    fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/survey/kenko-survey');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
    window.history.replaceState(null, '', '/');
  });

  it('starts the request the API client would make, and the client uses it instead of a second one', async () => {
    saveSession(session());
    await runEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { call, unwrap } = await import('../../src/lib/api');
    const data = unwrap(await call(surveyConfigsGetItem, { query: { surveyId: 'kenko-survey' } }));
    expect(data.surveyTitle).toBe('健診');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Handed out once: the next call (a refetch) goes to the network.
    await call(surveyConfigsGetItem, { query: { surveyId: 'kenko-survey' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used by a call with another token', async () => {
    saveSession(session());
    await runEarly();
    const { call } = await import('../../src/lib/api');
    localStorage.setItem(SESSION_KEY, JSON.stringify(session(4_000_000_001)));
    await call(surveyConfigsGetItem, { query: { surveyId: 'kenko-survey' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing without a valid session or off a form page', async () => {
    await runEarly();
    saveSession(session(1));
    await runEarly();
    saveSession(session());
    window.history.replaceState(null, '', '/lookup/select');
    await runEarly();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("preloads the files of the form's on-demand item types, once each, and leaves the answer to the app", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'item-chunks';
    block.textContent = JSON.stringify({
      reservation: ['/assets/reservation-a.js', '/assets/summary-b.js'],
      search: ['/assets/search-c.js', '/assets/summary-b.js'],
      image: ['/assets/image-d.js'],
    });
    document.head.appendChild(block);
    const schema = [
      { itemKey: 'name', type: 'text', title: 'お名前' },
      { itemKey: 'slot', type: 'reservation', title: '予約' },
      { itemKey: 'q', type: 'search', title: '検索' },
      { itemKey: 'x', type: 'toString', title: '?' },
    ];
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ ...config, data: { ...config.data, surveySchema: schema } }), { status: 200 }));
    saveSession(session());
    try {
      await runEarly();
      await vi.waitFor(() => expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(3));
      const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
      expect(hrefs.sort()).toEqual(['/assets/reservation-a.js', '/assets/search-c.js', '/assets/summary-b.js']);
      // The body is still the app's to read.
      const [early] = (globalThis as unknown as Record<string, { response: Promise<Response> }[]>)[EARLY_REQUESTS_KEY] ?? [];
      const body = (await (await (early as { response: Promise<Response> }).response).json()) as { data: { surveySchema: unknown[] } };
      expect(body.data.surveySchema).toHaveLength(4);
    } finally {
      block.remove();
      for (const l of document.querySelectorAll('link[rel="modulepreload"]')) l.remove();
    }
  });

  it('preloads the Temporal polyfill on any page, only where the browser has no Temporal', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'temporal-chunks';
    block.textContent = JSON.stringify(['/assets/implementation-a.js']);
    document.head.appendChild(block);
    window.history.replaceState(null, '', '/');
    const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
    try {
      // Node has none, as iOS's WebView.
      expect('Temporal' in globalThis).toBe(false);
      await runEarly();
      expect(preloads()).toEqual(['/assets/implementation-a.js']);
      for (const l of document.querySelectorAll('link[rel="modulepreload"]')) l.remove();
      vi.stubGlobal('Temporal', {});
      await runEarly();
      expect(preloads()).toEqual([]);
    } finally {
      block.remove();
      for (const l of document.querySelectorAll('link[rel="modulepreload"]')) l.remove();
    }
  });

  it("preloads the app's files on every page but a form's page it will hydrate (src/main.tsx imports the app after)", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'app-chunks';
    block.textContent = JSON.stringify(['/assets/screens-a.js', '/assets/shared-b.js']);
    document.head.appendChild(block);
    vi.stubGlobal('Temporal', {});
    const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);
    const clear = () => {
      for (const l of document.querySelectorAll('link[rel="modulepreload"]')) l.remove();
    };
    try {
      for (const page of ['/', '/lookup/select', '/survey/kenko-survey']) {
        window.history.replaceState(null, '', page);
        await runEarly();
        expect(preloads(), page).toEqual(['/assets/screens-a.js', '/assets/shared-b.js']);
        clear();
      }
      // The server rendered the form: with a session it is hydrated first, so nothing competes.
      document.documentElement.setAttribute(SSR_FORM_ATTR, '');
      document.documentElement.setAttribute(SSR_ISLAND_ATTR, '');
      saveSession(session());
      await runEarly();
      expect(preloads()).toEqual([]);
      // A bed form's page carries its first screen but no form to hydrate: the app is needed at once.
      document.documentElement.removeAttribute(SSR_ISLAND_ATTR);
      await runEarly();
      expect(preloads()).toEqual(['/assets/screens-a.js', '/assets/shared-b.js']);
      clear();
      document.documentElement.setAttribute(SSR_ISLAND_ATTR, '');
      // Without one the visitor is sent to sign in: the app is needed at once.
      signOut();
      document.documentElement.setAttribute(SSR_FORM_ATTR, '');
      await runEarly();
      expect(preloads()).toEqual(['/assets/screens-a.js', '/assets/shared-b.js']);
    } finally {
      document.documentElement.removeAttribute(SSR_FORM_ATTR);
      document.documentElement.removeAttribute(SSR_ISLAND_ATTR);
      block.remove();
      clear();
      // The signed-in run waits for the parse's end (markPaintedOnceParsed): let it end here.
      document.dispatchEvent(new Event('readystatechange'));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      delete (globalThis as Record<string, unknown>)[PAGE_PAINTED_KEY];
    }
  });

  it("marks the first frame after the parse of a page with the server's form, only with a session", async () => {
    const painted = () => (globalThis as Record<string, unknown>)[PAGE_PAINTED_KEY];
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    try {
      for (const signedIn of [false, true]) {
        delete (globalThis as Record<string, unknown>)[PAGE_PAINTED_KEY];
        if (signedIn) saveSession(session());
        document.documentElement.setAttribute(SSR_FORM_ATTR, '');
        await runEarly();
        await frame();
        // Parsing has not ended yet: no frame has shown the whole page.
        expect(painted()).toBeUndefined();
        document.dispatchEvent(new Event('readystatechange'));
        await frame();
        expect(painted()).toBe(signedIn ? true : undefined);
      }
    } finally {
      document.documentElement.removeAttribute(SSR_FORM_ATTR);
      delete (globalThis as Record<string, unknown>)[PAGE_PAINTED_KEY];
    }
  });

  it('uses the literals of the modules it may not import', () => {
    const early = fs.readFileSync(path.resolve(import.meta.dirname, '../../src/early.ts'), 'utf8');
    expect(early).toContain(`'${PAGE_PAINTED_KEY}'`);
    expect(early).toContain(`'${SSR_FORM_ATTR}'`);
    expect(early).toContain(`'${SSR_ISLAND_ATTR}'`);
    expect(early).toContain(`'${EARLY_REQUESTS_KEY}'`);
    expect(early).toContain(`getItem('${SESSION_KEY}')`);
    expect(early).toContain(`/survey/api/v1/db${surveyConfigsGetItem.path}?`);
    expect(early).toContain(`getItem('${DB_MARK_KEY}')`);
    expect(early).toContain(`'${EARLY_DB_NAMES_KEY}'`);
  });
});

describe('early IndexedDB question (src/early.ts)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.removeItem(DB_MARK_KEY);
    delete (globalThis as Record<string, unknown>)[EARLY_DB_NAMES_KEY];
  });

  it("asks on any page when the database is not known, and the app's probe takes that answer once", async () => {
    window.history.replaceState(null, '', '/lookup/select');
    const databases = vi.spyOn(indexedDB, 'databases').mockResolvedValue([{ name: OFFLINE_DB_NAME, version: 1 }]);
    await runEarly();
    expect(databases).toHaveBeenCalledTimes(1);
    expect(await offlineDbExists()).toBe(true);
    expect(databases).toHaveBeenCalledTimes(1);
    // The answer set the mark; without it, a later probe would ask the browser itself.
    expect(localStorage.getItem(DB_MARK_KEY)).toBe('1');
    localStorage.removeItem(DB_MARK_KEY);
    databases.mockResolvedValue([]);
    expect(await offlineDbExists()).toBe(false);
    expect(databases).toHaveBeenCalledTimes(2);
    window.history.replaceState(null, '', '/');
  });

  it('is for the first probe only: one answered by the mark uses it up', async () => {
    const databases = vi.spyOn(indexedDB, 'databases').mockResolvedValue([]);
    await runEarly();
    // Another tab created the database before the app's first probe.
    localStorage.setItem(DB_MARK_KEY, '1');
    expect(await offlineDbExists()).toBe(true);
    localStorage.removeItem(DB_MARK_KEY);
    databases.mockResolvedValue([{ name: OFFLINE_DB_NAME, version: 1 }]);
    // The start's answer (no database) is not handed to a later probe.
    expect(await offlineDbExists()).toBe(true);
    expect(databases).toHaveBeenCalledTimes(2);
  });

  it('does not ask when the database is known, and a failed question leaves the probe to ask again', async () => {
    localStorage.setItem(DB_MARK_KEY, '1');
    const databases = vi.spyOn(indexedDB, 'databases').mockRejectedValueOnce(new Error('busy'));
    await runEarly();
    expect(databases).not.toHaveBeenCalled();
    expect((globalThis as Record<string, unknown>)[EARLY_DB_NAMES_KEY]).toBeUndefined();
    localStorage.removeItem(DB_MARK_KEY);
    await runEarly();
    expect(databases).toHaveBeenCalledTimes(1);
    databases.mockResolvedValue([]);
    expect(await offlineDbExists()).toBe(false);
    expect(databases).toHaveBeenCalledTimes(2);
  });
});

describe('offlineDbExists', () => {
  it('tells a missing database without creating it, and finds an existing one', async () => {
    const name = `probe-${Math.random()}`;
    expect(await offlineDbExists(name)).toBe(false);
    expect(await offlineDbExists(name)).toBe(false);
    const db = openOfflineDb({ name });
    await db.open();
    db.close();
    expect(await offlineDbExists(name)).toBe(true);
    expect(await db.open().then(() => db.tables.map((t) => t.name).sort())).toEqual(['cache', 'drafts', 'outbox', 'uploads']);
    db.close();
  });
});
