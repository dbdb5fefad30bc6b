/**
 * A console save of a bed ward (issue 58): checked as the import checks a ward (bedWardBundleSchema
 * of forms/bed-bundle.ts: the rule's bounds, each night's count), then in one transaction the
 * ward's version taken from the one the editor saw to the next (stale: refused, nothing written),
 * the nights locked and set, and the rule written. Nights set below the beds their stays hold are
 * answered first and written only when the save comes again confirmed; the stays keep their beds.
 * The save may carry the ward's beds too: checked by the same schema and the import's duplicate
 * check (bedProblems); a bed a stay holds from today on is not removed; nights at full strength
 * follow the new number of beds (core/rules/bed-ward-edits.ts nightsFollowingBeds).
 */
import type { Kysely, Transaction } from 'kysely';
import { refuse } from '@core/refusals';
import { bedConflicts, nightsFollowingBeds, nightsOfRanges, removedBedIds, type BedConflict, type BedRange } from '@core/rules/bed-ward-edits';
import type { Database } from '../store/schema';
import { readNights, type Bed, type NightCount, type Ward } from '../store/beds';
import { bumpWardVersion, claimedBed, lockNights, setNightBeds, setWardBeds, setWardRules } from '../store/bed-config';
import { bedProblems, bedWardBundleSchema } from '../forms/bed-bundle';

type Db = Kysely<Database> | Transaction<Database>;

export interface WardConfig {
  reservationPossibleStart: number;
  reservationCancelLimit: number;
  ranges: readonly BedRange[];
  /** The whole new list; absent: unchanged. */
  beds?: readonly Bed[];
}

const invalid = (issues: { path: string; message: string }[]) =>
  refuse('bed_ward_invalid', undefined, { issues: [...new Map(issues.map((i) => [`${i.path}${i.message}`, i])).values()].slice(0, 20) });

/** The import's duplicate bedId line ("src: bedWards[0].beds[j].bedId: msg") as an issue of this save. */
const issueOfProblem = (line: string) => {
  const [, where = '', message = line] = line.split(': ');
  return { path: where.replace(/^bedWards\[\d+\]\./, '').replace(/\[(\d+)\]/g, '.$1'), message };
};

/**
 * The nights to set (those at full strength following a new number of beds, then the ranges), or
 * the import's problems as one refusal. `current`: the ward's nights from today.
 */
export const checkWardConfig = (ward: Ward, c: WardConfig, current: readonly NightCount[]): Map<string, number> => {
  const ranges = nightsOfRanges(c.ranges);
  const beds = c.beds ?? ward.beds;
  if (!ranges) throw refuse('bed_ward_invalid', undefined, { issues: [{ path: 'ranges', message: '期間は開始日から終了日まで400日以内にしてください' }] });
  const nights = new Map([...nightsFollowingBeds(current, ward.beds.length, beds.length), ...ranges]);
  const r = bedWardBundleSchema.safeParse({
    surveyId: ward.surveyId,
    beds,
    reservationPossibleStart: c.reservationPossibleStart,
    reservationCancelLimit: c.reservationCancelLimit,
    capacity: [...nights].map(([date, beds]) => ({ date, beds })),
  });
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: i.path[0] === 'capacity' ? 'ranges' : i.path.map(String).join('.'), message: i.message }));
    throw invalid(issues);
  }
  const duplicates = bedProblems([r.data], new Set([ward.surveyId]), 'beds');
  if (duplicates.length > 0) throw invalid(duplicates.map(issueOfProblem));
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

/** Refuses the save when it removes a bed a stay holds on a night from `today` on, naming the bed. */
export const refuseClaimedRemoval = async (db: Db, ward: Ward, c: WardConfig, today: string): Promise<void> => {
  if (!c.beds) return;
  const bedId = await claimedBed(db, ward.surveyId, removedBedIds(ward.beds, c.beds), today);
  if (bedId !== null) throw refuse('bed_removal_claimed', { bed: ward.beds.find((b) => b.bedId === bedId)?.bedName ?? bedId });
};

export const saveWardConfig = async (
  trx: Transaction<Database>,
  a: { ward: Ward; version: number; config: WardConfig; nights: ReadonlyMap<string, number>; confirm: boolean; today: string },
): Promise<{ version: number; nights: number }> => {
  const id = a.ward.surveyId;
  if (!(await bumpWardVersion(trx, id, a.version))) throw refuse('bed_ward_stale');
  // Again inside the transaction: a claim committed since the route's first check is seen.
  await refuseClaimedRemoval(trx, a.ward, a.config, a.today);
  if (a.config.beds) await setWardBeds(trx, id, a.config.beds);
  const held = await lockNights(trx, id, [...a.nights.keys()]);
  // A stay that came in since the unconfirmed check: not saved over unseen.
  if (!a.confirm && bedConflicts(a.nights, held).length > 0) throw refuse('slots_changed_meanwhile');
  await setNightBeds(trx, id, a.nights);
  await setWardRules(trx, id, a.config);
  return { version: a.version + 1, nights: a.nights.size };
};
