/**
 * The staff console as an OpenID Connect relying party (openid-client, a certified RP library):
 * the authorization code flow with PKCE (S256), state and nonce, against the municipality's
 * issuer (STAFF_OIDC_ISSUER) or the in-process dev issuer. The library checks the ID token
 * (issuer, audience, signature by the issuer's JWKS, expiry, nonce); this file keeps each flow
 * in the database (any server process may take the callback) and binds it to the browser that
 * started it by a cookie whose hash is stored with the flow.
 */
import * as client from 'openid-client';
import { STAFF_PREFIX } from '@core/contract/define';
import type { AppConfig } from '../config';
import type { Store } from '../store/open';
import { deleteExpiredOidcFlows, insertOidcFlow, takeOidcFlow } from '../store/staff-oidc-flows';
import { DEV_STAFF_CLIENT_ID, DEV_STAFF_CLIENT_SECRET, DEV_STAFF_OIDC_PATH } from '../providers/staff-oidc-dev';
import { randomToken, sha256Hex } from './secrets';

/** A flow not finished in this time is gone: the person starts again. */
const FLOW_MINUTES = 10;
export const FLOW_SECONDS = FLOW_MINUTES * 60;

/** What the ID token says about the person, verified. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type FinishResult =
  | { ok: true; identity: OidcIdentity; returnTo: string }
  /** flow: no flow of this state for this browser (unknown, expired, used, another browser); refused: the issuer or the token said no. */
  | { ok: false; reason: 'flow' | 'refused' | 'unavailable'; detail: string };

export interface StaffOidc {
  /** The authorization URL to send the browser to, and the value of its binding cookie; throws when the issuer cannot be reached. */
  start(returnTo: string, now: Date): Promise<{ url: string; browserToken: string }>;
  /** The callback's query string and the binding cookie: the verified identity, or why not. */
  finish(search: string, browserToken: string | undefined, now: Date): Promise<FinishResult>;
}

/** The discovery document could not be had: the issuer is down or misconfigured. */
class IssuerUnavailable extends Error {}

type Settings = { issuer: string; clientId: string; clientSecret: string; dev: boolean };

const settingsOf = (config: Pick<AppConfig, 'publicUrl' | 'staff'>): Settings | null => {
  const o = config.staff.oidc;
  if (!o) return null;
  if (o.kind === 'dev') return { issuer: `${config.publicUrl}${DEV_STAFF_OIDC_PATH}`, clientId: DEV_STAFF_CLIENT_ID, clientSecret: DEV_STAFF_CLIENT_SECRET, dev: true };
  return { issuer: o.issuer, clientId: o.clientId, clientSecret: o.clientSecret, dev: false };
};

/** client_secret_basic, the OIDC default, unless the issuer offers only _post. */
const clientAuthOf = (metadata: client.ServerMetadata, secret: string): client.ClientAuth => {
  const methods = metadata.token_endpoint_auth_methods_supported;
  return !methods || methods.includes('client_secret_basic') ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret);
};

export const createStaffOidc = (config: Pick<AppConfig, 'publicUrl' | 'staff'>, store: Store): StaffOidc | null => {
  const s = settingsOf(config);
  if (!s) return null;
  const redirectUri = `${config.publicUrl}${STAFF_PREFIX}/oidc/callback`;

  // Discovered on first use (the dev issuer is this very server, not listening yet at start) and
  // kept; a failed discovery is tried again by the next sign-in.
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () =>
    (discovered ??= (async () => {
      // The dev issuer is plain http on this machine; a real one must be https.
      const options = s.dev ? { execute: [client.allowInsecureRequests] } : undefined;
      const found = await client.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, options).catch((e: unknown) => {
        throw new IssuerUnavailable(e instanceof Error ? e.message : String(e));
      });
      const metadata = found.serverMetadata();
      const c = new client.Configuration(metadata, s.clientId, s.clientSecret, clientAuthOf(metadata, s.clientSecret));
      if (s.dev) client.allowInsecureRequests(c);
      return c;
    })().catch((e: unknown) => {
      discovered = null;
      throw e;
    }));

  return {
    async start(returnTo, now) {
      const c = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const browserToken = randomToken();
      const at = now.toISOString();
      await store.write(async (trx) => {
        // Flows started and never finished go here, where flows start, rather than by a timer.
        await deleteExpiredOidcFlows(trx, at);
        await insertOidcFlow(trx, {
          state_hash: sha256Hex(state),
          browser_hash: sha256Hex(browserToken),
          nonce,
          code_verifier: codeVerifier,
          return_to: returnTo,
          created_at: at,
          expires_at: new Date(now.getTime() + FLOW_SECONDS * 1000).toISOString(),
        });
      });
      const url = client.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, browserToken };
    },

    async finish(search, browserToken, now) {
      const params = new URLSearchParams(search);
      const state = params.get('state');
      if (!state || !browserToken) return { ok: false, reason: 'flow', detail: !state ? 'no state' : 'no browser cookie' };
      // Taken (deleted) before the exchange: whatever happens next, this state never works again.
      const flow = await store.write((trx) => takeOidcFlow(trx, { stateHash: sha256Hex(state), browserHash: sha256Hex(browserToken), now: now.toISOString() }));
      if (!flow) return { ok: false, reason: 'flow', detail: 'no flow of this state for this browser' };
      let c: client.Configuration;
      try {
        c = await configuration();
      } catch (e) {
        return { ok: false, reason: 'unavailable', detail: e instanceof Error ? e.message : String(e) };
      }
      // The redirect URI the issuer was given, whatever host or proxy the request came through.
      const current = new URL(redirectUri);
      current.search = params.toString();
      try {
        const tokens = await client.authorizationCodeGrant(c, current, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return { ok: false, reason: 'refused', detail: 'no id token' };
        return {
          ok: true,
          returnTo: flow.return_to,
          identity: {
            issuer: claims.iss,
            subject: claims.sub,
            email: typeof claims['email'] === 'string' ? claims['email'] : null,
            // Only a JSON true: some issuers send the string "true", which is not a verification.
            emailVerified: claims['email_verified'] === true,
            name: typeof claims['name'] === 'string' ? claims['name'] : null,
          },
        };
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        const unreachable = code === 'OAUTH_TIMEOUT' || (e instanceof TypeError && /fetch failed/.test(e.message));
        return { ok: false, reason: unreachable ? 'unavailable' : 'refused', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
      }
    },
  };
};
