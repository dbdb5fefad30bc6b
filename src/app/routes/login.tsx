import { createRoute } from '@tanstack/react-router';
import { laterComponent } from '../../lib/later-component';
import type { LoginSearch } from '../../lib/login';
import { LoadingText } from '../../ui/loading-text';
import { ja } from '../../messages/ja';
import { Route as rootRoute } from './root';

const LoginScreen = laterComponent(() => import('../../features/login/login-screen').then((m) => m.LoginScreen));

const pick = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    code: pick(search.code),
    state: pick(search.state),
    q: pick(search.q),
    error: pick(search.error),
  }),
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  return <LoginScreen search={search} fallback={<LoadingText text={ja.login.inProgress} />} />;
}
