/**
 * The photo queue (src/offline/uploads.ts) against a stand-in server: a photo goes once it can,
 * stays queued through failures that are "not now", is marked refused when the server says no
 * for good, and belongs to the resident who picked it.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../src/lib/session';
import type { OfflineDb } from '../../src/offline/db';
import { deliverPhotos, queuePhoto } from '../../src/offline/uploads';
import { makeIdToken } from './fake-clock';
import { json, openTestDb } from './offline-helpers';

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
    await queuePhoto(db, photo('answers/a'));
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
    await queuePhoto(db, photo('answers/b'));
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
    await queuePhoto(db, photo('answers/mine', 'U1'));
    await queuePhoto(db, photo('answers/theirs', 'U2'));
    signIn('U1');
    await deliverPhotos(db);
    expect(puts.map((p) => p.url)).toEqual(['/survey/api/v1/files/grant-for-answers/mine']);
    expect((await db.uploads.toArray()).map((u) => u.key)).toEqual(['answers/theirs']);
  });
});
