/** Teams and what they hold (migration 0021): forms ('survey') and calendars. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
export type TeamTargetKind = Database['team_targets']['target_kind'];

/** The teams holding this form or calendar, sorted. */
export const teamsOf = async (db: Db, kind: TeamTargetKind, id: string): Promise<string[]> => {
  const rows = await db.selectFrom('team_targets').select('team').where('target_kind', '=', kind).where('target_id', '=', id).execute();
  return rows.map((r) => r.team).sort();
};

/** Every form or calendar with its teams. */
export const teamTargets = async (db: Db, kind: TeamTargetKind): Promise<Map<string, string[]>> => {
  const rows = await db.selectFrom('team_targets').select(['team', 'target_id']).where('target_kind', '=', kind).execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.target_id, [...(out.get(r.target_id) ?? []), r.team].sort());
  return out;
};

/** Gives the team this form or calendar; false when it held it already. */
export const addTeamTarget = async (db: Db, team: string, kind: TeamTargetKind, id: string): Promise<boolean> => {
  const rows = await db
    .insertInto('team_targets')
    .values({ team, target_kind: kind, target_id: id })
    .onConflict((oc) => oc.columns(['team', 'target_kind', 'target_id']).doNothing())
    .returning('team')
    .execute();
  return rows.length === 1;
};

export const removeTeamTarget = async (db: Db, team: string, kind: TeamTargetKind, id: string): Promise<boolean> => {
  const r = await db.deleteFrom('team_targets').where('team', '=', team).where('target_kind', '=', kind).where('target_id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
};
