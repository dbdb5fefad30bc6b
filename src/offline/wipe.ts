/**
 * Shared devices (a family's phone, a clinic's tablet): a person's data never outlives their
 * session on the device. What is wiped: their drafts, their cached reads (configs, answer lists)
 * and their delivered outbox entries (whose requests hold the answers they sent). What stays:
 * their undelivered entries (queued, sending, needs-auth, rejected, stalled), which hold an answer the
 * server does not have yet; they stay bound to their owner, are never shown to anyone else, and
 * go when the owner signs in again (or, on a kiosk, with the kiosk's credential).
 */
import type { OfflineDb } from './db';
import { PUBLIC_SCOPE } from './cache';

/** Removes one owner's drafts, cached reads (unless kept) and delivered entries, in one transaction. */
export const wipeOwnerData = async (db: OfflineDb, userId: string, options: { keepCachedReads?: boolean } = {}): Promise<void> => {
  await db.transaction('rw', ['drafts', 'cache', 'outbox'], async () => {
    await db.drafts.where('userId').equals(userId).delete();
    if (!options.keepCachedReads) await db.cache.where('userId').equals(userId).delete();
    await db.outbox.where('[userId+status]').equals([userId, 'delivered']).delete();
  });
};

/**
 * The same for every owner but `keep` (null: everyone): what a previous resident left when the
 * next one signed in without a sign-out (an expired session), or a page closed mid-wipe.
 */
export const wipeOthersData = async (db: OfflineDb, keep: string | null): Promise<void> => {
  const other = (row: { userId: string }) => row.userId !== keep;
  await db.transaction('rw', ['drafts', 'cache', 'outbox'], async () => {
    await db.drafts.filter(other).delete();
    await db.cache.filter((row) => row.userId !== PUBLIC_SCOPE && other(row)).delete();
    await db.outbox.where('status').equals('delivered').filter(other).delete();
  });
};
