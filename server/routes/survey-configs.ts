/** Survey config calls of spec 01 §7, plus the open list for the start page. */
import { isSearchableSurvey, type ServedSurveyConfig } from '@core/form/survey-config';
import {
  surveyConfigsGetAllSearchable,
  surveyConfigsGetItem,
  surveyConfigsList,
  surveyConfigsOpenList,
} from '@core/contract/survey';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { kioskForbidden, requireKioskForm } from '../auth/kiosk';
import { kioskUnfitOf } from '../auth/kiosk-forms';
import { findEnabledSurveyConfig, listEnabledSurveyConfigs } from '../store/configs';
import { isMember } from '../store/members';
import { offeredConfig } from '@core/rules/features';
import { requiresMembership } from '@core/rules/membership';
import { ownLargeCategoryOf } from '@core/rules/own-categories';

const ownLargeCategoryEntry = (schema: ServedSurveyConfig['surveySchema']) => {
  const own = ownLargeCategoryOf(schema);
  return own ? { ownLargeCategory: own } : {};
};

export const registerSurveyConfigRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;
  // Forms as this deployment offers them: a switched-off part's items are never served (features.ts).
  const offered = (cfg: ServedSurveyConfig) => offeredConfig(cfg, ctx.deps.config.features);

  ctx.route(surveyConfigsGetItem, async ({ query, user }) => {
    requireKioskForm(user, query.surveyId);
    const found = await findEnabledSurveyConfig(store.db, query.surveyId);
    const cfg = found && offered(found);
    if (!cfg) throw refuse('survey_not_found');
    if (user.kiosk && kioskUnfitOf(cfg)) throw kioskForbidden();
    // A kiosk or the office registers for someone, who may not be a member of this device's account.
    if (requiresMembership(cfg) && !user.kiosk && !user.office) return { result: 'OK', data: { ...cfg, hasMember: await isMember(store.db, cfg.memberFormId, user.userId) } };
    return { result: 'OK', data: cfg };
  });

  ctx.route(surveyConfigsGetAllSearchable, async () => {
    const all = await listEnabledSurveyConfigs(store.db);
    return { result: 'OK', data: all.map(offered).filter(isSearchableSurvey) };
  });

  ctx.route(surveyConfigsList, async ({ body }) => {
    const found = await listEnabledSurveyConfigs(store.db, body.surveyIdList);
    const byId = new Map(found.map((c) => [c.surveyId, c]));
    // The caller's order, each once; unknown and disabled ids are left out rather than refused.
    const seen = new Set<string>();
    const data = body.surveyIdList.flatMap((id) => {
      const c = byId.get(id);
      if (!c || seen.has(id)) return [];
      seen.add(id);
      return [offered(c)];
    });
    return { result: 'OK', data };
  });

  ctx.route(surveyConfigsOpenList, async () => {
    const all = await listEnabledSurveyConfigs(store.db);
    return {
      result: 'OK',
      data: all.map((c) => ({
        surveyId: c.surveyId,
        surveyTitle: c.surveyTitle,
        description: c.description ?? null,
        ...(c.surveyType ? { surveyType: c.surveyType } : {}),
        // The way to the member's list (start page, lookup), only while members are offered.
        ...(ctx.deps.config.features.members && requiresMembership(c) ? { memberFormId: c.memberFormId } : {}),
        ...ownLargeCategoryEntry(c.surveySchema),
      })),
    };
  });
};
