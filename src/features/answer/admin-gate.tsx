/**
 * `?admin=1` on a form page (spec 01 §6): decided before the form loads. A staff session allowed
 * on the form (admin-mode.ts) turns the office mode of the API client on, so the form's reads go
 * through the staff API and no LINE sign-in is needed at the counter; anyone else gets the form as
 * a resident, signing in with LINE first when not signed in yet, as without the flag.
 */
import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { setOfficeMode } from '../../lib/api';
import { rememberTarget } from '../../lib/login-target';
import { getSession } from '../../lib/session';
import { LoadingText } from '../../ui/loading-text';
import { useAdminMode } from './admin-mode';

export const asksAdmin = (search: Readonly<Record<string, string>> | undefined): boolean => search?.['admin'] === '1';

function OfficeMode({ children }: { children: ReactNode }) {
  // Set during render, before the children's first requests; idempotent, undone on leaving.
  setOfficeMode(true);
  useEffect(() => () => setOfficeMode(false), []);
  return <>{children}</>;
}

export function AdminGate({ surveyId, search, children }: { surveyId: string; search: Readonly<Record<string, string>>; children: ReactNode }) {
  const admin = useAdminMode(surveyId, search);
  const location = useLocation();
  const toLogin = !admin.deciding && admin.mode !== 'admin' && !getSession();
  useEffect(() => {
    if (!toLogin) return;
    // As the route guard does for a visitor without a session: remember the page, then sign in.
    rememberTarget(`${location.pathname}${location.searchStr}`);
    window.location.replace('/login');
  }, [toLogin, location.pathname, location.searchStr]);
  if (admin.deciding || toLogin) return <LoadingText />;
  if (admin.mode === 'admin') return <OfficeMode>{children}</OfficeMode>;
  return <>{children}</>;
}
