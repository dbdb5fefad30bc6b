/**
 * What every call of the staff API passes before its handler (route(), server/http.ts): the
 * network allow-list, the Origin check on writes (CSRF), the session, and the role's permission
 * for the call's action. Team scope depends on the record and is checked by the handler
 * (reach.ts). A resident's token or a kiosk's credential is never looked at here: without a staff
 * session's cookie the answer is 401, whatever else the request carries.
 */
import net from 'node:net';
import type { Context } from 'hono';
import { canDo } from '@core/rules/staff';
import type { EndpointDef } from '@core/contract/define';
import { refuse } from '@core/refusals';
import type { AppConfig } from '../config';
import type { Store } from '../store/open';
import { readStaffSession, staffTokenOf, type StaffPrincipal } from './session';
import { requireReach } from './reach';

/**
 * The caller's address: the socket's peer, or behind a trusted reverse proxy the last entry of
 * X-Forwarded-For (the one the proxy added; earlier ones are whatever the client sent).
 */
export const clientAddressOf = (c: Context, trustProxy: boolean): string | undefined => {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
};

/** Where a staff call came from, as its audit row says (server/audit/record.ts `from`). */
export const auditFromOf = (c: Context, trustProxy: boolean): { ip: string | undefined; userAgent: string | undefined } => ({
  ip: clientAddressOf(c, trustProxy),
  userAgent: c.req.header('user-agent')?.slice(0, 300),
});

/** A check of addresses against STAFF_ALLOWED_CIDRS; null when the list is empty (every network). */
const allowListOf = (cidrs: readonly string[]): ((address: string | undefined) => boolean) | null => {
  if (cidrs.length === 0) return null;
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(address, Number(prefix), net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket reads ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    const kind = net.isIP(plain);
    return kind !== 0 && list.check(plain, kind === 6 ? 'ipv6' : 'ipv4');
  };
};

/**
 * A write from the console's own pages: the browser's Origin equals this server's public origin
 * (or the origin the request was made to). A request without Origin is refused too: every browser
 * sends it on a POST, and nothing but a browser has a staff cookie.
 */
const sameOrigin = (c: Context, publicUrl: string): boolean => {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return false;
  if (c.req.header('sec-fetch-site') === 'cross-site') return false;
  return origin === new URL(publicUrl).origin || origin === new URL(c.req.url).origin;
};

export type StaffGate = (c: Context, e: EndpointDef) => Promise<StaffPrincipal | null>;

export const createStaffGate = (store: Store, config: Pick<AppConfig, 'publicUrl' | 'staff' | 'trustProxy'>, now: () => Date = () => new Date()): StaffGate => {
  const allowed = allowListOf(config.staff.allowedCidrs);
  return async (c, e) => {
    if (allowed && !allowed(clientAddressOf(c, config.trustProxy))) throw refuse('staff_network_forbidden');
    if (e.method !== 'GET' && !sameOrigin(c, config.publicUrl)) throw refuse('staff_origin_refused');
    if (e.auth !== 'staff') return null;
    const token = staffTokenOf(c);
    const staff = token ? await readStaffSession(store, token, now(), config.staff) : null;
    if (!staff) throw refuse('staff_session_required');
    if (!e.staffAction || !canDo(staff.role, e.staffAction)) throw refuse('staff_forbidden');
    // The form's or calendar's team before the body is read: a person outside it learns nothing
    // of what the call would take (handlers may ask requireReach again for the teams).
    if (e.path.includes(':surveyId')) await requireReach(store, staff, 'survey', c.req.param('surveyId') ?? '');
    if (e.path.includes(':calendarId')) await requireReach(store, staff, 'calendar', c.req.param('calendarId') ?? '');
    return staff;
  };
};
