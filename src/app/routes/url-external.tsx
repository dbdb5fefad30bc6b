import { createRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFoundScreen } from '../not-found';
import { LoadingText } from '../../ui/loading-text';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

/** Only web addresses leave the app: javascript:, data: and the like are never followed. */
export const externalTarget = (raw: string | undefined): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** spec 01 §2 /url-external: a link out of the app (e.g. after login) as a history-replacing redirect. */
export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/url-external',
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  component: UrlExternal,
});

function UrlExternal() {
  const search = Route.useSearch();
  const target = externalTarget(search['url']);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return target ? <LoadingText /> : <NotFoundScreen />;
}
