import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError } from './route-error';
import { NotFoundScreen } from './not-found';
import { Route as indexRoute } from './routes/index';
import { Route as loginRoute } from './routes/login';
import { Route as loginSurveyRoute } from './routes/login-survey';
import { lookupRoutes } from './routes/lookup';
import { Route as rootRoute } from './routes/root';
import { Route as surveyRoute } from './routes/survey';
import { calendarRoute, defaultCalendarRoute } from './routes/calendar';
import { Route as urlExternalRoute } from './routes/url-external';
import { bedHistoryRoute, bedReservationRoute } from './routes/beds';
import { kioskEnrolRoute, kioskRoute } from './routes/kiosk';
import { memberRoutes } from './routes/member';
import { paymentRoutes } from './routes/payment';
import { adminRoutes } from './routes/admin';
import { installNavigationGuard } from './navigation-guard';
import { installTaggedPageExit } from '../lib/tagged-page';
import { installFormPageKeep } from '../lib/keep-form-page';
import { parsePlainSearch, stringifyPlainSearch } from './search';

// Code-based routes: the tree is written here, no generated routeTree.gen.ts.
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  loginSurveyRoute,
  surveyRoute,
  calendarRoute,
  defaultCalendarRoute,
  bedReservationRoute,
  bedHistoryRoute,
  ...lookupRoutes,
  urlExternalRoute,
  ...memberRoutes,
  kioskRoute,
  kioskEnrolRoute,
  ...paymentRoutes,
  ...adminRoutes,
]);

export const createAppRouter = (queryClient: QueryClient) => {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundScreen,
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    scrollRestoration: true,
  });
  installNavigationGuard(router.history);
  installTaggedPageExit(router.history);
  installFormPageKeep(router.history);
  return router;
};

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
