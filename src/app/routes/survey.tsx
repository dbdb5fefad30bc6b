import { createRoute, redirect } from '@tanstack/react-router';
import { SurveyRoute } from '../../features/answer/survey-screen';
import { surveyConfigQuery } from '../../features/answer/queries';
import { closedOnServer } from '../../lib/closed-form';
import { rememberTarget } from '../../lib/login-target';
import { getSession } from '../../lib/session';
import { stringsOnly, type PlainSearch } from '../search';
import { Route as rootRoute } from './root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/survey/$id',
  // partitionKey and item prefill parameters (spec 01 §2) pass through as plain strings.
  validateSearch: (search: Record<string, unknown>): PlainSearch => stringsOnly(search),
  // Auth guard (spec 01 §4): remember where the resident was going, then sign in. A form the
  // server said is not open needs no sign-in to say so (SurveyRoute says 本帳票が無効).
  beforeLoad: ({ location, preload, params, search }) => {
    // ?admin=1: the screen decides (features/answer/admin-gate.tsx), sending a non-staff visitor to sign in.
    if (getSession() || closedOnServer(params.id) || search.admin === '1') return;
    if (!preload) rememberTarget(`${location.pathname}${location.searchStr}`);
    throw redirect({ to: '/login', search: {}, replace: true });
  },
  // The config request starts now, alongside the screen's code, not after the code has arrived;
  // not awaited, so the screen shows its own loading text and errors.
  loader: ({ context, params }) => {
    if (getSession()) void context.queryClient.prefetchQuery(surveyConfigQuery(params.id));
  },
  // Bundled with the app, not a lazy chunk: residents arrive from LINE on a form, and on a slow
  // link a chunk fetched only once the router runs costs a whole extra round trip (issue 5).
  component: SurveyRoute,
});
