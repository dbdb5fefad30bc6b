/**
 * LINE's push rate limit, shared by every server process: a one-second window counted in the
 * database (rate_windows, store/rate-windows.ts) by one atomic upsert, so two processes racing for
 * the last slot of a second cannot both take it. LINE allows 2,000 pushes a second per channel;
 * LINE_PUSH_PER_SECOND keeps the product below that.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { hitWindow } from '../store/rate-windows';

export type SendSlot = { ok: true } | { ok: false; waitMs: number };

/** One push's slot in the current second, or how long until the next second's slots. */
export const takeSendSlot = async (db: Kysely<Database>, o: { perSecond: number; now: number }): Promise<SendSlot> => {
  const second = Math.floor(o.now / 1000);
  const start = second * 1000;
  const hits = await hitWindow(db, {
    key: `line:push:${second}`,
    windowStart: new Date(start).toISOString(),
    expiresAt: new Date(start + 1000).toISOString(),
  });
  return hits <= o.perSecond ? { ok: true } : { ok: false, waitMs: Math.max(1, start + 1000 - o.now) };
};
