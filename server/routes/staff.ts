/**
 * The staff console's own calls (core/contract/staff.ts): sign-in and sign-out, who am I, the
 * set-up link, and the forms within reach. Sign-in writes through the store itself rather than
 * the handler's one commit: a refused sign-in must still count its failure and leave its audit row.
 */
import type { Context } from 'hono';
import {
  staffForm,
  staffForms,
  staffMe,
  staffSetupComplete,
  staffSetupStart,
  staffSignIn,
  staffSignInOptions,
  staffSignOut,
  type StaffMe,
} from '@core/contract/staff';
import { canDo, inTeam } from '@core/rules/staff';
import { refuse, type RefusalCode } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { findStaffByEmail, findStaffById } from '../store/staff';
import { listSurveyTitles } from '../store/configs';
import { teamTargets } from '../store/teams';
import { answerCounts } from '../store/answer-heads';
import { deleteExpiredStaffSessions } from '../store/staff-sessions';
import { completeSetup, normaliseEmail, verifyLocalSignIn, type SignInResult } from '../staff/accounts';
import { setupTokenAccount } from '../staff/setup';
import { newTotpSecret, totpUri } from '../staff/totp';
import { clearStaffCookie, endStaffSession, openStaffSession, setStaffCookie, type StaffPrincipal } from '../staff/session';
import { auditFromOf } from '../staff/guard';
import { requireReach } from '../staff/reach';
import { recordAudit } from '../audit/record';

/** "The last 7 days" of the forms list: the 7 × 24 hours before the request. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** The issuer name authenticator apps show beside the account. */
const TOTP_ISSUER = 'さくらフォーム';

const REFUSAL_OF: Record<Exclude<SignInResult['kind'], 'ok'>, RefusalCode> = {
  bad_credentials: 'staff_sign_in_failed',
  locked: 'staff_locked',
  disabled: 'staff_disabled',
  second_factor_required: 'staff_second_factor_required',
};

export const meOf = (s: Pick<StaffPrincipal, 'id' | 'email' | 'name' | 'role' | 'teams' | 'idleExpiresAt' | 'expiresAt'>): StaffMe => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  teams: s.teams,
  can: {
    read: canDo(s.role, 'read'),
    handle: canDo(s.role, 'handle'),
    configure: canDo(s.role, 'configure'),
    manageStaff: canDo(s.role, 'manageStaff'),
    readAudit: canDo(s.role, 'readAudit'),
  },
  idleExpiresAt: s.idleExpiresAt,
  expiresAt: s.expiresAt,
});

export const registerStaffRoutes = (ctx: RouteContext, store: Store): void => {
  const { config } = ctx.deps;
  const clock = () => new Date();
  const fromOf = (c: Context) => auditFromOf(c, config.trustProxy);

  ctx.route(staffSignInOptions, async () => ({ result: 'OK' as const, data: { oidc: config.staff.oidc !== null } }));

  ctx.route(staffSignIn, async ({ body, c }) => {
    const now = clock();
    const email = normaliseEmail(body.email);
    const r = await verifyLocalSignIn(store, email, body.password, body.code, now);
    if (r.kind !== 'ok') {
      // Asking for the second factor is no failure; every other refusal is in the trail.
      if (r.kind !== 'second_factor_required') {
        const known = await findStaffByEmail(store.db, email);
        await store.write((trx) =>
          recordAudit(trx, { actor: { kind: 'staff', id: known?.id ?? `email:${email}` }, action: 'staff.sign_in', outcome: 'refused', from: fromOf(c), detail: { method: 'local', reason: r.kind } }, now),
        );
      }
      throw refuse(REFUSAL_OF[r.kind]);
    }
    const opened = await store.write(async (trx) => {
      // Sessions past their time are swept here, where staff arrive, rather than by a timer per process.
      await deleteExpiredStaffSessions(trx, now.toISOString());
      const s = await openStaffSession(trx, r.staff.id, now, config.staff);
      await recordAudit(trx, { actor: { kind: 'staff', id: r.staff.id }, action: 'staff.sign_in', from: fromOf(c), detail: { method: 'local', via: r.via } }, now);
      return s;
    });
    setStaffCookie(c, opened.token, config.publicUrl);
    return { result: 'OK' as const, data: meOf({ ...r.staff, ...opened }) };
  });

  ctx.route(staffSignOut, async ({ staff, c }) => {
    await store.write(async (trx) => {
      await endStaffSession(trx, staff.sessionId);
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.sign_out', from: fromOf(c) }, clock());
    });
    clearStaffCookie(c, config.publicUrl);
    return { result: 'OK' as const, data: {} };
  });

  ctx.route(staffMe, async ({ staff }) => ({ result: 'OK' as const, data: meOf(staff) }));

  ctx.route(staffSetupStart, async ({ body }) => {
    const staffId = await setupTokenAccount(store.db, body.token, clock());
    const account = staffId === null ? null : await findStaffById(store.db, staffId);
    if (!account || account.disabledAt !== null) throw refuse('staff_setup_link_invalid');
    const totpSecret = newTotpSecret();
    return { result: 'OK' as const, data: { email: account.email, name: account.name, totpSecret, otpauthUri: totpUri(totpSecret, { issuer: TOTP_ISSUER, email: account.email }) } };
  });

  ctx.route(staffSetupComplete, async ({ body, c }) => {
    const now = clock();
    const r = await completeSetup(store, body, now, (trx, staffId) =>
      recordAudit(trx, { actor: { kind: 'staff', id: staffId }, action: 'staff.setup', targets: { kind: 'staff', ids: [staffId] }, from: fromOf(c) }, now),
    );
    if (!r.ok) throw refuse(r.refusal);
    return { result: 'OK' as const, data: { recoveryCodes: r.recoveryCodes } };
  });

  const formOf = (staff: StaffPrincipal, f: { surveyId: string; title: string }, teams: string[]) => ({
    surveyId: f.surveyId,
    title: f.title,
    teams,
    canRegister: canDo(staff.role, 'handle') && inTeam(staff, teams),
  });

  ctx.route(staffForms, async ({ staff }) => {
    const [titles, teams] = await Promise.all([listSurveyTitles(store.db), teamTargets(store.db, 'survey')]);
    const reached = titles.filter((f) => inTeam(staff, teams.get(f.surveyId) ?? []));
    const counts = await answerCounts(store.db, reached.map((f) => f.surveyId), new Date(clock().getTime() - RECENT_MS).toISOString());
    const forms = reached.map((f) => ({ ...formOf(staff, f, teams.get(f.surveyId) ?? []), counts: counts.get(f.surveyId) ?? { byStatus: {}, total: 0, lastSevenDays: 0 } }));
    return { result: 'OK' as const, data: { forms } };
  });

  ctx.route(staffForm, async ({ staff, params }) => {
    const teams = await requireReach(store, staff, 'survey', params.surveyId);
    const form = (await listSurveyTitles(store.db)).find((f) => f.surveyId === params.surveyId);
    if (!form) throw refuse('survey_not_found');
    return { result: 'OK' as const, data: formOf(staff, form, teams) };
  });
};
