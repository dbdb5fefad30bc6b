/**
 * The passkey calls of the staff console (core/contract/staff.ts): options for the set-up link's
 * passkey, the two calls of a passkey sign-in, and adding another passkey once signed in.
 */
import { staffPasskeyAdd, staffPasskeyAddOptions, staffPasskeySignIn, staffPasskeySignInOptions, staffSetupPasskeyOptions } from '@core/contract/staff';
import { refuse, type RefusalCode } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { insertPasskey } from '../store/passkeys';
import { findStaffById } from '../store/staff';
import type { SignInRefused } from '../staff/accounts';
import { passkeySignInOptions, verifyPasskeySignIn } from '../staff/passkey-sign-in';
import { registrationOptions, verifyRegistration, type RelyingParty } from '../staff/passkeys';
import { setupTokenAccount } from '../staff/setup';
import { recordAudit } from '../audit/record';
import { fromOf, openSignIn, refuseSignIn } from './staff-sign-in';

/** The first call checks the password: its refusals are the code sign-in's. */
const PASSWORD_REFUSAL: Record<Exclude<SignInRefused['kind'], 'second_factor_required'>, RefusalCode> = {
  bad_credentials: 'staff_sign_in_failed',
  locked: 'staff_locked',
  disabled: 'staff_disabled',
};

/** The second checks the signature: a failure says so, not "wrong password". */
const PASSKEY_REFUSAL: typeof PASSWORD_REFUSAL = { ...PASSWORD_REFUSAL, bad_credentials: 'staff_passkey_failed' };

export const registerStaffPasskeyRoutes = (ctx: RouteContext, store: Store, o: { rp: RelyingParty; passkeyName: string }): void => {
  const { config } = ctx.deps;
  const clock = () => new Date();

  ctx.route(staffSetupPasskeyOptions, async ({ body }) => {
    const now = clock();
    const staffId = await setupTokenAccount(store.db, body.token, now);
    const account = staffId === null ? null : await findStaffById(store.db, staffId);
    if (!account || account.disabledAt !== null) throw refuse('staff_setup_link_invalid');
    return { result: 'OK' as const, data: { options: await registrationOptions(store, o.rp, account, now, false) } };
  });

  ctx.route(staffPasskeySignInOptions, async ({ body, c }) => {
    const now = clock();
    const r = await passkeySignInOptions(store, o.rp, body.email, body.password, now);
    if (r.kind === 'options') return { result: 'OK' as const, data: { options: r.options } };
    // The password was right: no failure, nothing to audit yet.
    if (r.kind === 'no_passkey' || r.kind === 'second_factor_required') throw refuse('staff_passkey_none');
    return refuseSignIn(store, c, config, { email: body.email, reason: r.kind, via: 'passkey', code: PASSWORD_REFUSAL[r.kind] }, now);
  });

  ctx.route(staffPasskeySignIn, async ({ body, c }) => {
    const now = clock();
    const r = await verifyPasskeySignIn(store, o.rp, body.email, body.response, now);
    if (r.kind === 'second_factor_required') throw refuse('staff_passkey_failed');
    if (r.kind !== 'ok') return refuseSignIn(store, c, config, { email: body.email, reason: r.kind, via: 'passkey', code: PASSKEY_REFUSAL[r.kind] }, now);
    return { result: 'OK' as const, data: await openSignIn(store, c, config, r.staff, r.via, now) };
  });

  ctx.route(staffPasskeyAddOptions, async ({ staff }) => ({
    result: 'OK' as const,
    data: { options: await registrationOptions(store, o.rp, staff, clock(), true) },
  }));

  ctx.route(staffPasskeyAdd, async ({ staff, body, c }) => {
    const now = clock();
    const key = await verifyRegistration(store, o.rp, staff.id, body.response, now);
    if (key === null) throw refuse('staff_passkey_invalid');
    const name = body.name?.trim() || o.passkeyName;
    const at = now.toISOString();
    const added = await store.write(async (trx) => {
      if (!(await insertPasskey(trx, { ...key, staffId: staff.id, name, now: at }))) return false;
      await recordAudit(trx, { actor: { kind: 'staff', id: staff.id }, action: 'staff.passkey_add', targets: { kind: 'staff', ids: [staff.id] }, from: fromOf(c, config), detail: { name } }, now);
      return true;
    });
    if (!added) throw refuse('staff_passkey_invalid');
    return { result: 'OK' as const, data: { name, createdAt: at } };
  });
};
