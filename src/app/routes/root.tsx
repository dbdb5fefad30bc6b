import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { kioskOnly } from './kiosk-guard';
import { RootLayout } from '../layout';
import { NotFoundScreen } from '../not-found';
import { RouteError } from '../route-error';

/** What every route's loader can reach: the query cache, so a loader can start a screen's request early. */
export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  beforeLoad: ({ location }) => kioskOnly(location.pathname),
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});
