/**
 * Writes per user: a token bucket in memory, one per userId (a resident, or a kiosk `K:…`).
 * Hand-written rather than a library: none is installed, the ones on npm bring stores and
 * middleware shapes this needs none of, and a bucket is a dozen lines. In memory, so each server
 * process counts on its own and a restart forgets: enough to stop a runaway client or a script
 * hammering with one login; not a defence against many logins (that is the proxy's job).
 *
 * A bucket holds `perMinute` writes and refills at perMinute per minute, so a burst of a full
 * minute's worth is allowed and the steady rate is perMinute. A kiosk has its own, larger
 * allowance: every visitor at a clinic's reception writes through the one kiosk credential.
 */
export interface WriteRateLimits {
  /** Writes per minute per resident; 0: no limit. */
  perMinute: number;
  /** Writes per minute per kiosk tablet; 0: no limit. */
  kioskPerMinute: number;
}

/** Answers null when the write may go, else how many seconds to wait (Retry-After). */
export type WriteRateLimiter = (userId: string, kiosk: boolean) => number | null;

interface Bucket {
  capacity: number;
  tokens: number;
  at: number;
}

/** Beyond this many users in memory, full buckets (users quiet for a minute) are forgotten. */
const SWEEP_AT = 10_000;

export const createWriteRateLimiter = (limits: WriteRateLimits, now: () => number = Date.now): WriteRateLimiter => {
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(b.capacity, b.tokens + ((t - b.at) * b.capacity) / 60_000);
    b.at = t;
  };

  const sweep = (t: number) => {
    for (const [id, b] of buckets) {
      refill(b, t);
      if (b.tokens >= b.capacity) buckets.delete(id);
    }
  };

  return (userId, kiosk) => {
    const capacity = kiosk ? limits.kioskPerMinute : limits.perMinute;
    if (capacity <= 0) return null;
    const t = now();
    let b = buckets.get(userId);
    if (!b) {
      if (buckets.size >= SWEEP_AT) sweep(t);
      b = { capacity, tokens: capacity, at: t };
      buckets.set(userId, b);
    } else {
      refill(b, t);
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return null;
    }
    // Whole seconds until one write's worth has refilled, at least 1 (Retry-After is an integer).
    return Math.max(1, Math.ceil(((1 - b.tokens) * 60_000) / capacity / 1000));
  };
};
