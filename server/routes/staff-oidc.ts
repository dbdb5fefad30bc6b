/**
 * Staff sign-in with the organisation's account (issue 56): /oidc/start sends the browser to the
 * issuer, /oidc/callback takes it back and opens the same staff session a local sign-in opens,
 * with its audit row in one transaction. Both are browser navigations: every outcome is a
 * redirect, a refusal one to the console's sign-in page with its code.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { STAFF_PREFIX } from '@core/contract/define';
import { staffOidcCallback, staffOidcStart } from '@core/contract/staff';
import { consoleReturnPath } from '@core/rules/staff';
import type { RefusalCode } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { bindStaffSubject } from '../store/staff';
import { deleteExpiredStaffSessions } from '../store/staff-sessions';
import { recordAudit } from '../audit/record';
import { clientAddressOf } from '../staff/guard';
import { openStaffSession, setStaffCookie } from '../staff/session';
import { createStaffOidc, FLOW_SECONDS, type OidcIdentity } from '../staff/oidc';
import { oidcAccountOf } from '../staff/oidc-account';

/**
 * Binds a flow to the browser that started it. SameSite=Lax, not Strict: the callback is a
 * top-level navigation from the issuer's site, which a Strict cookie would not come with.
 */
const FLOW_COOKIE = 'sakura_staff_oidc';
const FLOW_COOKIE_PATH = `${STAFF_PREFIX}/oidc`;

const SIGN_IN_PAGE = '/admin/sign-in';

export const registerStaffOidcRoutes = (ctx: RouteContext, store: Store): void => {
  const { config, log } = ctx.deps;
  const oidc = createStaffOidc(config, store);
  const secure = config.publicUrl.startsWith('https:');
  const fromOf = (c: Context) => ({ ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) });
  const refused = (c: Context, code: RefusalCode) => c.redirect(`${SIGN_IN_PAGE}?error=${code}`, 302);

  ctx.route(staffOidcStart, async ({ query, c }) => {
    if (!oidc) return refused(c, 'staff_oidc_off');
    let started: { url: string; browserToken: string };
    try {
      started = await oidc.start(consoleReturnPath(query.returnTo), new Date());
    } catch (e) {
      log('warn', { msg: 'staff oidc: issuer unavailable', error: e instanceof Error ? e.message : String(e) });
      return refused(c, 'staff_oidc_unavailable');
    }
    setCookie(c, FLOW_COOKIE, started.browserToken, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure, maxAge: FLOW_SECONDS });
    return c.redirect(started.url, 302);
  });

  /** A refused identity: no session, and the attempt in the trail under whom it claimed to be. */
  const refuseIdentity = async (c: Context, who: OidcIdentity, code: RefusalCode, staffId: string | null, reason: string, now: Date) => {
    const actorId = staffId ?? (who.email ? `email:${who.email}` : `oidc:${who.subject}`);
    await store.write((trx) =>
      recordAudit(
        trx,
        { actor: { kind: 'staff', id: actorId }, action: 'staff.sign_in', outcome: 'refused', from: fromOf(c), detail: { method: 'oidc', reason, issuer: who.issuer, subject: who.subject } },
        now,
      ),
    );
    return refused(c, code);
  };

  ctx.route(staffOidcCallback, async ({ c }) => {
    if (!oidc) return refused(c, 'staff_oidc_off');
    const now = new Date();
    const browserToken = getCookie(c, FLOW_COOKIE);
    deleteCookie(c, FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure });
    const r = await oidc.finish(new URL(c.req.url).search, browserToken, now);
    if (!r.ok) {
      // Nobody is known yet, so there is no one to put in the trail: the log says why.
      log('warn', { msg: 'staff oidc: sign-in not completed', reason: r.reason, detail: r.detail, requestId: c.get('requestId') });
      return refused(c, r.reason === 'unavailable' ? 'staff_oidc_unavailable' : 'staff_oidc_failed');
    }
    const who = r.identity;
    const account = await oidcAccountOf(store.db, who);
    if (account.kind === 'disabled') return refuseIdentity(c, who, 'staff_disabled', account.staff.id, 'disabled', now);
    if (account.kind === 'no_account') return refuseIdentity(c, who, 'staff_oidc_no_account', account.staffId, account.why, now);
    const opened = await store.write(async (trx) => {
      // The bind is conditional: an account bound (or disabled) a moment ago is not taken over.
      if (account.bind && !(await bindStaffSubject(trx, { id: account.staff.id, issuer: who.issuer, subject: who.subject, now: now.toISOString() }))) return null;
      await deleteExpiredStaffSessions(trx, now.toISOString());
      const s = await openStaffSession(trx, account.staff.id, now, config.staff);
      await recordAudit(
        trx,
        { actor: { kind: 'staff', id: account.staff.id }, action: 'staff.sign_in', from: fromOf(c), detail: { method: 'oidc', issuer: who.issuer, ...(account.bind ? { bound: true } : {}) } },
        now,
      );
      return s;
    });
    if (!opened) return refused(c, 'staff_oidc_failed');
    setStaffCookie(c, opened.token, config.publicUrl);
    return c.redirect(r.returnTo, 302);
  });
};
