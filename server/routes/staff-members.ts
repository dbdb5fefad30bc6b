/**
 * The console's members (core/contract/staff-members.ts). Reading records is an audited action:
 * each list and each record read leaves its row (answer.list / answer.read, target kind member).
 */
import { staffMember, staffMemberForms, staffMembers } from '@core/contract/staff-members';
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import type { Context } from 'hono';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { findMemberConfig, listMemberConfigIds } from '../store/members';
import { answersOfResident, memberCounts, memberFormRows } from '../store/member-search';
import { findSurveyConfig, listSurveyTitles } from '../store/configs';
import { placeReader } from '../answers/answer-display';
import { isReservationItem } from '@core/rules/reservation-value';
import { teamTargets } from '../store/teams';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit, type AuditEntry } from '../audit/record';
import { searchMembers } from '../members/staff-search';

const PAGE = 50;
/** Columns when a member form marks no item searchable. */
const FIRST_COLUMNS = 4;

export const registerStaffMemberRoutes = (ctx: RouteContext, store: Store): void => {
  const { config } = ctx.deps;
  const audit = (c: Context, staff: StaffPrincipal, entry: Omit<AuditEntry, 'actor' | 'from'>) =>
    store.write((trx) =>
      recordAudit(trx, { ...entry, actor: { kind: 'staff', id: staff.id }, from: { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) } }),
    );

  const memberForm = async (staff: StaffPrincipal, surveyId: string) => {
    await requireReach(store, staff, 'survey', surveyId);
    const cfg = await findMemberConfig(store.db, surveyId);
    if (!cfg) throw refuse('survey_not_found');
    return cfg;
  };

  ctx.route(staffMemberForms, async ({ staff }) => {
    const [ids, teams, counts] = await Promise.all([listMemberConfigIds(store.db), teamTargets(store.db, 'survey'), memberCounts(store.db)]);
    const forms = [];
    for (const id of ids.sort()) {
      if (!inTeam(staff, teams.get(id) ?? [])) continue;
      const cfg = await findMemberConfig(store.db, id);
      if (cfg) forms.push({ surveyId: id, title: cfg.surveyTitle, teams: teams.get(id) ?? [], members: counts.get(id) ?? 0 });
    }
    return { result: 'OK' as const, data: { forms } };
  });

  ctx.route(staffMembers, async ({ staff, params, query, c }) => {
    const cfg = await memberForm(staff, params.surveyId);
    const page = searchMembers(await memberFormRows(store.db, cfg.surveyId), cfg.surveySchema, { q: query.q ?? '', after: query.after, limit: PAGE });
    const items = cfg.surveySchema.filter((i) => i.type !== 'groupHeader' && i.type !== 'paragraph' && i.type !== 'memberNumber');
    const searchable = items.filter((i) => i.isSearchable?.value === true);
    const columns = (searchable.length > 0 ? searchable : items.slice(0, FIRST_COLUMNS)).map((i) => ({ itemKey: i.itemKey, title: i.title ?? i.itemKey }));
    await audit(c, staff, {
      action: 'answer.list',
      targets: { kind: 'member', ids: page.members.map((m) => m.partitionKey) },
      detail: { surveyId: cfg.surveyId, q: query.q ?? '', after: query.after ?? null },
    });
    return { result: 'OK' as const, data: { title: cfg.surveyTitle, columns, members: page.members, next: page.next } };
  });

  ctx.route(staffMember, async ({ staff, params, c }) => {
    const cfg = await memberForm(staff, params.surveyId);
    const rows = (await memberFormRows(store.db, cfg.surveyId)).filter((r) => r.partitionKey === params.partitionKey);
    const member = searchMembers(rows, cfg.surveySchema, { q: '', after: undefined, limit: 1 }).members[0];
    if (!member) throw refuse('result_not_found');
    const titles = new Map((await listSurveyTitles(store.db)).map((f) => [f.surveyId, f.title]));
    const reservationItems = new Map<string, string>();
    for (const id of cfg.linkedForms) {
      const item = (await findSurveyConfig(store.db, id))?.surveySchema.find(isReservationItem);
      if (item) reservationItems.set(id, item.itemKey);
    }
    const places = placeReader(store.db);
    const linked = await Promise.all(
      (await answersOfResident(store.db, member.userId, cfg.linkedForms, reservationItems)).map(async ({ reservationValue, ...a }) => {
        const shown = reservationValue ? await places(reservationValue) : null;
        return { ...a, title: titles.get(a.surveyId) ?? a.surveyId, reservation: shown && { day: shown.day, time: shown.time, categories: shown.categories } };
      }),
    );
    // The member number item reads grouped, as in the record's heading and the resident's screens.
    const items = cfg.surveySchema
      .filter((i) => member.values[i.itemKey] !== undefined)
      .map((i) => ({ itemKey: i.itemKey, title: i.title ?? i.itemKey, value: i.type === 'memberNumber' && member.memberNumber ? member.memberNumber : (member.values[i.itemKey] as string) }));
    await audit(c, staff, { action: 'answer.read', targets: { kind: 'member', ids: [member.partitionKey] }, detail: { surveyId: cfg.surveyId } });
    return { result: 'OK' as const, data: { title: cfg.surveyTitle, member, items, linked } };
  });
};
