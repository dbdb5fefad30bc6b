/**
 * POST /survey-results/place-google (spec 02 §7): the facility item's keyword search within a
 * prefecture, through the places provider (providers/places.ts). The item must be a facility item
 * of an enabled form; the prefecture one of the 47. A provider failure answers the spec's search
 * error text (入力内容を確認してください。); an empty list is an OK answer.
 */
import { surveyResultsPlaceGoogle } from '@core/contract/facility';
import { prefectureByName } from '@core/ja/prefectures';
import type { RouteContext } from '../route-context';
import { ApiError } from '../http';
import { requireKioskForm } from '../auth/kiosk';
import { findEnabledSurveyConfig } from '../store/configs';
import { PlacesError, type PlacesProvider } from '../providers/places';
import { NO_SURVEY_CONFIG } from './survey-configs';

/** spec 02 §8 "search error". */
export const FACILITY_SEARCH_ERROR_TEXT = '入力内容を確認してください。';
/** Ours: no provider configured (production without GOOGLE_MAPS_API_KEY). */
export const FACILITY_SEARCH_OFF_TEXT = '現在施設検索を利用できません。';

const badRequest = (path: string, message: string) => new ApiError(400, 'bad_request', FACILITY_SEARCH_ERROR_TEXT, { issues: [{ path, message }] });

export const registerPlaceRoutes = (ctx: RouteContext, provider: PlacesProvider | null): void => {
  const { store, log } = ctx.deps;
  ctx.route(surveyResultsPlaceGoogle, async ({ body, user }) => {
    requireKioskForm(user, body.surveyId);
    const cfg = await findEnabledSurveyConfig(store.db, body.surveyId);
    if (!cfg) throw new ApiError(404, 'not_found', NO_SURVEY_CONFIG);
    const item = cfg.surveySchema.find((i) => i.itemKey === body.itemKey);
    if (!item || item.type !== 'facility') throw badRequest('body.itemKey', 'not a facility item');
    const prefecture = prefectureByName(body.prefecture);
    if (!prefecture) throw badRequest('body.prefecture', 'not one of the 47 prefectures');
    if (!provider) throw new ApiError(503, 'places_off', FACILITY_SEARCH_OFF_TEXT);
    try {
      return { result: 'OK', results: { places: await provider.search(body.query, prefecture) } };
    } catch (e) {
      if (!(e instanceof PlacesError)) throw e;
      log('warn', { msg: 'facility search failed', error: e.message });
      throw new ApiError(503, 'places_error', FACILITY_SEARCH_ERROR_TEXT);
    }
  });
};
