import { createRoute } from '@tanstack/react-router';
import { externalTarget } from '../../features/external/external-target';
import { laterComponent } from '../../lib/later-component';
import { LoadingText } from '../../ui/loading-text';
import { NotFoundScreen } from '../not-found';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

// Its own chunk, with the app config call it reads: not code a form's first screen should carry.
const ExternalScreen = laterComponent(() => import('../../features/external/external-screen').then((m) => m.ExternalScreen));

/**
 * spec 01 §2 /url-external: a link out of the app (e.g. after login). A listed host is a
 * history-replacing redirect, any other web address asks first (features/external).
 */
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/url-external',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  component: UrlExternal,
});

function UrlExternal() {
  const search = Route.useSearch();
  const target = externalTarget(search['url']);
  return target ? (
    <ExternalScreen target={target} fallback={<LoadingText />} />
  ) : (
    <NotFoundScreen />
  );
}
