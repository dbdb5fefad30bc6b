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

export const OFFLINE_DB_NAME = 'liff-forms';

/** `'*'` marks data that is the same for everyone (public lists); anything else is a user id. */
export type CacheScope = string;
export const PUBLIC_SCOPE = '*';

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

export type OutboxStatus = 'queued' | 'sending' | 'needs-auth' | 'rejected' | 'delivered';

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
  createdAt: number;
  updatedAt: number;
  /** The server's answer once delivered (for putItem: partitionKey, answercode, …). */
  answer?: unknown;
}

export type OfflineDb = Dexie & {
  cache: EntityTable<CacheRow>;
  drafts: EntityTable<DraftRow, 'key'>;
  outbox: EntityTable<OutboxRow, 'id'>;
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
  // Ends knownNoRestore(): from now on this page itself has drafts or queued answers to find.
  const written = () => {
    wroteRestorable = true;
  };
  db.drafts.hook('creating', written);
  db.outbox.hook('creating', written);
  return db;
};

/** localStorage key set once the page's database exists (it survives as long as the database does, or less). */
const DB_MARK_KEY = 'offlineDbCreated';

const readMark = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(DB_MARK_KEY) === '1';
  } catch {
    return false;
  }
};

const setMark = (): void => {
  try {
    globalThis.localStorage?.setItem(DB_MARK_KEY, '1');
  } catch {
    // Storage refused: the next start probes again, which is only slower.
  }
};

/** The database did not exist when the page started (offlineDbExists said so). */
let absentAtStart = false;
/** A draft or an outbox entry has been stored since. */
let wroteRestorable = false;

/**
 * Whether the page's database exists, found without creating it: on a first visit there is
 * nothing to read, and creating it through Dexie takes long enough on a slow phone to hold up the
 * first screen. Resolves true when it cannot tell (no IndexedDB answer: the old path decides).
 */
export const offlineDbExists = (name: string = OFFLINE_DB_NAME, factory: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> =>
  new Promise((resolve) => {
    // Repeat visits skip the probe: a second open before Dexie's slowed the offline start.
    if (name === OFFLINE_DB_NAME && readMark()) {
      resolve(true);
      return;
    }
    if (!factory) {
      resolve(true);
      return;
    }
    let created = false;
    let req: IDBOpenDBRequest;
    try {
      req = factory.open(name);
    } catch {
      resolve(true);
      return;
    }
    // Opening without a version upgrades only a database that did not exist: abort that, and
    // IndexedDB removes the empty database again, so Dexie later creates it with its schema.
    req.onupgradeneeded = () => {
      created = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      req.result.close();
      if (name === OFFLINE_DB_NAME && factory === globalThis.indexedDB) setMark();
      resolve(true);
    };
    req.onerror = (e) => {
      e.preventDefault();
      if (created && name === OFFLINE_DB_NAME && factory === globalThis.indexedDB) absentAtStart = true;
      resolve(!created);
    };
  });

/**
 * True when the page's database did not exist at start and no draft or outbox entry has been
 * stored by this page since: a form's restore then has nothing to find and need not wait for the
 * database. (Another tab that opened later and stored a draft is not seen; its draft still wins
 * the next time this form opens.)
 */
export const knownNoRestore = (): boolean => absentAtStart && !wroteRestorable;

let appDb: OfflineDb | null = null;

/** The page's database; opened lazily (Dexie opens on first use). */
export const getOfflineDb = (): OfflineDb => {
  if (!appDb) {
    appDb = openOfflineDb();
    appDb.on('ready', setMark);
  }
  return appDb;
};
