/**
 * Staff changing answers' statuses (core/contract/staff-statuses.ts): the form's team checked,
 * then one transaction with every answer's change, its events and the call's one audit row
 * (answer.status, the partition keys as targets). A refusal rolls all of it back: no row.
 * Before it, the keys of the filtered set the change will name (answer.keys on record).
 */
import { STATUS_CHANGE_MAX, staffAnswerKeys, staffAnswersStatus } from '@core/contract/staff-statuses';
import { refuse } from '@core/refusals';
import { recordAudit } from '../audit/record';
import { filterDetail, filterOfQuery } from '../answers/answer-filter';
import { iterateAnswers } from '../answers/answer-list';
import { changeStatuses } from '../answers/staff-status';
import { lineOutboxOf } from '../line/outbox';
import type { RouteContext } from '../route-context';
import { clientAddressOf } from '../staff/guard';
import { requireReach } from '../staff/reach';
import { readWard } from '../store/beds';
import { findSurveyConfig } from '../store/configs';

export const registerStaffStatusRoutes = (ctx: RouteContext): void => {
  const { store, config: appConfig } = ctx.deps;

  ctx.route(staffAnswerKeys, async ({ staff, params, query, c, commit }) => {
    await requireReach(store, staff, 'survey', params.surveyId);
    const config = await findSurveyConfig(store.db, params.surveyId);
    if (!config) throw refuse('survey_not_found');
    const filter = filterOfQuery(config, query);
    const keys: string[] = [];
    let more = false;
    for await (const batch of iterateAnswers(store.db, config, filter, { order: query.order ?? 'newest' })) {
      for (const a of batch) {
        if (keys.length === STATUS_CHANGE_MAX) more = true;
        else keys.push(a.partitionKey);
      }
      if (more) break;
    }
    return commit(async (trx) => {
      await recordAudit(trx, {
        actor: { kind: 'staff', id: staff.id },
        action: 'answer.keys',
        targets: { kind: 'answer', ids: keys },
        from: { ip: clientAddressOf(c, appConfig.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) },
        detail: { surveyId: config.surveyId, filter: filterDetail(filter), count: keys.length, more },
      });
      return { result: 'OK' as const, data: { partitionKeys: keys, more } };
    });
  });

  ctx.route(staffAnswersStatus, async ({ staff, params, body, c, commit }) => {
    const { surveyId } = params;
    await requireReach(store, staff, 'survey', surveyId);
    const [config, ward] = await Promise.all([findSurveyConfig(store.db, surveyId), readWard(store.db, surveyId)]);
    const keys = [...new Set(body.partitionKeys)].sort();
    const now = new Date();
    return commit(async (trx) => {
      const events = await changeStatuses(trx, {
        surveyId,
        config,
        ward,
        partitionKeys: keys,
        to: body.status,
        note: body.note?.trim() || null,
        staff: { id: staff.id, name: staff.name },
        payment: ctx.deps.payment,
        outbox: lineOutboxOf(ctx.deps),
        now,
      });
      await recordAudit(
        trx,
        {
          actor: { kind: 'staff', id: staff.id },
          action: 'answer.status',
          targets: { kind: 'answer', ids: keys },
          from: { ip: clientAddressOf(c, appConfig.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) },
          detail: { surveyId, to: body.status, changed: events.length, noted: Boolean(body.note?.trim()) },
        },
        now,
      );
      return { result: 'OK' as const, data: { changed: events.length } };
    });
  });
};
