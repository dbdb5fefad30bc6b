/**
 * Photos and secure files on a weak connection (spec 02 §7): a picked file is stored here with
 * the key its item already holds (a photo's answers/{uuid}, a secure file's entry id), then
 * delivered whenever the page is online (at once, on `online`, when the page shows again, and
 * every 30 s): a photo by GET presignedUrl + PUT, a secure file by making its entry with that id
 * + PUT. A file is removed once the server has it; the server keeps the first upload of a key and
 * makes an entry of an id once, so a delivery cut off (or repeated by a second tab) stores it once.
 * The answer itself goes through the outbox; one naming a queued secure file waits for it
 * (secureFilesFirst): the server accepts only secure file ids it has. Photos need not go first.
 */
import { surveyResourcesPresignedUrl, surveyResourcesSecureFiles, type SecureFileUpload } from '@core/contract/files';
import { call, unwrap } from '../lib/api';
import { ApiClientError } from '../lib/api-error';
import { getSession } from '../lib/session';
import type { OfflineDb, OutboxRow, UploadRow } from './db';

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

/** Queues a photo, or a secure file (kind 'secure', with its name and item). */
export const queueUpload = async (db: OfflineDb, row: Omit<UploadRow, 'status' | 'createdAt'>): Promise<void> => {
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

/** Where this file's bytes go: a photo's upload URL, or the URL of its secure file entry (made once per id). */
const uploadUrlOf = async (row: UploadRow): Promise<string> => {
  if (row.kind === 'secure') {
    const file = {
      id: row.key,
      name: row.name ?? '',
      itemKey: row.itemKey ?? '',
      contentType: row.contentType as SecureFileUpload['contentType'],
      size: row.bytes.byteLength,
    };
    const [entry] = unwrap(await call(surveyResourcesSecureFiles, { body: { files: [file] } }));
    if (!entry) throw new TypeError('no entry');
    return entry.url;
  }
  const got = await call(surveyResourcesPresignedUrl, { query: { key: row.key, contentType: row.contentType as 'image/jpeg' } });
  if (got.result !== 'OK') throw new ApiClientError({ status: 200, code: got.code ?? 'error', errorMessage: got.errorMessage });
  return got.uploadUrl;
};

/** A secure file went since the last trigger: an answer held for it may go now. */
let secureDelivered = false;

const deliverOne = async (db: OfflineDb, row: UploadRow): Promise<void> => {
  publish(row.key, 0);
  try {
    const url = await uploadUrlOf(row);
    const res = await put(url, row.bytes, row.contentType, (f) => publish(row.key, f));
    if (res.status === 200) {
      await db.uploads.delete(row.key);
      if (row.kind === 'secure') secureDelivered = true;
    }
    else if (res.status >= 400 && res.status < 500 && res.status !== 403 && res.status !== 429) {
      await db.uploads.update(row.key, { status: 'refused', error: messageOf(res.body) });
    }
    // 403 (URL expired), 429, 5xx: stays queued for the next trigger.
  } catch (e) {
    // A refusal of the key itself (taken) or of a secure file's name, type or size is final; anything else (offline) waits.
    if (e instanceof ApiClientError && (e.status === 409 || e.status === 400 || e.status === 413 || e.status === 415)) {
      await db.uploads.update(row.key, { status: 'refused', error: e.errorMessage });
    }
  } finally {
    publish(row.key, null);
  }
};

let running: Promise<void> | null = null;

/** Delivers the signed-in resident's queued photos and files, one pass at a time per page. */
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

/** The resident's queued secure files an outbox entry names (by id, in its request). */
const queuedSecureFilesOf = async (db: OfflineDb, entry: OutboxRow): Promise<UploadRow[]> => {
  const request = JSON.stringify(entry.request);
  const rows = await db.uploads.where('[userId+status]').equals([entry.userId, 'queued']).toArray();
  return rows.filter((r) => r.kind === 'secure' && request.includes(`"${r.key}#`));
};

/**
 * For the outbox, before it sends an entry: delivers the files first and answers whether the
 * entry may go now (none of its secure files still queued). A refused file does not hold it:
 * the server then refuses the answer, which the resident fixes.
 */
export const secureFilesFirst = async (db: OfflineDb, entry: OutboxRow): Promise<boolean> => {
  if ((await queuedSecureFilesOf(db, entry)).length === 0) return true;
  await deliverPhotos(db);
  return (await queuedSecureFilesOf(db, entry)).length === 0;
};

let started = false;
let afterPass: (() => void) | null = null;
/** Called after a trigger's pass delivered a secure file (the outbox: an answer held for it may go now). */
export const onUploadsDelivered = (fn: () => void): void => {
  afterPass = fn;
};

/** The triggers, once per page. */
export const startPhotoDelivery = (db: OfflineDb): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  const go = () =>
    void deliverPhotos(db)
      .then(() => {
        if (!secureDelivered) return;
        secureDelivered = false;
        afterPass?.();
      })
      .catch(() => {});
  window.addEventListener('online', go);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && go());
  setInterval(go, 30_000);
  go();
};
