/**
 * The only door to the LIFF SDK (ARCHITECTURE convention 7). It is loaded with import() so the
 * ~35 KiB SDK is fetched only when the server says a LIFF id is configured, never on the first
 * screen of a plain browser.
 */
import type { Session } from './session';

export type LiffLoginResult = { kind: 'session'; session: Session } | { kind: 'redirected' };

/** Set once liff.init has run in this page, so closing knows whether LIFF can close the window. */
let liffReady = false;

export const loginWithLiff = async (liffId: string, redirectUri: string): Promise<LiffLoginResult> => {
  const { default: liff } = await import('@line/liff');
  await liff.init({ liffId });
  liffReady = true;
  if (!liff.isLoggedIn()) {
    // In an outside browser LIFF sends the resident to LINE Login and back to redirectUri.
    liff.login({ redirectUri });
    return { kind: 'redirected' };
  }
  const idToken = liff.getIDToken();
  const accessToken = liff.getAccessToken();
  if (!idToken || !accessToken) throw new Error('LIFF returned no token; check the channel has the openid scope');
  const profile = await liff.getProfile();
  return {
    kind: 'session',
    session: {
      idToken,
      accessToken,
      profile: { userId: profile.userId, displayName: profile.displayName, pictureUrl: profile.pictureUrl },
    },
  };
};

/**
 * The form's close button (spec 01 §2). Inside LINE the LIFF window closes; in a browser the tab
 * closes where the browser allows a script to close it. Whether it closed is the answer: a tab
 * the resident opened stays open, and the caller takes them to the start page instead.
 */
export const closeApp = async (): Promise<boolean> => {
  if (liffReady) {
    const { default: liff } = await import('@line/liff');
    if (liff.isInClient()) {
      liff.closeWindow();
      return true;
    }
  }
  window.close();
  return window.closed;
};

/**
 * Sign-out: LIFF keeps its own tokens in localStorage (keys starting LIFF_STORE:). liff.logout()
 * removes them where the SDK runs in this page; the keys are removed by hand as well, for a page
 * that was reloaded since LIFF's login and never loaded the SDK.
 */
export const logoutLiff = async (): Promise<void> => {
  if (liffReady) {
    const { default: liff } = await import('@line/liff');
    if (liff.isLoggedIn()) liff.logout();
  }
  try {
    const store = globalThis.localStorage;
    for (const key of Object.keys(store)) if (key.startsWith('LIFF_STORE:')) store.removeItem(key);
  } catch {
    // No storage: nothing of LIFF's was kept.
  }
};
