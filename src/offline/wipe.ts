/**
 * Shared devices (a family's phone, a clinic's tablet): a person's data never outlives their
 * session on the device. What is wiped: their drafts, their cached reads (configs, answer lists)
 * and their delivered outbox entries (whose requests hold the answers they sent). What stays:
 * their undelivered entries (queued, sending, needs-auth, rejected, stalled), which hold an answer the
 * server does not have yet; they stay bound to their owner, are never shown to anyone else, and
 * go when the owner signs in again (or, on a kiosk, with the kiosk's credential).
 */
import type { OfflineDb, UploadRow } from './db';
import { PUBLIC_SCOPE } from './cache';
import { dropTabCopiesOf } from './draft-tab-copy';

/**
 * Photos waiting to upload (uploads.ts) stay only while an undelivered answer of their owner
 * holds their key: such a photo is part of an answer the server does not have yet. One picked
 * for a draft, or refused, goes with the drafts.
 */
const dropUnsentPhotos = async (db: OfflineDb, whose: (row: { userId: string }) => boolean): Promise<void> => {
  const photos = await db.uploads.filter(whose).toArray();
  if (photos.length === 0) return;
  const pending = (await db.outbox.filter((o) => whose(o) && o.status !== 'delivered').toArray()).map((o) => JSON.stringify(o.request));
  const keep = (p: UploadRow) => p.status === 'queued' && pending.some((r) => r.includes(p.key));
  await db.uploads.bulkDelete(photos.filter((p) => !keep(p)).map((p) => p.key));
};

/** Removes one owner's drafts, cached reads (unless kept) and delivered entries, in one transaction. */
export const wipeOwnerData = async (db: OfflineDb, userId: string, options: { keepCachedReads?: boolean } = {}): Promise<void> => {
  dropTabCopiesOf((owner) => owner === userId);
  await db.transaction('rw', ['drafts', 'cache', 'outbox', 'uploads'], async () => {
    await db.drafts.where('userId').equals(userId).delete();
    if (!options.keepCachedReads) await db.cache.where('userId').equals(userId).delete();
    await db.outbox.where('[userId+status]').equals([userId, 'delivered']).delete();
    await dropUnsentPhotos(db, (row) => row.userId === userId);
  });
};

/**
 * The same for every owner but `keep` (null: everyone): what a previous resident left when the
 * next one signed in without a sign-out (an expired session), or a page closed mid-wipe.
 */
export const wipeOthersData = async (db: OfflineDb, keep: string | null): Promise<void> => {
  const other = (row: { userId: string }) => row.userId !== keep;
  dropTabCopiesOf((owner) => owner !== keep);
  await db.transaction('rw', ['drafts', 'cache', 'outbox', 'uploads'], async () => {
    await db.drafts.filter(other).delete();
    await db.cache.filter((row) => row.userId !== PUBLIC_SCOPE && other(row)).delete();
    await db.outbox.where('status').equals('delivered').filter(other).delete();
    await dropUnsentPhotos(db, other);
  });
};
