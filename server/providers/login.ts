/**
 * The login edge: exchanging an authorization code for tokens and a profile. LINE Login in
 * production; the dev issuer (login-dev.ts) stands in when no channel is configured, with the same
 * authorize / token / certs shape so the client's code path is the real one.
 */
import type { Profile } from '@core/contract/survey';

export interface LoginSession {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
}

export interface LoginProvider {
  exchangeCode(code: string, redirectUri: string): Promise<{ session: LoginSession; profile: Profile }>;
}

/** A refused exchange (bad code, wrong redirect URI): the route answers 400, not 500. */
export class LoginExchangeError extends Error {}
