/**
 * The staff console's own calls (core/contract/staff.ts): sign-in and sign-out, who am I, the
 * set-up link, and the forms within reach; the passkey calls are in staff-passkeys.ts, what every
 * sign-in does at its end in staff-sign-in.ts.
 */
import {
  staffForm,
  staffForms,
  staffMe,
  staffSetupComplete,
  staffSetupStart,
  staffSignIn,
  staffSignInOptions,
  staffSignOut,
} from '@core/contract/staff';
import { canDo, inTeam } from '@core/rules/staff';
import { refuse, type RefusalCode } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { findStaffById } from '../store/staff';
import { listSurveyTitles } from '../store/configs';
import { teamTargets } from '../store/teams';
import { answerCounts } from '../store/answer-heads';
import { listWards } from '../store/bed-ward';
import { completeSetup, verifyLocalSignIn, type SignInRefused } from '../staff/accounts';
import { relyingPartyOf } from '../staff/passkeys';
import { setupTokenAccount } from '../staff/setup';
import { newTotpSecret, totpUri } from '../staff/totp';
import { clearStaffCookie, endStaffSession, type StaffPrincipal } from '../staff/session';
import { requireReach } from '../staff/reach';
import { recordAudit } from '../audit/record';
import { fromOf, meOf, openSignIn, refuseSignIn } from './staff-sign-in';
import { registerStaffPasskeyRoutes } from './staff-passkeys';

/** "The last 7 days" of the forms list: the 7 × 24 hours before the request. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** The issuer name authenticator apps show beside the account. */
const TOTP_ISSUER = 'さくらフォーム';

/** The passkey's default label, when the console sends none. */
const PASSKEY_NAME = 'パスキー';

const REFUSAL_OF: Record<SignInRefused['kind'], RefusalCode> = {
  bad_credentials: 'staff_sign_in_failed',
  locked: 'staff_locked',
  disabled: 'staff_disabled',
  second_factor_required: 'staff_second_factor_required',
};

export const registerStaffRoutes = (ctx: RouteContext, store: Store): void => {
  const { config } = ctx.deps;
  const clock = () => new Date();
  const rp = relyingPartyOf(config.publicUrl);

  ctx.route(staffSignInOptions, async () => ({ result: 'OK' as const, data: { oidc: config.staff.oidc !== null } }));

  ctx.route(staffSignIn, async ({ body, c }) => {
    const now = clock();
    const r = await verifyLocalSignIn(store, body.email, body.password, body.code, now);
    // Asking for the second factor is no failure; every other refusal is in the trail.
    if (r.kind === 'second_factor_required') throw refuse(REFUSAL_OF[r.kind]);
    if (r.kind !== 'ok') return refuseSignIn(store, c, config, { email: body.email, reason: r.kind, code: REFUSAL_OF[r.kind] }, now);
    return { result: 'OK' as const, data: await openSignIn(store, c, config, r.staff, r.via, now) };
  });

  ctx.route(staffSignOut, async ({ staff, c }) => {
    await store.write(async (trx) => {
      await endStaffSession(trx, staff.sessionId);
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.sign_out', from: fromOf(c, config) }, clock());
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
    const factor = 'passkey' in body ? { passkey: { response: body.passkey, name: body.passkeyName?.trim() || PASSKEY_NAME, rp } } : { totpSecret: body.totpSecret, code: body.code };
    const r = await completeSetup(store, { token: body.token, password: body.password, ...factor }, now, (trx, staffId) =>
      recordAudit(
        trx,
        { actor: { kind: 'staff', id: staffId }, action: 'staff.setup', targets: { kind: 'staff', ids: [staffId] }, from: fromOf(c, config), detail: { factor: 'passkey' in factor ? 'passkey' : 'totp' } },
        now,
      ),
    );
    if (!r.ok) throw refuse(r.refusal);
    return { result: 'OK' as const, data: { recoveryCodes: r.recoveryCodes } };
  });

  registerStaffPasskeyRoutes(ctx, store, { rp, passkeyName: PASSKEY_NAME });

  const formOf = (staff: StaffPrincipal, f: { surveyId: string; title: string }, teams: string[]) => ({
    surveyId: f.surveyId,
    title: f.title,
    teams,
    canRegister: canDo(staff.role, 'handle') && inTeam(staff, teams),
  });

  ctx.route(staffForms, async ({ staff }) => {
    const [titles, teams] = await Promise.all([listSurveyTitles(store.db), teamTargets(store.db, 'survey')]);
    const reached = titles.filter((f) => inTeam(staff, teams.get(f.surveyId) ?? []));
    const [counts, wards] = await Promise.all([answerCounts(store.db, reached.map((f) => f.surveyId), new Date(clock().getTime() - RECENT_MS).toISOString()), listWards(store.db)]);
    const wardIds = new Set(wards.map((w) => w.surveyId));
    const forms = reached.map((f) => ({
      ...formOf(staff, f, teams.get(f.surveyId) ?? []),
      counts: counts.get(f.surveyId) ?? { byStatus: {}, total: 0, lastSevenDays: 0 },
      ward: wardIds.has(f.surveyId),
    }));
    return { result: 'OK' as const, data: { forms } };
  });

  ctx.route(staffForm, async ({ staff, params }) => {
    const teams = await requireReach(store, staff, 'survey', params.surveyId);
    const form = (await listSurveyTitles(store.db)).find((f) => f.surveyId === params.surveyId);
    if (!form) throw refuse('survey_not_found');
    return { result: 'OK' as const, data: formOf(staff, form, teams) };
  });
};
