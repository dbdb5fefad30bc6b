/**
 * The upload queue (src/offline/uploads.ts) against a stand-in server: a photo goes once it can,
 * stays queued through failures that are "not now", is marked refused when the server says no
 * for good, and belongs to the resident who picked it. A secure file picked offline makes its
 * entry with its device-made id, and the answer naming it goes after it, once.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/lib/session';
import type { OfflineDb } from '../../src/offline/db';
import { createUserCompletionGuard } from '../../src/offline/completion-guard';
import { createOutbox } from '../../src/offline/outbox';
import { deliverPhotos, queueUpload, secureFilesFirst } from '../../src/offline/uploads';
import { makeIdToken } from './fake-clock';
import { answerInput, fakeAuth, json, openTestDb } from './offline-helpers';

const dbs: OfflineDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** XMLHttpRequest as the queue uses it: PUTs answered from `statuses` in turn, each recorded. */
const fakeXhr = (statuses: (number | 'network')[]) => {
  const puts: { url: string; type: string | null; size: number }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private type: string | null = null;
    open(_m: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'content-type') this.type = value;
    }
    send(body: Blob) {
      puts.push({ url: this.url, type: this.type, size: body.size });
      const next = statuses.shift() ?? 200;
      queueMicrotask(() => {
        if (next === 'network') return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
        this.status = next;
        this.responseText = next === 200 ? '{"result":"OK","status":"Pending"}' : '{"result":"ERROR","errorMessage":"JPG、JPEG、PNG、HEIF の写真ファイルを選んでください"}';
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return puts;
};

const signIn = (userId: string) =>
  saveSession({ idToken: makeIdToken({ sub: userId, exp: Math.floor(Date.now() / 1000) + 3600 }), accessToken: 'a', profile: { userId, displayName: '山田' } });

const presigned = () =>
  vi.fn(async (url: string) =>
    json(200, { result: 'OK', uploadUrl: `/survey/api/v1/files/grant-for-${new URL(url, 'http://x').searchParams.get('key')}`, imageUrl: 'k' }),
  );

const photo = (key: string, userId = 'U1') => ({ key, userId, bytes: new Uint8Array([0xff, 0xd8, 0xff, 1]).buffer, contentType: 'image/jpeg' });

describe('photo queue', () => {
  it('delivers each photo once; a 5xx or no network leaves it queued for the next trigger', async () => {
    const db = openTestDb();
    dbs.push(db);
    signIn('U1');
    vi.stubGlobal('fetch', presigned());
    const puts = fakeXhr(['network', 503, 200]);
    await queueUpload(db, photo('answers/a'));
    await deliverPhotos(db);
    expect(await db.uploads.count()).toBe(1);
    await deliverPhotos(db);
    expect(await db.uploads.count()).toBe(1);
    await deliverPhotos(db);
    expect(await db.uploads.count()).toBe(0);
    expect(puts.map((p) => [p.url, p.type, p.size])).toEqual(Array(3).fill(['/survey/api/v1/files/grant-for-answers/a', 'image/jpeg', 4]));
    // Nothing left: later triggers send nothing.
    await deliverPhotos(db);
    expect(puts).toHaveLength(3);
  });

  it('marks a photo the server refuses for good, with its text, and sends it no more', async () => {
    const db = openTestDb();
    dbs.push(db);
    signIn('U1');
    vi.stubGlobal('fetch', presigned());
    const puts = fakeXhr([415]);
    await queueUpload(db, photo('answers/b'));
    await deliverPhotos(db);
    expect(await db.uploads.get('answers/b')).toMatchObject({ status: 'refused', error: 'JPG、JPEG、PNG、HEIF の写真ファイルを選んでください' });
    await deliverPhotos(db);
    expect(puts).toHaveLength(1);
  });

  it("sends only the signed-in resident's photos", async () => {
    const db = openTestDb();
    dbs.push(db);
    vi.stubGlobal('fetch', presigned());
    const puts = fakeXhr([]);
    await queueUpload(db, photo('answers/mine', 'U1'));
    await queueUpload(db, photo('answers/theirs', 'U2'));
    signIn('U1');
    await deliverPhotos(db);
    expect(puts.map((p) => p.url)).toEqual(['/survey/api/v1/files/grant-for-answers/mine']);
    expect((await db.uploads.toArray()).map((u) => u.key)).toEqual(['answers/theirs']);
  });
});

describe('secure file queue', () => {
  type Sent = { files: { id: string; name: string; itemKey: string; contentType: string; size: number }[] };
  /** The entry call: answers the id it was sent (or a refusal), and records each body. */
  const entries = (refuse = false) => {
    const bodies: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Sent;
        bodies.push(body);
        if (refuse) return json(409, { result: 'ERROR', code: 'key_taken', errorMessage: 'この key は使われています。' });
        return json(200, { result: 'OK', data: body.files.map((f) => ({ id: f.id, url: `/survey/api/v1/files/grant-${f.id}` })) });
      }),
    );
    return bodies;
  };
  const secureFile = (id: string) => ({
    key: id,
    kind: 'secure' as const,
    name: '保険証.pdf',
    itemKey: 'docs',
    userId: 'U1',
    bytes: new TextEncoder().encode('%PDF-').buffer as ArrayBuffer,
    contentType: 'application/pdf',
  });
  const outboxOf = (db: OfflineDb, sent: string[]) =>
    createOutbox({
      db,
      auth: fakeAuth('U1').auth,
      guard: createUserCompletionGuard(null),
      lock: null,
      sender: async (entry) => {
        sent.push(entry.id);
        return { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] };
      },
      filesFirst: (entry) => secureFilesFirst(db, entry),
    });

  it('makes the entry with its device id, uploads once, and only then sends the answer, once', async () => {
    const db = openTestDb();
    dbs.push(db);
    signIn('U1');
    const bodies = entries();
    const puts = fakeXhr(['network', 200]);
    const id = crypto.randomUUID();
    await queueUpload(db, secureFile(id));
    const sent: string[] = [];
    const outbox = outboxOf(db, sent);
    const answerId = await outbox.enqueue(answerInput({ docs: `${id}#保険証.pdf` }));

    // The upload is cut off: the file stays queued and the answer waits, not counted as a failed send.
    await outbox.replay();
    expect(sent).toEqual([]);
    expect(await db.uploads.get(id)).toMatchObject({ status: 'queued' });
    expect(await db.outbox.get(answerId)).toMatchObject({ status: 'queued', attempts: 0 });

    // Next time: the same entry (same id) again, the bytes, then the answer.
    await outbox.replay();
    expect(await db.uploads.count()).toBe(0);
    expect(sent).toEqual([answerId]);
    expect((await db.outbox.get(answerId))?.status).toBe('delivered');
    const file = { id, name: '保険証.pdf', itemKey: 'docs', contentType: 'application/pdf', size: 5 };
    expect(bodies).toEqual([{ files: [file] }, { files: [file] }]);
    expect(puts.map((p) => [p.url, p.type, p.size])).toEqual(Array(2).fill([`/survey/api/v1/files/grant-${id}`, 'application/pdf', 5]));

    // Nothing is sent again.
    await outbox.replay();
    await deliverPhotos(db);
    expect(sent).toHaveLength(1);
    expect(bodies).toHaveLength(2);
    expect(puts).toHaveLength(2);
  });

  it('an id the server refuses (taken) is marked refused and no longer holds its answer', async () => {
    const db = openTestDb();
    dbs.push(db);
    signIn('U1');
    const bodies = entries(true);
    const puts = fakeXhr([]);
    const id = crypto.randomUUID();
    await queueUpload(db, secureFile(id));
    const sent: string[] = [];
    const outbox = outboxOf(db, sent);
    await outbox.enqueue(answerInput({ docs: `${id}#保険証.pdf` }));
    await outbox.replay();
    expect(await db.uploads.get(id)).toMatchObject({ status: 'refused', error: 'この key は使われています。' });
    expect(puts).toEqual([]);
    expect(bodies).toHaveLength(1);
    // The server decides on the answer (it refuses an id that is not the resident's).
    expect(sent).toHaveLength(1);
  });

  it('an answer naming no queued file is not held by the file of another answer', async () => {
    const db = openTestDb();
    dbs.push(db);
    signIn('U1');
    entries();
    fakeXhr(['network']);
    await queueUpload(db, secureFile(crypto.randomUUID()));
    const sent: string[] = [];
    const outbox = outboxOf(db, sent);
    const other = await outbox.enqueue(answerInput({ name: '山田 花子' }, { surveyId: 's2' }));
    await outbox.replay();
    expect(sent).toEqual([other]);
    expect(await db.uploads.count()).toBe(1);
  });
});
