import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '../layout';
import { NotFoundScreen } from '../not-found';
import { RouteError } from '../route-error';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});
