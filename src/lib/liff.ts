/**
 * The only door to the LIFF SDK (ARCHITECTURE convention 7). It is loaded with import() so the
 * ~35 KiB SDK is fetched only when the server says a LIFF id is configured, never on the first
 * screen of a plain browser.
 */
import type { Session } from './session';

export type LiffLoginResult = { kind: 'session'; session: Session } | { kind: 'redirected' };

export const loginWithLiff = async (liffId: string, redirectUri: string): Promise<LiffLoginResult> => {
  const { default: liff } = await import('@line/liff');
  await liff.init({ liffId });
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
