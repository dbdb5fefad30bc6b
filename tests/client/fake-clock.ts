import type { RetryDeps } from '../../src/lib/retry';

/** A clock that only moves when the code under test sleeps, so retry timing is exact and instant. */
export const fakeRetryDeps = (opts: { random?: number } = {}) => {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const timers: { fn: () => void; at: number; cancelled: boolean }[] = [];
  const deps: RetryDeps = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => opts.random ?? 0.5,
    setTimer: (fn, ms) => {
      const t = { fn, at: now + ms, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
  };
  return {
    deps,
    sleeps,
    /** Moves the clock and fires the timers that came due. */
    advance: (ms: number) => {
      now += ms;
      for (const t of timers) if (!t.cancelled && t.at <= now) {
        t.cancelled = true;
        t.fn();
      }
    },
    elapsed: () => now - 1_000_000,
    pendingTimers: () => timers.filter((t) => !t.cancelled).length,
  };
};

const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** An unsigned JWT-shaped token; the client never verifies signatures, only reads exp. */
export const makeIdToken = (payload: Record<string, unknown>): string =>
  `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.c2ln`;
