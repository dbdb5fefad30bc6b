/** The console's answers of a form and one answer's page (issue 57), each from a chunk of its own. */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

const formAnswersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/forms/$surveyId',
  component: laterRouteComponent(() => import('../../features/admin/answers/answers-screen'), 'AnswersPage'),
});

const answerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/forms/$surveyId/a/$key',
  component: laterRouteComponent(() => import('../../features/admin/answers/answer-screen'), 'AnswerPage'),
});

export const answerRoutes = [formAnswersRoute, answerRoute];
