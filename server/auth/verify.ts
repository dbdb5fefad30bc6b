/**
 * ID token verification. The user id is taken only from a token that verifies: LINE's ES256 form
 * (key from the channel's JWKS) or its HS256 form (signed with the channel secret), with iss, aud
 * (the channel id) and exp checked. `alg: none`, an unknown kid, and HS/ES key confusion fail
 * because each algorithm is only ever given the one key type it belongs to.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

/** A kiosk tablet a request comes from (server/auth/kiosk.ts). */
export interface KioskPrincipal {
  id: string;
  name: string;
  /** The surveyIds it may answer. */
  forms: string[];
}

export interface AuthUser {
  userId: string;
  name: string | undefined;
  picture: string | undefined;
  /** Set when the credential is a kiosk's (userId is then `K:{kioskId}`), never for a resident. */
  kiosk?: KioskPrincipal;
  /** Set for admin mode's reads through the office mirror (server/office.ts), never for a resident. */
  office?: { staffId: string };
}

export interface VerifierOptions {
  issuer: string;
  channelId: string;
  /** HS256 form; absent → HS256 tokens are refused. */
  channelSecret: string | undefined;
  /** ES256 form: a remote JWKS URL (LINE) or a local key set (dev issuer). */
  jwks: { url: string } | { keys: JSONWebKeySet };
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

export class InvalidTokenError extends Error {}

/**
 * A token that is genuine in every way (signature, iss, aud, sub) but past its exp: the resident
 * only needs to sign in again (spec 01 §8 answers it 403 invalid_request "IdToken expired.").
 * A subclass, so callers that only care "not usable" (the login exchange) need not change.
 */
export class TokenExpiredError extends InvalidTokenError {}

/**
 * jose checks the signature before any claim, and iss, aud and nbf before exp (jwt_claims_set),
 * so its JWTExpired means all of those passed: a forged or foreign token with an old exp is
 * refused as invalid, never reported as merely expired.
 */
const isGenuineButExpired = (e: unknown): boolean =>
  e instanceof errors.JWTExpired && e.claim === 'exp' && typeof e.payload.sub === 'string' && e.payload.sub !== '';

export const createVerifier = (opts: VerifierOptions): TokenVerifier => {
  const es = 'url' in opts.jwks ? createRemoteJWKSet(new URL(opts.jwks.url)) : createLocalJWKSet(opts.jwks.keys);
  const hs = opts.channelSecret ? new TextEncoder().encode(opts.channelSecret) : undefined;
  const common = { issuer: opts.issuer, audience: opts.channelId, clockTolerance: 5 } as const;

  /**
   * Tokens already verified, until they expire. A resident's token is sent with every call for up
   * to an hour, and an ES256 verification costs more than the rest of a small request; the same
   * string verified once verifies again until exp, the only check that changes with time (it is
   * re-checked at each use). Bounded: the oldest entry goes first.
   */
  const verified = new Map<string, { user: AuthUser; expMs: number }>();
  const VERIFIED_MAX = 10_000;

  const verify = async (token: string): Promise<{ user: AuthUser; expMs: number }> => {
    let payload: JWTPayload;
    try {
      const [headerPart] = token.split('.');
      const header = JSON.parse(Buffer.from(headerPart ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
      if (header.alg === 'HS256') {
        if (!hs) throw new InvalidTokenError('HS256 not accepted');
        ({ payload } = await jwtVerify(token, hs, { ...common, algorithms: ['HS256'] }));
      } else if (header.alg === 'ES256') {
        ({ payload } = await jwtVerify(token, es, { ...common, algorithms: ['ES256'] }));
      } else {
        throw new InvalidTokenError(`algorithm ${String(header.alg)} refused`);
      }
    } catch (e) {
      if (isGenuineButExpired(e)) throw new TokenExpiredError((e as Error).message);
      throw e instanceof InvalidTokenError ? e : new InvalidTokenError((e as Error).message);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError('no sub');
    if (typeof payload.exp !== 'number') throw new InvalidTokenError('no exp');
    return {
      user: {
        userId: payload.sub,
        name: typeof payload['name'] === 'string' ? payload['name'] : undefined,
        picture: typeof payload['picture'] === 'string' ? payload['picture'] : undefined,
      },
      expMs: (payload.exp + common.clockTolerance) * 1000,
    };
  };

  return async (token: string) => {
    if (!token) throw new InvalidTokenError('empty token');
    const hit = verified.get(token);
    if (hit) {
      if (hit.expMs > Date.now()) return hit.user;
      verified.delete(token);
    }
    const fresh = await verify(token);
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, fresh);
    return fresh.user;
  };
};
