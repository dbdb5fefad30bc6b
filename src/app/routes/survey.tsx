import { createRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { rememberTarget } from '../../lib/login';
import { getSession } from '../../lib/session';
import { LoadingText } from '../../ui/loading-text';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

const SurveyScreen = lazy(() => import('../../features/answer/survey-screen').then((m) => ({ default: m.SurveyScreen })));

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/survey/$id',
  // partitionKey and item prefill parameters (spec 01 §2) pass through as plain strings.
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  // Auth guard (spec 01 §4): remember where the resident was going, then sign in.
  beforeLoad: ({ location, preload }) => {
    if (getSession()) return;
    if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
    throw redirect({ to: '/login', search: {}, replace: true });
  },
  component: SurveyPage,
});

function SurveyPage() {
  const { id } = Route.useParams();
  return (
    <Suspense fallback={<LoadingText />}>
      <SurveyScreen surveyId={id} />
    </Suspense>
  );
}
