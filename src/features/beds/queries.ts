/**
 * The bed reads (spec 02 §7). The ward's remaining beds and its rule are the same for every
 * resident: cached as public rows, so the calendar shows again offline. The history is the
 * resident's own: read afresh, never persisted.
 */
import { queryOptions } from '@tanstack/react-query';
import { bedReservationBeds, bedReservationCalendar, bedReservationHistory, bedReservationRule } from '@core/contract/bed';
import { surveyConfigsGetItem } from '@core/contract/survey-configs';
import { call, unwrap } from '../../lib/api';
import { cachedQueryOptions } from '../../offline/cache';

export const BED_CALENDAR_KEY = ['bed', 'calendar'] as const;

/** The same key and read as the answer screens' config query: one cached copy per form. */
export const bedFormQuery = (surveyId: string) =>
  cachedQueryOptions({
    queryKey: ['survey-config', surveyId] as const,
    fetcher: async (signal) => unwrap(await call(surveyConfigsGetItem, { query: { surveyId } }, { signal })),
  });

export const bedRuleQuery = (surveyId: string) =>
  cachedQueryOptions({
    queryKey: ['bed', 'rule', surveyId] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(bedReservationRule, { params: { surveyId } }, { signal })),
  });

/** The ward's beds for the select bed item: the same for everyone, so cached for offline drafting. */
export const bedBedsQuery = (surveyId: string) =>
  cachedQueryOptions({
    queryKey: ['bed', 'beds', surveyId] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(bedReservationBeds, { params: { surveyId } }, { signal })),
  });

export const bedCalendarQuery = (surveyId: string, startDate: string, endDate: string) =>
  cachedQueryOptions({
    queryKey: [...BED_CALENDAR_KEY, surveyId, startDate, endDate] as const,
    visibility: 'public',
    // Beds go as residents book: never fresh for long.
    staleTime: 15_000,
    fetcher: async (signal) => unwrap(await call(bedReservationCalendar, { params: { surveyId }, query: { startDate, endDate } }, { signal })),
  });

export const bedHistoryQuery = (surveyId: string, userId: string) =>
  queryOptions({
    queryKey: ['bed', 'history', surveyId, userId] as const,
    queryFn: async ({ signal }) => unwrap(await call(bedReservationHistory, { params: { userId, surveyId } }, { signal })),
    staleTime: 0,
    gcTime: 0,
  });
