/**
 * Before the write's transaction, for a new appending answer (it holds no places yet): what its
 * reservation values name, read and checked, so a slot already full is refused without waiting
 * for a lock (SQLite's one write lock, the resident's counter row). The claim decides in the end.
 */
import type { Kysely } from 'kysely';
import { isAppending } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import type { Database } from '../../store/schema';
import type { Submission } from './submission';
import { readWanted, refuseFull, refuseHidden, type Wanted } from './wanted';

/** Undefined when the transaction reads them (an answer that may hold places). */
export const readBeforeWrite = async (db: Kysely<Database>, s: Pick<Submission, 'checked' | 'keys' | 'rows'>): Promise<Wanted[] | undefined> => {
  const holdsNothing = isAppending(s.checked.config) && s.keys.revokeKey === null && s.keys.rowsKey === null;
  if (!holdsNothing) return undefined;
  const wanted = await readWanted(db, { config: s.checked.config, rows: s.rows, today: todayInTokyo() });
  await refuseFull(db, wanted, []);
  refuseHidden(wanted, []);
  return wanted;
};
