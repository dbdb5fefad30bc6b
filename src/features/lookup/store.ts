/**
 * What the lookup screens keep between pages and across a reload inside LINE: the last search
 * (survey, conditions, whose results, the rows found) and the answer picked for details or cancel.
 * sessionStorage: the tab keeps it, a new tab starts over at /confirm.
 */
import type { ResultRow } from '@core/contract/survey';

export interface StoredSearch {
  surveyId: string;
  conditions: Record<string, string>;
  /** The account that searched; the list refuses rows of another chat account (spec 01 §6). */
  userId: string;
  rows: ResultRow[];
}

export interface StoredTarget {
  surveyId: string;
  partitionKey: string;
  /** The list the answer was picked on when not the lookup's own (the member-linked list's path). */
  back?: string;
}

const SEARCH_KEY = 'lookup:search';
const TARGET_KEY = 'lookup:target';

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

const read = <T>(key: string, valid: (v: Record<string, unknown>) => boolean): T | null => {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return v !== null && typeof v === 'object' && valid(v as Record<string, unknown>) ? (v as T) : null;
  } catch {
    return null;
  }
};

const write = (key: string, value: unknown): void => {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the screens still work until a reload.
  }
};

export const loadSearch = (): StoredSearch | null =>
  read<StoredSearch>(
    SEARCH_KEY,
    (v) => typeof v.surveyId === 'string' && typeof v.userId === 'string' && Array.isArray(v.rows) && typeof v.conditions === 'object',
  );

export const saveSearch = (search: StoredSearch): void => write(SEARCH_KEY, search);

export const loadTarget = (): StoredTarget | null =>
  read<StoredTarget>(
    TARGET_KEY,
    (v) => typeof v.surveyId === 'string' && typeof v.partitionKey === 'string' && (v.back === undefined || isOwnPath(v.back)),
  );

/** A path of this app only ('/…', never '//host'): the way back is never another site. */
const isOwnPath = (v: unknown): boolean => typeof v === 'string' && /^\/(?!\/)/.test(v);

/** Where the details and cancel pages go back to: the list the answer was picked on. */
export const backPath = (): string => loadTarget()?.back ?? '/confirmList';

export const saveTarget = (target: StoredTarget): void => write(TARGET_KEY, target);
