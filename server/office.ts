/**
 * The office mirror (issue 56): admin mode at the counter needs the reads a form makes while it
 * is filled in (calendars, slots, the config, facility search…), but a staff member has no LINE
 * token, and a staff session never authorises a resident call. Each endpoint marked `office` is
 * therefore also a staff call, `${STAFF_PREFIX}/office<path>`: the staff gate checks the session
 * and the role's 'handle', a form named by the request must be within the person's teams, and the
 * resident handler runs for an office user (userId beginning with I, as admin-registered answers'
 * do). The answer itself goes through the staff registration call (routes/staff-register.ts).
 */
import type { EndpointDef } from '@core/contract/define';
import type { Handler, HandlerArgs } from './http';
import type { AuthUser } from './auth/verify';
import type { RouteStore } from './route-context';
import type { StaffPrincipal } from './staff/session';
import { requireReach } from './staff/reach';

/** The staff call that mirrors an office endpoint. */
export const officeMirrorOf = (e: EndpointDef): EndpointDef => {
  const { kiosk: _kiosk, office: _office, idempotent: _idempotent, ...rest } = e;
  return { ...rest, path: `/office${e.path}`, api: 'staff', auth: 'staff', staffAction: 'handle' };
};

/** Who the resident handler sees: the office, on behalf of this staff member. */
const officeUserOf = (staff: StaffPrincipal): AuthUser => ({ userId: `I-office-${staff.id}`, name: staff.name, picture: undefined, office: { staffId: staff.id } });

/** The surveyId a request names, in its query, path or body. */
const surveyIdOf = (args: { query?: unknown; params?: unknown; body?: unknown }): string | undefined => {
  for (const part of [args.query, args.params, args.body]) {
    const id = (part as { surveyId?: unknown } | null | undefined)?.surveyId;
    if (typeof id === 'string') return id;
  }
  return undefined;
};

/** The mirror's handler: the team check on a named form, then the resident handler as the office. */
export const officeHandler =
  <E extends EndpointDef>(store: Pick<RouteStore, 'db'>, handler: Handler<E>): Handler<EndpointDef> =>
  async (args) => {
    const staff = args.staff as unknown as StaffPrincipal;
    const surveyId = surveyIdOf(args);
    if (surveyId !== undefined) await requireReach(store, staff, 'survey', surveyId);
    return handler({ ...args, user: officeUserOf(staff), staff: null } as unknown as HandlerArgs<E>) as ReturnType<Handler<EndpointDef>>;
  };
