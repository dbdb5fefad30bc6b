/**
 * Rows of uploaded files (migration 0014). Every step of a scan is a conditional update on the
 * scan's claim, so a scan that lost its file to a takeover (its lease ran out: it crashed or
 * hung) changes nothing; reads by a resident always name the user.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SecureFileStatus } from '@core/contract/files';
import type { Database, FileTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
export type FileRow = FileTable;

/** Statuses a scan holds a file in; a file left in one past its lease is taken over. */
export const IN_FLIGHT: SecureFileStatus[] = ['InProgress', 'Clean', 'Encrypting'];

export const insertFiles = async (db: Db, rows: FileRow[]): Promise<void> => {
  await db.insertInto('files').values(rows).execute();
};

/**
 * The row of a device-made id (an image key at its first upload, a secure file entry made
 * offline): inserted once, then read back; a taken id keeps its owner and fields, for the caller to compare.
 */
export const ensureFileRow = async (db: Db, row: FileRow): Promise<FileRow> => {
  await db.insertInto('files').values(row).onConflict((oc) => oc.column('file_id').doNothing()).execute();
  return (await findFile(db, row.file_id)) as FileRow;
};

/**
 * Every column, named: a prepared statement that selects all keeps the columns it was planned with
 * when a migration changes the table. A column left out fails the type check of the reads below.
 */
const FILE_COLUMNS = [
  'file_id',
  'user_id',
  'kind',
  'item_key',
  'name',
  'content_type',
  'size',
  'status',
  'blob_ref',
  'claim',
  'lease_until',
  'reason',
  'uploaded_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof FileTable)[];

export const findFile = (db: Db, fileId: string): Promise<FileRow | undefined> =>
  db.selectFrom('files').select(FILE_COLUMNS).where('file_id', '=', fileId).executeTakeFirst();

export const findUserFiles = (db: Db, userId: string, fileIds: string[]): Promise<FileRow[]> =>
  fileIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('files').select(FILE_COLUMNS).where('user_id', '=', userId).where('file_id', 'in', fileIds).execute();

/** The bytes a resident's uploads stored since `since` (files whose bytes arrived then, whatever their scan said). */
export const uploadedBytesSince = async (db: Db, userId: string, since: string): Promise<number> => {
  const r = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('user_id', '=', userId)
    .where('uploaded_at', '>=', since)
    .executeTakeFirst();
  return Number(r?.bytes ?? 0);
};

/** The first complete upload of a file wins; false: one was already recorded. */
export const markUploaded = async (db: Db, fileId: string, blobRef: string, size: number, now: string): Promise<boolean> => {
  const r = await db
    .updateTable('files')
    .set({ blob_ref: blobRef, size, uploaded_at: now, updated_at: now })
    .where('file_id', '=', fileId)
    .where('status', '=', 'Pending')
    .where('uploaded_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** Refuses a file for good (wrong bytes): it will never be scanned nor served. */
export const markRefused = async (db: Db, fileId: string, reason: string, now: string): Promise<void> => {
  await db
    .updateTable('files')
    .set({ status: 'Error', reason, updated_at: now })
    .where('file_id', '=', fileId)
    .where('uploaded_at', 'is', null)
    .execute();
};

/** Files waiting for a scan: uploaded and Pending, or in flight past their lease. */
export const scanCandidates = (db: Db, now: string, limit: number): Promise<Pick<FileRow, 'file_id'>[]> =>
  db
    .selectFrom('files')
    .select('file_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'Pending'), eb('uploaded_at', 'is not', null)]),
        eb.and([eb('status', 'in', IN_FLIGHT), eb('lease_until', '<', now)]),
      ]),
    )
    .limit(limit)
    .execute();

/** Takes a candidate for this scan; false when another took it first. */
export const claimFile = async (db: Db, fileId: string, claim: string, now: string, leaseUntil: string): Promise<boolean> => {
  const r = await db
    .updateTable('files')
    .set({ status: 'InProgress', claim, lease_until: leaseUntil, updated_at: now })
    .where('file_id', '=', fileId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'Pending'), eb('uploaded_at', 'is not', null)]),
        eb.and([eb('status', 'in', IN_FLIGHT), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/** One step of a claimed scan; false when the claim was lost. */
export const stepFile = async (
  db: Db,
  fileId: string,
  claim: string,
  to: SecureFileStatus,
  now: string,
  extra: Partial<Pick<FileRow, 'blob_ref' | 'reason' | 'lease_until'>> = {},
): Promise<boolean> => {
  const done = to === 'Completed' || to === 'Infected' || to === 'Error';
  const r = await db
    .updateTable('files')
    .set({ status: to, updated_at: now, ...extra, ...(done ? { claim: null, lease_until: null } : {}) })
    .where('file_id', '=', fileId)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
};

/**
 * A resident's stored values of these items of one form (its file items: photo keys, "id#name"
 * entries), among the answers to a survey or the records of a member form.
 */
export const itemValuesInSurvey = async (
  db: Db,
  table: 'survey_results' | 'member_results',
  surveyId: string,
  userId: string,
  itemKeys: readonly string[],
): Promise<{ itemKey: string; value: string }[]> =>
  itemKeys.length === 0
    ? []
    : db
        .selectFrom(table)
        .select(['item_key as itemKey', 'value'])
        .where('survey_id', '=', surveyId)
        .where('user_id', '=', userId)
        .where('item_key', 'in', [...itemKeys])
        .execute();

/** Deletes these files of the resident; answers the blobs they pointed at. */
export const deleteUserFiles = async (db: Db, userId: string, fileIds: readonly string[]): Promise<string[]> => {
  if (fileIds.length === 0) return [];
  const rows = await db.deleteFrom('files').where('user_id', '=', userId).where('file_id', 'in', [...fileIds]).returning('blob_ref').execute();
  return rows.flatMap((r) => (r.blob_ref ? [r.blob_ref] : []));
};

/** Every blob a row still points at, for the orphan sweep. */
export const referencedBlobs = async (db: Db): Promise<Set<string>> => {
  const rows = await db.selectFrom('files').select('blob_ref').where('blob_ref', 'is not', null).execute();
  return new Set(rows.map((r) => r.blob_ref as string));
};
