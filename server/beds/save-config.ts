/**
 * A console save of a bed ward (issue 58): checked as the import checks a ward (bedWardBundleSchema
 * of forms/bed-bundle.ts: the rule's bounds, each night's count), then in one transaction the
 * ward's version taken from the one the editor saw to the next (stale: refused, nothing written),
 * the nights locked and set, and the rule written. Nights set below the beds their stays hold are
 * answered first and written only when the save comes again confirmed; the stays keep their beds.
 */
import type { Kysely, Transaction } from 'kysely';
import { refuse } from '@core/refusals';
import { bedConflicts, nightsOfRanges, type BedConflict, type BedRange } from '@core/rules/bed-ward-edits';
import type { Database } from '../store/schema';
import { readNights, type Ward } from '../store/beds';
import { bumpWardVersion, lockNights, setNightBeds, setWardRules } from '../store/bed-config';
import { bedWardBundleSchema } from '../forms/bed-bundle';

type Db = Kysely<Database> | Transaction<Database>;

export interface WardConfig {
  reservationPossibleStart: number;
  reservationCancelLimit: number;
  ranges: readonly BedRange[];
}

/** The nights to set, or the import's problems as one refusal. */
export const checkWardConfig = (ward: Ward, c: WardConfig): Map<string, number> => {
  const nights = nightsOfRanges(c.ranges);
  if (!nights) throw refuse('bed_ward_invalid', undefined, { issues: [{ path: 'ranges', message: '期間は開始日から終了日まで400日以内にしてください' }] });
  const r = bedWardBundleSchema.safeParse({
    surveyId: ward.surveyId,
    beds: ward.beds,
    reservationPossibleStart: c.reservationPossibleStart,
    reservationCancelLimit: c.reservationCancelLimit,
    capacity: [...nights].map(([date, beds]) => ({ date, beds })),
  });
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: i.path[0] === 'capacity' ? 'ranges' : i.path.map(String).join('.'), message: i.message }));
    throw refuse('bed_ward_invalid', undefined, { issues: [...new Map(issues.map((i) => [`${i.path}${i.message}`, i])).values()].slice(0, 20) });
  }
  return nights;
};

const heldOf = async (db: Db, surveyId: string, nights: ReadonlyMap<string, number>): Promise<Map<string, number>> => {
  const keys = [...nights.keys()].sort();
  if (keys.length === 0) return new Map();
  const rows = await readNights(db, surveyId, keys[0] as string, keys.at(-1) as string);
  return new Map(rows.map((r) => [r.night, r.reserved]));
};

/** The conflicts as they stand before the save's transaction: what an unconfirmed save answers. */
export const bedConflictsBefore = async (db: Db, surveyId: string, nights: ReadonlyMap<string, number>): Promise<BedConflict[]> =>
  bedConflicts(nights, await heldOf(db, surveyId, nights));

export const saveWardConfig = async (
  trx: Transaction<Database>,
  a: { ward: Ward; version: number; config: WardConfig; nights: ReadonlyMap<string, number>; confirm: boolean },
): Promise<{ version: number; nights: number }> => {
  const id = a.ward.surveyId;
  if (!(await bumpWardVersion(trx, id, a.version))) throw refuse('bed_ward_stale');
  const held = await lockNights(trx, id, [...a.nights.keys()]);
  // A stay that came in since the unconfirmed check: not saved over unseen.
  if (!a.confirm && bedConflicts(a.nights, held).length > 0) throw refuse('slots_changed_meanwhile');
  await setNightBeds(trx, id, a.nights);
  await setWardRules(trx, id, a.config);
  return { version: a.version + 1, nights: a.nights.size };
};
