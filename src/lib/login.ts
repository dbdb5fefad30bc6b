/**
 * Sign-in (spec 01 §2 Login), kept apart from the screen so every branch is testable:
 * - the auth guard stores where the resident was going (`liffState`) and sends them to /login;
 * - /login without a session starts LINE Login (or the dev issuer, which has the same shape)
 *   with a random state of up to 5 digits saved locally, and on the way back compares it, trades
 *   the code for tokens through the server, and continues to the stored target;
 * - when the server configures a LIFF id, the LIFF SDK does the login instead (src/lib/liff.ts).
 */
import { loginToken } from '@core/contract/login';
import { call, unwrap } from './api';
import type { AppSettings } from './app-config';
import type { LiffLoginResult } from './liff';
import { rememberTarget, safeTarget, store, takeTarget } from './login-target';
import { getSession, saveSession, type Session } from './session';

export { LIFF_STATE_KEY, rememberTarget, safeTarget, takeTarget } from './login-target';

export const LOGIN_STATE_KEY = 'loginState';

export interface LoginSearch {
  code?: string | undefined;
  state?: string | undefined;
  q?: string | undefined;
  /** LINE Login sends error=access_denied when the resident refuses. */
  error?: string | undefined;
}

/** A random state of up to 5 digits, as the spec's login did. */
export const generateState = (randomUint32: () => number = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0): string =>
  String(randomUint32() % 100_000);

export const loginRedirectUri = (origin: string): string => `${origin}/login`;

export const buildAuthorizeUrl = (o: { authorizeUrl: string; channelId: string; redirectUri: string; state: string; botPrompt?: string | null | undefined }): string =>
  `${o.authorizeUrl}?response_type=code&client_id=${encodeURIComponent(o.channelId)}` +
  `&redirect_uri=${encodeURIComponent(o.redirectUri)}&state=${encodeURIComponent(o.state)}&scope=profile%20openid` +
  // LINE Login offers the official account as a friend on its consent screen (LINE_BOT_PROMPT).
  (o.botPrompt ? `&bot_prompt=${encodeURIComponent(o.botPrompt)}` : '');

export type LoginStep =
  | { kind: 'done' }
  | { kind: 'denied' }
  | { kind: 'liff'; liffId: string }
  | { kind: 'state-mismatch' }
  | { kind: 'exchange'; code: string }
  | { kind: 'authorize' };

/** Which branch of the login applies; pure, so the state rules are tested without a browser. */
export const decideLogin = (o: {
  search: LoginSearch;
  hasSession: boolean;
  savedState: string | null;
  liffId: string | null;
}): LoginStep => {
  if (o.hasSession) return { kind: 'done' };
  if (o.search.error) return { kind: 'denied' };
  // LIFF handles its own code and state inside liff.init().
  if (o.liffId) return { kind: 'liff', liffId: o.liffId };
  if (o.search.code) {
    if (!o.search.state || !o.savedState || o.search.state !== o.savedState) return { kind: 'state-mismatch' };
    return { kind: 'exchange', code: o.search.code };
  }
  return { kind: 'authorize' };
};

export type LoginOutcome =
  | { kind: 'navigate'; to: string; session: Session }
  | { kind: 'redirected' }
  | { kind: 'error'; reason: 'state-mismatch' | 'denied' };

export interface LoginDeps {
  origin: string;
  getAppConfig: () => Promise<AppSettings>;
  exchangeCode: (code: string, redirectUri: string) => Promise<Session>;
  loginWithLiff: (liffId: string, redirectUri: string) => Promise<LiffLoginResult>;
  assign: (url: string) => void;
  randomUint32?: () => number;
}

export const exchangeCode = async (code: string, redirectUri: string): Promise<Session> => {
  const data = unwrap(await call(loginToken, { query: { code, redirectUri } }));
  return {
    idToken: data.session.idToken,
    accessToken: data.session.accessToken,
    refreshToken: data.session.refreshToken,
    profile: { userId: data.profile.userId, displayName: data.profile.displayName, pictureUrl: data.profile.pictureUrl },
  };
};

export const defaultLoginDeps = (getAppConfig: () => Promise<AppSettings>): LoginDeps => ({
  origin: window.location.origin,
  getAppConfig,
  exchangeCode,
  loginWithLiff: async (liffId, redirectUri) => (await import('./liff')).loginWithLiff(liffId, redirectUri),
  assign: (url) => window.location.assign(url),
});

/** Runs the /login screen's work; network and LIFF failures are thrown for the error card. */
export const performLogin = async (search: LoginSearch, deps: LoginDeps): Promise<LoginOutcome> => {
  const q = safeTarget(search.q);
  if (q) rememberTarget(q);

  const existing = getSession();
  const s = store();
  const redirectUri = loginRedirectUri(deps.origin);
  // A session means the app config is not needed, so check it before any network call.
  const config = existing ? null : await deps.getAppConfig();
  const step = decideLogin({
    search,
    hasSession: existing !== null,
    savedState: s?.getItem(LOGIN_STATE_KEY) ?? null,
    liffId: config?.liffId ?? null,
  });

  switch (step.kind) {
    case 'done':
      return { kind: 'navigate', to: takeTarget(), session: existing as Session };
    case 'denied':
      return { kind: 'error', reason: 'denied' };
    case 'state-mismatch':
      s?.removeItem(LOGIN_STATE_KEY);
      return { kind: 'error', reason: 'state-mismatch' };
    case 'liff': {
      const result = await deps.loginWithLiff(step.liffId, redirectUri);
      if (result.kind === 'redirected') return result;
      saveSession(result.session);
      return { kind: 'navigate', to: takeTarget(), session: result.session };
    }
    case 'exchange': {
      // The state is single-use: a replayed callback URL must not pass the check again.
      s?.removeItem(LOGIN_STATE_KEY);
      const session = await deps.exchangeCode(step.code, redirectUri);
      saveSession(session);
      return { kind: 'navigate', to: takeTarget(), session };
    }
    case 'authorize': {
      const state = generateState(deps.randomUint32);
      s?.setItem(LOGIN_STATE_KEY, state);
      const c = config as AppSettings;
      deps.assign(buildAuthorizeUrl({ authorizeUrl: c.authorizeUrl, channelId: c.channelId, redirectUri, state, botPrompt: c.botPrompt }));
      return { kind: 'redirected' };
    }
  }
};
