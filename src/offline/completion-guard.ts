/**
 * The completed-submit guard of spec 01 §4 and §8, for the outbox: the same answer (same survey,
 * same edited partition, same rows) sent twice is refused with この予約はすでに送信されています… .
 *
 * The fingerprint is core/rules/completion-guard.ts's, so the form and the server compute the same
 * value. What this module adds is the store the outbox needs: per signed-in resident (a kiosk
 * tablet passes between residents, and two residents may well give the same answers), in memory
 * and in sessionStorage, so a reload (or LINE restoring the page) still refuses it while closing
 * the browser — which is what the message tells the resident to do — clears it; and with
 * remove(), because a refused (rejected) or discarded answer may be sent again. The outbox adds
 * its own pending entries to the test, since those survive even a closed browser.
 */
import { submissionFingerprint } from '@core/rules/completion-guard';

export interface SubmissionIdentity {
  surveyId: string;
  /** The edited answer; absent (or null) for a new one. */
  partitionKey?: string | null | undefined;
  endpoint: string;
  request: { params?: unknown; query?: unknown; body?: unknown };
}

/**
 * The fingerprint of an outbox entry: core's over the rows a putItem-like body carries (`data`),
 * or over the whole request for other writes (a cancel of the same partition is the same cancel).
 */
export const outboxFingerprint = ({ surveyId, partitionKey, endpoint, request }: SubmissionIdentity): string => {
  const data = (request.body as { data?: unknown } | undefined)?.data;
  const rows = Array.isArray(data) && data.every((r) => r !== null && typeof r === 'object') ? (data as object[]) : [{ endpoint, request }];
  return submissionFingerprint(surveyId, partitionKey ?? undefined, rows);
};

export interface UserCompletionGuard {
  has(userId: string, fingerprint: string): boolean;
  add(userId: string, fingerprint: string): void;
  /** After a rejection or an explicit discard, the same answer may be sent again. */
  remove(userId: string, fingerprint: string): void;
  /** The owner's data is wiped from the device (sign-out, the next kiosk visitor). */
  clear(userId: string): void;
}

const STORAGE_PREFIX = 'liff-forms:sent:';
/** Enough for a long kiosk session; the oldest fall off first. */
const MAX_PER_USER = 200;

const defaultSessionStorage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Some embedded browsers throw on access when storage is disabled; memory still guards.
    return null;
  }
};

export const createUserCompletionGuard = (storage: Storage | null = defaultSessionStorage()): UserCompletionGuard => {
  const memory = new Map<string, string[]>();

  const read = (userId: string): string[] => {
    const cached = memory.get(userId);
    if (cached) return cached;
    let list: string[] = [];
    try {
      const raw = storage?.getItem(STORAGE_PREFIX + userId);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (Array.isArray(parsed)) list = parsed.filter((v): v is string => typeof v === 'string');
    } catch {
      list = [];
    }
    memory.set(userId, list);
    return list;
  };

  const write = (userId: string, list: string[]): void => {
    memory.set(userId, list);
    try {
      storage?.setItem(STORAGE_PREFIX + userId, JSON.stringify(list));
    } catch {
      // Quota or disabled storage: the in-memory copy still guards this page.
    }
  };

  return {
    has: (userId, fingerprint) => read(userId).includes(fingerprint),
    add: (userId, fingerprint) => {
      const list = read(userId).filter((f) => f !== fingerprint);
      list.push(fingerprint);
      write(userId, list.slice(-MAX_PER_USER));
    },
    remove: (userId, fingerprint) => {
      const list = read(userId);
      if (list.includes(fingerprint)) write(userId, list.filter((f) => f !== fingerprint));
    },
    clear: (userId) => {
      memory.delete(userId);
      try {
        storage?.removeItem(STORAGE_PREFIX + userId);
      } catch {
        // Disabled storage held nothing.
      }
    },
  };
};
