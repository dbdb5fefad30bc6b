/**
 * ログアウト with a draft on the device (issue 54): the resident is told first that it will be
 * removed, may stay signed in, or sign out and have it removed.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { getSession } from '../../src/lib/session';
import { jaScreens } from '../../src/messages/ja-screens';
import { listDrafts, saveDraft } from '../../src/offline/drafts';
import { json } from './offline-helpers';
import { freshDeviceWithResident } from './resident';

describe('signing out with a draft', () => {
  beforeEach(async () => {
    await freshDeviceWithResident();
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { result: 'OK', data: [] })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const openMenuAndSignOut = async () => {
    window.history.replaceState(null, '', '/');
    render(<App />);
    fireEvent.click(await screen.findByTestId('account-menu', {}, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('sign-out'));
  };

  // The sign-out ends by closing the menu: a test that stops before leaves its last state update to a torn-down page.
  const menuClosed = () => waitFor(() => expect(screen.queryByTestId('sign-out')).toBeNull());

  it('says the draft will be removed; ログアウトしない keeps both', async () => {
    await saveDraft({ userId: 'U1', surveyId: 's1' }, { name: '山田' });
    await openMenuAndSignOut();
    const warning = await screen.findByTestId('drafts-warning');
    expect(warning.textContent).toContain('入力途中の回答が1件あります。ログアウトすると、この端末から削除されます。');
    fireEvent.click(screen.getByTestId('sign-out-stay'));
    expect(getSession()?.profile.userId).toBe('U1');
    expect(await listDrafts('U1')).toHaveLength(1);
  });

  it('削除してログアウト signs out and removes the draft', async () => {
    await saveDraft({ userId: 'U1', surveyId: 's1' }, { name: '山田' });
    await openMenuAndSignOut();
    fireEvent.click(await screen.findByRole('button', { name: jaScreens.account.deleteAndSignOut }));
    await waitFor(() => expect(getSession()).toBeNull());
    await waitFor(async () => expect(await listDrafts('U1')).toHaveLength(0));
    await menuClosed();
  });

  it('signs out at once when there is no draft and nothing unsent', async () => {
    await openMenuAndSignOut();
    await waitFor(() => expect(getSession()).toBeNull());
    await menuClosed();
    expect(screen.queryByTestId('drafts-warning')).toBeNull();
  });
});
