/**
 * The file calls of spec 02 §7: upload URLs for image items (presignedUrl), read URLs for stored
 * images (presigned-urls), secure file entries with their upload URLs, their status, and the
 * short-lived download URL of a scanned file. The bytes go through server/files/transfer.ts.
 * Only the owner ever gets a URL: another resident's file answers as a missing one.
 */
import {
  surveyResourcesPresignedUrl,
  surveyResourcesPresignedUrls,
  surveyResourcesSecureFileStatus,
  surveyResourcesSecureFiles,
  surveyResultsDownloadSecureFile,
  type SecureFileStatus,
} from '@core/contract/files';
import type { RouteContext } from '../route-context';
import { refuse, type Refusal } from '@core/refusals';
import { fileUrl } from '../files';
import { ensureFileRow, findFile, findUserFiles, insertFiles, type FileRow } from '../store/files';

const keyTaken = () => refuse('key_taken');

/** A device-made entry sent again is the same file only when everything it declared matches. */
const sameEntry = (a: FileRow, b: FileRow): boolean =>
  a.user_id === b.user_id && a.kind === b.kind && a.item_key === b.item_key && a.name === b.name && a.content_type === b.content_type && Number(a.size) === Number(b.size);

/** Where a file's status leaves the resident: the spec's texts for not ready and refused files. */
export const refusalOf = (status: SecureFileStatus): Refusal | null => {
  if (status === 'Completed') return null;
  if (status === 'Infected' || status === 'Error') return refuse('file_infected');
  return refuse('file_not_ready');
};

export const registerFileRoutes = (ctx: RouteContext): void => {
  const { store, files } = ctx.deps;

  ctx.route(surveyResourcesPresignedUrl, async ({ query, user }) => {
    const row = await findFile(store.db, query.key);
    // A uuid key is the client's; one already used by someone else is refused, not shared.
    if (row && row.user_id !== user.userId) throw keyTaken();
    return {
      result: 'OK',
      uploadUrl: fileUrl(files, { p: 'put', f: query.key, u: user.userId, t: query.contentType }),
      imageUrl: query.key,
    };
  });

  ctx.route(surveyResourcesPresignedUrls, async ({ body, user }) => {
    const rows = await findUserFiles(store.db, user.userId, [...new Set(body.keys)]);
    return {
      result: 'OK',
      data: rows
        .filter((r) => r.kind === 'image')
        .map((r) => ({
          key: r.file_id,
          status: r.status as SecureFileStatus,
          ...(r.status === 'Completed' ? { url: fileUrl(files, { p: 'view', f: r.file_id, u: user.userId }) } : {}),
        })),
    };
  });

  ctx.route(surveyResourcesSecureFiles, async ({ body, user, commit }) => {
    const now = new Date().toISOString();
    const rows: FileRow[] = body.files.map((f) => ({
      file_id: f.id ?? crypto.randomUUID(),
      user_id: user.userId,
      kind: 'secure',
      item_key: f.itemKey,
      name: f.name,
      content_type: f.contentType,
      size: f.size,
      status: 'Pending',
      blob_ref: null,
      claim: null,
      lease_until: null,
      reason: null,
      uploaded_at: null,
      created_at: now,
      updated_at: now,
    }));
    if (new Set(rows.map((r) => r.file_id)).size !== rows.length) throw keyTaken();
    return commit(async (trx) => {
      // Server-made ids are new; a device-made one (offline) may come again: from a retry or another device.
      const made = body.files.map((f) => f.id === undefined);
      const fresh = rows.filter((_, i) => made[i]);
      if (fresh.length > 0) await insertFiles(trx, fresh);
      for (const [i, row] of rows.entries()) {
        if (made[i]) continue;
        const kept = await ensureFileRow(trx, row);
        if (!sameEntry(kept, row)) throw keyTaken();
      }
      return {
        result: 'OK',
        data: rows.map((r) => ({ id: r.file_id, url: fileUrl(files, { p: 'put', f: r.file_id, u: user.userId, t: r.content_type }) })),
      };
    });
  });

  ctx.route(surveyResourcesSecureFileStatus, async ({ body, user }) => {
    const rows = await findUserFiles(store.db, user.userId, [...new Set(body.ids)]);
    return {
      result: 'OK',
      data: rows
        .filter((r) => r.kind === 'secure')
        .map((r) => ({
          id: r.file_id,
          itemKey: r.item_key ?? '',
          fileData: { name: r.name, status: r.status as SecureFileStatus },
          ...(r.status === 'Pending' && r.uploaded_at === null
            ? { uploadUrl: fileUrl(files, { p: 'put', f: r.file_id, u: user.userId, t: r.content_type }) }
            : {}),
        })),
    };
  });

  ctx.route(surveyResultsDownloadSecureFile, async ({ body, user }) => {
    const row = await findFile(store.db, body.fileId);
    if (!row || row.user_id !== user.userId || row.kind !== 'secure' || row.item_key !== body.itemKey) {
      throw refuse('file_not_found');
    }
    const refusal = refusalOf(row.status as SecureFileStatus);
    if (refusal) throw refusal;
    return { result: 'OK', data: { url: fileUrl(files, { p: 'get', f: row.file_id, u: user.userId }) } };
  });
};
