/**
 * Team scope on the server: a staff call that touches a form or a calendar asks here whether it is
 * within the caller's reach (core/rules/staff.ts inTeam: an admin reaches all, others their teams').
 */
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import type { Store } from '../store/open';
import { teamsOf, type TeamTargetKind } from '../store/teams';
import type { StaffPrincipal } from './session';

/** The record's teams, when the caller reaches it; 403 staff_team_forbidden otherwise. */
export const requireReach = async (store: Pick<Store, 'db'>, staff: StaffPrincipal, kind: TeamTargetKind, id: string): Promise<string[]> => {
  const teams = await teamsOf(store.db, kind, id);
  if (!inTeam(staff, teams)) throw refuse('staff_team_forbidden');
  return teams;
};
