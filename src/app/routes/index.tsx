import { createRoute } from '@tanstack/react-router';
import { StartScreen } from '../../features/start/start-screen';
import { Route as rootRoute } from './root';

// Eager: it is the first screen, so splitting it off would only add a round trip.
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: StartScreen,
});
