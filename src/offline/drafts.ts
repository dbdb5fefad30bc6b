/**
 * Drafts: what a resident has typed into a form, saved as it is typed, so a reload, a killed
 * LINE browser or a dropped connection does not lose it. One draft per user, survey and edited
 * answer (partitionKey, or 'new'); another resident on the same tablet never reads it because
 * every read needs the owner's user id.
 *
 * On the first screen's path without the database: the saver keeps the latest values while the
 * offline layer loads (load.ts), and writes them once it is here.
 */
import { getStoredUserId } from '../lib/session';
import type { DraftRow, OfflineDb } from './db';
import { dropTabCopy, readTabCopy, writeTabCopy } from './draft-tab-copy';
import { pageOfflineDb } from './load';

export interface DraftKey {
  userId: string;
  surveyId: string;
  /** The edited answer's partitionKey; absent or null while answering anew. */
  partitionKey?: string | null | undefined;
}

export type DraftValues = Readonly<Record<string, unknown>>;

export interface Draft {
  values: DraftValues;
  configVersion?: number | undefined;
  updatedAt: number;
}

export const NEW_ANSWER = 'new';

/** Parts are URI-encoded so a `|` inside an id cannot make two keys collide. */
export const draftKey = (k: DraftKey): string =>
  [k.userId, k.surveyId, k.partitionKey ?? NEW_ANSWER].map(encodeURIComponent).join('|');

/** The key for the signed-in resident (even with an expired token), or null when nobody is. */
export const currentDraftKey = (surveyId: string, partitionKey?: string | null): DraftKey | null => {
  const userId = getStoredUserId();
  return userId ? { userId, surveyId, partitionKey: partitionKey ?? null } : null;
};

export interface DraftStoreOptions {
  db?: OfflineDb;
  now?: () => number;
}

export const saveDraft = async (
  key: DraftKey,
  values: DraftValues,
  options: DraftStoreOptions & { configVersion?: number | undefined } = {},
): Promise<void> => {
  const db = options.db ?? (await pageOfflineDb());
  const row: DraftRow = {
    key: draftKey(key),
    userId: key.userId,
    surveyId: key.surveyId,
    partitionKey: key.partitionKey ?? null,
    values,
    configVersion: options.configVersion,
    updatedAt: (options.now ?? Date.now)(),
  };
  await db.drafts.put(row);
  dropTabCopy(row.key);
};

export const loadDraft = async (key: DraftKey, options: DraftStoreOptions = {}): Promise<Draft | null> => {
  const db = options.db ?? (await pageOfflineDb());
  const id = draftKey(key);
  const row = await db.drafts.get(id);
  // The key embeds the user id already; the check guards against a hand-edited row.
  const stored = row && row.userId === key.userId ? { values: row.values, configVersion: row.configVersion, updatedAt: row.updatedAt } : null;
  // A copy the tab kept when the page was left wins when newer: from here on IndexedDB holds it,
  // so sending the answer clears it as it clears any draft (outbox-store.ts).
  const copy = readTabCopy(id);
  if (copy && (!stored || copy.updatedAt > stored.updatedAt)) {
    await saveDraft(key, copy.values, { db, now: () => copy.updatedAt, configVersion: copy.configVersion });
    return copy;
  }
  dropTabCopy(id);
  return stored;
};

export const clearDraft = async (
  key: DraftKey,
  options: DraftStoreOptions & {
    /** Clear only a draft saved at or before this time: typing after a submit is a new draft. */
    savedUpTo?: number | undefined;
  } = {},
): Promise<void> => {
  const db = options.db ?? (await pageOfflineDb());
  const id = draftKey(key);
  const copy = readTabCopy(id);
  if (copy && (options.savedUpTo === undefined || copy.updatedAt <= options.savedUpTo)) dropTabCopy(id);
  await db.transaction('rw', db.drafts, async () => {
    const row = await db.drafts.get(id);
    if (!row) return;
    if (options.savedUpTo !== undefined && row.updatedAt > options.savedUpTo) return;
    await db.drafts.delete(id);
  });
};

/** The resident's drafts, newest first (e.g. a "続きから入力" list). */
export const listDrafts = async (userId: string, options: DraftStoreOptions = {}): Promise<(Draft & DraftKey)[]> => {
  const db = options.db ?? (await pageOfflineDb());
  const rows = await db.drafts.where('userId').equals(userId).toArray();
  return rows
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((r) => ({
      userId: r.userId,
      surveyId: r.surveyId,
      partitionKey: r.partitionKey,
      values: r.values,
      configVersion: r.configVersion,
      updatedAt: r.updatedAt,
    }));
};

export interface PageEvents {
  win: EventTarget;
  doc: EventTarget & { readonly visibilityState: DocumentVisibilityState };
}

export const browserPageEvents = (): PageEvents | null =>
  typeof window === 'undefined' || typeof document === 'undefined' ? null : { win: window, doc: document };

export interface DraftSaverOptions extends DraftStoreOptions {
  /** Quiet time after the last change before writing; short, since a killed tab loses this much. */
  delayMs?: number;
  configVersion?: number | undefined;
  /** Arms a timer and returns its cancel function (tests pass a fake clock). */
  setTimer?: (fn: () => void, ms: number) => () => void;
  /** Where pagehide and visibilitychange are heard; null for none (tests, workers). */
  events?: PageEvents | null;
  onError?: (error: unknown) => void;
}

export interface DraftSaver {
  /** Call on every change; the last values win. */
  save(values: DraftValues): void;
  /** Writes pending values now (before leaving the screen, or on submit). */
  flush(): Promise<void>;
  /** Drops pending values without writing (after the answer was sent). */
  cancel(): void;
  /** cancel() plus removing the page listeners. */
  dispose(): void;
}

/** Bumped by a wipe of the device's personal data (offline/wipe.ts). */
let draftEpoch = 0;

/**
 * Ends every draft saver open now: what their screens still hold belongs to the person just
 * wiped (signed out, or the kiosk's last visitor), so a flush on the way out writes nothing.
 */
export const endOpenDraftSavers = (): void => {
  draftEpoch += 1;
};

const realSetTimer = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

/**
 * "Saved as it is typed": debounced writes, flushed when the page is hidden or left, because
 * LINE's browser is usually closed or sent to the background rather than navigated away from.
 */
export const createDraftSaver = (key: DraftKey, options: DraftSaverOptions = {}): DraftSaver => {
  const delayMs = options.delayMs ?? 400;
  const setTimer = options.setTimer ?? realSetTimer;
  const events = options.events === undefined ? browserPageEvents() : options.events;
  const onError = options.onError ?? ((e: unknown) => console.warn('draft save failed', e));
  let pending: DraftValues | null = null;
  let cancelTimer: (() => void) | null = null;
  // Writes run one after another so an older snapshot never lands after a newer one.
  let chain: Promise<void> = Promise.resolve();
  const epoch = draftEpoch;

  const flush = (): Promise<void> => {
    cancelTimer?.();
    cancelTimer = null;
    if (epoch !== draftEpoch) pending = null;
    if (pending === null) return chain;
    const values = pending;
    pending = null;
    chain = chain
      .then(() => saveDraft(key, values, { db: options.db, now: options.now, configVersion: options.configVersion }))
      .catch(onError);
    return chain;
  };

  // Leaving: the values not yet written go to the tab's copy at once, then to IndexedDB.
  const leave = () => {
    if (epoch === draftEpoch && pending !== null) {
      writeTabCopy(draftKey(key), { values: pending, configVersion: options.configVersion, updatedAt: (options.now ?? Date.now)() });
    }
    void flush();
  };
  const onHide = () => {
    if (events?.doc.visibilityState === 'hidden') leave();
  };
  const onPageHide = leave;
  events?.win.addEventListener('pagehide', onPageHide);
  events?.doc.addEventListener('visibilitychange', onHide);

  const cancel = () => {
    cancelTimer?.();
    cancelTimer = null;
    pending = null;
  };

  return {
    save: (values) => {
      pending = values;
      cancelTimer?.();
      cancelTimer = setTimer(() => void flush(), delayMs);
    },
    flush,
    cancel,
    dispose: () => {
      cancel();
      events?.win.removeEventListener('pagehide', onPageHide);
      events?.doc.removeEventListener('visibilitychange', onHide);
    },
  };
};
