import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/lib/session';
import type { OfflineDb } from '../../src/offline/db';
import {
  clearDraft,
  createDraftSaver,
  currentDraftKey,
  draftKey,
  listDrafts,
  loadDraft,
  saveDraft,
  type PageEvents,
} from '../../src/offline/drafts';
import { makeIdToken } from './fake-clock';
import { freshDbName, openTestDb, settle } from './offline-helpers';

const dbs: OfflineDb[] = [];
const open = (name?: string) => {
  const db = openTestDb(name);
  dbs.push(db);
  return db;
};
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  localStorage.clear();
  sessionStorage.clear();
});

const fakeTimers = () => {
  const timers: { fn: () => void; at: number; live: boolean }[] = [];
  let now = 0;
  return {
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, at: now + ms, live: true };
      timers.push(t);
      return () => {
        t.live = false;
      };
    },
    advance: (ms: number) => {
      now += ms;
      for (const t of timers) if (t.live && t.at <= now) {
        t.live = false;
        t.fn();
      }
    },
    pending: () => timers.filter((t) => t.live).length,
  };
};

const pageEvents = () => {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  return { win, doc } satisfies PageEvents;
};

describe('drafts', () => {
  it('are kept per user, survey and edited partition', async () => {
    const db = open();
    await saveDraft({ userId: 'U1', surveyId: 's1' }, { name: 'U1 new' }, { db });
    await saveDraft({ userId: 'U1', surveyId: 's1', partitionKey: 's1#U1#1' }, { name: 'U1 edit' }, { db });
    await saveDraft({ userId: 'U1', surveyId: 's2' }, { name: 'U1 s2' }, { db });
    await saveDraft({ userId: 'U2', surveyId: 's1' }, { name: 'U2 new' }, { db });

    expect((await loadDraft({ userId: 'U1', surveyId: 's1' }, { db }))?.values).toEqual({ name: 'U1 new' });
    expect((await loadDraft({ userId: 'U1', surveyId: 's1', partitionKey: 's1#U1#1' }, { db }))?.values).toEqual({ name: 'U1 edit' });
    expect((await loadDraft({ userId: 'U1', surveyId: 's2' }, { db }))?.values).toEqual({ name: 'U1 s2' });
    expect((await loadDraft({ userId: 'U2', surveyId: 's1' }, { db }))?.values).toEqual({ name: 'U2 new' });
    expect(await loadDraft({ userId: 'U3', surveyId: 's1' }, { db })).toBeNull();
    expect((await listDrafts('U2', { db })).map((d) => d.values)).toEqual([{ name: 'U2 new' }]);
  });

  it('keys cannot collide through a separator inside an id', () => {
    expect(draftKey({ userId: 'U1|s1', surveyId: 'x' })).not.toBe(draftKey({ userId: 'U1', surveyId: 's1|x' }));
    expect(draftKey({ userId: 'U1', surveyId: 's1' })).toBe(draftKey({ userId: 'U1', surveyId: 's1', partitionKey: null }));
  });

  it('survive closing and reopening the database (a reload or a killed tab)', async () => {
    const name = freshDbName();
    const db1 = open(name);
    await saveDraft({ userId: 'U1', surveyId: 's1' }, { name: '山田', hobbies: ['読書', '散歩'] }, { db: db1, configVersion: 3, now: () => 42 });
    db1.close();
    const db2 = open(name);
    expect(await loadDraft({ userId: 'U1', surveyId: 's1' }, { db: db2 })).toEqual({
      values: { name: '山田', hobbies: ['読書', '散歩'] },
      configVersion: 3,
      updatedAt: 42,
    });
  });

  it('clearDraft removes one draft; savedUpTo keeps a newer one', async () => {
    const db = open();
    const key = { userId: 'U1', surveyId: 's1' };
    await saveDraft(key, { a: '1' }, { db, now: () => 100 });
    await clearDraft(key, { db, savedUpTo: 50 });
    expect(await loadDraft(key, { db })).not.toBeNull();
    await clearDraft(key, { db, savedUpTo: 100 });
    expect(await loadDraft(key, { db })).toBeNull();
    await saveDraft(key, { a: '2' }, { db });
    await clearDraft(key, { db });
    expect(await loadDraft(key, { db })).toBeNull();
  });

  it('currentDraftKey uses the stored session, even an expired one', () => {
    expect(currentDraftKey('s1')).toBeNull();
    saveSession({ idToken: makeIdToken({ sub: 'U9', exp: 1 }), accessToken: 'a', profile: { userId: 'U9', displayName: 'x' } });
    expect(currentDraftKey('s1', 's1#U9')).toEqual({ userId: 'U9', surveyId: 's1', partitionKey: 's1#U9' });
  });
});

describe('draft saver', () => {
  it('saves as it is typed: debounced, last values win', async () => {
    const db = open();
    const timers = fakeTimers();
    const key = { userId: 'U1', surveyId: 's1' };
    const saver = createDraftSaver(key, { db, setTimer: timers.setTimer, delayMs: 400, events: null });
    saver.save({ name: '山' });
    saver.save({ name: '山田' });
    timers.advance(399);
    await saver.flush();
    // flush() wrote the pending values early; nothing is left for the timer.
    expect((await loadDraft(key, { db }))?.values).toEqual({ name: '山田' });
    saver.save({ name: '山田 花' });
    expect(timers.pending()).toBe(1);
    timers.advance(400);
    await vi.waitFor(async () => expect((await loadDraft(key, { db }))?.values).toEqual({ name: '山田 花' }));
    saver.dispose();
  });

  it('writes at once when the page is hidden or left (LINE sent to the background)', async () => {
    const db = open();
    const timers = fakeTimers();
    const events = pageEvents();
    const key = { userId: 'U1', surveyId: 's1' };
    const saver = createDraftSaver(key, { db, setTimer: timers.setTimer, events });
    saver.save({ memo: '途中' });
    events.doc.visibilityState = 'hidden';
    events.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(async () => expect((await loadDraft(key, { db }))?.values).toEqual({ memo: '途中' }));

    saver.save({ memo: '途中2' });
    events.win.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect((await loadDraft(key, { db }))?.values).toEqual({ memo: '途中2' }));

    // After dispose() the page events no longer write.
    saver.dispose();
    saver.save({ memo: 'after dispose' });
    events.win.dispatchEvent(new Event('pagehide'));
    await settle();
    expect((await loadDraft(key, { db }))?.values).toEqual({ memo: '途中2' });
  });

  it('keeps what was typed when the page is left before the IndexedDB write lands (a reload), in this tab only', async () => {
    const db = open();
    const key = { userId: 'U1', surveyId: 's1' };
    // The leaving page's IndexedDB write never completes, as when a reload cuts it off.
    const cutOff = { drafts: { put: () => new Promise<never>(() => {}) } } as unknown as OfflineDb;
    const events = pageEvents();
    const saver = createDraftSaver(key, { db: cutOff, events, now: () => 5_000 });
    saver.save({ address: '梅田1-1', count: '1' });
    events.win.dispatchEvent(new Event('pagehide'));
    saver.dispose();

    // The next page restores it, and from then on IndexedDB holds it and the tab's copy is gone.
    expect(await loadDraft(key, { db })).toEqual({ values: { address: '梅田1-1', count: '1' }, configVersion: undefined, updatedAt: 5_000 });
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect((await db.drafts.get(draftKey(key)))?.values).toEqual({ address: '梅田1-1', count: '1' });

    // An older copy loses to what IndexedDB holds; clearDraft (the answer sent) drops a copy too.
    const again = createDraftSaver(key, { db: cutOff, events, now: () => 1_000 });
    again.save({ address: '古い' });
    events.win.dispatchEvent(new Event('pagehide'));
    again.dispose();
    expect((await loadDraft(key, { db }))?.values).toEqual({ address: '梅田1-1', count: '1' });
    const last = createDraftSaver(key, { db: cutOff, events, now: () => 9_000 });
    last.save({ address: '送信済み' });
    events.win.dispatchEvent(new Event('pagehide'));
    last.dispose();
    await clearDraft(key, { db });
    expect(await loadDraft(key, { db })).toBeNull();
  });

  it('cancel() drops pending values', async () => {
    const db = open();
    const timers = fakeTimers();
    const key = { userId: 'U1', surveyId: 's1' };
    const saver = createDraftSaver(key, { db, setTimer: timers.setTimer, events: null });
    saver.save({ a: 'x' });
    saver.cancel();
    timers.advance(10_000);
    await saver.flush();
    expect(await loadDraft(key, { db })).toBeNull();
  });
});
