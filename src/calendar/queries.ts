/**
 * The calendar reads (spec 02 §7), offline-first through the Dexie-backed cache: the category
 * tree, tag labels, reservation items, calendar info and schedules a form showed once show again
 * with no network. They are the same for every resident, so they are cached as public rows.
 * Shared by the reservation item (src/items) and the lookup screens, hence not in a feature folder.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  calendarsCanBeReserve,
  calendarsCategoriesTree,
  calendarsCategory,
  calendarsDisplaySettings,
  calendarsInfo,
  calendarsItemInfo,
  calendarsSchedule,
  calendarsTagLabels,
} from '@core/contract/calendars';
import { call, unwrap } from '../lib/api';
import { cachedQueryOptions } from '../offline/cache';
import { SCHEDULE_KEY } from './keys';

/** Every schedule key starts with this: going back from the last confirm refetches them. */
export { SCHEDULE_KEY };

export const categoriesTreeQuery = () =>
  cachedQueryOptions({
    queryKey: ['calendar', 'categories-tree'] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsCategoriesTree, {}, { signal })),
  });

export const tagLabelsQuery = () =>
  cachedQueryOptions({
    queryKey: ['calendar', 'tag-labels'] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsTagLabels, {}, { signal })),
  });

export const itemInfoQuery = (categoryId: string) =>
  cachedQueryOptions({
    queryKey: ['calendar', 'item-info', categoryId] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsItemInfo, { params: { id: categoryId } }, { signal })),
  });

/** `id`: a category id or a calendar id (a reservation value's first part may be either). */
export const calendarInfoQuery = (id: string) =>
  cachedQueryOptions({
    queryKey: ['calendar', 'info', id] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsInfo, { params: { id } }, { signal })),
  });

/** The category row (tag1..tag3 names) of a stored answer, for the lookup screens. */
export const categoryQuery = (id: string) =>
  cachedQueryOptions({
    queryKey: ['calendar', 'category', id] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsCategory, { params: { id } }, { signal })),
  });

export const scheduleQuery = (calendarId: string, startDay: string, endDay: string) =>
  cachedQueryOptions({
    queryKey: [...SCHEDULE_KEY, calendarId, startDay, endDay] as const,
    visibility: 'public',
    // Counts change as residents book: never fresh for long.
    staleTime: 15_000,
    fetcher: async (signal) =>
      unwrap(await call(calendarsSchedule, { params: { id: calendarId }, query: { start_day: startDay, end_day: endDay } }, { signal })),
  });

export const displaySettingsQuery = () =>
  cachedQueryOptions({
    queryKey: ['calendar', 'display-settings'] as const,
    visibility: 'public',
    fetcher: async (signal) => unwrap(await call(calendarsDisplaySettings, {}, { signal })),
  });

/**
 * Whether the calendar takes reservations now. Spec 02 §7: a failed call is treated as
 * reservable, so any failure answers true (and it is not cached: it is a live switch).
 */
export const canBeReserveQuery = (id: string) =>
  queryOptions({
    queryKey: ['calendar', 'can-be-reserve', id] as const,
    queryFn: async ({ signal }) => {
      try {
        return unwrap(await call(calendarsCanBeReserve, { params: { id } }, { signal, retry: { maxAttempts: 1, networkRetries: 0 } })).canBeReserve;
      } catch {
        return true;
      }
    },
    staleTime: 15_000,
    networkMode: 'always',
  });
