/**
 * The console's bed wards (core/contract/staff-bed-wards.ts): the wards within reach, and one
 * ward's nights (read, audited as answer.list with the stays shown: it shows people's names). A
 * ward is reached through its bed form's teams, as the form's answers are.
 */
import { Temporal } from 'temporal-polyfill';
import { WARD_NIGHTS_DEFAULT, staffBedWards, staffWardNights } from '@core/contract/staff-bed-wards';
import { todayInTokyo } from '@core/ja/date-input';
import { inTeam } from '@core/rules/staff';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import { readWard } from '../store/beds';
import { listWards } from '../store/bed-ward';
import { findSurveyConfig, listSurveyTitles } from '../store/configs';
import { teamTargets } from '../store/teams';
import { requireReach } from '../staff/reach';
import { wardNightsOf } from '../staff/bed-ward';
import { recordAudit } from '../audit/record';

export const registerStaffBedWardRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;

  ctx.route(staffBedWards, async ({ staff }) => {
    const [wards, teams, titles] = await Promise.all([listWards(store.db), teamTargets(store.db, 'survey'), listSurveyTitles(store.db)]);
    const titleOf = new Map(titles.map((t) => [t.surveyId, t.title]));
    const list = wards
      .filter((w) => inTeam(staff, teams.get(w.surveyId) ?? []))
      .map((w) => ({ surveyId: w.surveyId, title: titleOf.get(w.surveyId) ?? w.surveyId, beds: w.beds.length, teams: teams.get(w.surveyId) ?? [] }));
    return { result: 'OK' as const, data: { wards: list } };
  });

  ctx.route(staffWardNights, async ({ staff, params, query, commit }) => {
    await requireReach(store, staff, 'survey', params.surveyId);
    const [ward, config] = await Promise.all([readWard(store.db, params.surveyId), findSurveyConfig(store.db, params.surveyId)]);
    if (!ward) throw refuse('bed_ward_not_found');
    const from = query.from ? Temporal.PlainDate.from(query.from) : todayInTokyo();
    const sheet = await wardNightsOf(store.db, ward, config, from, query.nights ?? WARD_NIGHTS_DEFAULT);
    // Seeing who sleeps where is reading personal data: the trail names the stays shown.
    return commit(async (trx) => {
      await recordAudit(trx, {
        actor: { kind: 'staff', id: staff.id },
        action: 'answer.list',
        targets: { kind: 'answer', ids: sheet.stays.map((s) => s.partitionKey) },
        detail: { view: 'bed-ward', surveyId: ward.surveyId, from: sheet.from, to: sheet.to },
      });
      return { result: 'OK' as const, data: sheet };
    });
  });
};
