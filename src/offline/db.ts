/**
 * The one IndexedDB database of the PWA (Dexie): read-through cache, drafts and the outbox.
 *
 * Every transaction asks for strict durability: a queued answer or a draft must be on disk when
 * the promise resolves, because a resident in LINE closes the in-app browser (or iOS kills it)
 * right after pressing 送信. Recent Chromium defaults to "relaxed" (acknowledged before the data
 * is flushed); engines without the option ignore the hint.
 *
 * Schema changes: add a `db.version(N + 1).stores(…)` (with `.upgrade()` when rows must change)
 * below the existing ones; never edit a shipped version, phones keep their old data.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { ItemIssues } from '../lib/api-error';
import { markOfflineDbCreated, noteRestorableWrite, OFFLINE_DB_NAME } from './presence';

/** A user id, or cache.ts's PUBLIC_SCOPE for data that is the same for everyone (public lists). */
export type CacheScope = string;

export interface CacheRow {
  /** The owner, or PUBLIC_SCOPE. */
  userId: CacheScope;
  /** TanStack Query's hash of queryKey. */
  key: string;
  /** Kept so the start-up priming can hand TanStack the key it expects. */
  queryKey: readonly unknown[];
  data: unknown;
  savedAt: number;
  /** Format version of `data`; a row written by an older build with another shape is ignored. */
  version: number;
}

export interface DraftRow {
  /** draftKey(): userId|surveyId|partitionKey-or-'new', each part URI-encoded. */
  key: string;
  userId: string;
  surveyId: string;
  /** null while answering anew; the edited answer's partitionKey otherwise. */
  partitionKey: string | null;
  values: Readonly<Record<string, unknown>>;
  /** The config version the values were typed against, so a changed form can be detected. */
  configVersion?: number | undefined;
  updatedAt: number;
}

/**
 * `stalled` (要確認): MAX_SEND_ATTEMPTS sends in a row failed for "not now" reasons (no network,
 * 5xx…), so the outbox stopped trying on its own. Its own state rather than `rejected`, because
 * the two are opposites for the resident and the server: a rejected answer was refused, is fixed
 * and sent anew under a new key (resubmit), and may be sent again with the same values; a stalled
 * one may well be stored already (a lost answer to a committed write), so it is only ever sent
 * again as it is, with its own key (resend), and the completed-submit guard keeps it.
 * A new value of an indexed field needs no new Dexie version: rows stored before it only ever
 * hold the older values, and an older row still retrying stalls at its next failure.
 */
export type OutboxStatus = 'queued' | 'sending' | 'needs-auth' | 'rejected' | 'stalled' | 'delivered';

export interface OutboxError {
  /** HTTP status; 0 when no answer arrived (network, timeout). */
  status?: number | undefined;
  code?: string | undefined;
  message: string;
  /** A refused answer's per-item problems (400 invalid_answer), for reopening the form. */
  itemIssues?: ItemIssues | undefined;
  issues?: readonly { path: string; message: string }[] | undefined;
  needRefresh?: boolean | undefined;
  /** A refused reservation's detail (reservation_limit), shown after the message in brackets. */
  checkDetail?: string | undefined;
  /** The server's Retry-After as a time (ms): the entry is not sent before it, whatever the trigger. */
  notBefore?: number | undefined;
}

export interface OutboxRequest {
  params?: Record<string, string | number> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

export interface OutboxMeta {
  surveyId: string;
  /** The edited answer; absent for a new one. */
  partitionKey?: string | undefined;
  /** What the resident sees in the queue list (the survey title). */
  title: string;
  /** The edited answer's 受付番号, for the completion of a change that issues a new one. */
  replacesAnswerCode?: string | undefined;
  /** The answer's reservation, which the queue list shows by its lines: its value and the item's level titles. */
  reservation?: { value: string; item: ReservationLevelTitles } | undefined;
}

/** A reservation item's own level titles (setLargeCategoryTitle…), all the lines need of its config. */
export interface ReservationLevelTitles {
  setLargeCategoryTitle?: string | null | undefined;
  setMediumCategoryTitle?: string | null | undefined;
  setSmallCategoryTitle?: string | null | undefined;
}

export interface OutboxRow {
  /** The client-made idempotency key: every send of this entry carries it. */
  id: string;
  userId: string;
  /** A name of core/contract's `endpoints` whose definition has `idempotent: true`. */
  endpoint: string;
  request: OutboxRequest;
  meta: OutboxMeta;
  /** core's submissionFingerprint (via outboxFingerprint): the completed-submit guard's test. */
  fingerprint: string;
  status: OutboxStatus;
  /** Sends started (each may have made up to 3 HTTP attempts inside the API client). */
  attempts: number;
  nextAttemptAt: number;
  lastError?: OutboxError | undefined;
  /**
   * Refused at once while its form was open: the form showed why and the resident fixes it there
   * (its next send replaces this entry), so it is not one to check (要確認) in the header.
   */
  atForm?: true | undefined;
  createdAt: number;
  updatedAt: number;
  /** The server's answer once delivered (for putItem: partitionKey, answercode, …). */
  answer?: unknown;
  /**
   * The kiosk visit that made it (OutboxAuth.guardScope). Delivered after that visit ended, it
   * is removed rather than kept: its answer was for a visitor who has gone.
   */
  scope?: string | undefined;
}

/**
 * A photo or secure file waiting to be uploaded (uploads.ts): its bytes and the key the answer
 * already holds. Bytes rather than a Blob: every engine (and fake-indexeddb) stores an ArrayBuffer alike.
 * `refused`: the server said no for good (type, size); kept so the item can say why.
 * The secure file fields are not indexed, so they need no new Dexie version.
 */
export interface UploadRow {
  /** answers/{uuid}, the image item's value; or a secure file's entry id (a uuid, its value "id#name"). */
  key: string;
  /** Absent: a photo. */
  kind?: 'secure' | undefined;
  /** A secure file's name and item, for making its entry. */
  name?: string | undefined;
  itemKey?: string | undefined;
  userId: string;
  bytes: ArrayBuffer;
  contentType: string;
  status: 'queued' | 'refused';
  error?: string | undefined;
  createdAt: number;
}

export type OfflineDb = Dexie & {
  cache: EntityTable<CacheRow>;
  drafts: EntityTable<DraftRow, 'key'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  uploads: EntityTable<UploadRow, 'key'>;
};

export interface OpenOfflineDbOptions {
  name?: string;
  /** Tests pass fake-indexeddb's factory explicitly when the global is not the one they want. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export const openOfflineDb = (options: OpenOfflineDbOptions = {}): OfflineDb => {
  const db = new Dexie(options.name ?? OFFLINE_DB_NAME, {
    chromeTransactionDurability: 'strict',
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
  }) as OfflineDb;
  db.version(1).stores({
    cache: '[userId+key], userId, savedAt',
    drafts: 'key, userId, [userId+surveyId], updatedAt',
    outbox: 'id, userId, [userId+status], status, createdAt, nextAttemptAt',
  });
  db.version(2).stores({ uploads: 'key, userId, [userId+status]' });
  // Ends knownNoRestore(): from now on this page itself has drafts or queued answers to find.
  db.drafts.hook('creating', noteRestorableWrite);
  db.outbox.hook('creating', noteRestorableWrite);
  return db;
};

let appDb: OfflineDb | null = null;

/** The page's database; opened lazily (Dexie opens on first use). */
export const getOfflineDb = (): OfflineDb => {
  if (!appDb) {
    appDb = openOfflineDb();
    appDb.on('ready', markOfflineDbCreated);
  }
  return appDb;
};
