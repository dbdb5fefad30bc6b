/**
 * The category tree in the console (core/contract/staff-categories.ts): read (read) and edited one
 * change at a time (configure), each edit one transaction with its config.save audit row.
 */
import { staffCategoryEdit, staffCategoryTree } from '@core/contract/staff-categories';
import { inTeam } from '@core/rules/staff';
import type { RouteContext } from '../route-context';
import { listCalendars } from '../store/calendars';
import { allCategoryRows, allItemRows, usedByBookings } from '../store/category-edits';
import { teamTargets } from '../store/teams';
import { clientAddressOf } from '../staff/guard';
import { recordAudit } from '../audit/record';
import { buildTree, staffTreeOf } from '../categories/tree';
import { applyCategoryEdit } from '../categories/edit';

export const registerStaffCategoryRoutes = (ctx: RouteContext): void => {
  const { store, config } = ctx.deps;

  ctx.route(staffCategoryTree, async ({ staff }) => {
    const [rows, items, used, teams, calendars] = await Promise.all([allCategoryRows(store.db), allItemRows(store.db), usedByBookings(store.db), teamTargets(store.db, 'calendar'), listCalendars(store.db)]);
    const tree = staffTreeOf(buildTree(rows, items), used, { staff, teams });
    const reachable = calendars.filter((c) => inTeam(staff, teams.get(c.sortKey) ?? [])).map((c) => ({ calendarId: c.sortKey, name: c.calendarName ?? c.sortKey }));
    return { result: 'OK' as const, data: { tree, calendars: reachable } };
  });

  ctx.route(staffCategoryEdit, async ({ staff, body, c, commit }) => {
    const teams = await teamTargets(store.db, 'calendar');
    const now = new Date();
    return commit(async (trx) => {
      const r = await applyCategoryEdit(trx, body, { staff, teams });
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'config.save',
          targets: { kind: 'category', ids: r.targets },
          from: { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) },
          detail: { what: 'categories', edit: body },
        },
        now,
      );
      return { result: 'OK' as const, data: { id: r.id } };
    });
  });
};
