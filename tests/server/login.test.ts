/**
 * Sign-in end to end over real HTTP: the dev issuer's LINE-shaped authorize / token / certs
 * endpoints, the server's own code exchange against them, the post-login redirect, and the
 * generic code exchange against a stub token endpoint for the failure paths.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import { engines, startTestServer, type TestServer } from './harness';
import { DEV_CHANNEL_ID, loadConfig } from '../../server/config';
import { DEV_CHANNEL_SECRET_FILE, DEV_ISSUER_KEY_FILE, DEV_RESIDENTS, devChannelSecret } from '../../server/providers/login-dev';
import { createOAuthCodeLogin, LoginUnavailableError } from '../../server/providers/login-line';
import { LoginExchangeError } from '../../server/providers/login';
import { InvalidTokenError, type TokenVerifier } from '../../server/auth/verify';

const API = '/survey/api/v1/db';
const hanako = DEV_RESIDENTS[0];

/** An HS256 dev-issuer token signed with `secret`. */
const hs256 = (secret: string, sub: string, issuer = 'http://localhost:8080/dev') =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(DEV_CHANNEL_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

describe.each(engines())('login through the dev issuer (%s)', (engine) => {
  let server: TestServer;
  let redirectUri: string;
  let authorizePath: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    redirectUri = `${server.url}/login`;
    authorizePath = new URL(server.deps.config.line.authorizeUrl).pathname;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const authorize = (params: Record<string, string>) =>
    server.fetch(`${authorizePath}?${new URLSearchParams(params).toString()}`, { redirect: 'manual' });
  const baseParams = () => ({
    response_type: 'code',
    client_id: DEV_CHANNEL_ID,
    redirect_uri: redirectUri,
    state: '40213',
    scope: 'profile openid',
  });
  /** Approves a user and answers the code from the redirect. */
  const codeFor = async (userId: string, extra: Record<string, string> = {}) => {
    const res = await authorize({ ...baseParams(), dev_user: userId, ...extra });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get('location') as string).searchParams.get('code');
    expect(code).toBeTruthy();
    return code as string;
  };
  const exchange = (code: string, uri = redirectUri) =>
    server.api('GET', `/login/token?${new URLSearchParams({ code, redirectUri: uri }).toString()}`);
  const postToken = (form: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    server.fetch('/dev/oauth2/v2.1/token', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new URLSearchParams(form).toString(),
    });

  it('app-config answers the dev channel and the dev authorize URL', async () => {
    const { status, json } = await server.api('GET', '/app-config');
    expect(status).toBe(200);
    expect(json).toEqual({
      result: 'OK',
      data: {
        channelId: DEV_CHANNEL_ID,
        authorizeUrl: `${server.url}/dev/oauth2/v2.1/authorize`,
        liffId: null,
        devIssuer: true,
        externalUrlHosts: [],
        mapTiles: { url: '/dev/tiles/{z}/{x}/{y}.png', attribution: '開発用の地図' },
        // The build switches: all on when none is set.
        features: { members: true, payment: true, medical: true, secureFiles: true },
        botPrompt: 'normal',
      },
    });
  });

  it('authorize → code → /login/token gives a session and profile whose ID token verifies', async () => {
    const res = await authorize({ ...baseParams(), dev_user: hanako.userId });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('40213');
    const code = location.searchParams.get('code') as string;
    expect(code.length).toBeGreaterThanOrEqual(20);

    const { status, json } = await exchange(code);
    expect(status).toBe(200);
    expect(json.result).toBe('OK');
    const { session, profile } = json.data;
    expect(profile).toEqual({ userId: hanako.userId, displayName: '山田 花子', pictureUrl: `${server.url}/dev/avatars/1.svg` });
    expect(typeof session.accessToken).toBe('string');
    expect(typeof session.refreshToken).toBe('string');

    // Verified independently of the server's own verifier, with the published JWKS.
    const certs = (await (await server.fetch('/dev/oauth2/v2.1/certs')).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(session.idToken, createLocalJWKSet(certs), {
      issuer: `${server.url}/dev`,
      audience: DEV_CHANNEL_ID,
      algorithms: ['ES256'],
    });
    expect(protectedHeader.kid).toBe(certs.keys[0]?.kid);
    expect(payload.sub).toBe(hanako.userId);
    expect(payload['name']).toBe('山田 花子');
    expect(payload['amr']).toEqual(['linesso']);
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    await expect(server.deps.verifyToken(session.idToken)).resolves.toMatchObject({ userId: hanako.userId });

    // And it opens authenticated calls.
    const authed = await server.api('GET', '/survey-configs/getAllSearchable', { token: session.idToken });
    expect(authed.status).toBe(200);

    // The same code a second time is refused.
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ result: 'ERROR', code: 'login_failed' });
  });

  it('a typed user id signs in with the generic name and no picture; nonce is carried into the token', async () => {
    const userId = 'U0123456789abcdef0123456789abcdef';
    const code = await codeFor(userId, { nonce: 'n-0S6_WzA2Mj' });
    const { status, json } = await exchange(code);
    expect(status).toBe(200);
    expect(json.data.profile).toEqual({ userId, displayName: 'LINEユーザー' });
    const payload = JSON.parse(Buffer.from(json.data.session.idToken.split('.')[1], 'base64url').toString());
    expect(payload.nonce).toBe('n-0S6_WzA2Mj');

    const named = await exchange(await codeFor('Uother', { dev_name: '田中 一郎' }));
    expect(named.json.data.profile).toEqual({ userId: 'Uother', displayName: '田中 一郎' });
  });

  it('a code is refused at the token call when the redirect_uri differs, and is then spent', async () => {
    const code = await codeFor(hanako.userId);
    const wrong = await exchange(code, `${server.url}/elsewhere`);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ result: 'ERROR', code: 'login_failed' });
    const right = await exchange(code);
    expect(right.status).toBe(400);
  });

  it('an unknown code is refused with login_failed, not a server error', async () => {
    const { status, json } = await exchange('no-such-code');
    expect(status).toBe(400);
    expect(json).toMatchObject({ result: 'ERROR', code: 'login_failed' });
  });

  it('a code older than five minutes is refused', async () => {
    const code = await codeFor(hanako.userId);
    // Only Date is faked: the server runs in this process, so its clock moves too.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      const { status, json } = await exchange(code);
      expect(status).toBe(400);
      expect(json.code).toBe('login_failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('authorize refuses a foreign redirect_uri, another client_id or response_type, without redirecting', async () => {
    const port = new URL(server.url).port;
    const refused: Array<Record<string, string>> = [
      { redirect_uri: 'https://evil.example/login' },
      { redirect_uri: `http://127.0.0.1:${port}.evil.example/login` },
      { redirect_uri: `http://localhost:${port}/login` },
      { redirect_uri: `https://127.0.0.1:${port}/login` },
      { redirect_uri: `http://evil@127.0.0.1:${port}/login` },
      { redirect_uri: `${server.url}/login#frag` },
      { redirect_uri: '//evil.example/login' },
      { redirect_uri: '/login' },
      { redirect_uri: 'javascript:alert(1)' },
      { redirect_uri: '' },
      { client_id: '2000000000' },
      { response_type: 'token' },
      { response_type: 'code id_token' },
    ];
    for (const override of refused) {
      for (const approve of [{}, { dev_user: hanako.userId }] as Array<Record<string, string>>) {
        const res = await authorize({ ...baseParams(), ...override, ...approve });
        expect(res.status, JSON.stringify(override)).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).toMatch(/[ぁ-んァ-ン一-龯]/);
      }
    }
    // A repeated parameter is ambiguous, so refused too.
    const twice = await server.fetch(
      `${authorizePath}?${new URLSearchParams(baseParams()).toString()}&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(twice.status).toBe(400);
  });

  it('authorize without dev_user is an HTML page of residents, with the CSP header and no script', async () => {
    const res = await authorize({ ...baseParams(), state: '"><script>alert(1)</script>' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = await res.text();
    for (const r of DEV_RESIDENTS) {
      expect(html).toContain(r.name);
      expect(html).toContain(r.userId);
      expect(html).toContain(`avatars/${r.n}.svg`);
    }
    expect(html).toContain('name="dev_user"');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('&quot;&gt;&lt;script&gt;');

    // Each resident link approves that resident and keeps the state.
    const href = /href="(authorize\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') as string;
    const target = new URL(href, `${server.url}${authorizePath}`);
    expect(target.pathname).toBe(authorizePath);
    const followed = await server.fetch(`${target.pathname}${target.search}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get('location') as string).searchParams.get('state')).toBe('"><script>alert(1)</script>');
  });

  it('a bad typed user id shows the page again with the reason', async () => {
    for (const bad of ['', '   ', 'U'.repeat(101), 'a#b', 'a b']) {
      const res = await authorize({ ...baseParams(), dev_user: bad });
      expect(res.status, bad).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('role="alert"');
    }
    const longest = await authorize({ ...baseParams(), dev_user: 'U'.repeat(100) });
    expect(longest.status).toBe(302);
  });

  it('the token endpoint answers errors like LINE', async () => {
    const code = await codeFor(hanako.userId);
    const good = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: DEV_CHANNEL_ID, client_secret: await devChannelSecret(server.dataDir) };
    const cases: Array<[Record<string, string>, string, string?]> = [
      [{ ...good, client_secret: 'wrong' }, 'invalid_client'],
      [{ ...good, client_id: '2000000000' }, 'invalid_client'],
      [{ ...good, grant_type: 'refresh_token' }, 'unsupported_grant_type'],
      [{ ...good, code: 'unknown' }, 'invalid_grant'],
      [{ ...good, code: '' }, 'invalid_request'],
      [good, 'invalid_request', 'application/json'],
    ];
    for (const [form, error, type] of cases) {
      const res = await postToken(form, type);
      expect(res.status, error).toBe(400);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe(error);
      expect(typeof body.error_description).toBe('string');
    }
    // None of those spent the code (client authentication comes first).
    const res = await postToken(good);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ expires_in: 2592000, scope: 'profile openid', token_type: 'Bearer' });
    for (const k of ['access_token', 'id_token', 'refresh_token']) expect(typeof body[k]).toBe('string');
    const spent = await postToken(good);
    expect(((await spent.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('certs publish the public key only; avatars are SVG', async () => {
    const certs = (await (await server.fetch('/dev/oauth2/v2.1/certs')).json()) as JSONWebKeySet;
    expect(certs.keys).toHaveLength(1);
    expect(certs.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(certs.keys[0]).not.toHaveProperty('d');
    const stored = JSON.parse(fs.readFileSync(path.join(server.dataDir, DEV_ISSUER_KEY_FILE), 'utf8'));
    expect(stored.kid).toBe(certs.keys[0]?.kid);
    expect(stored.d).toBeTruthy();

    const avatar = await server.fetch('/dev/avatars/2.svg');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await avatar.text()).toContain('<svg');
    expect((await server.fetch('/dev/avatars/9.svg')).status).toBe(404);
  });

  it('/survey/tap redirects only to local paths', async () => {
    const cases: Array<[string | undefined, string]> = [
      ['/survey/abc', '/survey/abc'],
      ['/survey/abc?partitionKey=a%23b&x=1', '/survey/abc?partitionKey=a%23b&x=1'],
      ['/confirmList#top', '/confirmList#top'],
      [undefined, '/'],
      ['', '/'],
      ['https://evil.example/', '/'],
      ['//evil.example/', '/'],
      ['/\\evil.example/', '/'],
      ['\\\\evil.example/', '/'],
      ['/\t/evil.example/', '/'],
      ['/.//evil.example/', '/'],
      ['/%2e//evil.example/', '/'],
      ['javascript:alert(1)', '/'],
      ['survey/abc', '/'],
      [' /survey/abc', '/'],
      ['/a/../../evil', '/evil'],
    ];
    for (const [q, expected] of cases) {
      const qs = new URLSearchParams({ userId: 'Uanyone', ...(q !== undefined ? { q } : {}) }).toString();
      const res = await server.fetch(`${API}/survey/tap?${qs}`, { redirect: 'manual' });
      expect(res.status, String(q)).toBe(302);
      expect(res.headers.get('location'), String(q)).toBe(expected);
    }
  });

  it('the signing key and the channel secret survive a restart on the same DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-key-'));
    // A fixed PUBLIC_URL keeps `iss` the same although the port changes.
    const env = { DATA_DIR: dir, PUBLIC_URL: 'http://localhost:8080' };
    try {
      const first = await startTestServer(engine, env);
      const token = await first.token('Urestart', { name: '再起動 テスト' });
      const kid = first.deps.devIssuer?.jwks.keys[0]?.kid;
      const secret = first.deps.devIssuer?.channelSecret;
      const hsToken = await hs256(secret as string, 'Urestart-hs');
      await first.stop();
      const second = await startTestServer(engine, env);
      try {
        expect(second.deps.devIssuer?.jwks.keys[0]?.kid).toBe(kid);
        expect(decodeProtectedHeader(token).kid).toBe(kid);
        await expect(second.deps.verifyToken(token)).resolves.toMatchObject({ userId: 'Urestart', name: '再起動 テスト' });
        expect(second.deps.devIssuer?.channelSecret).toBe(secret);
        await expect(second.deps.verifyToken(hsToken)).resolves.toMatchObject({ userId: 'Urestart-hs' });
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the channel secret is random per data folder, private to the owner, and no constant', async () => {
    const file = path.join(server.dataDir, DEV_CHANNEL_SECRET_FILE);
    const secret = server.deps.devIssuer?.channelSecret as string;
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(server.dataDir, DEV_ISSUER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(server.deps.config.line.channelSecret).toBeUndefined();

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-secret-'));
    try {
      const otherSecret = await devChannelSecret(other);
      expect(otherSecret).not.toBe(secret);
      // Another folder's secret, and the constant the code used to have, sign nothing here.
      for (const wrong of [otherSecret, 'dev-channel-secret-not-for-production']) {
        await expect(server.deps.verifyToken(await hs256(wrong, 'Uforger', server.deps.config.line.issuer))).rejects.toThrow(InvalidTokenError);
      }
      await expect(server.deps.verifyToken(await hs256(secret, 'Ugenuine', server.deps.config.line.issuer))).resolves.toMatchObject({ userId: 'Ugenuine' });
      // A damaged file is not replaced silently (that would sign everyone out): the start fails, saying which file.
      fs.writeFileSync(path.join(other, DEV_CHANNEL_SECRET_FILE), 'short\n');
      await expect(devChannelSecret(other)).rejects.toThrow(/dev-channel-secret .*delete it/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe.each(engines())('with a LINE channel configured (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      LINE_CHANNEL_ID: '1234567890',
      LINE_CHANNEL_SECRET: 'line-secret',
      LIFF_ID: '1234567890-AbCdEfGh',
      EXTERNAL_URL_HOSTS: ' WWW.City.Sakura.example.jp, 例え.jp ,,',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('app-config answers the LINE channel, the external hosts, and the dev issuer is not mounted', async () => {
    const { json } = await server.api('GET', '/app-config');
    expect(json.data).toEqual({
      channelId: '1234567890',
      authorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize',
      liffId: '1234567890-AbCdEfGh',
      devIssuer: false,
      // As the PWA compares them with URL.hostname: lower case, the IDN as punycode.
      externalUrlHosts: ['www.city.sakura.example.jp', 'xn--r8jz45g.jp'],
      mapTiles: { url: '/dev/tiles/{z}/{x}/{y}.png', attribution: '開発用の地図' },
      features: { members: true, payment: true, medical: true, secureFiles: true },
      botPrompt: 'normal',
    });
    expect(server.deps.devIssuer).toBeNull();
    const res = await server.fetch(`/dev/oauth2/v2.1/authorize?dev_user=Ux&response_type=code&client_id=1234567890`, { redirect: 'manual' });
    expect(res.status).not.toBe(302);
    expect(await res.text()).not.toContain('開発用ログイン');
    const token = await server.fetch('/dev/oauth2/v2.1/token', { method: 'POST' });
    expect(token.status).toBe(404);
  });
});

describe('config', () => {
  it('refuses production without a LINE channel (the dev issuer would be a back door)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LINE_CHANNEL_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1234567890', FILE_SCAN: 'builtin' })).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'production', LINE_CHANNEL_ID: '1234567890', FILE_SCAN: 'builtin' }).devIssuer).toBe(false);
    expect(loadConfig({}).devIssuer).toBe(true);
  });
});

describe('the generic code exchange against a stub token endpoint', () => {
  let stub: http.Server;
  let tokenUrl: string;
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  let lastRequest: { contentType: string | undefined; form: URLSearchParams } | undefined;

  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        lastRequest = { contentType: req.headers['content-type'], form: new URLSearchParams(text) };
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    tokenUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/oauth2/v2.1/token`;
  });
  afterAll(async () => {
    await new Promise((resolve) => stub.close(resolve));
  });

  const login = (verify: TokenVerifier = async (t) => ({ userId: `U-${t}`, name: undefined, picture: undefined })) =>
    createOAuthCodeLogin({ tokenUrl, channelId: '1234567890', channelSecret: 's3cret', verify });

  it('posts LINE\'s form body and builds the profile from the verified token', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ access_token: 'at', expires_in: 2592000, id_token: 'idt', refresh_token: 'rt', scope: 'profile openid', token_type: 'Bearer' }),
    };
    const out = await login(async () => ({ userId: 'Uabc', name: '山田 花子', picture: 'https://profile.line-scdn.net/x' })).exchangeCode('the-code', 'https://app.example/login');
    expect(lastRequest?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(lastRequest?.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://app.example/login',
      client_id: '1234567890',
      client_secret: 's3cret',
    });
    expect(out).toEqual({
      session: { idToken: 'idt', accessToken: 'at', refreshToken: 'rt' },
      profile: { userId: 'Uabc', displayName: '山田 花子', pictureUrl: 'https://profile.line-scdn.net/x' },
    });
  });

  it('a 4xx is a refused exchange; a 5xx or no answer is an outage', async () => {
    answer = { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'invalid authorization code' }) };
    await expect(login().exchangeCode('c', 'https://app.example/login')).rejects.toThrow(LoginExchangeError);
    await expect(login().exchangeCode('c', 'https://app.example/login')).rejects.toThrow(/invalid authorization code/);
    answer = { status: 500, body: 'oops' };
    await expect(login().exchangeCode('c', 'https://app.example/login')).rejects.toThrow(LoginUnavailableError);
    const nowhere = createOAuthCodeLogin({ tokenUrl: 'http://127.0.0.1:1/token', channelId: '1', channelSecret: 's', verify: async () => ({ userId: 'U', name: undefined, picture: undefined }) });
    await expect(nowhere.exchangeCode('c', 'https://app.example/login')).rejects.toThrow(LoginUnavailableError);
  });

  it('an answer without id_token, or with one that does not verify, is refused', async () => {
    answer = { status: 200, body: JSON.stringify({ access_token: 'at', scope: 'profile', token_type: 'Bearer' }) };
    await expect(login().exchangeCode('c', 'https://app.example/login')).rejects.toThrow(LoginExchangeError);
    answer = { status: 200, body: JSON.stringify({ access_token: 'at', id_token: 'forged' }) };
    const refusing = login(async () => {
      throw new InvalidTokenError('signature verification failed');
    });
    await expect(refusing.exchangeCode('c', 'https://app.example/login')).rejects.toThrow(LoginExchangeError);
  });
});
