/**
 * The staff dev issuer: an OpenID Provider in this process, mounted at /dev/staff-oidc by app.ts
 * only when config.staff.oidc is 'dev' (no STAFF_OIDC_ISSUER, a development NODE_ENV). It speaks
 * what a municipality's IdP speaks to the relying party (server/staff/oidc.ts): discovery, the
 * authorization code flow with PKCE (S256), client_secret_basic or _post, a JWKS and ES256 ID
 * tokens; only the sign-in page differs, a list of demo staff to pick (or any address to type).
 * Codes live in this process's memory: a dev server is one process.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SignJWT } from 'jose';
import { STAFF_PREFIX } from '@core/contract/define';
import type { AppConfig } from '../config';
import { DEMO_STAFF } from '../staff/demo-staff';
import { normaliseEmail } from '../staff/accounts';
import { DEV_STAFF_OIDC_KEY_FILE, loadSigningKey, type SigningKey } from './dev-issuer-secrets';
import { pickStaffPage, type DevStaffChoice } from './staff-oidc-dev-page';

export const DEV_STAFF_OIDC_PATH = '/dev/staff-oidc';
/**
 * The dev relying party's registration: fixed, as a client registered at an IdP is. No secret
 * worth keeping: on this issuer anyone may pick anyone, which is why it never runs in production.
 */
export const DEV_STAFF_CLIENT_ID = 'sakura-forms-console-dev';
export const DEV_STAFF_CLIENT_SECRET = 'sakura-forms-console-dev-secret';

const CODE_TTL_MS = 5 * 60_000;
const ID_TOKEN_SECONDS = 10 * 60;
const MAX_PENDING_CODES = 10_000;

/** The redirect URI registered for the dev client: the staff API's callback on this server. */
const registeredRedirectUri = (publicUrl: string) => `${publicUrl}${STAFF_PREFIX}/oidc/callback`;

/** The person's stable subject: an opaque id derived from the address, as an IdP keeps one per account. */
const subjectOf = (email: string) => `dev-${crypto.createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

interface PendingCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  who: DevStaffChoice;
  expiresAt: number;
}

const oauthError = (c: Context, error: string, description: string, status: 400 | 401 = 400) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: description }, status);
};

/** One value per parameter (RFC 6749 §3.1): a repeated one is refused by naming it. */
const singleValued = (pairs: Iterable<[string, string]>): Record<string, string> | string => {
  const out: Record<string, string> = {};
  for (const [k, v] of pairs) {
    if (k in out) return k;
    out[k] = v;
  }
  return out;
};

const sameText = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/** The client's credentials from Basic (RFC 6749 §2.3.1: form-urlencoded, then base64) or the body; both at once is refused. */
const clientCredentials = (authorization: string | undefined, form: Record<string, string>): { id: string; secret: string } | null => {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (basic) {
    if (form['client_secret'] !== undefined) return null;
    const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
    } catch {
      return null;
    }
  }
  return form['client_id'] !== undefined && form['client_secret'] !== undefined ? { id: form['client_id'], secret: form['client_secret'] } : null;
};

export const createDevStaffIssuer = (config: Pick<AppConfig, 'publicUrl' | 'dataDir'>): Hono => {
  const issuer = `${config.publicUrl}${DEV_STAFF_OIDC_PATH}`;
  const redirectUri = registeredRedirectUri(config.publicUrl);
  // Loaded on first use, so a server that is never asked makes no key.
  let key: Promise<SigningKey> | null = null;
  const signingKey = () => (key ??= loadSigningKey(config.dataDir, DEV_STAFF_OIDC_KEY_FILE));
  const codes = new Map<string, PendingCode>();

  const issueCode = (p: Omit<PendingCode, 'expiresAt'>): string => {
    const now = Date.now();
    for (const [k, v] of codes) if (v.expiresAt <= now) codes.delete(k);
    while (codes.size >= MAX_PENDING_CODES) codes.delete(codes.keys().next().value as string);
    const code = crypto.randomBytes(24).toString('base64url');
    codes.set(code, { ...p, expiresAt: now + CODE_TTL_MS });
    return code;
  };

  /** Why the authorization request is refused (shown, never redirected: RFC 6749 §4.1.2.1), or undefined. */
  const requestProblem = (q: Record<string, string>): string | undefined => {
    if (q['client_id'] !== DEV_STAFF_CLIENT_ID) return `client_id が開発用のもの (${DEV_STAFF_CLIENT_ID}) ではありません。`;
    if (q['redirect_uri'] !== redirectUri) return `redirect_uri が登録されたもの (${redirectUri}) ではありません。`;
    if (q['response_type'] !== 'code') return 'response_type は code のみ対応しています。';
    if (!(q['scope'] ?? '').split(' ').includes('openid')) return 'scope に openid がありません。';
    if (!q['code_challenge'] || q['code_challenge_method'] !== 'S256') return 'PKCE (code_challenge, code_challenge_method=S256) が必要です。';
    return undefined;
  };

  const routes = new Hono();

  routes.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['iss', 'aud', 'sub', 'email', 'email_verified', 'name', 'nonce', 'iat', 'exp'],
      // RFC 9207: the redirect back names the issuer, which the relying party then checks.
      authorization_response_iss_parameter_supported: true,
    }),
  );

  routes.get('/jwks', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: [(await signingKey()).publicJwk] });
  });

  routes.get('/authorize', (c) => {
    c.header('Cache-Control', 'no-store');
    const q = singleValued(new URL(c.req.url).searchParams);
    if (typeof q === 'string') return c.text(`パラメーター ${q} が複数あります。`, 400);
    const problem = requestProblem(q);
    if (problem) return c.text(problem, 400);
    return c.html(pickStaffPage(q, DEMO_STAFF));
  });

  routes.post('/authorize', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('送信内容が大きすぎます。', 413) }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const form = singleValued(new URLSearchParams(await c.req.text()));
    if (typeof form === 'string') return c.text(`パラメーター ${form} が複数あります。`, 400);
    const problem = requestProblem(form);
    if (problem) return c.text(problem, 400);
    const email = normaliseEmail(form['email'] ?? '');
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) return c.html(pickStaffPage(form, DEMO_STAFF, 'メールアドレスを正しく入力してください。'), 400);
    const demo = DEMO_STAFF.find((s) => s.email === email);
    const who: DevStaffChoice = {
      email,
      name: demo?.name ?? (form['name']?.trim().slice(0, 100) || email),
      emailVerified: form['email_verified'] !== 'false',
    };
    const code = issueCode({ redirectUri, codeChallenge: form['code_challenge'] as string, nonce: form['nonce'], who });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (form['state'] !== undefined) back.searchParams.set('state', form['state']);
    back.searchParams.set('iss', issuer);
    return c.redirect(back.href, 302);
  });

  routes.post('/token', bodyLimit({ maxSize: 16 * 1024, onError: (c) => oauthError(c, 'invalid_request', 'request body too large') }), async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return oauthError(c, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = singleValued(new URLSearchParams(await c.req.text()));
    if (typeof form === 'string') return oauthError(c, 'invalid_request', `parameter ${form} is repeated`);
    const client = clientCredentials(c.req.header('authorization'), form);
    if (!client || client.id !== DEV_STAFF_CLIENT_ID || !sameText(client.secret, DEV_STAFF_CLIENT_SECRET)) {
      return oauthError(c, 'invalid_client', 'client authentication failed', 401);
    }
    if (form['grant_type'] !== 'authorization_code') return oauthError(c, 'unsupported_grant_type', 'only authorization_code is supported');
    const code = form['code'] ?? '';
    const pending = codes.get(code);
    // Used up by this attempt, whatever follows: a code works once (RFC 6749 §4.1.2).
    codes.delete(code);
    if (!pending || pending.expiresAt <= Date.now()) return oauthError(c, 'invalid_grant', 'invalid authorization code');
    if (form['redirect_uri'] !== pending.redirectUri) return oauthError(c, 'invalid_grant', 'redirect_uri does not match');
    const verifier = form['code_verifier'] ?? '';
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    if (!sameText(challenge, pending.codeChallenge)) return oauthError(c, 'invalid_grant', 'code_verifier does not match');
    const k = await signingKey();
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({
      email: pending.who.email,
      email_verified: pending.who.emailVerified,
      name: pending.who.name,
      ...(pending.nonce !== undefined ? { nonce: pending.nonce } : {}),
    })
      .setProtectedHeader({ typ: 'JWT', alg: 'ES256', kid: k.kid })
      .setIssuer(issuer)
      .setAudience(DEV_STAFF_CLIENT_ID)
      .setSubject(subjectOf(pending.who.email))
      .setIssuedAt(now)
      .setExpirationTime(now + ID_TOKEN_SECONDS)
      .sign(k.privateKey);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json({ access_token: crypto.randomBytes(32).toString('base64url'), token_type: 'Bearer', expires_in: ID_TOKEN_SECONDS, id_token: idToken, scope: 'openid email profile' });
  });

  return routes;
};
