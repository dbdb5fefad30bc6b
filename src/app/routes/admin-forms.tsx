/** A form's config editor in the console (/admin/forms/$surveyId/edit, issue 58), from a console chunk of its own. */
import { createRoute } from '@tanstack/react-router';
import { laterRouteComponent } from '../later-route';
import { Route as rootRoute } from './root';

const formEditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/forms/$surveyId/edit',
  component: laterRouteComponent(() => import('../../features/admin/forms/form-editor-screen'), 'FormEditPage'),
});

export const adminFormRoutes = [formEditRoute];
