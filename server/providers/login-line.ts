/**
 * The OAuth 2.0 authorization code exchange of LINE Login v2.1: the code the browser brought back
 * is traded at the token endpoint for tokens, and the ID token is verified before its `sub` becomes
 * a user id. The dev issuer (login-dev.ts) answers the same endpoint shape, so one implementation
 * serves both; only the token URL and the verifier differ.
 */
import { z } from 'zod';
import type { AppConfig } from '../config';
import { createVerifier, InvalidTokenError, type AuthUser, type TokenVerifier } from '../auth/verify';
import { LoginExchangeError, type LoginProvider } from './login';

/** The token endpoint could not be reached or failed on its side: worth retrying, not the resident's fault. */
export class LoginUnavailableError extends Error {}

export interface OAuthCodeLoginOptions {
  tokenUrl: string;
  channelId: string;
  channelSecret: string;
  verify: TokenVerifier;
  /** How long to wait for the token endpoint; LINE normally answers well under a second. */
  timeoutMs?: number;
}

/** LINE's fallback label when a token carries no name (the profile scope was not granted). */
export const DEFAULT_DISPLAY_NAME = 'LINEユーザー';

// LINE documents these fields; only the two tokens we rely on are required, so an extra or
// missing optional field does not break sign-in.
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

const tokenErrorSchema = z.object({ error: z.string().optional(), error_description: z.string().optional() });

const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

export const createOAuthCodeLogin = (opts: OAuthCodeLoginOptions): LoginProvider => ({
  async exchangeCode(code, redirectUri) {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: opts.channelId,
      client_secret: opts.channelSecret,
    });
    let res: Response;
    try {
      res = await fetch(opts.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new LoginUnavailableError(`token endpoint unreachable: ${(e as Error).message}`);
    }
    const json = await readJson(res);
    if (res.status >= 400 && res.status < 500) {
      // A bad, reused or expired code, or a redirect_uri that differs from the authorize request.
      const err = tokenErrorSchema.safeParse(json);
      const detail = err.success ? [err.data.error, err.data.error_description].filter(Boolean).join(': ') : '';
      throw new LoginExchangeError(detail || `token endpoint answered ${res.status}`);
    }
    if (!res.ok) throw new LoginUnavailableError(`token endpoint answered ${res.status}`);
    const parsed = tokenAnswerSchema.safeParse(json);
    if (!parsed.success) {
      // Without an id_token (no openid scope) there is no verifiable user id to sign in with.
      throw new LoginExchangeError('token endpoint answer has no usable access_token / id_token');
    }
    const t = parsed.data;
    let user: AuthUser;
    try {
      user = await opts.verify(t.id_token);
    } catch (e) {
      // A token that does not verify here would not verify on any later call either.
      if (e instanceof InvalidTokenError) throw new LoginExchangeError(`id_token refused: ${e.message}`);
      throw e;
    }
    return {
      session: {
        idToken: t.id_token,
        accessToken: t.access_token,
        ...(t.refresh_token ? { refreshToken: t.refresh_token } : {}),
      },
      profile: {
        userId: user.userId,
        displayName: user.name ?? DEFAULT_DISPLAY_NAME,
        ...(user.picture ? { pictureUrl: user.picture } : {}),
      },
    };
  },
});

/**
 * LINE Login proper. `verify` defaults to a verifier for the configured channel (JWKS URL for
 * ES256, channel secret for HS256); pass the app's own verifier to share its JWKS cache.
 */
export const createLineLogin = (config: AppConfig, verify?: TokenVerifier): LoginProvider => {
  if (!config.line.channelSecret) {
    // A LIFF-only deployment gets ID tokens from the LIFF SDK and never exchanges codes, so a
    // missing secret must not stop the server; it only fails this call, with the reason.
    return {
      exchangeCode: () => Promise.reject(new Error('LINE_CHANNEL_SECRET is not set: LINE Login codes cannot be exchanged')),
    };
  }
  return createOAuthCodeLogin({
    tokenUrl: config.line.tokenUrl,
    channelId: config.line.channelId,
    channelSecret: config.line.channelSecret,
    verify:
      verify ??
      createVerifier({
        issuer: config.line.issuer,
        channelId: config.line.channelId,
        channelSecret: config.line.channelSecret,
        jwks: { url: config.line.jwksUrl },
      }),
  });
};
