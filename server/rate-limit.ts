/**
 * Writes per user: a fixed one-minute window per userId (a resident, or a kiosk `K:…`), counted
 * in the database (store/rate-windows.ts) so every server process on it shares one limit and a
 * restart forgets nothing. Enough to stop a runaway client or a script hammering with one login;
 * not a defence against many logins (that is the proxy's job).
 *
 * A window allows `perMinute` writes; a fixed window lets a burst straddle its edge (at most twice
 * the limit within a minute), the price of one upsert per request. A kiosk has its own, larger
 * allowance: every visitor at a clinic's reception writes through the one kiosk credential.
 */
import type { Kysely } from 'kysely';
import type { Database } from './store/schema';
import { hitWindow } from './store/rate-windows';

export interface WriteRateLimits {
  /** Writes per minute per resident; 0: no limit. */
  perMinute: number;
  /** Writes per minute per kiosk tablet; 0: no limit. */
  kioskPerMinute: number;
}

/** Answers null when the write may go, else how many seconds to wait (Retry-After). */
export type WriteRateLimiter = (userId: string, kiosk: boolean) => Promise<number | null>;

const WINDOW_MS = 60_000;

export const createWriteRateLimiter = (db: Kysely<Database>, limits: WriteRateLimits, now: () => number = Date.now): WriteRateLimiter => {
  return async (userId, kiosk) => {
    const limit = kiosk ? limits.kioskPerMinute : limits.perMinute;
    if (limit <= 0) return null;
    const t = now();
    const start = Math.floor(t / WINDOW_MS) * WINDOW_MS;
    const hits = await hitWindow(db, {
      key: `write:${userId}`,
      windowStart: new Date(start).toISOString(),
      expiresAt: new Date(start + WINDOW_MS).toISOString(),
    });
    if (hits <= limit) return null;
    // Whole seconds until the window is over, at least 1 (Retry-After is an integer).
    return Math.max(1, Math.ceil((start + WINDOW_MS - t) / 1000));
  };
};
