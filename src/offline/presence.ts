/**
 * Whether the page's database exists, and what that says about restoring, told without Dexie: the
 * first screen asks it before rendering, and Dexie loads only with the offline layer's chunk
 * (load.ts), which a first visit leaves until after the first screen.
 */
import { takeEarlyDatabaseNames } from '../lib/early-requests';
import { anyTabCopy } from './draft-tab-copy';

export const OFFLINE_DB_NAME = 'liff-forms';

/** localStorage key set once the page's database exists (it survives as long as the database does, or less). */
export const DB_MARK_KEY = 'offlineDbCreated';

const readMark = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(DB_MARK_KEY) === '1';
  } catch {
    return false;
  }
};

/** The page's database is open (db.ts calls this once Dexie reports it ready). */
export const markOfflineDbCreated = (): void => {
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

/** A draft or an outbox entry was stored: knownNoRestore() ends (db.ts's creating hooks). */
export const noteRestorableWrite = (): void => {
  wroteRestorable = true;
};

/** The page's database was seen before on this device (so the probe below can be skipped). */
export const offlineDbMarked = (): boolean => readMark();

/** The probe without `indexedDB.databases()` (Safari before 14, old WebViews): open, and abort a creation. */
const probeByOpen = (name: string, factory: IDBFactory): Promise<boolean> =>
  new Promise((resolve) => {
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
      resolve(true);
    };
    req.onerror = (e) => {
      e.preventDefault();
      resolve(!created);
    };
  });

/**
 * Whether the page's database exists, found without creating it: on a first visit there is
 * nothing to read, and creating it through Dexie takes long enough on a slow phone to hold up the
 * first screen. Resolves true when it cannot tell (no IndexedDB answer: the old path decides).
 */
export const offlineDbExists = async (name: string = OFFLINE_DB_NAME, factory: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> => {
  const page = name === OFFLINE_DB_NAME && factory === globalThis.indexedDB;
  // Asked by src/early.ts when the page started, while the app's code was still downloading: only
  // the page's first probe may use that answer, so it is taken now whatever happens below.
  const early = page ? takeEarlyDatabaseNames() : undefined;
  // Repeat visits skip the probe: a second open before Dexie's slowed the offline start.
  if (page && readMark()) return true;
  if (!factory) return true;
  let exists: boolean;
  const names = early ? await early : null;
  if (names) exists = names.includes(name);
  else {
    try {
      // One question to the browser, where opening (and aborting) would touch the disk.
      exists = typeof factory.databases === 'function' ? (await factory.databases()).some((d) => d.name === name) : await probeByOpen(name, factory);
    } catch {
      exists = await probeByOpen(name, factory);
    }
  }
  if (page) {
    if (exists) markOfflineDbCreated();
    else absentAtStart = true;
  }
  return exists;
};

/**
 * True when the page's database did not exist at start and no draft or outbox entry has been
 * stored by this page since: a form's restore then has nothing to find and need not wait for the
 * database. (Another tab that opened later and stored a draft is not seen; its draft still wins
 * the next time this form opens.)
 */
export const knownNoRestore = (): boolean => absentAtStart && !wroteRestorable && !anyTabCopy();
