/**
 * The sweep for unpaid holds past their time (settle.ts releaseExpired), so a slot held by an
 * abandoned payment comes back on a quiet day too, not only at the next temporary save. Run as a
 * recurring job (server/jobs/server-jobs.ts): one process per period. Batches until none is full.
 */
import type { Logger } from '../log';
import type { Store } from '../store/open';
import { releaseExpired } from './settle';

const BATCH = 20;

export const releaseUnpaidHolds = async (store: Store, log: Logger): Promise<void> => {
  let released = 0;
  for (let batch = BATCH; batch === BATCH; ) {
    batch = await releaseExpired(store, new Date(), BATCH);
    released += batch;
  }
  if (released > 0) log('info', { msg: 'unpaid holds given back', released });
};
