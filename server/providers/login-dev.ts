/**
 * The dev issuer: when no LINE channel is configured, this server plays LINE Login v2.1 itself,
 * with the same authorize / token / certs endpoints (mounted at /dev), ES256 ID tokens with LINE's
 * claims, and a page to pick a mock resident instead of a LINE account. The PWA and the server run
 * their real sign-in code against it; nothing is short-circuited. Refused outside development by
 * config. Its key and channel secret are made per data folder (dev-issuer-secrets.ts).
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SignJWT, type JSONWebKeySet } from 'jose';
import type { AppConfig } from '../config';
import { createVerifier } from '../auth/verify';
import type { LoginProvider } from './login';
import { createOAuthCodeLogin } from './login-line';
import { devChannelSecret, loadSigningKey } from './dev-issuer-secrets';
import { FRIEND_CHOICE_CSS, applyFriendChoice, friendChoiceHtml, wantsFriend } from './login-dev-friend';
import { refusalText } from '@core/refusals';

export { DEV_CHANNEL_SECRET_FILE, DEV_ISSUER_KEY_FILE, devChannelSecret } from './dev-issuer-secrets';

export interface DevIssuer {
  /** Mounted by app.ts at /dev. */
  routes: Hono;
  /** Public key only. */
  jwks: JSONWebKeySet;
  /** This data folder's channel secret (HS256 tokens, the token endpoint's client_secret). */
  channelSecret: string;
  login: LoginProvider;
  /** Signs an ID token directly, skipping the browser round trip (tests and benchmarks). */
  mint(userId: string, opts?: MintOptions): Promise<string>;
}

export interface MintOptions {
  name?: string;
  picture?: string;
  /** Negative for an already expired token. Default one hour, like LINE. */
  expiresInSeconds?: number;
}

/** LINE's ID tokens live one hour; access tokens 30 days. */
const ID_TOKEN_SECONDS = 3600;
const ACCESS_TOKEN_SECONDS = 2_592_000;
const CODE_TTL_MS = 5 * 60_000;
/** Unredeemed codes are kept in memory; a cap keeps a page reloaded in a loop from growing it forever. */
const MAX_PENDING_CODES = 10_000;
const MAX_USER_ID_LENGTH = 100;

const devUserId = (seed: string) => `U${crypto.createHash('sha256').update(seed).digest('hex').slice(0, 32)}`;

/** The mock residents offered on the authorize page; fixed ids so their answers survive restarts. */
export const DEV_RESIDENTS = [
  { n: 1, userId: devUserId('dev-resident-1'), name: '山田 花子', kana: 'やまだ はなこ', glyph: '花', colour: '#d9668c' },
  { n: 2, userId: devUserId('dev-resident-2'), name: '佐藤 太郎', kana: 'さとう たろう', glyph: '太', colour: '#3f7fbf' },
  { n: 3, userId: devUserId('dev-resident-3'), name: '鈴木 美咲', kana: 'すずき みさき', glyph: '美', colour: '#4f9d69' },
  { n: 4, userId: devUserId('dev-resident-4'), name: '高橋 健一', kana: 'たかはし けんいち', glyph: '健', colour: '#c7832f' },
] as const;

// ---------------------------------------------------------------------------------------------
// Authorization codes: random, single use, five minutes, bound to the client, the redirect URI
// and the approved user, as RFC 6749 §4.1.2 asks.

interface PendingCode {
  clientId: string;
  redirectUri: string;
  userId: string;
  name: string | undefined;
  picture: string | undefined;
  nonce: string | undefined;
  expiresAt: number;
}

const createCodeStore = () => {
  const codes = new Map<string, PendingCode>();
  const sweep = (now: number) => {
    for (const [code, p] of codes) if (p.expiresAt <= now) codes.delete(code);
    // Map keeps insertion order, so the first entries are the oldest.
    while (codes.size >= MAX_PENDING_CODES) {
      const oldest = codes.keys().next().value;
      if (oldest === undefined) break;
      codes.delete(oldest);
    }
  };
  return {
    issue(p: Omit<PendingCode, 'expiresAt'>): string {
      const now = Date.now();
      sweep(now);
      const code = crypto.randomBytes(24).toString('base64url');
      codes.set(code, { ...p, expiresAt: now + CODE_TTL_MS });
      return code;
    },
    /** Removes the code whatever happens next: a second attempt with it always fails. */
    redeem(code: string): PendingCode | undefined {
      const p = codes.get(code);
      codes.delete(code);
      return p && p.expiresAt > Date.now() ? p : undefined;
    },
  };
};

// ---------------------------------------------------------------------------------------------
// HTML

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

const avatarSvg = (r: (typeof DEV_RESIDENTS)[number]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(r.name)}">` +
  `<circle cx="48" cy="48" r="48" fill="${r.colour}"/>` +
  `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-size="44" fill="#fff" ` +
  `font-family="'Hiragino Sans','Noto Sans JP','Yu Gothic',sans-serif">${escapeHtml(r.glyph)}</text></svg>\n`;

/** The OAuth parameters the page carries through to the approval link and form. */
const PASS_THROUGH = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'nonce', 'bot_prompt', 'dev_friend'] as const;

const pickPage = (params: Record<string, string>, error: string | undefined): string => {
  const carried: Array<[string, string]> = PASS_THROUGH.filter((k) => params[k] !== undefined).map((k) => [k, params[k] as string]);
  // Relative URLs resolve against /dev/oauth2/v2.1/authorize whatever host the browser used.
  const approveHref = (userId: string) => `authorize?${new URLSearchParams([...carried, ['dev_user', userId]]).toString()}`;
  const residents = DEV_RESIDENTS.map(
    (r) =>
      `<li><a class="resident" href="${escapeHtml(approveHref(r.userId))}">` +
      `<img src="../../avatars/${r.n}.svg" alt="" width="48" height="48">` +
      `<span><span class="name">${escapeHtml(r.name)}</span><span class="kana">${escapeHtml(r.kana)}</span>` +
      `<span class="uid">${escapeHtml(r.userId)}</span></span></a></li>`,
  ).join('\n');
  const hidden = carried.map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join('\n');
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>開発用ログイン</title>
<style>
  body { font-family: 'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', sans-serif; margin: 0; background: #f2f4f3; color: #222; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { font-size: .85rem; color: #555; margin: 0 0 1.25rem; }
  .error { background: #fde8e8; color: #a11; padding: .75rem; border-radius: .5rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li { margin: 0 0 .5rem; }
  .resident { display: flex; gap: .75rem; align-items: center; padding: .75rem; background: #fff; border-radius: .75rem;
    color: inherit; text-decoration: none; border: 1px solid #dde2df; }
  .resident:hover, .resident:focus { border-color: #06c755; outline: none; }
  .resident img { border-radius: 50%; flex: none; }
  .name { display: block; font-weight: bold; }
  .kana, .uid { display: block; font-size: .75rem; color: #666; }
  .uid { font-family: ui-monospace, monospace; word-break: break-all; }
  form { background: #fff; border: 1px solid #dde2df; border-radius: .75rem; padding: .75rem; }
  label { display: block; font-size: .85rem; margin: 0 0 .5rem; }
  input[type=text] { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; margin-top: .25rem; }
  button { margin-top: .5rem; padding: .6rem 1rem; background: #06c755; color: #fff; border: 0; border-radius: .5rem; font: inherit; font-weight: bold; }${FRIEND_CHOICE_CSS}
</style>
</head>
<body>
<main>
<h1>開発用ログイン</h1>
<p class="note">LINE ログインの代わりです（開発用・本番では無効）。ログインする住民を選んでください。</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${params['bot_prompt'] !== undefined ? friendChoiceHtml(carried) : ''}
<ul>
${residents}
</ul>
<form method="get" action="authorize">
${hidden}
<label>ユーザー ID（LINE と同じ形式: U と 16 進数 32 桁）
<input type="text" name="dev_user" required maxlength="${MAX_USER_ID_LENGTH}" placeholder="U0123456789abcdef0123456789abcdef" autocomplete="off"></label>
<label>表示名（任意）
<input type="text" name="dev_name" maxlength="100" autocomplete="off"></label>
<button type="submit">この ID でログイン</button>
</form>
</main>
</body>
</html>
`;
};

// ---------------------------------------------------------------------------------------------

type TokenErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

const tokenError = (c: Context, error: TokenErrorCode, description: string) => {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  return c.json({ error, error_description: description }, 400);
};

const sameSecret = (a: string, b: string) => {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
};

/** One value per parameter: a repeated one is ambiguous (RFC 6749 §3.1) and refused. */
const singleValued = (all: Record<string, string[]>): Record<string, string> | string => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) {
    if (v.length !== 1) return k;
    out[k] = v[0] as string;
  }
  return out;
};

/**
 * A typed user id becomes the `sub` of every token and part of result partition keys
 * (`surveyId#userId`), so it may not hold `#` (the key separator) or control characters.
 */
const userIdProblem = (id: string): string | undefined => {
  if (id === '') return 'ユーザー ID を入力してください。 / Enter a user id.';
  if (id.length > MAX_USER_ID_LENGTH) return `ユーザー ID は ${MAX_USER_ID_LENGTH} 文字以内です。 / At most ${MAX_USER_ID_LENGTH} characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f#\s]/.test(id)) return 'ユーザー ID に空白・制御文字・# は使えません。 / No spaces, control characters or #.';
  return undefined;
};

export const createDevIssuer = async (config: AppConfig): Promise<DevIssuer> => {
  const key = await loadSigningKey(config.dataDir);
  const channelSecret = await devChannelSecret(config.dataDir);
  const jwks: JSONWebKeySet = { keys: [key.publicJwk] };
  const publicOrigin = new URL(config.publicUrl).origin;
  const channelId = config.line.channelId;
  const codes = createCodeStore();
  const avatarUrl = (n: number) => `${config.publicUrl}/dev/avatars/${n}.svg`;

  const signIdToken = (userId: string, claims: { name?: string | undefined; picture?: string | undefined; nonce?: string | undefined }, expiresInSeconds = ID_TOKEN_SECONDS) => {
    const now = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = { amr: ['linesso'] };
    if (claims.name) payload['name'] = claims.name;
    if (claims.picture) payload['picture'] = claims.picture;
    if (claims.nonce) payload['nonce'] = claims.nonce;
    return new SignJWT(payload)
      .setProtectedHeader({ typ: 'JWT', alg: 'ES256', kid: key.kid })
      .setIssuer(config.line.issuer)
      .setAudience(channelId)
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(key.privateKey);
  };

  /** Why the authorize request is refused before any user is shown or approved, or undefined. */
  const authorizeProblem = (q: Record<string, string>): string | undefined => {
    if (q['response_type'] !== 'code') return 'response_type は code のみ対応しています。 / response_type must be "code".';
    if (q['client_id'] !== channelId) return `client_id が開発用チャネル (${channelId}) ではありません。 / client_id is not the dev channel.`;
    const redirectUri = q['redirect_uri'];
    if (!redirectUri) return 'redirect_uri がありません。 / redirect_uri is missing.';
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return 'redirect_uri が URL ではありません。 / redirect_uri is not an absolute URL.';
    }
    // Only back to this server: anything else would hand a code to a stranger (open redirect).
    if (target.origin !== publicOrigin || target.username || target.password) {
      return `redirect_uri は ${publicOrigin} のページに限ります。 / redirect_uri must be on ${publicOrigin}.`;
    }
    if (redirectUri.includes('#')) return 'redirect_uri にフラグメント (#) は使えません。 / redirect_uri must not have a fragment.';
    return undefined;
  };

  const routes = new Hono();

  routes.get('/oauth2/v2.1/authorize', async (c) => {
    // Every answer: the page echoes the request's parameters, the redirect carries a code.
    c.header('Cache-Control', 'no-store');
    const q = singleValued(c.req.queries());
    if (typeof q === 'string') return c.text(`パラメーター ${q} が複数あります。 / Parameter ${q} is repeated.`, 400);
    const problem = authorizeProblem(q);
    if (problem) return c.text(problem, 400);

    const picked = q['dev_user'];
    if (picked === undefined) return c.html(pickPage(q, undefined));
    const userId = picked.trim();
    const idProblem = userIdProblem(userId);
    if (idProblem) return c.html(pickPage(q, idProblem), 400);

    const resident = DEV_RESIDENTS.find((r) => r.userId === userId);
    const typedName = q['dev_name']?.trim().slice(0, 100) || undefined;
    // LINE adds the friend on the consent screen only when bot_prompt asked for it.
    if (q['bot_prompt'] !== undefined) await applyFriendChoice(config, userId, wantsFriend(q), resident?.name ?? typedName);
    const code = codes.issue({
      clientId: channelId,
      redirectUri: q['redirect_uri'] as string,
      userId,
      name: resident?.name ?? typedName,
      picture: resident ? avatarUrl(resident.n) : undefined,
      nonce: q['nonce'],
    });
    const back = new URL(q['redirect_uri'] as string);
    back.searchParams.set('code', code);
    if (q['state'] !== undefined) back.searchParams.set('state', q['state']);
    return c.redirect(back.href, 302);
  });

  routes.post(
    '/oauth2/v2.1/token',
    // The app's body limit covers only the API prefix; a token request is a few hundred bytes.
    bodyLimit({ maxSize: 16 * 1024, onError: (c) => tokenError(c, 'invalid_request', 'request body too large') }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (!type.startsWith('application/x-www-form-urlencoded')) {
        return tokenError(c, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
      }
      const all: Record<string, string[]> = {};
      for (const [k, v] of new URLSearchParams(await c.req.text())) (all[k] ??= []).push(v);
      const form = singleValued(all);
      if (typeof form === 'string') return tokenError(c, 'invalid_request', `parameter ${form} is repeated`);
      if (!form['grant_type']) return tokenError(c, 'invalid_request', 'grant_type is required');
      if (form['grant_type'] !== 'authorization_code') {
        return tokenError(c, 'unsupported_grant_type', 'only authorization_code is supported');
      }
      if (form['client_id'] !== channelId || !sameSecret(form['client_secret'] ?? '', channelSecret)) {
        return tokenError(c, 'invalid_client', 'client_id or client_secret is wrong');
      }
      const code = form['code'];
      const redirectUri = form['redirect_uri'];
      if (!code || !redirectUri) return tokenError(c, 'invalid_request', 'code and redirect_uri are required');
      const pending = codes.redeem(code);
      if (!pending) return tokenError(c, 'invalid_grant', 'invalid authorization code');
      if (pending.clientId !== form['client_id'] || pending.redirectUri !== redirectUri) {
        return tokenError(c, 'invalid_grant', 'redirect_uri does not match');
      }
      const idToken = await signIdToken(pending.userId, pending);
      c.header('Cache-Control', 'no-store');
      c.header('Pragma', 'no-cache');
      return c.json({
        access_token: crypto.randomBytes(32).toString('base64url'),
        expires_in: ACCESS_TOKEN_SECONDS,
        id_token: idToken,
        refresh_token: crypto.randomBytes(24).toString('base64url'),
        scope: 'profile openid',
        token_type: 'Bearer',
      });
    },
  );

  routes.get('/oauth2/v2.1/certs', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(jwks);
  });

  routes.get('/avatars/:file', (c) => {
    const m = /^(\d+)\.svg$/.exec(c.req.param('file'));
    const resident = m ? DEV_RESIDENTS.find((r) => r.n === Number(m[1])) : undefined;
    if (!resident) return c.text(refusalText('not_found'), 404);
    return c.body(avatarSvg(resident), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      // An SVG opened on its own is a document; it has no reason to run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  const verify = createVerifier({ issuer: config.line.issuer, channelId, channelSecret, jwks: { keys: jwks } });

  return {
    routes,
    jwks,
    channelSecret,
    // Over real HTTP to our own token endpoint, exactly the path a LINE exchange takes.
    login: createOAuthCodeLogin({ tokenUrl: config.line.tokenUrl, channelId, channelSecret, verify }),
    mint: (userId, opts = {}) => signIdToken(userId, opts, opts.expiresInSeconds ?? ID_TOKEN_SECONDS),
  };
};
