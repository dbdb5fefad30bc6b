/**
 * Staff accounts and teams in the console, admins only (core/contract/staff-accounts.ts). The same
 * steps as `npm run staff:*` (server/staff/accounts.ts, setup.ts, store/teams.ts); each write is
 * one transaction with its audit row. A change that would leave no active admin is refused
 * (core/rules/staff.ts removesLastAdmin); such changes queue on one counter row, so two admins
 * demoting each other at once cannot both pass on PostgreSQL either.
 */
import type { Kysely, Transaction } from 'kysely';
import { staffAccountAdd, staffAccountChange, staffAccountDisable, staffAccounts, staffTeamChange } from '@core/contract/staff-accounts';
import { refuse } from '@core/refusals';
import { removesLastAdmin, type StaffRole } from '@core/rules/staff';
import type { RouteContext } from '../route-context';
import type { Database } from '../store/schema';
import { disableStaffByEmail, findStaffById, listStaffRecords, otherActiveAdmins, setStaffAccess } from '../store/staff';
import { lastStaffSignIns } from '../store/audit';
import { addTeamTarget, removeTeamTarget, teamTargets } from '../store/teams';
import { listSurveyTitles } from '../store/configs';
import { listCalendars } from '../store/calendars';
import { claimCounter } from '../store/results';
import { addStaffIn } from '../staff/accounts';
import { accountView } from '../staff/account-view';
import { setupLink } from '../staff/setup';
import { auditFromOf } from '../staff/guard';
import { recordAudit } from '../audit/record';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** Takes the admins' lock, then refuses the change when it leaves no active admin. */
const guardLastAdmin = async (trx: Trx, target: { id: string; role: StaffRole; disabledAt: string | null }, after: { role: StaffRole; disabled: boolean }) => {
  await claimCounter(trx, 'staff', 'admins');
  if (removesLastAdmin({ role: target.role, disabled: target.disabledAt !== null }, after, await otherActiveAdmins(trx, target.id))) throw refuse('staff_last_admin');
};

export const registerStaffAccountRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  const teamsList = async (db: Db) => {
    const [forms, calendars, staff] = await Promise.all([teamTargets(db, 'survey'), teamTargets(db, 'calendar'), listStaffRecords(db)]);
    const names = new Set<string>(staff.flatMap((s) => s.teams));
    const held = (m: Map<string, string[]>, team: string) => [...m].filter(([, teams]) => teams.includes(team)).map(([id]) => id).sort();
    for (const m of [forms, calendars]) for (const teams of m.values()) for (const t of teams) names.add(t);
    return [...names].sort().map((team) => ({ team, forms: held(forms, team), calendars: held(calendars, team) }));
  };

  const viewOf = async (db: Db, id: string, now: Date) => {
    const s = await findStaffById(db, id);
    if (!s) throw refuse('staff_account_not_found');
    return accountView(s, now, (await lastStaffSignIns(db)).get(id) ?? null);
  };

  ctx.route(staffAccounts, async ({ staff, c, commit }) => {
    const now = new Date();
    const [records, signIns, teams, forms, calendars] = await Promise.all([listStaffRecords(store.db), lastStaffSignIns(store.db), teamsList(store.db), listSurveyTitles(store.db), listCalendars(store.db)]);
    return commit(async (trx) => {
      // Staff members' names and addresses are personal data: their reading is on record.
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.list', targets: { kind: 'staff', ids: records.map((r) => r.id) }, from: auditFromOf(c, config.trustProxy) }, now);
      return {
        result: 'OK' as const,
        data: {
          staff: records.map((r) => accountView(r, now, signIns.get(r.id) ?? null)),
          teams,
          forms: forms.map((f) => ({ surveyId: f.surveyId, title: f.title })),
          calendars: calendars.map((k) => ({ calendarId: k.sortKey, title: k.calendarName ?? k.sortKey })),
        },
      };
    });
  });

  ctx.route(staffAccountAdd, async ({ staff, body, c, commit }) => {
    const now = new Date();
    const teams = [...new Set(body.teams)];
    return commit(async (trx) => {
      const done = await addStaffIn(trx, { email: body.email, name: body.name, role: body.role, teams }, now);
      if (!done.ok) throw refuse('staff_account_exists');
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.add', targets: { kind: 'staff', ids: [done.id] }, from: auditFromOf(c, config.trustProxy), detail: { role: body.role, teams } }, now);
      return { result: 'OK' as const, data: { account: await viewOf(trx, done.id, now), setupLink: setupLink(config.publicUrl, done.token), expiresAt: done.expiresAt } };
    });
  });

  ctx.route(staffAccountChange, async ({ staff, params, body, c, commit }) => {
    const now = new Date();
    return commit(async (trx) => {
      const before = await findStaffById(trx, params.staffId);
      if (!before) throw refuse('staff_account_not_found');
      const role = body.role ?? before.role;
      const teams = body.teams ? [...new Set(body.teams)] : before.teams;
      if (role !== before.role) await guardLastAdmin(trx, before, { role, disabled: before.disabledAt !== null });
      await setStaffAccess(trx, { id: before.id, role, teams, now: now.toISOString() });
      await recordAudit(
        trx,
        { actor: { kind: 'staff', id: staff.id }, action: 'staff.change', targets: { kind: 'staff', ids: [before.id] }, from: auditFromOf(c, config.trustProxy), detail: { role: { from: before.role, to: role }, teams: { from: before.teams, to: teams } } },
        now,
      );
      return { result: 'OK' as const, data: { account: await viewOf(trx, before.id, now) } };
    });
  });

  ctx.route(staffAccountDisable, async ({ staff, params, c, commit }) => {
    const now = new Date();
    return commit(async (trx) => {
      const before = await findStaffById(trx, params.staffId);
      if (!before) throw refuse('staff_account_not_found');
      await guardLastAdmin(trx, before, { role: before.role, disabled: true });
      // The CLI's step: the account's sessions and unused set-up links go with it.
      const done = await disableStaffByEmail(trx, before.email, now.toISOString());
      if (!done) throw refuse('staff_account_not_found');
      if (!done.already) await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.disable', targets: { kind: 'staff', ids: [before.id] }, from: auditFromOf(c, config.trustProxy) }, now);
      return { result: 'OK' as const, data: { account: await viewOf(trx, before.id, now), already: done.already } };
    });
  });

  ctx.route(staffTeamChange, async ({ staff, body, c, commit }) => {
    const now = new Date();
    const [forms, calendars] = await Promise.all([listSurveyTitles(store.db), listCalendars(store.db)]);
    const known = new Set([...forms.map((f) => `survey:${f.surveyId}`), ...calendars.map((k) => `calendar:${k.sortKey}`)]);
    const unknown = body.add.map((t) => `${t.kind}:${t.id}`).filter((k) => !known.has(k));
    if (unknown.length > 0) throw refuse('team_target_unknown', { targets: unknown.join('、') });
    return commit(async (trx) => {
      const added: string[] = [];
      const removed: string[] = [];
      for (const t of body.add) if (await addTeamTarget(trx, body.team, t.kind, t.id)) added.push(`${t.kind}:${t.id}`);
      for (const t of body.remove) if (await removeTeamTarget(trx, body.team, t.kind, t.id)) removed.push(`${t.kind}:${t.id}`);
      if (added.length + removed.length > 0) {
        await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'team.change', targets: { kind: 'team', ids: [body.team] }, from: auditFromOf(c, config.trustProxy), detail: { added, removed } }, now);
      }
      const team = (await teamsList(trx)).find((t) => t.team === body.team) ?? { team: body.team, forms: [], calendars: [] };
      return { result: 'OK' as const, data: { team, changed: added.length + removed.length } };
    });
  });
};
