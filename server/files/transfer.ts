/**
 * The bytes of uploads and downloads, at FILE_TRANSFER_PATH/{signed grant}: outside the JSON API
 * (its body limit is 4 MB; files go to 50 MB) and reached by URLs the file calls hand out.
 * PUT keeps the first complete upload of a file and nothing of a cut one (a retry of the same URL
 * starts over; a repeat after success changes nothing), checks size and magic bytes, then wakes
 * the scan pipeline. GET serves only a Completed file, decrypted, to its owner's grant, as an
 * attachment (images inline for the item's preview) that no browser may sniff or run.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { FILE_TRANSFER_PATH, MAX_IMAGE_BYTES, uploadKeySchema } from '@core/contract/files';
import { refuse, type Refusal } from '@core/refusals';
import type { App, AppEnv } from '../app-env';
import { errorAnswerOf } from '../errors';
import type { Logger } from '../log';
import type { Store } from '../store/open';
import type { FileDeps } from './index';
import { ensureFileRow, findFile, markRefused, markUploaded, uploadedBytesSince, type FileRow } from '../store/files';
import { TooLargeError } from './storage';
import { bytesMatchType } from './magic';
import { decryptStream, readBlobEnds, verifyGrant } from './crypto';

/** Answered, not thrown: these routes are outside route() and its error handling. */
const refused = (c: Context<AppEnv>, r: Refusal) => c.json(errorAnswerOf(c.get('requestId'), r), r.status as 400);
const DAY_MS = 24 * 3600 * 1000;

/** RFC 6266: an ASCII fallback and the real name in UTF-8. */
const disposition = (kind: 'attachment' | 'inline', name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * A request's path as the log may hold it: a transfer URL's signed token is a bearer credential
 * for the file until it expires, so it never reaches a log line (the grant's file id does).
 */
export const loggablePath = (path: string): string =>
  path.startsWith(`${FILE_TRANSFER_PATH}/`) ? `${FILE_TRANSFER_PATH}/…` : path;

export const registerFileTransfer = (app: App, deps: { store: Store; files: FileDeps; log: Logger }): void => {
  const { store, files } = deps;
  const now = () => Math.floor(Date.now() / 1000);

  app.put(`${FILE_TRANSFER_PATH}/:token`, async (c) => {
    const grant = verifyGrant(files.keys.urlKey, c.req.param('token'), now());
    if (grant) c.set('fileGrant', grant.f);
    if (!grant || grant.p !== 'put') return refused(c, refuse('url_invalid'));
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!grant.t || type !== grant.t) return refused(c, refuse('content_type_mismatch', { type: grant.t ?? '' }));
    const image = uploadKeySchema.safeParse(grant.f).success;
    const stamp = new Date().toISOString();
    const row: FileRow | undefined = image
      ? await ensureFileRow(store.db, {
          file_id: grant.f,
          user_id: grant.u,
          kind: 'image',
          item_key: null,
          name: grant.f,
          content_type: type,
          size: null,
          status: 'Pending',
          blob_ref: null,
          claim: null,
          lease_until: null,
          reason: null,
          uploaded_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
      : await findFile(store.db, grant.f);
    if (!row || row.user_id !== grant.u) return refused(c, refuse('file_not_found'));
    // A repeat of a finished upload (its answer was lost on the way): the first one stands.
    if (row.uploaded_at !== null) return c.json({ result: 'OK', status: row.status });
    if (row.status !== 'Pending') return refused(c, refuse('file_refused'));
    const empty = image ? 'empty_image' : 'empty_file';
    const body = c.req.raw.body;
    if (!body) return refused(c, refuse(empty));
    const max = image ? MAX_IMAGE_BYTES : (row.size ?? 0);
    let put;
    try {
      put = await files.storage.put('quarantine', Readable.fromWeb(body as WebReadableStream), max);
    } catch (e) {
      if (e instanceof TooLargeError) return refused(c, refuse(image ? 'image_too_large' : 'file_too_large'));
      throw e;
    }
    const drop = (r: Refusal) => files.storage.remove('quarantine', put.ref).then(() => refused(c, r));
    if (put.size === 0) return drop(refuse(empty));
    // Checked once the bytes are in (a refusal before reading them reaches the phone as a network
    // error, and the upload would be tried again for ever). Two uploads of one resident at the
    // same moment may both pass: the overshoot is bounded by one file each.
    if (files.quotaBytes > 0 && (await uploadedBytesSince(store.db, grant.u, new Date(Date.now() - DAY_MS).toISOString())) + put.size > files.quotaBytes) {
      return drop(refuse('file_quota'));
    }
    // A secure file's size was declared (and checked against 50 MB) when its entry was made.
    if (!image && put.size !== row.size) return drop(refuse('size_mismatch', { size: row.size }));
    if (!bytesMatchType(put.head, row.content_type)) {
      await markRefused(store.db, row.file_id, 'bytes are not the declared type', stamp);
      return drop(refuse(image ? 'image_type' : 'file_type'));
    }
    if (!(await markUploaded(store.db, row.file_id, put.ref, put.size, new Date().toISOString()))) {
      await files.storage.remove('quarantine', put.ref);
      const now2 = await findFile(store.db, row.file_id);
      return c.json({ result: 'OK', status: now2?.status ?? 'Pending' });
    }
    void files.pipeline?.kick();
    return c.json({ result: 'OK', status: 'Pending' });
  });

  app.get(`${FILE_TRANSFER_PATH}/:token`, async (c) => {
    const grant = verifyGrant(files.keys.urlKey, c.req.param('token'), now());
    if (grant) c.set('fileGrant', grant.f);
    if (!grant || (grant.p !== 'get' && grant.p !== 'view')) return refused(c, refuse('file_not_found'));
    const row = await findFile(store.db, grant.f);
    // Nothing but a Completed file (scanned clean, encrypted) is ever served, and only to its owner.
    if (!row || row.user_id !== grant.u || row.status !== 'Completed' || !row.blob_ref) return refused(c, refuse('file_not_found'));
    if (grant.p === 'view' && row.kind !== 'image') return refused(c, refuse('file_not_found'));
    const ref = row.blob_ref;
    const blobSize = await files.storage.size('store', ref);
    if (blobSize === null) return refused(c, refuse('file_not_found'));
    const ends = await readBlobEnds((start, end) => files.storage.read('store', ref, { start, end }), blobSize);
    const plain = files.storage
      .read('store', ref, { start: ends.cipherStart, end: ends.cipherEnd })
      .pipe(decryptStream(files.keys.blobKey, row.file_id, ends.iv, ends.tag));
    const name = row.kind === 'image' ? `image.${row.content_type.split('/')[1]}` : row.name;
    return new Response(Readable.toWeb(plain) as ReadableStream, {
      status: 200,
      headers: {
        'Content-Type': row.content_type,
        'Content-Length': String(ends.cipherEnd - ends.cipherStart + 1),
        'Content-Disposition': disposition(grant.p === 'view' ? 'inline' : 'attachment', name),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      },
    });
  });
};
