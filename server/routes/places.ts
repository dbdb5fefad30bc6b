/**
 * POST /survey-results/place-google (spec 02 §7): the facility item's keyword search within a
 * prefecture, through the places provider (providers/places.ts). The item must be a facility item
 * of an enabled form; the prefecture one of the 47. A provider failure answers the spec's search
 * error text (入力内容を確認してください。); an empty list is an OK answer.
 */
import { surveyResultsPlaceGoogle } from '@core/contract/facility';
import { prefectureByName } from '@core/ja/prefectures';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { requireKioskForm } from '../auth/kiosk';
import { findEnabledSurveyConfig } from '../store/configs';
import { PlacesError, type PlacesProvider } from '../providers/places';

const badRequest = (path: string, message: string) => refuse('facility_search_invalid', undefined, { issues: [{ path, message }] });

export const registerPlaceRoutes = (ctx: RouteContext, provider: PlacesProvider | null): void => {
  const { store, log } = ctx.deps;
  ctx.route(surveyResultsPlaceGoogle, async ({ body, user }) => {
    requireKioskForm(user, body.surveyId);
    const cfg = await findEnabledSurveyConfig(store.db, body.surveyId);
    if (!cfg) throw refuse('survey_not_found');
    const item = cfg.surveySchema.find((i) => i.itemKey === body.itemKey);
    if (!item || item.type !== 'facility') throw badRequest('body.itemKey', 'not a facility item');
    const prefecture = prefectureByName(body.prefecture);
    if (!prefecture) throw badRequest('body.prefecture', 'not one of the 47 prefectures');
    if (!provider) throw refuse('places_off');
    try {
      return { result: 'OK', results: { places: await provider.search(body.query, prefecture) } };
    } catch (e) {
      if (!(e instanceof PlacesError)) throw e;
      log('warn', { msg: 'facility search failed', error: e.message });
      throw refuse('places_error');
    }
  });
};
