/**
 * ID token checks, first on createVerifier alone, then on real authenticated calls of a running
 * server: LINE's two genuine forms pass, every forgery answers 401 before the handler runs, and a
 * genuine token past its exp answers spec 01 §8's 403 invalid_request "IdToken expired.".
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { engines, startTestServer, type TestServer } from './harness';
import { DEV_CHANNEL_ID } from '../../server/config';
import { createVerifier, InvalidTokenError, TokenExpiredError } from '../../server/auth/verify';
import { DEV_ISSUER_KEY_FILE, devChannelSecret } from '../../server/providers/login-dev';
import { importBundle } from '../../server/forms/import';

// ---------------------------------------------------------------------------------------------
// Token forging, shared by the unit and the integration tests.

interface Signer {
  issuer: string;
  audience: string;
  /** The channel secret (HS256 form). */
  secret: string;
  /** The issuer's ES256 private key and its public JWK (with kid), as published in the JWKS. */
  privateKey: Awaited<ReturnType<typeof importJWK>>;
  publicJwk: JWK;
}

const b64json = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A genuine token in either of LINE's forms, with claims overridable to make it wrong. */
const signEs = (s: Signer, claims: JWTPayload, header: Record<string, unknown> = {}, key = s.privateKey) =>
  new SignJWT({ iss: s.issuer, aud: s.audience, iat: now(), exp: now() + 3600, name: 'テスト 利用者', ...claims })
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256', kid: s.publicJwk.kid, ...header })
    .sign(key);
const signHs = (s: Signer, claims: JWTPayload, secret: Uint8Array | string = s.secret) =>
  new SignJWT({ iss: s.issuer, aud: s.audience, iat: now(), exp: now() + 3600, ...claims })
    .setProtectedHeader({ typ: 'JWT', alg: 'HS256' })
    .sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);

/** HS256 by hand: jose would refuse some of the key material the attacks below use. */
const hmacToken = (header: object, payload: object, secret: crypto.BinaryLike) => {
  const input = `${b64json(header)}.${b64json(payload)}`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
};

/** Past its exp but genuine otherwise: not a forgery, an expired login. */
const EXPIRED_FORMS = ['expired ES256', 'expired HS256'] as const;
type ExpiredForm = (typeof EXPIRED_FORMS)[number];

const expiredTokens = async (s: Signer, victim: string): Promise<Record<ExpiredForm, string>> => ({
  'expired ES256': await signEs(s, { sub: victim, iat: now() - 7200, exp: now() - 120 }),
  'expired HS256': await signHs(s, { sub: victim, iat: now() - 7200, exp: now() - 120 }),
});

/** Wrong in some way and also expired: the wrong part must win (401), never "expired" (403). */
const FORGERIES = [
  'expired, signed by another ES256 key claiming the real kid',
  'expired, HS256 with a wrong secret',
  'expired, wrong aud',
  'expired, wrong iss',
  'expired, no sub',
  'expired, tampered payload (sub changed, signature kept)',
  'expired, alg none',
  'wrong aud',
  'wrong iss',
  'no exp',
  'alg none',
  'alg none keeping a real signature',
  'HS256 keyed with the ES public key (PEM)',
  'HS256 keyed with the ES public key (DER)',
  'HS256 keyed with the ES public key (JWK JSON)',
  'HS256 keyed with the ES public key (raw point)',
  'HS256 keyed with the JWKS document',
  'HS256 with a wrong secret',
  'unknown kid (another ES256 key)',
  'another ES256 key claiming the real kid',
  'another ES256 key without kid',
  'tampered payload (sub changed, signature kept)',
  'RS256 header',
  'not a JWT',
] as const;
type Forgery = (typeof FORGERIES)[number];

/** Every forgery, each claiming to be `victim`. */
const forge = async (s: Signer, victim: string, jwksText: string): Promise<Record<Forgery, string>> => {
  const claims = { iss: s.issuer, aud: s.audience, sub: victim, iat: now(), exp: now() + 3600 };
  const pub = crypto.createPublicKey({ key: s.publicJwk as crypto.JsonWebKey, format: 'jwk' });
  const pem = pub.export({ type: 'spki', format: 'pem' });
  const der = pub.export({ type: 'spki', format: 'der' });
  const rawPoint = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(s.publicJwk.x as string, 'base64url'),
    Buffer.from(s.publicJwk.y as string, 'base64url'),
  ]);
  const hsHeader = { typ: 'JWT', alg: 'HS256', kid: s.publicJwk.kid };
  const other = await generateKeyPair('ES256');
  const genuine = await signEs(s, { sub: 'Uattacker' });
  const [gh, gp, gs] = genuine.split('.') as [string, string, string];
  const tamperedPayload = { ...JSON.parse(Buffer.from(gp, 'base64url').toString()), sub: victim };
  const old = { iat: now() - 7200, exp: now() - 120 };
  const oldGenuine = await signEs(s, { sub: 'Uattacker', ...old });
  const [oh, op, os] = oldGenuine.split('.') as [string, string, string];
  return {
    'expired, signed by another ES256 key claiming the real kid': await signEs(s, { sub: victim, ...old }, {}, other.privateKey),
    'expired, HS256 with a wrong secret': await signHs(s, { sub: victim, ...old }, 'not-the-channel-secret'),
    'expired, wrong aud': await signEs(s, { sub: victim, aud: '2000000000', ...old }),
    'expired, wrong iss': await signEs(s, { sub: victim, iss: 'https://evil.example', ...old }),
    'expired, no sub': await signEs(s, old),
    'expired, tampered payload (sub changed, signature kept)': `${oh}.${b64json({ ...JSON.parse(Buffer.from(op, 'base64url').toString()), sub: victim })}.${os}`,
    'expired, alg none': `${b64json({ alg: 'none', typ: 'JWT' })}.${b64json({ ...claims, ...old })}.`,
    'wrong aud': await signEs(s, { sub: victim, aud: '2000000000' }),
    'wrong iss': await signEs(s, { sub: victim, iss: 'https://evil.example' }),
    'no exp': await new SignJWT({ iss: s.issuer, aud: s.audience, sub: victim, iat: now() })
      .setProtectedHeader({ alg: 'ES256', kid: s.publicJwk.kid })
      .sign(s.privateKey),
    'alg none': `${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(claims)}.`,
    'alg none keeping a real signature': `${b64json({ alg: 'none', typ: 'JWT', kid: s.publicJwk.kid })}.${b64json(claims)}.${gs}`,
    'HS256 keyed with the ES public key (PEM)': hmacToken(hsHeader, claims, pem as string),
    'HS256 keyed with the ES public key (DER)': hmacToken(hsHeader, claims, der as Buffer),
    'HS256 keyed with the ES public key (JWK JSON)': hmacToken(hsHeader, claims, JSON.stringify(s.publicJwk)),
    'HS256 keyed with the ES public key (raw point)': hmacToken(hsHeader, claims, rawPoint),
    'HS256 keyed with the JWKS document': hmacToken(hsHeader, claims, jwksText),
    'HS256 with a wrong secret': await signHs(s, { sub: victim }, 'not-the-channel-secret'),
    'unknown kid (another ES256 key)': await signEs(s, { sub: victim }, { kid: 'unknown-kid' }, other.privateKey),
    'another ES256 key claiming the real kid': await signEs(s, { sub: victim }, {}, other.privateKey),
    'another ES256 key without kid': await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(other.privateKey),
    'tampered payload (sub changed, signature kept)': `${gh}.${b64json(tamperedPayload)}.${gs}`,
    'RS256 header': `${b64json({ alg: 'RS256', typ: 'JWT', kid: s.publicJwk.kid })}.${b64json(claims)}.${gs}`,
    'not a JWT': 'definitely-not-a-jwt',
  };
};

const newSigner = async (issuer: string, audience: string, secret: string): Promise<Signer> => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const publicJwk = await exportJWK(publicKey);
  publicJwk.kid = await calculateJwkThumbprint(publicJwk);
  publicJwk.alg = 'ES256';
  publicJwk.use = 'sig';
  return { issuer, audience, secret, privateKey, publicJwk };
};

// ---------------------------------------------------------------------------------------------

describe('createVerifier', () => {
  const ISS = 'https://access.line.me';
  const AUD = '1657000000';
  const SECRET = 'channel-secret-for-the-unit-test';
  let s: Signer;
  let verify: ReturnType<typeof createVerifier>;
  let forged: Record<Forgery, string>;

  beforeAll(async () => {
    s = await newSigner(ISS, AUD, SECRET);
    const jwks = { keys: [s.publicJwk] };
    verify = createVerifier({ issuer: ISS, channelId: AUD, channelSecret: SECRET, jwks: { keys: jwks } });
    forged = await forge(s, 'Uvictim', JSON.stringify(jwks));
  });

  it('accepts LINE\'s ES256 form with its claims', async () => {
    const token = await signEs(s, { sub: 'Ualice', name: '山田 花子', picture: 'https://profile.line-scdn.net/a' });
    await expect(verify(token)).resolves.toEqual({ userId: 'Ualice', name: '山田 花子', picture: 'https://profile.line-scdn.net/a' });
  });

  it('accepts LINE\'s HS256 form signed with the channel secret', async () => {
    await expect(verify(await signHs(s, { sub: 'Ubob' }))).resolves.toEqual({ userId: 'Ubob', name: undefined, picture: undefined });
  });

  it.each(FORGERIES)('refuses %s', async (name) => {
    const refusal = verify(forged[name]);
    await expect(refusal).rejects.toThrow(InvalidTokenError);
    await expect(refusal).rejects.not.toThrow(TokenExpiredError);
  });

  it.each(EXPIRED_FORMS)('tells a genuine but %s token apart as expired', async (name) => {
    const token = (await expiredTokens(s, 'Uvictim'))[name];
    await expect(verify(token)).rejects.toThrow(TokenExpiredError);
  });

  it('reports a token verified while fresh as expired once its exp has passed', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      const token = await signEs(s, { sub: 'Ulater', exp: now() + 60 });
      await expect(verify(token)).resolves.toMatchObject({ userId: 'Ulater' });
      vi.setSystemTime(Date.now() + 120_000);
      await expect(verify(token)).rejects.toThrow(TokenExpiredError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses an empty token and a token without sub', async () => {
    await expect(verify('')).rejects.toThrow(InvalidTokenError);
    await expect(verify(await signEs(s, {}))).rejects.toThrow(InvalidTokenError);
  });

  it('refuses HS256 altogether when no channel secret is configured', async () => {
    const esOnly = createVerifier({ issuer: ISS, channelId: AUD, channelSecret: undefined, jwks: { keys: { keys: [s.publicJwk] } } });
    await expect(esOnly(await signHs(s, { sub: 'Ubob' }))).rejects.toThrow(InvalidTokenError);
    await expect(esOnly(await signEs(s, { sub: 'Ubob' }))).resolves.toMatchObject({ userId: 'Ubob' });
  });

  it('reads the keys from a JWKS URL, as with LINE', async () => {
    const jwksServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [s.publicJwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v2.1/certs`;
      const remote = createVerifier({ issuer: ISS, channelId: AUD, channelSecret: SECRET, jwks: { url } });
      await expect(remote(await signEs(s, { sub: 'Ucarol' }))).resolves.toMatchObject({ userId: 'Ucarol' });
      await expect(remote(forged['unknown kid (another ES256 key)'])).rejects.toThrow(InvalidTokenError);
      await expect(remote(forged['HS256 keyed with the ES public key (PEM)'])).rejects.toThrow(InvalidTokenError);
    } finally {
      await new Promise((resolve) => jwksServer.close(resolve));
    }
  });
});

// ---------------------------------------------------------------------------------------------

const SURVEY = 'x';
const putBody = { data: [{ surveyId: SURVEY, itemKey: 'a', value: 'v' }] };
const unauthorized = { result: 'ERROR', code: 'unauthorized' };

describe.each(engines())('authentication on real calls (%s)', (engine) => {
  let server: TestServer;
  let signer: Signer;
  let forged: Record<Forgery, string>;
  const victim = 'Uvictim0000000000000000000000000';

  const rowsInDb = async (userId: string) =>
    (await server.deps.store.db.selectFrom('survey_results').select('sort_key').where('user_id', '=', userId).execute()).length;
  const readAs = (token: string) => server.api('GET', `/survey-results/getBySurveyIdUserIdIndex?surveyId=${SURVEY}`, { token });
  const writeAs = (token: string) => server.api('POST', '/survey-results/putItem', { token, body: putBody });

  /** Raw headers, because fetch would trim `Bearer ` to `Bearer`. */
  const rawRequest = (method: string, apiPath: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; json: any }>((resolve, reject) => {
      const url = new URL(`/survey/api/v1/db${apiPath}`, server.url);
      const req = http.request(url, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    server = await startTestServer(engine);
    await importBundle(
      server.deps.store,
      { surveyConfigs: [{ surveyId: SURVEY, surveyTitle: '認証テスト', surveySchema: [{ itemKey: 'a', type: 'text', title: 'A' }] }] },
      'auth.test.ts',
    );
    // The attacker's view: the published JWKS; the test's extra power: the dev key file, to sign
    // tokens that are wrong in exactly one way.
    const certsText = await (await server.fetch('/dev/oauth2/v2.1/certs')).text();
    const publicJwk = (JSON.parse(certsText) as { keys: JWK[] }).keys[0] as JWK;
    const stored = JSON.parse(fs.readFileSync(path.join(server.dataDir, DEV_ISSUER_KEY_FILE), 'utf8')) as JWK;
    signer = {
      issuer: server.deps.config.line.issuer,
      audience: DEV_CHANNEL_ID,
      secret: await devChannelSecret(server.dataDir),
      privateKey: await importJWK(stored, 'ES256'),
      publicJwk,
    };
    forged = await forge(signer, victim, certsText);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts a dev issuer ES256 token: the handler runs as that user', async () => {
    const token = await server.token('Ues256user', { name: '山田 花子' });
    const before = await readAs(token);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ result: 'OK', data: [] });
    const put = await writeAs(token);
    expect(put.status).toBe(200);
    expect(put.json.result).toBe('OK');
    const after = await readAs(token);
    expect(after.json.data).toHaveLength(1);
    expect(after.json.data[0]).toMatchObject({ userId: 'Ues256user', itemKey: 'a', value: 'v', userName: '山田 花子' });
    // The forgeries below are signed with this same key: genuine claims pass, so each refusal is
    // down to the one thing that was made wrong.
    expect((await readAs(await signEs(signer, { sub: 'Ucontrol' }))).status).toBe(200);
  });

  it('accepts an HS256 token signed with the channel secret', async () => {
    const token = await signHs(signer, { sub: 'Uhs256user' });
    expect((await readAs(token)).status).toBe(200);
    expect((await writeAs(token)).status).toBe(200);
    expect((await readAs(token)).json.data).toHaveLength(1);
    expect(await rowsInDb('Uhs256user')).toBe(1);
  });

  it.each(FORGERIES)('refuses %s with 401, and the handler never runs', async (name) => {
    const token = forged[name];
    const read = await readAs(token);
    expect(read.status).toBe(401);
    expect(read.json).toMatchObject(unauthorized);
    const write = await writeAs(token);
    expect(write.status).toBe(401);
    expect(write.json).toMatchObject(unauthorized);

    const victimToken = await server.token(victim);
    const seen = await readAs(victimToken);
    expect(seen.status).toBe(200);
    expect(seen.json.data).toEqual([]);
    expect(await rowsInDb(victim)).toBe(0);
  });

  it.each(EXPIRED_FORMS)('answers a genuine but %s token 403 invalid_request "IdToken expired.", and the handler never runs', async (name) => {
    const token = (await expiredTokens(signer, victim))[name];
    const expired = { result: 'ERROR', code: 'invalid_request', errorMessage: 'IdToken expired.' };
    const read = await readAs(token);
    expect(read.status).toBe(403);
    expect(read.json).toMatchObject(expired);
    const write = await writeAs(token);
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject(expired);
    expect(await rowsInDb(victim)).toBe(0);
    // The dev issuer's own expired token, the way a resident's session ends.
    const minted = await server.token(victim, { expiresInSeconds: -60 });
    expect((await readAs(minted)).status).toBe(403);
  });

  it('refuses a missing header, an empty bearer and other schemes with 401', async () => {
    const valid = await server.token(victim);
    const headerSets: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer    ' },
      { authorization: 'Bearer ..' },
      { authorization: `Basic ${Buffer.from(`${victim}:x`).toString('base64')}` },
      { authorization: valid },
      { 'x-id-token': valid },
    ];
    for (const headers of headerSets) {
      const label = JSON.stringify(headers).slice(0, 60);
      const read = await rawRequest('GET', `/survey-results/getBySurveyIdUserIdIndex?surveyId=${SURVEY}`, headers);
      expect(read.status, label).toBe(401);
      expect(read.json, label).toMatchObject({ result: 'ERROR', code: expect.stringMatching(/^(unauthorized|id_token_missing)$/) });
      const write = await rawRequest('POST', '/survey-results/putItem', headers, JSON.stringify({ ...putBody, userId: victim }));
      expect(write.status, label).toBe(401);
      expect(write.json, label).toMatchObject({ result: 'ERROR', code: expect.stringMatching(/^(unauthorized|id_token_missing)$/) });
    }
    // A token in the query string is not a credential either.
    const inQuery = await server.api('GET', `/survey-results/getBySurveyIdUserIdIndex?surveyId=${SURVEY}&idToken=${valid}`);
    expect(inQuery.status).toBe(401);
    expect(await rowsInDb(victim)).toBe(0);
  });

  it('a userId in the body is ignored: the write lands on the token\'s user', async () => {
    const token = await server.token('Ureal');
    const put = await server.api('POST', '/survey-results/putItem', {
      token,
      body: { data: [{ surveyId: SURVEY, itemKey: 'a', value: 'v', userId: victim }] },
    });
    expect(put.status).toBe(200);
    expect(await rowsInDb('Ureal')).toBe(1);
    expect(await rowsInDb(victim)).toBe(0);
  });
});
