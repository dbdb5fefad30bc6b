/**
 * The completed-submit guard (spec 01 §4, spec 02 §4): once a submission has completed, sending
 * the same one again says この予約はすでに送信されています。… instead of sending it twice. The PWA
 * keeps the keys in memory and in sessionStorage (a reload inside LINE keeps the tab); this module
 * is the pure part: the key, and a guard over whatever key-value stores the caller gives it.
 *
 * The key names the survey, the answer being edited (or none) and a fingerprint of the answer, so
 * a different answer, or the same answer to another survey or partition, is not blocked. The
 * fingerprint is a hash, not the answer: session storage then holds no personal data.
 */

export const COMPLETION_GUARD_PREFIX = 'completed-submit';

/**
 * JSON with object keys sorted and undefined members dropped, so two objects that differ only in
 * key order (or an absent vs undefined member) read the same.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
};

/** cyrb53 twice with different seeds: ~106 bits, plenty to tell one resident's answers apart. */
const hash53 = (text: string, seed: number): string => {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
};

/**
 * The guard key of one submission. Rows are compared as sets (the order a form lists its rows in
 * is not part of the answer), each row by its canonical JSON (key order does not matter).
 */
export const submissionFingerprint = (surveyId: string, partitionKey: string | undefined, rows: readonly object[]): string => {
  const body = rows.map(canonicalJson).sort().join('\n');
  return `${COMPLETION_GUARD_PREFIX}:${surveyId}:${partitionKey ?? '-'}:${hash53(body, 1)}${hash53(body, 2)}`;
};

/** What the guard needs of a store: sessionStorage and a Map-backed object both fit. */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CompletionGuard {
  isCompleted(key: string): boolean;
  markCompleted(key: string): void;
}

/**
 * A guard over several stores (memory first, then sessionStorage): completed if any store says
 * so; marking writes to every store. A store that throws (storage full, disabled in a private
 * window) is skipped, so the in-memory one still guards this page.
 */
export const createCompletionGuard = (stores: readonly GuardStorage[]): CompletionGuard => ({
  isCompleted: (key) =>
    stores.some((s) => {
      try {
        return s.getItem(key) !== null;
      } catch {
        return false;
      }
    }),
  markCompleted: (key) => {
    for (const s of stores) {
      try {
        s.setItem(key, '1');
      } catch {
        // See above: another store still holds it.
      }
    }
  },
});

/** An in-memory GuardStorage. */
export const memoryGuardStorage = (): GuardStorage => {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
};
