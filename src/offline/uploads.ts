/**
 * Photos on a weak connection (spec 02 §7): a picked photo is stored here with the key its
 * image item already holds, then delivered — GET presignedUrl, PUT the bytes — whenever the
 * page is online (at once, on `online`, when the page shows again, and every 30 s). A photo is
 * removed once the server has it; the server keeps the first upload of a key and answers a
 * repeat with 200, so a delivery cut off (or repeated by a second tab) still stores it once.
 * The answer itself goes through the outbox like any other; the server does not need the photo first.
 */
import { surveyResourcesPresignedUrl } from '@core/contract/files';
import { call } from '../lib/api';
import { ApiClientError } from '../lib/api-error';
import { getSession } from '../lib/session';
import type { OfflineDb, UploadRow } from './db';

export type Progress = Readonly<Record<string, number>>;
type Listener = (p: Progress) => void;

let progress: Record<string, number> = {};
const listeners = new Set<Listener>();
const publish = (key: string, fraction: number | null) => {
  progress = { ...progress };
  if (fraction === null) delete progress[key];
  else progress[key] = fraction;
  for (const l of listeners) l(progress);
};

/** Upload progress by key (0…1), for the item's progress bar. */
export const subscribeUploadProgress = (l: Listener): (() => void) => {
  listeners.add(l);
  l(progress);
  return () => listeners.delete(l);
};

export const queuePhoto = async (db: OfflineDb, row: Omit<UploadRow, 'status' | 'createdAt'>): Promise<void> => {
  await db.uploads.put({ ...row, status: 'queued', createdAt: Date.now() });
};

/** PUT with upload progress (XMLHttpRequest: fetch reports none). */
const put = (url: string, bytes: ArrayBuffer, contentType: string, onProgress: (f: number) => void) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(new Blob([bytes], { type: contentType }));
  });

const messageOf = (body: string): string => {
  try {
    return (JSON.parse(body) as { errorMessage?: string }).errorMessage ?? '';
  } catch {
    return '';
  }
};

const deliverOne = async (db: OfflineDb, row: UploadRow): Promise<void> => {
  publish(row.key, 0);
  try {
    const got = await call(surveyResourcesPresignedUrl, { query: { key: row.key, contentType: row.contentType as 'image/jpeg' } });
    if (got.result !== 'OK') throw new ApiClientError({ status: 200, code: got.code ?? 'error', errorMessage: got.errorMessage });
    const res = await put(got.uploadUrl, row.bytes, row.contentType, (f) => publish(row.key, f));
    if (res.status === 200) await db.uploads.delete(row.key);
    else if (res.status >= 400 && res.status < 500 && res.status !== 403 && res.status !== 429) {
      await db.uploads.update(row.key, { status: 'refused', error: messageOf(res.body) });
    }
    // 403 (URL expired), 429, 5xx: stays queued for the next trigger.
  } catch (e) {
    // A refusal of the key itself (taken) is final; anything else (offline) waits.
    if (e instanceof ApiClientError && e.status === 409) await db.uploads.update(row.key, { status: 'refused', error: e.message });
  } finally {
    publish(row.key, null);
  }
};

let running: Promise<void> | null = null;

/** Delivers the signed-in resident's queued photos, one pass at a time per page. */
export const deliverPhotos = (db: OfflineDb): Promise<void> => {
  const userId = getSession()?.profile.userId;
  if (!userId || (typeof navigator !== 'undefined' && navigator.onLine === false)) return Promise.resolve();
  running ??= (async () => {
    try {
      const rows = await db.uploads.where('[userId+status]').equals([userId, 'queued']).sortBy('createdAt');
      for (const row of rows) await deliverOne(db, row);
    } finally {
      running = null;
    }
  })();
  return running;
};

let started = false;
/** The triggers, once per page. */
export const startPhotoDelivery = (db: OfflineDb): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  const go = () => void deliverPhotos(db).catch(() => {});
  window.addEventListener('online', go);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && go());
  setInterval(go, 30_000);
  go();
};
