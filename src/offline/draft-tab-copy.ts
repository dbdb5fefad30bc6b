/**
 * The tab's copy of a draft, written when the page is hidden or left. IndexedDB's write started
 * there often does not land before a reload or a closed WebView; sessionStorage's does, at once.
 * The copy lives only as long as the tab (and sign-out clears sessionStorage); the next restore
 * moves it into IndexedDB (drafts.ts loadDraft) and drops it.
 */
const PREFIX = 'draft:';

export interface TabCopy {
  values: Readonly<Record<string, unknown>>;
  configVersion?: number | undefined;
  updatedAt: number;
}

const tabStorage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export const writeTabCopy = (id: string, copy: TabCopy): void => {
  try {
    tabStorage()?.setItem(PREFIX + id, JSON.stringify(copy));
  } catch {
    // Full or refused: the IndexedDB write started beside it may still land.
  }
};

export const readTabCopy = (id: string): TabCopy | null => {
  try {
    const parsed = JSON.parse(tabStorage()?.getItem(PREFIX + id) ?? 'null') as Partial<TabCopy> | null;
    if (!parsed || typeof parsed.values !== 'object' || parsed.values === null || typeof parsed.updatedAt !== 'number') return null;
    return { values: parsed.values, configVersion: typeof parsed.configVersion === 'number' ? parsed.configVersion : undefined, updatedAt: parsed.updatedAt };
  } catch {
    return null;
  }
};

export const dropTabCopy = (id: string): void => {
  try {
    tabStorage()?.removeItem(PREFIX + id);
  } catch {
    // Nothing to drop.
  }
};

/** Drops the copies of the owners `whose` picks (the id starts with the URI-encoded user id, drafts.ts draftKey). */
export const dropTabCopiesOf = (whose: (userId: string) => boolean): void => {
  const storage = tabStorage();
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k?.startsWith(PREFIX) === true);
    for (const k of keys) if (whose(decodeURIComponent(k.slice(PREFIX.length).split('|')[0] ?? ''))) storage.removeItem(k);
  } catch {
    // Storage refused: nothing was kept there either.
  }
};

/** Whether this tab holds any draft copy (a restore then has something to find). */
export const anyTabCopy = (): boolean => {
  const storage = tabStorage();
  if (!storage) return false;
  try {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(PREFIX)) return true;
  } catch {
    return false;
  }
  return false;
};
