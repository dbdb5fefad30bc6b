/**
 * Shared devices: what a sign-out or the kiosk's hand-over wipes (and keeps), the kiosk as the
 * page's session, the draft savers a wipe ends, and the submit guard narrowed to a kiosk visit.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { getKiosk, KIOSK_KEY, kioskUserId, kioskVisitScope, markKioskRevoked, saveKiosk } from '../../src/lib/kiosk';
import { getResidentSession, getSession, getStoredUserId } from '../../src/lib/session';
import { createUserCompletionGuard } from '../../src/offline/completion-guard';
import type { OfflineDb, OutboxRow } from '../../src/offline/db';
import { createDraftSaver, endOpenDraftSavers, loadDraft, saveDraft } from '../../src/offline/drafts';
import { createOutbox } from '../../src/offline/outbox';
import { wipeOthersData, wipeOwnerData } from '../../src/offline/wipe';
import { fakeAuth, openTestDb } from './offline-helpers';
import { signInResident } from './resident';

const dbs: OfflineDb[] = [];
const open = () => {
  const db = openTestDb();
  dbs.push(db);
  return db;
};
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  localStorage.clear();
  sessionStorage.clear();
});

const entry = (id: string, userId: string, status: OutboxRow['status'], name: string): OutboxRow => ({
  id,
  userId,
  endpoint: 'surveyResultsPutItem',
  request: { body: { data: [{ surveyId: 's1', itemKey: 'name', value: name }] } },
  meta: { surveyId: 's1', title: 't' },
  fingerprint: `fp-${id}`,
  status,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: Number(id.replace(/\D/g, '')) || 1,
  updatedAt: 0,
});

const fill = async (db: OfflineDb, userId: string, name: string) => {
  await saveDraft({ userId, surveyId: 's1' }, { name }, { db });
  await db.cache.put({ userId, key: 'k', queryKey: ['k'], data: { name }, savedAt: 1, version: 1 });
  await db.outbox.bulkPut([
    entry(`${userId}-1`, userId, 'delivered', name),
    entry(`${userId}-2`, userId, 'queued', name),
    entry(`${userId}-3`, userId, 'needs-auth', name),
    entry(`${userId}-4`, userId, 'rejected', name),
  ]);
};

describe('wiping one owner', () => {
  it('removes their drafts, cached reads and delivered entries, keeps their undelivered ones and everyone else', async () => {
    const db = open();
    await fill(db, 'UA', '山田 花子');
    await fill(db, 'UB', '佐藤 太郎');
    await db.cache.put({ userId: '*', key: 'open', queryKey: ['open'], data: [], savedAt: 1, version: 1 });

    await wipeOwnerData(db, 'UA');

    expect(await loadDraft({ userId: 'UA', surveyId: 's1' }, { db })).toBeNull();
    expect(await db.cache.where('userId').equals('UA').count()).toBe(0);
    const left = await db.outbox.where('userId').equals('UA').toArray();
    expect(left.map((e) => e.status).sort()).toEqual(['needs-auth', 'queued', 'rejected']);
    // The other resident and the public list are untouched.
    expect(await loadDraft({ userId: 'UB', surveyId: 's1' }, { db })).not.toBeNull();
    expect(await db.cache.count()).toBe(2);
    expect(await db.outbox.where('userId').equals('UB').count()).toBe(4);
  });

  it('keeps a kiosk\'s cached reads when asked (forms and calendars, nothing of a visitor)', async () => {
    const db = open();
    await fill(db, 'kiosk:受付1', '来院者');
    await wipeOwnerData(db, 'kiosk:受付1', { keepCachedReads: true });
    expect(await db.cache.count()).toBe(1);
    expect(await db.drafts.count()).toBe(0);
    expect(await db.outbox.where('status').equals('delivered').count()).toBe(0);
  });

  it('wipes every other owner (an earlier resident who never signed out), keeping the public rows', async () => {
    const db = open();
    await fill(db, 'UA', 'A');
    await fill(db, 'UB', 'B');
    await db.cache.put({ userId: '*', key: 'open', queryKey: ['open'], data: [], savedAt: 1, version: 1 });

    await wipeOthersData(db, 'UB');
    expect((await db.drafts.toArray()).map((d) => d.userId)).toEqual(['UB']);
    expect((await db.cache.toArray()).map((r) => r.userId).sort()).toEqual(['*', 'UB']);
    expect(await db.outbox.where('[userId+status]').equals(['UA', 'delivered']).count()).toBe(0);
    expect(await db.outbox.where('userId').equals('UA').count()).toBe(3);

    await wipeOthersData(db, null);
    expect(await db.drafts.count()).toBe(0);
    expect((await db.cache.toArray()).map((r) => r.userId)).toEqual(['*']);
  });

  it("drops the tab's draft copies (kept when a page was left) of the owners wiped", async () => {
    const db = open();
    // The leaving pages' IndexedDB writes never land (cut off by a reload): only the copies do.
    const cutOff = { drafts: { put: () => new Promise<never>(() => {}) } } as unknown as OfflineDb;
    const leave = (userId: string) => {
      const win = new EventTarget();
      const saver = createDraftSaver({ userId, surveyId: 's1' }, { db: cutOff, events: { win, doc: Object.assign(new EventTarget(), { visibilityState: 'visible' as const }) } });
      saver.save({ name: userId });
      win.dispatchEvent(new Event('pagehide'));
      saver.dispose();
    };
    sessionStorage.clear();
    for (const u of ['UA', 'UB', 'UC']) leave(u);
    const copies = () => Object.keys(sessionStorage).filter((k) => k.startsWith('draft:')).sort();
    expect(copies()).toHaveLength(3);
    await wipeOwnerData(db, 'UA');
    await wipeOthersData(db, 'UC');
    expect(copies()).toEqual([expect.stringMatching(/^draft:UC\|/)]);
  });
});

describe('draft savers after a wipe', () => {
  it('write nothing more, even when their screen flushes on the way out', async () => {
    const db = open();
    const saver = createDraftSaver({ userId: 'UA', surveyId: 's1' }, { db, events: null, setTimer: () => () => {} });
    saver.save({ name: 'A' });
    endOpenDraftSavers();
    await saver.flush();
    expect(await db.drafts.count()).toBe(0);
    // A saver made after the wipe (the next person's form) saves as usual.
    const next = createDraftSaver({ userId: 'UB', surveyId: 's1' }, { db, events: null, setTimer: () => () => {} });
    next.save({ name: 'B' });
    await next.flush();
    expect((await loadDraft({ userId: 'UB', surveyId: 's1' }, { db }))?.values).toEqual({ name: 'B' });
  });
});

describe('the kiosk as the page session', () => {
  const kiosk = { token: 'kiosk_abc', name: '受付1', idleSeconds: 90, forms: [{ surveyId: 's1', surveyTitle: '問診票' }] };

  it('stands in for the resident while enrolled, and is no session once revoked', () => {
    signInResident('U1', '山田');
    expect(getResidentSession()?.profile.userId).toBe('U1');
    saveKiosk(kiosk);
    expect(getSession()).toMatchObject({ idToken: 'kiosk_abc', profile: { userId: kioskUserId(kiosk), displayName: '受付1' } });
    expect(getStoredUserId()).toBe('kiosk:受付1');
    expect(getResidentSession()).toBeNull();
    markKioskRevoked();
    expect(getKiosk()?.revoked).toBe(true);
    expect(getSession()).toBeNull();
    // Its queued answers still belong to it, to go once it is enrolled again.
    expect(getStoredUserId()).toBe('kiosk:受付1');
    expect(JSON.parse(localStorage.getItem(KIOSK_KEY) ?? '{}')).toMatchObject({ name: '受付1', revoked: true });
  });

  it('gives each visit its own id, kept through a reload and renewed by the wipe of sessionStorage', () => {
    expect(kioskVisitScope()).toBeNull();
    saveKiosk(kiosk);
    const first = kioskVisitScope();
    expect(first).toMatch(/[0-9a-f-]{36}/);
    expect(kioskVisitScope()).toBe(first);
    sessionStorage.clear();
    expect(kioskVisitScope()).not.toBe(first);
  });
});

describe('the submit guard on a shared device', () => {
  it('forgets a wiped owner\'s answers', () => {
    const guard = createUserCompletionGuard(sessionStorage);
    guard.add('UA', 'fp');
    guard.add('UB', 'fp');
    guard.clear('UA');
    expect(guard.has('UA', 'fp')).toBe(false);
    expect(createUserCompletionGuard(sessionStorage).has('UA', 'fp')).toBe(false);
    expect(guard.has('UB', 'fp')).toBe(true);
  });

  it('lets two kiosk visitors queue the same answers, and refuses one visitor sending twice', async () => {
    const db = open();
    let visit = 'v1';
    const { auth } = fakeAuth('kiosk:受付1', null);
    const outbox = createOutbox({
      db,
      auth: { ...auth, guardScope: () => visit },
      guard: createUserCompletionGuard(null),
      lock: null,
      sender: async () => ({}),
    });
    const input = {
      endpoint: 'surveyResultsPutItem' as const,
      request: { body: { data: [{ surveyId: 's1', itemKey: 'q1', value: 'はい' }] } },
      meta: { surveyId: 's1', title: '問診票' },
    };
    await outbox.enqueue(input as never);
    await expect(outbox.enqueue(input as never)).rejects.toMatchObject({ code: 'already_sent' });
    visit = 'v2';
    await outbox.enqueue(input as never);
    expect(await db.outbox.count()).toBe(2);
  });

  it('removes an answer delivered after its kiosk visit ended, and keeps the current visitor\'s for the completion page', async () => {
    const db = open();
    let visit = 'v1';
    const outbox = createOutbox({
      db,
      auth: { currentUserId: () => 'kiosk:受付1', freshToken: () => ({ userId: 'kiosk:受付1', idToken: 'kiosk_t' }), guardScope: () => visit },
      guard: createUserCompletionGuard(null),
      lock: null,
      sender: async () => ({ result: 'OK', answercode: '7' }),
    });
    const input = (value: string) =>
      ({
        endpoint: 'surveyResultsPutItem' as const,
        request: { body: { data: [{ surveyId: 's1', itemKey: 'name', value }] } },
        meta: { surveyId: 's1', title: '問診票' },
      }) as never;
    const earlier = await outbox.enqueue(input('来院者一'));
    visit = 'v2';
    const current = await outbox.enqueue(input('来院者二'));
    await outbox.replay();
    expect(await db.outbox.get(earlier)).toBeUndefined();
    expect((await db.outbox.get(current))?.status).toBe('delivered');
  });
});
