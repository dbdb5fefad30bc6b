/**
 * The search item's options (spec 01 §5, spec 02 §7 GET /survey-searches): the option list comes in
 * the import bundle on the item itself (`options`), and is paged here so a list of thousands of
 * facilities never travels whole to a phone. The page key is the offset of the next option, opaque
 * to the client.
 */
import { surveySearches } from '@core/contract/searches';
import { foldForMatch } from '@core/ja/fold';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { requireKioskForm } from '../auth/kiosk';
import { findEnabledSurveyConfig } from '../store/configs';

export const registerSurveySearchRoutes = (ctx: RouteContext): void => {
  const { store } = ctx.deps;

  ctx.route(surveySearches, async ({ query, user }) => {
    requireKioskForm(user, query.surveyId);
    const cfg = await findEnabledSurveyConfig(store.db, query.surveyId);
    if (!cfg) throw refuse('survey_not_found');
    const item = cfg.surveySchema.find((i) => i.itemKey === query.itemKey);
    if (!item || item.type !== 'search') {
      throw refuse('not_search_item', { itemKey: query.itemKey }, { issues: [{ path: 'query.itemKey', message: 'not a search item' }] });
    }
    const options = item.options ?? [];
    // Folded (core/ja/fold.ts): ｶﾀｶﾅ, full-width letters, capitals, spaces and dashes find the same option.
    const needle = foldForMatch(query.condition1 ?? '');
    const matching = needle ? options.filter((o) => foldForMatch(o).includes(needle)) : options;
    const start = query.lastEvaluatedKey === undefined ? 0 : Number(query.lastEvaluatedKey);
    if (!Number.isInteger(start) || start < 0) {
      throw refuse('invalid_page_key', undefined, { issues: [{ path: 'query.lastEvaluatedKey', message: 'invalid page key' }] });
    }
    const items = matching.slice(start, start + query.limit);
    const next = start + items.length;
    return { result: 'OK', data: { items, lastEvaluatedKey: next < matching.length ? String(next) : null } };
  });
};
