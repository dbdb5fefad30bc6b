/**
 * The day sheet's routes (issue 57): /admin/calendars (the calendars within reach) and
 * /admin/calendars/$calendarId?date=YYYY-MM-DD (one day; today without a date), and a calendar's
 * slots and own settings for staff who configure them (/admin/calendars/$calendarId/slots and
 * /settings, issue 58), and the category tree (/admin/categories). Each screen
 * comes from a console chunk of its own.
 */
import { createRoute } from '@tanstack/react-router';
import { isoDateSchema } from '@core/contract/calendars';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

export interface DaySheetSearch {
  date?: string | undefined;
}

const calendarsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/calendars',
  component: laterRouteComponent(() => import('../../features/admin/day-sheet/calendars-screen'), 'CalendarsPage'),
});

const daySheetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/calendars/$calendarId',
  validateSearch: (s: Record<string, unknown>): DaySheetSearch => {
    const date = isoDateSchema.safeParse(s['date']);
    return { date: date.success ? date.data : undefined };
  },
  component: laterRouteComponent(() => import('../../features/admin/day-sheet/day-sheet-screen'), 'DaySheetPage'),
});

const slotsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/calendars/$calendarId/slots',
  component: laterRouteComponent(() => import('../../features/admin/slots/slots-screen'), 'SlotsPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/calendars/$calendarId/settings',
  component: laterRouteComponent(() => import('../../features/admin/calendar-settings/settings-screen'), 'CalendarSettingsPage'),
});

const categoriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/categories',
  component: laterRouteComponent(() => import('../../features/admin/categories/categories-screen'), 'CategoriesPage'),
});

export const adminCalendarRoutes = [calendarsRoute, daySheetRoute, slotsRoute, settingsRoute, categoriesRoute];
