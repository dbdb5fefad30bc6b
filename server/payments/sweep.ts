/**
 * The server's sweep for unpaid holds past their time (settle.ts releaseExpired), so a slot held
 * by an abandoned payment comes back on a quiet day too, not only at the next temporary save.
 * One sweep at a time; each takes batches until none is full.
 */
import type { Logger } from '../log';
import type { Store } from '../store/open';
import { releaseExpired } from './settle';

const BATCH = 20;

export interface HoldSweep {
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

export const startHoldSweep = (store: Store, log: Logger, everyMs: number): HoldSweep => {
  let running: Promise<void> | null = null;
  const sweep = async () => {
    let released = 0;
    for (let batch = BATCH; batch === BATCH; ) {
      batch = await releaseExpired(store, new Date(), BATCH);
      released += batch;
    }
    if (released > 0) log('info', { msg: 'unpaid holds given back', released });
  };
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((e: unknown) => log('warn', { msg: 'releasing unpaid holds failed', error: String(e) }))
      .finally(() => (running = null));
  }, everyMs);
  // Never what keeps the process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
